"""Bradley-Terry strengths from pairwise results, fitted by Hunter's MM algorithm, on Elo scale.

The model: ``P(i beats j) = p_i / (p_i + p_j)``. Hunter (2004, "MM algorithms for generalized
Bradley-Terry models") gives the update ``p_i <- W_i / sum_j n_ij / (p_i + p_j)``, which
increases the likelihood at every step. Fractional wins (shared wins, ties) enter ``W`` as is.
"""

from __future__ import annotations

import math

import numpy as np

#: Elo points per natural-log unit of strength: 400 Elo is a factor 10 in odds.
ELO_PER_LOG = 400 / math.log(10)


def fit_bradley_terry(
    wins: np.ndarray, prior: float = 1.0, tol: float = 1e-10, max_iter: int = 100_000
) -> np.ndarray:
    """Log-strengths (mean 0) from ``wins[i, j]``: how often ``i`` beat ``j`` (may be fractional).

    ``prior`` adds that many virtual games, split evenly, to every pair that met. Without it a
    bot that won every game against its opponents has no finite maximum-likelihood strength
    (greedy against random may well go 400-0); one virtual tie per pair pulls such ratings in
    by a bounded amount and is negligible next to hundreds of real games.
    """
    w = np.asarray(wins, dtype=float)
    k = w.shape[0]
    if w.shape != (k, k) or (w < 0).any():
        raise ValueError("wins must be a square non-negative matrix")
    met = (w + w.T) > 0
    np.fill_diagonal(met, False)
    w = w + met * (prior / 2)
    np.fill_diagonal(w, 0.0)
    games = w + w.T
    total = w.sum(axis=1)
    if (total <= 0).any():
        raise ValueError("every player needs a win share > 0 (use prior > 0)")
    p = np.ones(k)
    for _ in range(max_iter):
        denom = (games / (p[:, None] + p[None, :])).sum(axis=1)
        new = total / denom
        new /= math.exp(np.log(new).mean())
        done = np.abs(np.log(new) - np.log(p)).max() < tol
        p = new
        if done:
            break
    return np.log(p)


def elo_from_strengths(log_strengths: np.ndarray) -> np.ndarray:
    """Elo scale: a difference of 400 means 10:1 odds; the mean rating is 0."""
    elo = np.asarray(log_strengths, dtype=float) * ELO_PER_LOG
    return elo - elo.mean()
