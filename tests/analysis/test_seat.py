"""Seat advantage: planted seat edges are recovered with intervals that cover them."""

import math

import numpy as np
import pandas as pd
import pytest

from gardensim.analysis.frames import MissingData
from gardensim.analysis.seat import (
    elo_from_share,
    gazebo_compensation,
    seat_advantage,
    seat_frame,
    wilson,
)
from tests.analysis.synth import logit, logit_games


def test_planted_five_point_first_player_edge_is_inside_the_interval():
    games = logit_games(players=2, deals=1500, seat_logit=[logit(0.55), 0.0], seed=3)
    (result,) = seat_advantage(games)
    seat0 = result.table.iloc[0]
    assert seat0["lo"] <= 0.55 <= seat0["hi"]
    assert seat0["lo"] > 0.5
    assert result.p_value < 0.05
    assert result.mirror


def test_wilson_interval_covers_a_planted_share_about_95_percent_of_the_time():
    rng = np.random.default_rng(11)
    n, p, reps = 400, 0.55, 400
    hits = 0
    for wins in rng.binomial(n, p, size=reps):
        lo, hi = wilson(float(wins), n)
        hits += lo <= p <= hi
    assert 0.92 <= hits / reps <= 0.98


def test_shared_wins_are_split_between_winners():
    games = logit_games(players=2, deals=10, seed=1)
    games.loc[:, "win_0"] = 0.5
    games.loc[:, "win_1"] = 0.5
    (result,) = seat_advantage(games)
    assert result.table["share"].tolist() == [0.5, 0.5]
    assert result.table["wins"].sum() == len(games)


def test_elo_equivalent_of_a_64_percent_edge_is_100_points():
    assert elo_from_share(0.64) == pytest.approx(100.0, abs=0.5)
    games = logit_games(players=2, deals=2000, seat_logit=[logit(0.64), 0.0], seed=5)
    (result,) = seat_advantage(games)
    assert result.elo_ci[0] <= 100 <= result.elo_ci[1]
    assert "Elo" in result.sentence


def test_three_player_seat_test_detects_a_planted_edge_and_not_its_absence():
    edge = logit_games(players=3, deals=800, lineup=["greedy"] * 3,
                       seat_logit=[0.4, 0.0, 0.0], seed=2)
    fair = logit_games(players=3, deals=800, lineup=["greedy"] * 3, seed=2)
    (with_edge,) = seat_advantage(edge)
    (without,) = seat_advantage(fair)
    assert with_edge.p_value < 0.001
    assert without.p_value > 0.01
    assert with_edge.elo is None
    assert "33.3%" in with_edge.sentence


def test_one_result_per_arm_and_player_count():
    games = pd.concat([logit_games(players=2, deals=50, arms=["a", "b"]),
                       logit_games(players=3, deals=50, lineup=["greedy"] * 3, arms=["a"])])
    results = seat_advantage(games)
    assert [(r.arm, r.players) for r in results] == [("a", 2), ("b", 2), ("a", 3)]
    frame = seat_frame(results)
    assert len(frame) == 2 + 3 + 2


def test_seat_advantage_names_missing_columns():
    games = logit_games(players=2, deals=5).drop(columns=["win_1"])
    with pytest.raises(MissingData, match="win_1"):
        seat_advantage(games)


def _race(shift: int, games: int = 4000, seed: int = 0) -> pd.DataFrame:
    """Two seats whose remaining-gazebo race is tilted by ``shift`` gazebos towards seat 0."""
    rng = np.random.default_rng(seed)
    left = rng.integers(0, 7, size=(games, 2)).astype(float)
    left[:, 1] += shift
    supply = left - left.min(axis=1, keepdims=True)
    best = supply == 0
    wins = best / best.sum(axis=1, keepdims=True)
    return pd.DataFrame({
        "arm": "a", "players": 2, "game": range(games), "deal": np.arange(games) // 2,
        "bot_0": "greedy", "bot_1": "greedy", "win_0": wins[:, 0], "win_1": wins[:, 1],
        "supply_0": supply[:, 0], "supply_1": supply[:, 1],
        "on_board_0": 24 - supply[:, 0], "on_board_1": 24 - supply[:, 1],
    })


def test_compensation_gives_the_favoured_seat_the_planted_extra_gazebo():
    (comp,) = gazebo_compensation(_race(shift=1))
    assert comp.extra == (1, 0)
    assert abs(comp.shares_after[0] - 0.5) < abs(comp.shares_before[0] - 0.5)
    assert comp.rule_agreement == 1.0
    assert comp.base == 24
    assert '"25,24"' in comp.sentence
    assert "may be noise" not in comp.sentence


def test_compensation_of_fair_seats_is_no_handicap():
    (comp,) = gazebo_compensation(_race(shift=0))
    assert comp.extra == (0, 0)
    assert "no whole-gazebo handicap" in comp.sentence


def test_compensation_curve_falls_as_the_seat_gets_more_gazebos():
    (comp,) = gazebo_compensation(_race(shift=2))
    seat0 = comp.curve[comp.curve["seat"] == 0].sort_values("extra")["share"].to_numpy()
    assert np.all(np.diff(seat0) <= 1e-12)
    assert not math.isnan(seat0[0])


def test_compensation_needs_supplies():
    with pytest.raises(MissingData, match="supply"):
        gazebo_compensation(_race(shift=0).drop(columns=["supply_0", "supply_1"]))
