"""A sequential test whose error rates hold however often it looks: the two-sided SPRT.

A fixed-sample interval read after every batch, stopping at the first one that excludes fair,
calls a fair game "unfair" far more often than 5% of the time: every look is another chance.
Wald's sequential probability ratio test is built for looking after every observation; it is
what Fishtest (the Stockfish testing framework) runs on every patch, stopping as soon as the
evidence is strong enough either way. As there, the statistic is the normal (generalised)
SPRT: the log-likelihood ratio of mean ``delta`` against mean 0 for independent values with
the variance estimated from the data,

    LLR = n · delta · (mean − delta / 2) / variance,

compared with Wald's bounds ``log(beta / (1 − alpha))`` and ``log((1 − beta) / alpha))``.

The unit is the cluster (the deal): the games of one deal share its draws, so the value of a
deal is the mean over its games, and deals are independent (``gardensim.stats.cluster``).

Two-sided, after Sobel and Wald (1949): one SPRT of 0 against ``+delta`` and one of 0 against
``−delta``, each at ``alpha / 2``. The mean *departs* from 0 as soon as either accepts its
``±delta``; it is *near* 0 once both have accepted 0 (a side that accepted 0 stays settled).
So: when the true mean is 0, "departs" happens with probability at most about ``alpha``; when
it is ``delta`` or more from 0, "near" happens with probability at most about ``beta``; in
between (the indifference zone) either answer is acceptable, and the test is slowest there. A
game budget truncates the test: what has not decided by then stays undecided. Wald's bounds
are slightly conservative, and more so when the test looks only every batch (the LLR
overshoots its bound); ``tests/stats/test_sequential.py`` measures both error rates under
stopping on synthetic deals with a known truth.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

#: Deals before the first look: the variance in the LLR is estimated, and from a handful of
#: deals that estimate is too rough to trust a bound crossing.
MIN_CLUSTERS = 20

NEAR, DEPARTS, CONTINUE = "near", "departs", "continue"


@dataclass(frozen=True)
class Look:
    """The state of the test after one look at the first ``clusters`` cluster values."""

    kind: str  # NEAR | DEPARTS | CONTINUE
    clusters: int
    mean: float
    se: float
    #: Log-likelihood ratios of +delta and of -delta against 0.
    llr_up: float
    llr_down: float
    #: +1 or -1 when the mean departs, the side that decided; 0 otherwise.
    direction: int = 0

    @property
    def decided(self) -> bool:
        return self.kind != CONTINUE


@dataclass(frozen=True)
class SPRT:
    """The two-sided SPRT of mean 0 against mean ``±delta`` (see the module docstring).

    ``alpha`` is the chance of "departs" when the mean is 0 (both sides together), ``beta``
    the chance of "near" when the mean is ``delta`` or more away from 0."""

    delta: float
    alpha: float = 0.05
    beta: float = 0.05
    min_clusters: int = MIN_CLUSTERS

    def __post_init__(self) -> None:
        if not (self.delta > 0 and math.isfinite(self.delta)):
            raise ValueError(f"delta must be a positive number, got {self.delta!r}")
        for name in ("alpha", "beta"):
            if not 0 < getattr(self, name) < 0.5:
                raise ValueError(f"{name} must lie between 0 and 0.5, got {getattr(self, name)!r}")

    @property
    def lower(self) -> float:
        """Accept 0 (on one side) at or below this LLR."""
        return math.log(self.beta / (1 - self.alpha / 2))

    @property
    def upper(self) -> float:
        """Accept ``±delta`` (on one side) at or above this LLR."""
        return math.log((1 - self.beta) / (self.alpha / 2))

    def llrs(self, values: np.ndarray) -> tuple[float, float, float, float]:
        """(mean, standard error, LLR of +delta, LLR of -delta) of ``values``."""
        n = len(values)
        mean = float(np.mean(values))
        variance = float(np.var(values, ddof=1)) if n > 1 else math.nan
        # values that do not vary (a deal decided the same way every time so far) carry no
        # variance to estimate; a floor keeps the ratio finite and the look undecided-prone
        variance = max(variance, (self.delta / 4) ** 2) if math.isfinite(variance) else math.inf
        se = math.sqrt(variance / n) if n else math.nan
        up = n * self.delta * (mean - self.delta / 2) / variance
        down = -n * self.delta * (mean + self.delta / 2) / variance
        return mean, se, up, down

    def run(self, values: Sequence[float] | np.ndarray, looks: Sequence[int]) -> Look:
        """The test over ``values`` (one per cluster, in playing order) looked at after the
        first ``n`` values for each ``n`` of ``looks`` (increasing): the first decision, or
        the last look's state when none decided. Evaluating prefixes makes the answer a
        function of the values and the look schedule alone, so a resumed run decides where an
        uninterrupted one would."""
        values = np.asarray(values, dtype=float)
        settled_up = settled_down = False
        last = Look(CONTINUE, 0, math.nan, math.nan, 0.0, 0.0)
        for n in looks:
            if n < self.min_clusters or n > len(values):
                continue
            mean, se, up, down = self.llrs(values[:n])
            if not settled_up and up >= self.upper:
                return Look(DEPARTS, n, mean, se, up, down, +1)
            if not settled_down and down >= self.upper:
                return Look(DEPARTS, n, mean, se, up, down, -1)
            settled_up = settled_up or up <= self.lower
            settled_down = settled_down or down <= self.lower
            kind = NEAR if settled_up and settled_down else CONTINUE
            last = Look(kind, n, mean, se, up, down)
            if last.decided:
                return last
        return last
