"""The two-sided SPRT keeps its stated error rates under stopping, on synthetic deals with a
known truth: each deal has its own first-player chance (the deal effect) and is played twice,
and the test looks after every 10 deals until it decides or the budget runs out."""

from __future__ import annotations

import numpy as np
import pytest

from gardensim.stats.sequential import DEPARTS, NEAR, SPRT

DELTA, ALPHA, BETA = 0.05, 0.05, 0.05
DEALS, LOOK, REPLICATIONS = 3000, 10, 300
LOOKS = list(range(LOOK, DEALS + 1, LOOK))


def deal_values(rng: np.random.Generator, edge: float) -> np.ndarray:
    """Per-deal first-player share minus one half: two games per deal, whose win chance is
    the deal's own (spread ±0.15 around 0.5 + edge), so the games of a deal are correlated."""
    chance = np.clip(0.5 + edge + rng.uniform(-0.15, 0.15, DEALS), 0, 1)
    return rng.binomial(2, chance) / 2 - 0.5


def rates(edge: float, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    test = SPRT(DELTA, ALPHA, BETA)
    kinds = [test.run(deal_values(rng, edge), LOOKS).kind for _ in range(REPLICATIONS)]
    return {k: kinds.count(k) / REPLICATIONS for k in (NEAR, DEPARTS)}


#: Three standard errors of a 5% rate over the replications: a rate above the stated level by
#: more than this is the procedure's fault, not chance.
SLACK = 3 * np.sqrt(0.05 * 0.95 / REPLICATIONS)


def test_fair_deals_are_called_departing_at_most_alpha_of_the_time() -> None:
    found = rates(0.0, seed=1)
    assert found[DEPARTS] <= ALPHA + SLACK
    assert found[NEAR] >= 0.9  # and the test does decide within the budget


@pytest.mark.parametrize("edge", [DELTA, -DELTA])
def test_deals_delta_off_are_called_near_at_most_beta_of_the_time(edge: float) -> None:
    found = rates(edge, seed=2)
    assert found[NEAR] <= BETA + SLACK
    assert found[DEPARTS] >= 0.9


def test_a_fixed_sample_interval_read_at_every_look_fails_where_the_sprt_holds() -> None:
    """The reason for the SPRT: stopping at the first look whose plain 95% interval excludes
    fair calls fair deals unfair far more often than 5%."""
    rng = np.random.default_rng(3)
    false = 0
    for _ in range(REPLICATIONS):
        values = deal_values(rng, 0.0)
        for n in LOOKS:
            head = values[:n]
            if abs(head.mean()) > 1.96 * head.std(ddof=1) / np.sqrt(n):
                false += 1
                break
    assert false / REPLICATIONS > 3 * ALPHA


def test_a_resumed_test_decides_where_an_uninterrupted_one_does() -> None:
    values = deal_values(np.random.default_rng(4), DELTA)
    test = SPRT(DELTA)
    whole = test.run(values, LOOKS)
    assert whole.decided
    assert test.run(values[: whole.clusters], LOOKS) == whole
