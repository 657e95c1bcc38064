"""Confidence intervals for proportions (win shares)."""

from __future__ import annotations

import math


def wilson_interval(successes: float, trials: int, level: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion; ``successes`` may be fractional (shared wins).

    Wilson rather than the normal approximation because win shares near 0 or 1 (greedy against
    random) are exactly where the normal interval leaves [0, 1] or collapses to a point.
    Returns (nan, nan) when there are no trials.
    """
    if trials <= 0:
        return (math.nan, math.nan)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes {successes} outside [0, {trials}]")
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(successes, trials, alpha=1 - level, method="wilson")
    return (float(lo), float(hi))
