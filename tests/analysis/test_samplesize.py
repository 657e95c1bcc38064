"""Sample size: the planned games deliver the promised precision and power, with the deal's
design effect."""

import numpy as np
import pytest

from gardensim.analysis.samplesize import (
    equivalence_power,
    games_for_difference,
    games_for_edge,
    games_for_equivalence,
    games_for_half_width,
    interval_half_width,
    sample_size,
)
from gardensim.stats.cluster import clustered_mean
from tests.analysis.synth import clustered_games, logit, logit_games

Z = 1.959964


def test_planned_games_are_the_fewest_that_reach_the_half_width():
    n = games_for_half_width(0.025)
    assert interval_half_width(n) <= 0.025 < interval_half_width(n - 1)
    assert 1500 < n < 1560


def test_correlated_replays_need_the_design_effect_times_as_many_games():
    n = games_for_half_width(0.025, design_effect=1.4)
    assert interval_half_width(n, design_effect=1.4) <= 0.025
    assert n == pytest.approx(1.4 * games_for_half_width(0.025), abs=2)
    assert games_for_edge(0.05, design_effect=1.4) == pytest.approx(
        1.4 * games_for_edge(0.05), abs=2)


def test_planned_games_are_whole_deals():
    for players in (2, 3, 4):
        assert games_for_half_width(0.03, players=players) % players == 0
        assert games_for_edge(0.05, 1 / players, players=players) % players == 0
        assert games_for_equivalence(0.03, players=players) % players == 0


def test_games_for_edge_give_the_promised_power():
    n = games_for_edge(0.05, 0.5, power=0.8)
    rng = np.random.default_rng(31)
    wins = rng.binomial(n, 0.55, size=4000)
    z = (wins / n - 0.5) / np.sqrt(0.25 / n)
    assert np.mean(np.abs(z) > Z) == pytest.approx(0.8, abs=0.03)


def test_games_for_edge_with_a_design_effect_give_the_power_on_correlated_deals():
    """Deals of three replays sharing a latent win chance (intra-deal correlation 0.2, design
    effect 1.4), tested with the deal-clustered standard error."""
    rho, m = 0.2, 3
    n = games_for_edge(0.05, 0.5, power=0.8, players=m, design_effect=1 + (m - 1) * rho)
    deals = n // m
    rng = np.random.default_rng(34)
    a = 0.55 * (1 / rho - 1)
    chance = rng.beta(a, (1 / rho - 1) - a, size=(3000, deals))
    wins = rng.binomial(m, chance) / m
    se = wins.std(axis=1, ddof=1) / np.sqrt(deals)
    assert np.mean(np.abs(wins.mean(axis=1) - 0.5) / se > Z) == pytest.approx(0.8, abs=0.03)


def test_paired_difference_needs_fewer_games_when_pairing_shrinks_the_spread():
    assert games_for_difference(0.05, 0.3) < games_for_difference(0.05, 0.7)
    n = games_for_difference(0.05, 0.5)
    rng = np.random.default_rng(32)
    d = rng.normal(0.05, 0.5, size=(2000, n)).mean(axis=1)
    assert np.mean(np.abs(d / (0.5 / np.sqrt(n))) > Z) == pytest.approx(0.8, abs=0.03)


@pytest.mark.parametrize("deviation", [0.0, 0.01])
def test_games_for_equivalence_put_the_interval_inside_the_margin_as_often_as_promised(
        deviation):
    n = games_for_equivalence(0.03, deviation, variance=0.25)
    assert equivalence_power(n, 0.03, deviation, 0.25) >= 0.8 > equivalence_power(
        n - 1, 0.03, deviation, 0.25)
    rng = np.random.default_rng(35)
    share = rng.binomial(n, 0.5 + deviation, size=4000) / n
    half = Z * np.sqrt(0.25 / n)
    inside = (share - half > 0.47) & (share + half < 0.53)
    assert np.mean(inside) == pytest.approx(0.8, abs=0.03)


def test_a_share_outside_the_margin_cannot_be_planned_into_it():
    with pytest.raises(ValueError, match="cannot be shown"):
        games_for_equivalence(0.03, 0.04)


def test_plan_from_a_run_reports_present_precision_and_the_measured_design_effect():
    games = clustered_games(players=3, deals=400, deal_luck=1.1, seed=33)
    plan = sample_size(games)
    row = plan.table.iloc[0]
    cm = clustered_mean(games["win_0"].to_numpy(), games["deal"].to_numpy())
    assert row["half_width"] == pytest.approx((cm.hi - cm.lo) / 2)
    assert row["design_effect"] == pytest.approx(cm.design_effect)
    assert 1.2 < row["design_effect"] < 1.8  # 1 + 2·0.25 expected
    assert row["games_for_target"] == games_for_half_width(
        0.025, row["share"], players=3, design_effect=row["design_effect"])
    assert "±2.5 needs" in plan.sentence and "design effect" in plan.sentence
    assert "with greedy bots in every seat" in plan.sentence


def test_independent_games_have_a_design_effect_near_one():
    games = logit_games(players=2, deals=2000, seat_logit=[logit(0.55), 0], seed=36)
    (row,) = sample_size(games).table.itertuples()
    assert 0.85 < row.design_effect < 1.15


def test_half_width_must_be_a_proportion():
    with pytest.raises(ValueError):
        games_for_half_width(0.0)
