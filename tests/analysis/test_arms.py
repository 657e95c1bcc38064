"""Paired comparison of arms: planted arm effects are recovered; pairing's gain is measured."""

import pandas as pd
import pytest

from gardensim.analysis.arms import compare_arms, comparison_frame
from gardensim.analysis.frames import MissingData
from gardensim.games.gazebo.spec import SPEC as GAZEBO
from tests.analysis.synth import logit, logit_games

EDGE = logit(0.55)


def test_planted_first_player_edge_in_one_arm_is_the_measured_difference():
    games = logit_games(players=2, deals=1500, arms=["fair", "tilted"],
                        arm_seat_logit={"fair": [0, 0], "tilted": [EDGE, 0]}, seed=21)
    (result,) = compare_arms(games)
    assert (result.baseline, result.arm) == ("fair", "tilted")
    assert result.ci[0] <= 0.05 <= result.ci[1]
    assert result.ci[0] > 0
    assert result.p_value < 0.01 and result.mcnemar_p < 0.01
    assert result.variance_reduction > 0.3
    assert "paired test clustered on deals p" in result.sentence
    assert "pairing cut" in result.sentence


def test_identical_arms_differ_by_an_interval_around_zero():
    games = logit_games(players=2, deals=500, arms=["a", "b"], seat_logit=[EDGE, 0], seed=22)
    (result,) = compare_arms(games)
    assert result.difference == 0
    assert result.mcnemar_p == 1.0 and result.p_value == 1.0
    assert result.ci == (0.0, 0.0)
    assert result.variance_reduction == pytest.approx(1.0)


def test_independent_arms_gain_nothing_from_pairing():
    a = logit_games(players=2, deals=1500, arms=["a"], seed=23)
    b = logit_games(players=2, deals=1500, arms=["b"], seed=24)
    games = pd.concat([a, b], ignore_index=True)
    (result,) = compare_arms(games)
    assert abs(result.variance_reduction) < 0.08
    assert result.ci[0] <= 0 <= result.ci[1]


def test_stronger_bot_outcome_uses_the_same_bot_in_every_arm():
    games = logit_games(players=2, deals=800, arms=["a", "b"], lineup=["greedy", "random"],
                        strength={"greedy": 1.0}, seed=25)
    (result,) = compare_arms(games, "stronger_bot")
    assert result.baseline_mean == pytest.approx(1 / (1 + 2.718281828 ** -1.0), abs=0.03)


def test_numeric_column_outcome_has_no_mcnemar_test():
    games = logit_games(players=2, deals=100, arms=["a", "b"], seed=26)
    games.loc[games["arm"] == "b", "turns"] += 2
    (result,) = compare_arms(games, "turns")
    assert result.difference == pytest.approx(2.0)
    assert result.mcnemar_p is None
    assert comparison_frame([result])["difference"].iloc[0] == pytest.approx(2.0)


def test_baseline_can_be_chosen_and_each_player_count_is_compared_apart():
    two = logit_games(players=2, deals=50, arms=["a", "b", "c"], seed=27)
    three = logit_games(players=3, deals=50, lineup=["greedy"] * 3, arms=["a", "b"], seed=27)
    results = compare_arms(pd.concat([two, three], ignore_index=True), baseline="b")
    assert [(r.players, r.baseline, r.arm) for r in results] == [
        (2, "b", "a"), (2, "b", "c"), (3, "b", "a")]


def test_a_single_arm_cannot_be_compared():
    with pytest.raises(MissingData, match="two arms"):
        compare_arms(logit_games(players=2, deals=10))


def test_the_arm_with_planted_deal_luck_has_the_larger_deal_share():
    from gardensim.analysis.arms import compare_luck

    calm = logit_games(players=2, deals=400, arms=["calm"], seed=28, singles_mean={"calm": 2})
    wild = logit_games(players=2, deals=400, arms=["wild"], deal_luck=3.0, seed=28,
                       singles_mean={"wild": 6})
    (result,) = compare_luck(pd.concat([calm, wild], ignore_index=True), boot=100,
                             columns=GAZEBO.columns)
    assert (result.baseline, result.arm) == ("calm", "wild")
    assert result.ci[0] > 0
    assert "predetermines more of the result under wild" in result.sentence
    assert "for these bots" in result.sentence
    assert result.gap_ci[0] > 0


def test_identical_arms_are_equally_lucky():
    from gardensim.analysis.arms import compare_luck

    games = logit_games(players=3, deals=200, lineup=["greedy"] * 3, arms=["a", "b"],
                        deal_luck=1.0, seed=29)
    (result,) = compare_luck(games, boot=50)
    assert result.difference == 0 and result.ci == (0.0, 0.0)
    assert "no clear difference" in result.sentence


def test_in_a_study_of_strengths_arms_pair_at_the_same_strength_only():
    # a rule's effect read across strengths would mix the rule with the bots
    names = [f"{arm}@{s}" for s in ("random", "greedy") for arm in ("a", "b")]
    games = logit_games(players=2, deals=30, arms=names, lineup=["greedy", "greedy"])
    pairs = sorted((r.baseline, r.arm) for r in compare_arms(games))
    assert pairs == [("a@greedy", "b@greedy"), ("a@random", "b@random")]
    assert sorted((r.baseline, r.arm) for r in compare_arms(games, baseline="a")) == pairs
