"""Statistics behind the tournament table: Wilson, Bradley-Terry/Elo, bootstrap, pairwise split."""

import math

import numpy as np
import pytest

from gardensim.stats import (
    cluster_bootstrap,
    elo_from_strengths,
    fit_bradley_terry,
    wilson_interval,
)
from gardensim.tournament.results import GameResult, pairwise_blocks


def test_ten_to_one_odds_are_four_hundred_elo():
    elo = elo_from_strengths(fit_bradley_terry(np.array([[0, 100], [10, 0]]), prior=0))
    assert elo[0] - elo[1] == pytest.approx(400, abs=1e-6)
    assert elo.sum() == pytest.approx(0, abs=1e-9)


def test_bradley_terry_recovers_the_strengths_that_generated_the_results():
    strength = np.array([1.0, 2.0, 4.0, 0.5])
    k = len(strength)
    wins = np.array([[0 if i == j else 1000 * strength[i] / (strength[i] + strength[j])
                      for j in range(k)] for i in range(k)])
    fitted = fit_bradley_terry(wins, prior=0)
    assert fitted - fitted.mean() == pytest.approx(np.log(strength) - np.log(strength).mean(),
                                                   abs=1e-6)


def test_a_clean_sweep_gets_a_finite_rating_thanks_to_the_prior():
    elo = elo_from_strengths(fit_bradley_terry(np.array([[0, 400], [0, 0]])))
    assert np.isfinite(elo).all() and elo[0] - elo[1] > 800
    with pytest.raises(ValueError, match="prior"):
        fit_bradley_terry(np.array([[0, 400], [0, 0]]), prior=0)


def test_wilson_interval_holds_the_estimate_and_narrows_with_more_games():
    lo, hi = wilson_interval(7.5, 10)
    assert 0 <= lo < 0.75 < hi <= 1
    lo2, hi2 = wilson_interval(75, 100)
    assert hi2 - lo2 < hi - lo
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    assert all(math.isnan(v) for v in wilson_interval(0, 0))
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_cluster_bootstrap_is_seeded_and_collapses_when_clusters_agree():
    rng = np.random.default_rng(0)
    blocks = rng.random((40, 2))
    share = lambda total: total[:1] / total.sum()  # noqa: E731
    a = cluster_bootstrap(blocks, share, n_boot=200, seed=5)
    b = cluster_bootstrap(blocks, share, n_boot=200, seed=5)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    point = share(blocks.sum(axis=0))[0]
    assert a[0][0] < point < a[1][0]
    same = np.tile([[3.0, 1.0]], (40, 1))
    lo, hi = cluster_bootstrap(same, share, n_boot=50, seed=1)
    assert lo[0] == pytest.approx(0.75) and hi[0] == pytest.approx(0.75)


def test_multiplayer_game_splits_into_pairwise_results_by_win_share():
    sole = GameResult(0, 0, 0, (2, 0, 1), (1.0, 0.0, 0.0), 5, ((), (), ()))
    shared = GameResult(0, 1, 1, (0, 1, 2), (0.5, 0.5, 0.0), 5, ((), (), ()))
    blocks = pairwise_blocks([sole, shared], 3, 2)
    # The sole winner (bot 2) beat both; the two losers' pair is skipped.
    assert blocks[0].tolist() == [[0, 0, 0], [0, 0, 0], [1, 1, 0]]
    # Co-winners split their pair evenly and each beat the loser.
    assert blocks[1].tolist() == [[0, 0.5, 1], [0.5, 0, 1], [0, 0, 0]]


def test_win_share_intervals_are_clustered_on_deals_and_never_a_point():
    """Replays of one deal are correlated: the interval is the deal-clustered one; a bot that
    wins every game gets Wilson's interval over the deals, not the point [1, 1]."""
    import numpy as np

    from gardensim.stats import clustered_mean, clustered_share, wilson_interval

    rng = np.random.default_rng(3)
    deals = np.repeat(np.arange(50), 4)
    shares = (rng.random(200) < np.repeat(rng.uniform(0.2, 0.8, 50), 4)).astype(float)
    ci = clustered_share(shares, deals)
    assert (ci.lo, ci.hi) == (clustered_mean(shares, deals).lo, clustered_mean(shares, deals).hi)
    sweep = clustered_share(np.ones(200), deals)
    assert (sweep.lo, sweep.hi) == wilson_interval(50, 50)
    assert sweep.lo < 1
