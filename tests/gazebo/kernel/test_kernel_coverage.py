"""What the kernel declares it plays (kernel/coverage.py) and the conformance check over the
declared option space: the kernel plays the readable engine's games wherever it says it can,
and a board beyond its limits plays on the readable engine instead of crashing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import gardensim
from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.core.fastpath import EVERY
from gardensim.games.gazebo.kernel.coverage import COVERAGE
from gardensim.games.gazebo.kernel.layout import MASK_BITS
from gardensim.games.gazebo.rules.ruleset import RULES
from gardensim.sim.conformance import check_fast_engine
from gardensim.sim.play import choose_engine
from tests.support.strategies import covered_options

BOARDS = ("aviary", "botanical", "butterfly", "jungle", "qin")


def test_the_kernel_declares_every_rule_option_it_plays():
    """Every option of the rule set is played by the kernel at every value but the big nook's
    size, which it compiles in at its default; an option added to the rule set and not here
    is played by the readable engine only."""
    assert set(RULES.names) - set(COVERAGE.options) == {"big_nook"}
    assert all(values is EVERY for values in COVERAGE.options.values())


def test_a_bigger_big_nook_plays_on_the_readable_engine():
    game = registry.make_game("gazebo", "aviary", 2, {"big_nook": 6})
    choice = choose_engine(game, [registry.make_bot("greedy")] * 2)
    assert choice.name == "python"
    assert "option big_nook=6 (gazebo-fast plays big_nook at its default only)" in choice.reason


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), board=st.sampled_from(BOARDS), players=st.sampled_from((2, 3, 4)),
       lineup=st.sampled_from([("random", "greedy"), ("greedy:epsilon=0.2", "greedy:samples=2"),
                               ("mcts:iters=6,rollout=random", "random")]))
def test_the_kernel_plays_the_readable_engines_games_over_the_declared_options(
        data, board, players, lineup):
    options = data.draw(covered_options(RULES, COVERAGE, players))
    try:
        game = registry.make_game("gazebo", board, players, options)
    except ConfigError:  # an option mix the rules refuse (partnership at 3 players, say)
        assume(False)
    bots = [registry.make_bot(lineup[s % 2]) for s in range(players)]
    check_fast_engine(game, [bots], master_seed=11, games=range(players))


def _crowded_board(path: Path) -> Path:
    """A legal garden with one patio more than the kernel's masks hold."""
    width = 2 * (MASK_BITS + 1) // 4 + 1
    rows = [" ".join("P" if c % 2 else "." for c in range(width)) for _ in range(4)]
    rows.insert(2, " ".join("." * width))
    middle = ["."] * width
    middle[width // 2 - 1], middle[width // 2], middle[width // 2 + 1] = "f", "g", "w"
    rows.insert(2, " ".join(middle))
    path.write_text("name: Crowded\nplayers: 2-4\n---\n" + "\n".join(rows) + "\n")
    return path


def test_a_board_beyond_the_kernels_masks_plays_on_the_readable_engine(tmp_path):
    board = _crowded_board(tmp_path / "crowded.txt")
    game = registry.make_game("gazebo", str(board), 2, {})
    assert len(game.board.patios) > MASK_BITS
    bots = [registry.make_bot("random")] * 2
    choice = choose_engine(game, bots)
    assert choice.name == "python"
    assert f"{len(game.board.patios)} patios; the kernel holds at most {MASK_BITS}" in choice.reason
    with pytest.raises(ConfigError, match="^--engine fast: gazebo-fast cannot play this: board"):
        choose_engine(game, bots, "fast")
    study = {"name": "crowded", "game": "gazebo", "board": str(board), "players": 2,
             "bots": ["random", "random"], "games": 2, "seed": 1}
    run = gardensim.simulate(study, tmp_path / "run", jobs=1, progress=False)
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert run.complete and manifest["engines"] == {"base": ["python"]}
    assert "patios" in manifest["engine_reasons"]["base"][0]


def test_the_cli_names_the_limit_in_one_line_when_the_fast_engine_is_asked_for(tmp_path):
    board = _crowded_board(tmp_path / "crowded.txt")
    study = tmp_path / "crowded.toml"
    study.write_text(f'name = "crowded"\ngame = "gazebo"\nboard = "{board}"\nplayers = 2\n'
                     'bots = ["random", "random"]\ngames = 2\nseed = 1\n')
    done = subprocess.run([sys.executable, "-m", "gardensim.cli", "simulate", str(study),
                           "--out", str(tmp_path / "run"), "--engine", "fast", "--jobs", "1",
                           "--quiet"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "--engine fast: gazebo-fast cannot play this: board" in done.stderr
    assert not (tmp_path / "run").exists()
