"""Queen's Garden as a plugin (issue 22 items 5-7): found through its ``gardensim.games`` entry
point, conformant when built by the registry, and taken unchanged by ``gardensim simulate``,
``report`` and ``tournament``; its score-breakdown question and its board pictures."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from gardensim.cli import main
from gardensim.core import registry
from gardensim.core.conformance import check_game
from gardensim.core.errors import ConfigError
from gardensim.games.queens.report_part import GAINS, LOSSES, breakdown_table, seat_ledgers

STUDY = """name = "queens-e2e"
game = "queens"
players = 2
bots = ["random", "greedy"]
games = 8
seed = 2
[options]
first_player = 0
[[arms]]
name = "standard"
board = "standard"
[[arms]]
name = "variant"
board = "variant"
"""


def test_queens_is_registered_with_its_two_sides() -> None:
    spec = registry.game_spec("queens")
    assert "queens" in registry.game_names()
    assert spec.board_names() == ["standard", "variant"] and spec.default_board == "standard"
    assert "breakdown" in spec.report.sections


@pytest.mark.parametrize("players", [2, 4])
def test_check_game_through_the_registry(players: int) -> None:
    game = registry.make_game("queens", board="variant", players=players)
    assert type(game).__name__ == "QueensGame" and game.num_players == players
    check_game(game, seeds=range(2))


def test_a_bad_side_is_a_config_error_naming_the_sides() -> None:
    with pytest.raises(ConfigError, match="standard, variant"):
        registry.make_game("queens", board="moon")


def test_simulate_report_and_tournament_end_to_end(tmp_path, capsys) -> None:
    study = tmp_path / "queens.toml"
    study.write_text(STUDY, encoding="utf-8")
    run = tmp_path / "run"
    assert main(["simulate", str(study), "--out", str(run), "--jobs", "1", "--quiet"]) == 0
    assert main(["report", str(run), "--out", str(tmp_path / "report"), "--quiet"]) == 0
    page = (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    assert "Where the points come from" in page and "The variant board." in page
    table = pd.read_csv(tmp_path / "report" / "tables" / "score-breakdown.csv")
    assert sorted(table["arm"]) == ["standard", "variant"]
    assert (table["seat_games"] == 16).all()
    capsys.readouterr()
    assert main(["tournament", "--game", "queens", "--bots", "random,greedy", "--games", "4",
                 "--json", "--quiet"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "queens" and result["games_per_table"] == 4
    assert sorted(b["bot"] for b in result["bots"]) == ["greedy", "random"]


def test_stored_games_replay_from_their_move_lists(tmp_path) -> None:
    """The runner names a game's moves on its final state and telemetry a turn's after the
    turn; a payment is named against the hexagon placed before it, so stored games replay to
    the stored scores and the turns' moves join into the game's."""
    import gardensim
    from gardensim.sim.api import replay_stored

    study = tmp_path / "queens.toml"
    study.write_text(STUDY.replace("games = 8", "games = 4"), encoding="utf-8")
    assert main(["simulate", str(study), "--out", str(tmp_path / "run"), "--jobs", "1",
                 "--quiet"]) == 0
    run = gardensim.load(tmp_path / "run")
    paid = 0
    for arm in ("standard", "variant"):
        for g in range(4):
            row = run.game_row(g, arm)
            state = replay_stored(run, g, arm)
            assert state.scores == [row["score_0"], row["score_1"]]
            turns = run.turns[(run.turns["arm"] == arm) & (run.turns["game"] == g)]
            assert " ".join(turns["move"]) == row["moves"]
            paid += row["moves"].count("pay:")
    assert paid > 0


def test_the_breakdown_adds_up_to_the_score() -> None:
    """Every seat's ledger sources, from the start score, add up to its final score: the
    breakdown question reads the games frame only, so this holds for the frame it reads."""
    import random

    from gardensim.games.queens import QueensGame
    from gardensim.games.queens.telemetry import game_row

    game = QueensGame("variant", 3)
    finished = []
    for seed in range(4):
        st = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.apply_action(st.random_action(rng))
        finished.append({"arm": "variant", "players": 3, **game_row(st)})
    rows = pd.DataFrame(finished)
    ledgers = seat_ledgers(rows)
    start = game.rules.start_score
    total = start + ledgers[list(GAINS)].sum(axis=1) - ledgers[list(LOSSES)].sum(axis=1)
    assert (total == ledgers["score"]).all() and len(ledgers) == 12
    assert breakdown_table(rows)["seat_games"].tolist() == [12]


def test_the_renderer_draws_an_empty_side_and_a_finished_garden() -> None:
    import random

    from gardensim.games.queens import QueensGame
    from gardensim.games.queens.figure import board_figure

    empty = board_figure("variant", title="variant")
    assert len(empty.axes) == 1 and "round 1" in empty.texts[0].get_text()
    st = QueensGame("standard", 3).new_initial_state(5)
    rng = random.Random(5)
    while not st.is_terminal():
        st.apply_action(st.random_action(rng))
    drawn = board_figure("standard", st)
    assert [ax.get_title().split(":")[0] for ax in drawn.axes] == ["seat 0", "seat 1", "seat 2"]
    filled = sum(1 for h in st.boards[0] if h >= 0)
    assert sum(1 for t in drawn.axes[0].texts if t.get_text().isdigit()) == filled


def test_the_default_study_plays_both_sides_at_two_to_four_players() -> None:
    """Paired side arms, seat 0 starting, whole deals, and full sizes within about +-5 points
    on seat 0's share at the fair share with the design effects the light runs showed."""
    from gardensim.analysis.samplesize import interval_half_width
    from gardensim.paths import STUDIES_DIR
    from gardensim.report.studyset import read_study_set

    path = STUDIES_DIR / "default.toml"
    full = [s for s in read_study_set(path).studies if s.game == "queens"]
    light = [s for s in read_study_set(path, light=True).studies if s.game == "queens"]
    assert [s.players for s in full] == [2, 3, 4]
    for study, small, deff in zip(full, light, (1.27, 1.64, 1.74), strict=True):
        arms = study.resolve()
        assert [(a.name, a.config["board"]) for a in arms] == [
            ("standard", "standard"), ("variant", "variant")]
        assert all(a.config["options"]["first_player"] == 0 for a in arms)
        assert set(study.bots) == {"greedy"}
        assert study.games % study.players == 0 and small.games % small.players == 0
        assert small.games < study.games
        share = 1 / study.players
        assert interval_half_width(study.games, share, design_effect=deff) <= 0.05
