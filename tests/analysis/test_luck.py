"""Luck of the deal: planted deal, seat and bot effects are recovered with the right sign."""

import math

import pytest

from gardensim.analysis.frames import MissingData
from gardensim.analysis.luck import skill_expression, variance_decomposition
from tests.analysis.synth import logit_games


def test_deal_share_is_large_when_deals_decide_and_small_when_they_do_not():
    lucky = logit_games(players=2, deals=500, deal_luck=3.0, seed=9)
    fair = logit_games(players=2, deals=500, deal_luck=0.0, seed=9)
    (with_luck,) = variance_decomposition(lucky, boot=50)
    (without,) = variance_decomposition(fair, boot=50)
    share = with_luck.table.set_index("component")["share"]
    assert share["deal"] > 0.4
    assert without.table.set_index("component")["share"]["deal"] < 0.05
    assert with_luck.deal_ci[0] > without.deal_ci[1]
    assert share.sum() == pytest.approx(1.0)


def test_bot_share_appears_when_bots_differ_in_strength():
    games = logit_games(players=2, deals=500, lineup=["strong", "weak"],
                        strength={"strong": 1.5}, seed=10)
    (result,) = variance_decomposition(games, boot=20)
    share = result.table.set_index("component")["share"]
    assert share["bot"] > 0.1
    assert share["bot"] > share["seat"]


def test_incomplete_last_deal_is_left_out_of_the_decomposition():
    games = logit_games(players=2, deals=50, deal_luck=1.0, seed=12)
    (full,) = variance_decomposition(games, boot=10)
    (cut,) = variance_decomposition(games.iloc[:-1], boot=10)
    assert cut.deals == full.deals - 1


def test_rating_spread_of_two_bots_is_half_their_planted_elo_gap():
    games = logit_games(players=2, deals=1500, lineup=["greedy", "random"],
                        strength={"greedy": 1.0}, seed=18)
    (result,) = skill_expression(games, boot=200)
    half_gap = 400 / math.log(10) / 2
    assert result.spread_ci[0] <= half_gap <= result.spread_ci[1]


def test_stronger_bot_wins_more_often_under_the_less_random_arm():
    games = logit_games(players=2, deals=600, lineup=["greedy", "random"], arms=["calm", "wild"],
                        strength={"greedy": 1.0}, seed=13)
    wild = logit_games(players=2, deals=600, lineup=["greedy", "random"], arms=["wild"],
                       strength={"greedy": 1.0}, deal_luck=4.0, seed=13)
    games = games[games["arm"] == "calm"]
    import pandas as pd

    both = pd.concat([games, wild], ignore_index=True)
    calm_r, wild_r = skill_expression(both, boot=100)
    assert calm_r.stronger == "greedy"
    expected = 1 / (1 + math.exp(-1.0))
    assert calm_r.stronger_ci[0] <= expected <= calm_r.stronger_ci[1]
    assert calm_r.spread > wild_r.spread
    assert calm_r.stronger_ci[0] > wild_r.stronger_ci[1]


def test_skill_expression_needs_two_different_bots():
    with pytest.raises(MissingData, match="two different bots"):
        skill_expression(logit_games(players=2, deals=20))


def test_three_player_skill_counts_only_informative_pairs():
    games = logit_games(players=3, deals=300, lineup=["a", "b", "c"],
                        strength={"a": 1.0, "c": -1.0}, seed=14)
    (result,) = skill_expression(games, boot=50)
    ratings = result.ratings.set_index("bot")["elo"]
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert result.stronger == "a" and result.weaker == "c"


def test_decomposition_refuses_bots_fixed_to_seats():
    games = logit_games(players=2, deals=50, lineup=["a", "b"], seed=15)
    games["bot_0"] = "a"
    games["bot_1"] = "b"
    with pytest.raises(MissingData, match="rotated"):
        variance_decomposition(games, boot=5)


def test_a_clean_sweep_says_the_spread_is_only_a_lower_bound():
    games = logit_games(players=2, deals=50, lineup=["greedy", "random"],
                        strength={"greedy": 50.0}, seed=19)
    (result,) = skill_expression(games, boot=10)
    assert result.stronger_share == 1.0
    assert "lower bound" in result.sentence


def test_variance_shares_are_worded_as_a_description_of_these_bots():
    (mirror,) = variance_decomposition(logit_games(players=2, deals=100, deal_luck=1.0,
                                                   seed=21), boot=10)
    assert "with greedy bots in every seat" in mirror.sentence
    assert "how much the deal predetermines the result for these bots" in mirror.sentence
    assert "not how often a weaker player would beat a stronger one" in mirror.sentence
    (mixed,) = variance_decomposition(logit_games(players=2, deals=100, lineup=["a", "b"],
                                                  seed=21), boot=10)
    assert "weaker player" not in mixed.sentence


def test_a_bot_seen_only_in_mirror_matches_is_left_out_of_skill_not_an_error():
    import pandas as pd

    mixed = logit_games(players=2, deals=200, lineup=["greedy", "mcts"],
                        strength={"mcts": 30.0}, seed=21)
    mirror = logit_games(players=2, deals=50, lineup=["random", "random"], arms=["sweep"],
                         seed=22)
    (result,) = skill_expression(pd.concat([mixed, mirror], ignore_index=True), boot=20)
    assert (result.stronger, result.weaker) == ("mcts", "greedy")
    assert set(result.ratings["bot"]) == {"greedy", "mcts"}
