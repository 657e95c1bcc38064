"""Gazebo's own questions (its package's ``questions``): the compensation that would make seats
fair, and the luck of the draw (singles drawn, draw advantage), on planted synthetic frames."""

import math

import numpy as np
import pandas as pd
import pytest

from gardensim.analysis.frames import MissingData
from gardensim.games.gazebo.questions import draw_advantage, gazebo_compensation, singles_drawn
from tests.analysis.synth import logit_games


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
    assert "an estimate before play" in comp.sentence
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


def test_logistic_regression_recovers_a_planted_draw_advantage():
    games = logit_games(players=2, deals=1500, draw_effect=0.3, seed=4)
    (result,) = draw_advantage(games)
    assert result.ci[0] <= math.exp(0.3) <= result.ci[1]
    assert result.odds_ratio > 1.2
    assert "multiplies" in result.sentence


def test_no_planted_draw_effect_gives_an_odds_ratio_interval_around_one():
    games = logit_games(players=3, deals=800, lineup=["greedy"] * 3, seed=6)
    (result,) = draw_advantage(games)
    assert result.ci[0] <= 1.0 <= result.ci[1]


def test_a_harmful_draw_gives_an_odds_ratio_below_one():
    games = logit_games(players=2, deals=800, draw_effect=-0.4, seed=7)
    (result,) = draw_advantage(games)
    assert result.ci[1] < 1.0


def test_singles_gap_is_wider_for_the_more_variable_drawing_system():
    games = logit_games(players=2, deals=600, arms=["steady", "swingy"],
                        singles_mean={"steady": 1.0, "swingy": 6.0}, seed=8)
    (result,) = singles_drawn(games)
    table = result.table.set_index("arm")
    assert table.loc["swingy", "gap_lo"] > table.loc["steady", "gap_hi"]
    assert table.loc["steady", "mean"] == pytest.approx(1.0, abs=0.15)
    assert result.distribution.groupby("arm")["share"].sum().tolist() == pytest.approx([1, 1])


def test_a_bot_that_always_wins_leaves_the_draw_effect_unmeasured_not_wrong():
    games = logit_games(players=2, deals=100, lineup=["greedy", "random"],
                        strength={"greedy": 50.0}, draw_effect=0.3, seed=16)
    (result,) = draw_advantage(games)
    assert math.isnan(result.odds_ratio)
    assert "did not converge" in result.sentence


def test_bot_strength_does_not_pass_for_draw_luck():
    games = logit_games(players=2, deals=1500, lineup=["greedy", "random"],
                        strength={"greedy": 1.0}, draw_effect=0.3, seed=17)
    (result,) = draw_advantage(games)
    assert result.ci[0] <= math.exp(0.3) <= result.ci[1]


def test_odds_ratio_per_standard_deviation_compares_systems_that_spread_draws_differently():
    games = logit_games(players=2, deals=800, arms=["steady", "swingy"], draw_effect=0.3,
                        singles_mean={"steady": 1.0, "swingy": 6.0}, seed=20)
    steady, swingy = draw_advantage(games)
    for r in (steady, swingy):
        assert r.odds_ratio_per_sd == pytest.approx(math.exp(math.log(r.odds_ratio)
                                                             * r.advantage_sd))
        assert "one standard deviation of draw advantage" in r.sentence
    assert swingy.advantage_sd > steady.advantage_sd
    assert swingy.odds_ratio_per_sd > steady.odds_ratio_per_sd


def test_singles_gap_interval_is_clustered_on_deals():
    from gardensim.stats.cluster import clustered_mean

    games = logit_games(players=3, deals=200, lineup=["greedy"] * 3, seed=22)
    (result,) = singles_drawn(games)
    drawn = games[["singles_drawn_0", "singles_drawn_1", "singles_drawn_2"]].to_numpy()
    gap = clustered_mean(drawn.max(axis=1) - drawn.min(axis=1), games["deal"].to_numpy())
    row = result.table.iloc[0]
    assert (row["gap_lo"], row["gap_hi"]) == pytest.approx((gap.lo, gap.hi))
