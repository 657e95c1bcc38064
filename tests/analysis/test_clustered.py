"""Deal-clustered inference (issue 19): the intervals and tests the analysis prints hold their
level when the replays of a deal are correlated, and the per-game methods they replace do not.

Fair tables are simulated with a latent deal effect (``synth.clustered_wins``) at intra-deal
correlations of seat 0 near 0.15 and 0.25, 300 deals each, 2000 replicates per player count.
The analysis functions run on frames of the first replicates and must print exactly the
cluster-robust (CR1, t or F with deals − 1 df) formulas vectorised here, which then measure
coverage and size over all replicates in a fraction of a second.
"""

import math

import numpy as np
import pytest
import statsmodels.api as sm
from scipy.stats import chisquare, f, t
from statsmodels.stats.proportion import proportion_confint

from gardensim.analysis.arms import compare_arms
from gardensim.analysis.seat import seat_advantage
from gardensim.stats.cluster import clustered_mean, clustered_wald, format_p, holm
from tests.analysis.synth import (
    clustered_wins,
    intra_deal_correlation,
    partnership_games,
    partnership_wins,
    wins_frame,
)

DEALS = 300
REPS = 1000  # per correlation: 2000 per player count
#: deal_luck putting seat 0's intra-deal correlation near 0.15 and near 0.25.
CASES = {2: (0.65, 0.9), 3: (0.85, 1.1), 4: (1.0, 1.25)}
CHECKED = 20  # replicates on which the analysis must print exactly the formulas below


