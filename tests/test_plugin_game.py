"""A game is a plugin (issue 21): the toy game, defined under tests/ and registered only through a
``gardensim.games`` entry point (tests/support/plugins), goes through simulate, load, report,
tournament and a notebook panel with no edit to gardensim; a game added with the public
``register_game`` call plays in worker processes too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import gardensim
from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.core.spec import GameSpec
from gardensim.report.builder import build_report
from gardensim.report.sections import Budget
from gardensim.tournament.runner import run_tournament

FAST = Budget(variance=10, skill=10, arms=50, permutations=49)


def toy_study(name: str = "plugin", game: str = "toy") -> gardensim.Study:
    return gardensim.Study.from_dict({
        "name": name, "game": game, "players": 2, "bots": ["random", "greedy"], "games": 24,
        "seed": 3, "arms": [{"name": "plain"}, {"name": "other", "variant": 1}]})


def test_the_toy_game_is_found_through_its_entry_point_without_being_imported():
    assert {"toy", "gazebo", "pavilion"} <= set(registry.game_names())
    assert registry.game_spec("toy").title == "Toy cards"


def test_simulate_load_report_and_tournament_take_the_toy_game_unchanged(tmp_path):
    run = gardensim.simulate(toy_study(), tmp_path / "run", jobs=2, progress=False)
    loaded = gardensim.load(tmp_path / "run")
    assert len(loaded.games) == 48 and set(loaded.games["arm"]) == {"plain", "other"}
    page = build_report(loaded, tmp_path / "report", budget=FAST).read_text(encoding="utf-8")
    assert 'id="cards"' in page and "the mean card played is" in page
    assert "Gazebo" not in page and "gazebos" not in page
    result = run_tournament("toy", ["random", "greedy"], games=8, seed=1, n_boot=10)
    assert len(result.games) == 8 and result.config["game"] == run.study.game == "toy"


def test_a_notebook_panel_plays_the_toy_game(tmp_path):
    pytest.importorskip("ipywidgets")
    from gardensim.widgets.seat import SeatPanel

    panel = SeatPanel(games=8, game="toy", bots=["random", "random"], runs_dir=tmp_path,
                      jobs=1, progress=False)
    assert panel.form.board.value == "line" and panel.form.draw.layout.display == "none"
    panel.run()
    assert [r.players for r in panel.results] == [2]
    assert panel.answer().startswith(("Yes", "No", "Not decided"))


def test_a_game_registered_by_call_plays_in_worker_processes(tmp_path):
    spec = GameSpec(name="toy-by-call", title="Toy by call", game="tests.support.toygame:ToyGame")
    registry.register_game(spec)
    try:
        run = gardensim.simulate(toy_study("by-call", "toy-by-call"), tmp_path / "run", jobs=2,
                                 progress=False)
        reference = gardensim.simulate(toy_study("by-entry-point"), tmp_path / "ref", jobs=1,
                                       progress=False)
        assert run.games["moves"].tolist() == reference.games["moves"].tolist()
    finally:
        registry.unregister_game("toy-by-call")
    with pytest.raises(ConfigError, match="unknown game 'toy-by-call'"):
        registry.make_game("toy-by-call")


def test_register_game_takes_only_a_spec():
    with pytest.raises(TypeError, match="GameSpec"):
        registry.register_game("tests.support.toygame:SPEC")  # type: ignore[arg-type]


def test_a_game_with_a_renderer_gets_its_boards_drawn_in_the_report(tmp_path):
    from dataclasses import replace

    spec = replace(registry.game_spec("toy"), name="toy-drawn",
                   renderer="tests.support.toygame:line_figure")
    registry.register_game(spec)
    try:
        run = gardensim.simulate(toy_study("drawn", "toy-drawn"), tmp_path / "run", jobs=1,
                                 progress=False)
        page = build_report(run, tmp_path / "report", budget=FAST).read_text(encoding="utf-8")
    finally:
        registry.unregister_game("toy-drawn")
    assert page.count("<figcaption>The line board.</figcaption>") == 1


def test_naming_games_imports_no_engine_and_no_pandas():
    import subprocess
    import sys

    probe = ("import sys\nfrom gardensim.core import registry\nnames = registry.game_names()\n"
             "registry.game_spec('pavilion')\n"
             "print(sorted(m for m in sys.modules if m.startswith('gardensim.games')),"
             " 'pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "['gardensim.games', 'gardensim.games.pavilion', " \
                  "'gardensim.games.pavilion.spec'] False"


#: Entry-point metadata of three plugins that fail to load: one raises on import, one names a
#: module that is not installed, one's object is not a GameSpec.
BROKEN = Path(__file__).resolve().parent / "support" / "broken_plugins"
BROKEN_GAMES = {
    "aaa-raises": "RuntimeError: this plugin is broken",
    "mmm-missing": "No module named 'no_such_plugin_module'",
    "nnn-not-a-spec": "is not the GameSpec of 'nnn-not-a-spec'",
}


def _cli_with_broken_plugins(*argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(BROKEN), os.environ["PYTHONPATH"]])}
    return subprocess.run([sys.executable, "-m", "gardensim.cli", *argv], env=env,
                          capture_output=True, text=True)


def test_a_broken_plugin_breaks_no_command_but_its_own(tmp_path):
    """One installed plugin that raised on import broke every command, --help included: the
    CLI loaded every spec to build its subcommands."""
    helped = _cli_with_broken_plugins("--help")
    warnings = helped.stderr.splitlines()
    assert helped.returncode == 0 and "simulate" in helped.stdout and "gazebo" in helped.stdout
    assert len(warnings) == 3 and all(w.startswith("gardensim: warning: game '") for w in warnings)
    study = tmp_path / "toy.toml"
    study.write_text('name = "toy"\ngame = "toy"\nplayers = 2\nbots = ["random", "random"]\n'
                     'games = 2\n')
    played = _cli_with_broken_plugins("simulate", str(study), "--out", str(tmp_path / "r"),
                                      "--jobs", "1", "--quiet")
    assert (played.returncode, played.stderr) == (0, "")
    for game, words in BROKEN_GAMES.items():
        named = _cli_with_broken_plugins("tournament", "--game", game, "--bots", "random,greedy",
                                         "--games", "2")
        lines = named.stderr.splitlines()
        assert named.returncode == 2 and len(lines) == 1, named.stderr
        assert lines[0].startswith(f"gardensim: error: game {game!r}: its plugin ")
        assert words in lines[0]


def test_the_default_game_passes_over_a_plugin_that_does_not_load(monkeypatch):
    from importlib import metadata

    broken = metadata.EntryPoint(name="aaa-raises", value="no_such_plugin_module:SPEC",
                                 group=registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "_entry_points", {"aaa-raises": broken,
                                                    **registry._discovered()})
    assert registry.game_names()[0] == "aaa-raises" and registry.default_game() != "aaa-raises"
    with pytest.raises(ConfigError, match="game 'aaa-raises': its plugin .* does not load"):
        registry.game_spec("aaa-raises")
