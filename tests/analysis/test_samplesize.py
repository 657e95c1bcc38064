"""Sample size: the planned games deliver the promised precision and power."""

import numpy as np
import pytest

from gardensim.analysis.samplesize import (
    games_for_difference,
    games_for_edge,
    games_for_half_width,
    sample_size,
    wilson_half_width,
)
from tests.analysis.synth import logit, logit_games


def test_planned_games_are_the_fewest_that_reach_the_half_width():
    n = games_for_half_width(0.025)
    assert wilson_half_width(n) <= 0.025 < wilson_half_width(n - 1)
    assert 1500 < n < 1560


def test_planned_games_are_whole_deals():
    for players in (2, 3, 4):
        assert games_for_half_width(0.03, players=players) % players == 0
        assert games_for_edge(0.05, 1 / players, players=players) % players == 0


def test_games_for_edge_give_the_promised_power():
    n = games_for_edge(0.05, 0.5, power=0.8)
    rng = np.random.default_rng(31)
    wins = rng.binomial(n, 0.55, size=4000)
    z = (wins / n - 0.5) / np.sqrt(0.25 / n)
    assert np.mean(np.abs(z) > 1.959964) == pytest.approx(0.8, abs=0.03)


def test_paired_difference_needs_fewer_games_when_pairing_shrinks_the_spread():
    assert games_for_difference(0.05, 0.3) < games_for_difference(0.05, 0.7)
    n = games_for_difference(0.05, 0.5)
    rng = np.random.default_rng(32)
    d = rng.normal(0.05, 0.5, size=(2000, n)).mean(axis=1)
    assert np.mean(np.abs(d / (0.5 / np.sqrt(n))) > 1.959964) == pytest.approx(0.8, abs=0.03)


def test_plan_from_a_run_reports_present_precision():
    games = logit_games(players=2, deals=400, seat_logit=[logit(0.55), 0], seed=33)
    plan = sample_size(games)
    row = plan.table.iloc[0]
    assert row["half_width"] == pytest.approx(wilson_half_width(800, row["share"]))
    assert row["games_for_target"] > 800
    assert "±2.5 needs" in plan.sentence


def test_half_width_must_be_a_proportion():
    with pytest.raises(ValueError):
        games_for_half_width(0.0)