def cr1(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Means and CR1 covariances of ``values[replicate, deal, replay, column]``: the stacked
    regression on column dummies that statsmodels fits, clustered on the deal."""
    _, deals, replays, k = values.shape
    n = deals * replays
    means = values.mean(axis=(1, 2))
    u = (values - means[:, None, None, :]).sum(axis=2)
    scale = deals / (deals - 1) * (n * k - 1) / (n * k - k)
    return means, scale * np.einsum("rgi,rgj->rij", u, u) / n**2


def t_interval(mean: np.ndarray, var: np.ndarray, deals: int) -> tuple[np.ndarray, np.ndarray]:
    half = t.ppf(0.975, deals - 1) * np.sqrt(var)
    return mean - half, mean + half


def wald_p(means: np.ndarray, cov: np.ndarray, null: np.ndarray, deals: int) -> np.ndarray:
    """p of the cluster-robust Wald F on the first ``len(null)`` columns, (q, deals − 1) df."""
    q = len(null)
    gap = means[:, :q] - null
    stat = np.einsum("ri,rij,rj->r", gap, np.linalg.inv(cov[:, :q, :q]), gap) / q
    return f.sf(stat, q, deals - 1)


def _replicate(name: str) -> int:
    return int(name.removeprefix("rep"))


@pytest.fixture(scope="module", params=[2, 3, 4], ids=lambda n: f"{n}p")
def fair_tables(request):
    """Fair mirror-match tables: wins[replicate, deal, rotation, seat] over both correlations,
    the bots, and the frames of the first replicates."""
    players = request.param
    parts = [clustered_wins(players, DEALS, REPS, deal_luck=luck, seed=10 * players + i)
             for i, luck in enumerate(CASES[players])]
    wins = np.concatenate([w["a"] for w, _ in parts])
    games = wins_frame({"a": wins[:CHECKED]}, parts[0][1])
    games["arm"] = games["study"]
    return players, wins, games


def test_fair_tables_have_intra_deal_correlation_between_0_14_and_0_27(fair_tables):
    players, wins, _ = fair_tables
    for half in (wins[:REPS], wins[REPS:]):
        rho = intra_deal_correlation(half[..., 0].ravel(), players)
        assert 0.14 <= rho <= 0.27


def test_seat_advantage_prints_the_cluster_robust_interval_and_wald_test(fair_tables):
    players, wins, games = fair_tables
    results = sorted(seat_advantage(games, adjust=False), key=lambda r: _replicate(r.arm))
    means, cov = cr1(wins[:CHECKED])
    lo, hi = t_interval(means[:, 0], cov[:, 0, 0], DEALS)
    fair = np.full(players - 1, 1 / players)
    assert [r.table.loc[0, "lo"] for r in results] == pytest.approx(lo, rel=1e-9)
    assert [r.table.loc[0, "hi"] for r in results] == pytest.approx(hi, rel=1e-9)
    assert [r.p_value for r in results] == pytest.approx(wald_p(means, cov, fair, DEALS),
                                                         rel=1e-6)
    assert all(r.df == (players - 1, DEALS - 1) for r in results)


def test_seat0_interval_covers_the_fair_share_at_least_94_percent(fair_tables):
    players, wins, _ = fair_tables
    means, cov = cr1(wins)
    lo, hi = t_interval(means[:, 0], cov[:, 0, 0], DEALS)
    coverage = np.mean((lo <= 1 / players) & (1 / players <= hi))
    assert 0.94 <= coverage <= 0.96


def test_seat_test_rejects_at_most_6_5_percent_of_fair_tables(fair_tables):
    players, wins, _ = fair_tables
    means, cov = cr1(wins)
    p = wald_p(means, cov, np.full(players - 1, 1 / players), DEALS)
    assert np.mean(p < 0.05) <= 0.065


def test_counting_games_as_independent_fails_on_the_same_tables(fair_tables):
    """What the deal-clustered methods replace: Wilson intervals over games and the
    chi-square seat test are too narrow once the replays of a deal are correlated."""
    players, wins, _ = fair_tables
    if players == 2:
        pytest.skip("two replays per deal: the naive methods are only slightly off")
    n = DEALS * players
    seat_wins = wins.sum(axis=(1, 2))
    lo, hi = proportion_confint(seat_wins[:, 0], n, method="wilson")
    assert np.mean((lo <= 1 / players) & (1 / players <= hi)) < 0.93
    assert np.mean(chisquare(seat_wins, axis=1).pvalue < 0.05) > 0.08


def test_a_planted_first_player_edge_is_covered_by_its_interval():
    edge = [0.5, 0.0, 0.0]
    truth_wins, _ = clustered_wins(3, 200_000, 1, seat_logit=edge, deal_luck=1.0, seed=99)
    truth = truth_wins["a"][..., 0].mean()
    wins, _ = clustered_wins(3, DEALS, 2 * REPS, seat_logit=edge, deal_luck=1.0, seed=7)
    means, cov = cr1(wins["a"])
    lo, hi = t_interval(means[:, 0], cov[:, 0, 0], DEALS)
    assert 0.94 <= np.mean((lo <= truth) & (truth <= hi)) <= 0.96
    assert np.mean(lo > 1 / 3) > 0.9  # and it is found


def test_clustered_mean_is_statsmodels_ols_with_cluster_covariance_and_t_of_deals():
    rng = np.random.default_rng(1)
    deals = np.repeat(np.arange(30), 3)
    values = rng.random(90) + rng.random(30)[deals]
    fit = sm.OLS(values, np.ones(90)).fit(cov_type="cluster", cov_kwds={"groups": deals},
                                          use_t=True)
    cm = clustered_mean(values, deals)
    assert (cm.mean, cm.se) == pytest.approx((fit.params[0], fit.bse[0]), rel=1e-12)
    assert (cm.lo, cm.hi) == pytest.approx(tuple(fit.conf_int()[0]), rel=1e-12)
    assert cm.clusters == 30
    per_game = np.var(values, ddof=1) / 90
    assert cm.design_effect == pytest.approx(cm.se**2 / per_game)


def test_seat_test_is_statsmodels_f_test_on_seat_dummies_clustered_on_deals():
    rng = np.random.default_rng(2)
    deals = np.repeat(np.arange(40), 3)
    wins = np.eye(3)[rng.integers(0, 3, 120)]
    fit = sm.OLS(wins.ravel(), np.tile(np.eye(3), (120, 1))).fit(
        cov_type="cluster", cov_kwds={"groups": np.repeat(deals, 3)}, use_t=True)
    expected = fit.f_test((np.eye(3)[:2], [1 / 3, 1 / 3]))
    test = clustered_wald(wins, deals, [1 / 3] * 3, columns=[0, 1])
    assert test.statistic == pytest.approx(float(expected.fvalue), rel=1e-12)
    assert test.p_value == pytest.approx(float(expected.pvalue), rel=1e-12)
    assert (test.df_num, test.df_denom) == (2, 39)


def test_tables_where_nothing_varies_get_exact_answers():
    deals = np.repeat(np.arange(5), 2)
    assert clustered_wald(np.full((10, 2), 0.5), deals, [0.5, 0.5], columns=[0]).p_value == 1
    assert clustered_wald(np.tile([1.0, 0.0], (10, 1)), deals, [0.5, 0.5]).p_value == 0
    assert clustered_mean(np.full(10, 0.5), deals).lo == 0.5


def test_holm_is_statsmodels_multipletests_and_tiny_p_is_printed_as_a_bound():
    from statsmodels.stats.multitest import multipletests

    p = [0.01, 0.04, 0.03, 0.5]
    assert holm(p) == pytest.approx(list(multipletests(p, method="holm")[1]))
    assert format_p(3e-12) == "p < 1e-10"
    assert format_p(0.0123) == "p = 0.012"
    assert format_p(math.nan) == "p not available"


# ----- partnerships -------------------------------------------------------------------------

def test_a_partnership_game_is_answered_for_the_team_against_50_percent_on_one_df():
    games = partnership_games(deals=300, team_logit=0.4, deal_luck=1.5, seed=3)
    (r,) = seat_advantage(games)
    team = games["win_0"] + games["win_3"]
    expected = clustered_mean(team.to_numpy(), games["deal"].to_numpy())
    assert r.teams == ((0, 3), (1, 2))
    assert r.df == (1, 299)
    assert r.quantities[0].estimate.mean == pytest.approx(expected.mean)
    assert (r.table.loc[0, "lo"], r.table.loc[0, "hi"]) == pytest.approx(
        (expected.lo / 2, expected.hi / 2))
    assert "partnership (seats 0 and 3)" in r.sentence and "against a fair 50.0%" in r.sentence
    assert "partnership" in r.sentence and r.verdict.text in r.sentence


def test_team_interval_covers_and_its_test_holds_its_level():
    shares = partnership_wins(DEALS, 2000, deal_luck=1.4, seed=4)
    means, cov = cr1(shares[..., None])
    lo, hi = t_interval(means[:, 0], cov[:, 0, 0], DEALS)
    assert 0.94 <= np.mean((lo <= 0.5) & (0.5 <= hi)) <= 0.96
    assert np.mean(wald_p(means, cov, np.array([0.5]), DEALS) < 0.05) <= 0.065
    (r,) = seat_advantage(partnership_games(team=shares[:1]))
    assert 2 * r.table.loc[0, "lo"] == pytest.approx(lo[0], rel=1e-9)


def test_a_seat_interval_of_half_wins_is_narrower_than_wilson_counting_them_as_wins():
    games = partnership_games(deals=300, seed=5)
    (r,) = seat_advantage(games)
    wins = games["win_0"].sum()
    wilson = proportion_confint(wins, len(games), method="wilson")
    ours = r.table.loc[0, "hi"] - r.table.loc[0, "lo"]
    assert (wilson[1] - wilson[0]) / ours > 1.5


def test_four_players_without_partnerships_are_not_taken_for_teams():
    wins, bots = clustered_wins(4, 50, 1, seed=6)
    (r,) = seat_advantage(wins_frame(wins, bots))
    assert r.teams is None and r.df[0] == 3


# ----- paired arms --------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_paired_arm_test_rejects_at_most_6_5_percent_of_equal_arms(players):
    luck = CASES[players][1]
    wins, bots = clustered_wins(players, DEALS, 2000, arms=("a", "b"), deal_luck=luck,
                                deal_sharing=0.5, seed=20 + players)
    diff = (wins["b"] - wins["a"])[..., :1]
    means, cov = cr1(diff)
    p = wald_p(means, cov, np.zeros(1), DEALS)
    assert np.mean(p < 0.05) <= 0.065
    games = wins_frame({k: v[:CHECKED] for k, v in wins.items()}, bots)
    checked = [compare_arms(games[games["study"] == f"rep{i}"])[0] for i in range(CHECKED)]
    assert [c.p_value for c in checked] == pytest.approx(p[:CHECKED], rel=1e-6)
    lo, hi = t_interval(means[:CHECKED, 0], cov[:CHECKED, 0, 0], DEALS)
    assert [c.ci[0] for c in checked] == pytest.approx(lo, rel=1e-9)
    assert [c.ci[1] for c in checked] == pytest.approx(hi, rel=1e-9)


def test_comparisons_state_their_deals_and_keep_mcnemar_as_a_per_game_check():
    wins, bots = clustered_wins(3, 40, 1, arms=("a", "b"), deal_luck=1.0, seed=30)
    (r,) = compare_arms(wins_frame(wins, bots))
    assert r.deals == 40 and r.pairs == 120
    assert "paired games on 40 deals; paired test clustered on deals p = " in r.sentence
    assert r.mcnemar_p is not None and "McNemar" not in r.sentence
