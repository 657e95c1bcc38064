"""Cluster bootstrap: resample whole clusters of games with a seeded generator.

Tournament games come in clusters that must stay together: one deal is played from every seat
(and by every table), so resampling single games would break the seat balance that makes the
comparison fair. Each cluster contributes an additive block of data (for example its pairwise
win matrix); a bootstrap replicate sums the blocks of a resample of clusters.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


def cluster_bootstrap(
    blocks: np.ndarray,
    statistic: Callable[[np.ndarray], np.ndarray],
    n_boot: int = 1000,
    seed: int = 0,
    level: float = 0.95,
) -> tuple[np.ndarray, np.ndarray]:
    """Percentile interval (lo, hi) of ``statistic(sum of blocks)`` over resampled clusters.

    ``blocks`` has one cluster per row along axis 0; ``statistic`` maps the summed block to
    a vector. The generator is ``numpy.random.default_rng(seed)``, so intervals are reproducible.
    """
    blocks = np.asarray(blocks, dtype=float)
    n = blocks.shape[0]
    if n == 0:
        raise ValueError("no clusters to resample")
    rng = np.random.default_rng(seed)
    flat = blocks.reshape(n, -1)
    reps = []
    for counts in rng.multinomial(n, np.full(n, 1 / n), size=n_boot):
        total = (counts @ flat).reshape(blocks.shape[1:])
        reps.append(np.asarray(statistic(total), dtype=float))
    values = np.stack(reps)
    tail = (1 - level) / 2 * 100
    lo, hi = np.percentile(values, [tail, 100 - tail], axis=0)
    return lo, hi
