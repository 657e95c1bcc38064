"""Inference when games come in clusters: every deal is replayed once per seat rotation (and
once per arm), and the replays of one deal share its draws, so they are not independent.

The unit is the cluster (the deal). Means get a cluster-robust (CR1) standard error from
statsmodels (``OLS`` with ``cov_type="cluster"``: the sandwich over cluster sums of residuals,
scaled by ``G/(G-1)·(N-1)/(N-K)``) and a t interval with ``G - 1`` degrees of freedom, the
usual small-sample correction when ``G`` clusters carry the information rather than ``N``
games. Joint hypotheses on several means (equal seats, equal arms) use the cluster-robust Wald
test as an F statistic with ``(q, G - 1)`` degrees of freedom. The coverage of both is measured
on synthetic frames with a known truth in ``tests/analysis`` (``docs/analysis.md``).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

#: p-values below this are printed as ``p < 1e-10``: smaller ones only say "far out in the
#: tail of an approximation", not a probability anyone should read digits from.
P_FLOOR = 1e-10


@dataclass(frozen=True)
class ClusteredMean:
    """A mean with its cluster-robust standard error and t interval."""

    mean: float
    se: float
    lo: float
    hi: float
    clusters: int
    #: Variance of the mean relative to counting every value as independent (1 = no cluster
    #: effect; a deal replayed ``m`` times with intra-deal correlation ``rho`` gives about
    #: ``1 + (m - 1)·rho``). NaN when the values do not vary.
    design_effect: float

    def interval(self, level: float) -> tuple[float, float]:
        """The t interval at another level (0.90 for an equivalence test at 5%)."""
        if self.clusters < 2 or not math.isfinite(self.se):
            return (math.nan, math.nan)
        half = _t_quantile(0.5 + level / 2, self.clusters - 1) * self.se
        return (self.mean - half, self.mean + half)


@dataclass(frozen=True)
class WaldTest:
    """Cluster-robust Wald test of ``q`` restrictions, as F with ``(q, G - 1)`` degrees of
    freedom (q is the rank of the restrictions' covariance when that is smaller)."""

    statistic: float
    df_num: int
    df_denom: int
    p_value: float


def _t_quantile(p: float, df: int) -> float:
    from scipy.stats import t

    return float(t.ppf(p, df))


def _codes(clusters: np.ndarray) -> tuple[np.ndarray, int]:
    codes = np.unique(np.asarray(clusters), return_inverse=True)[1].ravel()
    return codes, int(codes.max()) + 1 if len(codes) else 0


@dataclass(frozen=True)
class ClusteredMeans:
    """Column means of a matrix (one row per game) with their joint CR1 covariance.

    The columns are stacked into one regression on column dummies with every row of a game in
    its game's cluster (statsmodels ``OLS``, ``cov_type="cluster"``, ``use_t``), so the
    covariance keeps that the columns of one game (the seats of one table) and the games of one
    deal move together.
    """

    means: np.ndarray
    cov: np.ndarray
    clusters: int
    rows: int
    #: Per-column variance of the values, for the design effect.
    variances: np.ndarray
    fit: Any = None

    def column(self, i: int, level: float = 0.95) -> ClusteredMean:
        """Mean of column ``i`` with its t interval (``G - 1`` degrees of freedom)."""
        mean, g = float(self.means[i]), self.clusters
        if g < 2:
            return ClusteredMean(mean, math.nan, math.nan, math.nan, g, math.nan)
        se = math.sqrt(max(float(self.cov[i, i]), 0.0))
        if se == 0:
            return ClusteredMean(mean, 0.0, mean, mean, g, math.nan)
        half = _t_quantile(0.5 + level / 2, g - 1) * se
        iid = float(self.variances[i]) / self.rows
        return ClusteredMean(mean, se, mean - half, mean + half, g, se * se / iid)

    def wald(self, null: Sequence[float], columns: Sequence[int] | None = None) -> WaldTest:
        """Test that the means equal ``null`` (on ``columns`` only, when given: seat shares
        summing to one leave ``n - 1`` free restrictions).

        F = W/q with ``(q, G - 1)`` degrees of freedom, W the cluster-robust Wald statistic
        (statsmodels ``f_test``). Restrictions whose covariance is singular count by its rank;
        when nothing varies at all the answer is exact (p = 1 at the null, else 0).
        """
        k = len(self.means)
        cols = list(range(k)) if columns is None else list(columns)
        target = np.asarray(null, dtype=float)[cols]
        gap = self.means[cols] - target
        g = self.clusters
        if self.fit is None or not np.any(self.cov[np.ix_(cols, cols)]):
            exact = bool(np.allclose(gap, 0, atol=1e-12))
            return WaldTest(0.0 if exact else math.inf, len(cols), max(g - 1, 0),
                            1.0 if exact else (0.0 if g else math.nan))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            test = self.fit.f_test((np.eye(k)[cols], target))
        return WaldTest(float(np.squeeze(test.fvalue)), int(test.df_num), int(test.df_denom),
                        float(np.squeeze(test.pvalue)))


def clustered_means(matrix: np.ndarray, clusters: np.ndarray) -> ClusteredMeans:
    """Column means of ``matrix`` with their CR1 covariance clustered on ``clusters`` (one
    label per row)."""
    from statsmodels.regression.linear_model import OLS

    m = np.asarray(matrix, dtype=float)
    if m.ndim == 1:
        m = m[:, None]
    n, k = m.shape
    codes, g = _codes(clusters)
    means = m.mean(axis=0)
    variances = m.var(axis=0, ddof=1) if n > 1 else np.full(k, math.nan)
    if g < 2 or np.ptp(m, axis=0).max() == 0:
        return ClusteredMeans(means, np.zeros((k, k)), g, n, variances)
    fit = OLS(m.ravel(), np.tile(np.eye(k), (n, 1))).fit(
        cov_type="cluster", cov_kwds={"groups": np.repeat(codes, k)}, use_t=True)
    return ClusteredMeans(means, np.asarray(fit.cov_params()), g, n, variances, fit)


def clustered_mean(values: np.ndarray, clusters: np.ndarray,
                   level: float = 0.95) -> ClusteredMean:
    """Mean of ``values`` with a CR1 standard error clustered on ``clusters`` and a t interval
    with ``G - 1`` degrees of freedom (statsmodels OLS on a constant).

    Why not Wilson: it counts every game as an independent Bernoulli draw, and the rotated
    replays of one deal are positively correlated, so it is too narrow (its coverage falls
    further below the claimed level as the within-deal correlation grows; ``tests/analysis``
    measures it); with partners sharing wins it is too wide.
    """
    return clustered_means(np.asarray(values, dtype=float)[:, None], clusters).column(0, level)


def clustered_share(values: np.ndarray, clusters: np.ndarray,
                    level: float = 0.95) -> ClusteredMean:
    """A share in [0, 1] (a win or upset rate) as :func:`clustered_mean`, except when no deal
    varies (greedy beats random in every game): the clustered standard error is then 0 and its
    interval a point, which claims certainty no sample gives. The interval is then Wilson's
    with the deals as the trials, the unit the study samples."""
    from gardensim.stats.intervals import wilson_interval

    result = clustered_mean(values, clusters, level)
    if result.se != 0 or result.clusters < 1 or not 0 <= result.mean <= 1:
        return result
    lo, hi = wilson_interval(result.mean * result.clusters, result.clusters, level)
    return replace(result, lo=lo, hi=hi)


def clustered_wald(matrix: np.ndarray, clusters: np.ndarray, null: Sequence[float],
                   columns: Sequence[int] | None = None) -> WaldTest:
    """Cluster-robust Wald test that the column means of ``matrix`` equal ``null``
    (:meth:`ClusteredMeans.wald`)."""
    return clustered_means(matrix, clusters).wald(null, columns)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment (statsmodels ``multipletests``): controls the chance of
    any false "unfair" among the tests at the nominal level, under any dependence between
    them (the tests of one report share deals)."""
    from statsmodels.stats.multitest import multipletests

    p = np.asarray(p_values, dtype=float)
    if not len(p):
        return []
    ok = ~np.isnan(p)
    out = np.full(len(p), math.nan)
    if ok.any():
        out[ok] = multipletests(p[ok], method="holm")[1]
    return [float(x) for x in out]


def format_p(p: float) -> str:
    """``p = 0.012``, ``p = 3.1e-05``, or ``p < 1e-10`` below :data:`P_FLOOR`."""
    if math.isnan(p):
        return "p not available"
    if p < P_FLOOR:
        return "p < 1e-10"
    return f"p = {p:.2g}"
