"""Studies of the real Gazebo engine: its columns, paired arms, exact replays, the issue's file."""

from __future__ import annotations

import tomllib

import pandas as pd
import pytest

import gardensim
from gardensim.paths import STUDIES_DIR
from gardensim.sim import api, frames
from tests.sim.helpers import assert_same_frames, read_now

gazebo = pytest.importorskip("gardensim.games.gazebo.rules.game")

DRAW_ARMS = [{"name": "gazebo-draw", "draw": "gazebo"}, {"name": "qin-draw", "draw": "qin"}]


def gazebo_study(**overrides):
    raw = {"name": "gz", "game": "gazebo", "board": "aviary", "players": 2,
           "bots": ["random", "random"], "games": 6, "seed": 11, "arms": DRAW_ARMS}
    return gardensim.Study.from_dict({**raw, **overrides})


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return gardensim.simulate(gazebo_study(), tmp_path_factory.mktemp("gz") / "run", jobs=1,
                              progress=False)


def test_frames_carry_the_engine_columns_with_their_dtypes(run):
    for frame, schema in ((run.games, frames.games_schema(gazebo.GazeboGame)),
                          (run.turns, frames.turns_schema(gazebo.GazeboGame))):
        assert list(frame.columns) == list(schema)
        for column, dtype in schema.items():
            assert str(frame[column].dtype) == str(pd.Series([], dtype=dtype).dtype), column
    assert run.games["supply_2"].isna().all() and run.turns["placed_3"].isna().all()


def test_every_stored_game_replays_exactly_to_its_result(run):
    for arm in run.arms:
        for game in range(6):
            row = run.games[(run.games["arm"] == arm) & (run.games["game"] == game)].iloc[0]
            state = api.replay_stored(run.path, game, arm)
            assert state.is_terminal()
            assert state.returns() == [row["win_0"], row["win_1"]]


def test_turn_moves_join_into_the_game_move_list(run):
    first = run.turns[(run.turns["arm"] == "qin-draw") & (run.turns["game"] == 0)]
    game = run.games[(run.games["arm"] == "qin-draw") & (run.games["game"] == 0)].iloc[0]
    assert " ".join(first["move"]) == game["moves"]


def test_drawing_arms_share_deal_seeds_but_play_differently(run):
    by_arm = {arm: rows.reset_index(drop=True)
              for arm, rows in run.games.groupby("arm", observed=True)}
    assert by_arm["gazebo-draw"]["seed"].equals(by_arm["qin-draw"]["seed"])
    assert not by_arm["gazebo-draw"]["moves"].equals(by_arm["qin-draw"]["moves"])
    qin_draws = run.turns.loc[run.turns["arm"] == "qin-draw", "draws"].astype(str)
    assert not qin_draws.str.contains("private").any()


def test_two_workers_give_the_same_gazebo_frames(run):
    assert_same_frames(gardensim.simulate(gazebo_study(), jobs=2, progress=False), run)


def test_partnership_shares_the_win_between_partners():
    study = gazebo_study(players=4, partnership=True, bots=["random"] * 4, games=4, arms=[])
    games = gardensim.simulate(study, jobs=1, progress=False).games
    wins = games[[f"win_{s}" for s in range(4)]].to_numpy()
    for row in wins:  # partners are seats {0, 3} and {1, 2} (rulings 15)
        assert row[0] == row[3] and row[1] == row[2] and row.sum() == 1


def test_issue_study_file_runs_as_written():
    pytest.importorskip("gardensim.bots.greedy")
    raw = tomllib.loads((STUDIES_DIR / "aviary-2p-draw.toml").read_text())
    run = gardensim.simulate({**raw, "games": 2}, jobs=1, progress=False)
    assert list(run.games["arm"]) == ["gazebo-draw"] * 2 + ["qin-draw"] * 2
    assert set(run.games["bot_0"]) == {"greedy"}
    assert run.manifest["rules"]["qin-draw"]["options"]["draw"] == "qin"
    assert run.manifest["rules"]["gazebo-draw"]["options"]["gazebos"] == [24, 24]


def test_a_million_gazebo_turn_rows_fit_in_150_mb(run):
    bytes_per_row = run.turns.memory_usage(deep=True).sum() / len(run.turns)
    assert bytes_per_row * 1_000_000 <= 150e6


def test_a_gazebo_run_resumes_to_the_same_frames(run):
    from gardensim.sim.store import RunStore

    store = RunStore(run.path)
    expected = read_now(gardensim.load(run.path))
    store.part_path("games", 1, 2).unlink()
    resumed = api.resume(run.path, jobs=1, progress=False)
    assert resumed.execution.games > 0
    assert_same_frames(gardensim.load(run.path), expected)
