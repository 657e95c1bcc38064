"""How many games does a question need? Planning from interval width, from a detectable edge,
or from an equivalence margin, with the deal's design effect.

The rotated replays of one deal are positively correlated, so ``n`` games carry the
information of ``n / design_effect`` independent ones (``design_effect = 1 + (m - 1)·rho`` for
``m`` replays with intra-deal correlation ``rho``; measured from a run by
:func:`gardensim.stats.cluster.clustered_mean`). Every count here multiplies the independent
count by it, and is rounded up to whole deals (a multiple of the player count), since seat
rotation only cancels the deal when every seat has played it. Methods: ``docs/analysis.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import TYPE_CHECKING

from gardensim.analysis.frames import bots_phrase, deals_of, groups, label, require

if TYPE_CHECKING:
    import pandas as pd


NORMAL = NormalDist()


def _z(p: float) -> float:
    return NORMAL.inv_cdf(p)


def _whole_deals(n: float, players: int) -> int:
    n = max(math.ceil(n - 1e-9), 1)
    return players * math.ceil(n / players)


def _deff(design_effect: float) -> float:
    if not design_effect > 0:
        raise ValueError("design_effect must be positive (1 = independent games)")
    return float(design_effect)


def wilson_half_width(games: int, share: float = 0.5, confidence: float = 0.95) -> float:
    """Half-width of the Wilson interval for ``share`` observed over ``games`` independent
    games (the study files' planning comments quote it; it ignores the deal)."""
    z = _z(0.5 + confidence / 2)
    n = float(games)
    return z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))


def interval_half_width(games: int, share: float = 0.5, confidence: float = 0.95,
               design_effect: float = 1.0) -> float:
    """Half-width of the deal-clustered interval of a win share over ``games`` games:
    ``z·sqrt(design_effect·p(1-p)/n)`` (the t quantile of the analysis is z for planning)."""
    z = _z(0.5 + confidence / 2)
    return z * math.sqrt(_deff(design_effect) * share * (1 - share) / games)


def games_for_half_width(
    half_width: float, share: float = 0.5, confidence: float = 0.95, players: int = 1,
    design_effect: float = 1.0,
) -> int:
    """Fewest games (whole deals) whose interval at ``share`` is at most ±``half_width``.

    ``share = 0.5`` is the worst case; split wins only make the interval narrower.
    """
    if not 0 < half_width < 0.5:
        raise ValueError("half_width must be between 0 and 0.5")
    z = _z(0.5 + confidence / 2)
    n = _deff(design_effect) * z * z * share * (1 - share) / half_width**2
    return _whole_deals(n, players)


def games_for_edge(
    edge: float, share: float = 0.5, alpha: float = 0.05, power: float = 0.8, players: int = 1,
    design_effect: float = 1.0,
) -> int:
    """Games needed to detect a seat winning ``share + edge`` instead of ``share`` (two-sided
    test of one proportion at level ``alpha`` with the given power), times the design effect."""
    if edge == 0:
        raise ValueError("edge must be non-zero")
    p1 = share + edge
    za, zb = _z(1 - alpha / 2), _z(power)
    n = ((za * math.sqrt(share * (1 - share)) + zb * math.sqrt(p1 * (1 - p1))) / edge) ** 2
    return _whole_deals(_deff(design_effect) * n, players)


def games_for_difference(
    difference: float, sd_difference: float, alpha: float = 0.05, power: float = 0.8,
    players: int = 1, design_effect: float = 1.0,
) -> int:
    """Paired games per arm needed to detect a mean ``difference`` between two arms whose
    per-game differences have standard deviation ``sd_difference`` (from a pilot run; pairing
    makes it smaller than the unpaired standard deviation); the design effect is that of the
    per-game differences within deals."""
    if difference == 0:
        raise ValueError("difference must be non-zero")
    za, zb = _z(1 - alpha / 2), _z(power)
    n = ((za + zb) * sd_difference / difference) ** 2
    return _whole_deals(_deff(design_effect) * n, players)


def equivalence_power(games: int, margin: float, deviation: float, variance: float,
                      confidence: float = 0.95) -> float:
    """Chance that the ``confidence`` interval of a share lies within ±``margin`` of fair after
    ``games`` games, when its true distance from fair is ``deviation`` and one game's variance
    (times the design effect) is ``variance``."""
    se = math.sqrt(variance / games)
    if se == 0:
        return float(abs(deviation) < margin)
    z = _z(0.5 + confidence / 2)
    d = abs(deviation)
    return max(NORMAL.cdf((margin - d) / se - z) - NORMAL.cdf((-margin - d) / se + z), 0.0)


def games_for_equivalence(
    margin: float, deviation: float = 0.0, variance: float = 0.25, power: float = 0.8,
    confidence: float = 0.95, players: int = 1,
) -> int:
    """Fewest games (whole deals) for which the interval of a share lies within ±``margin`` of
    fair with probability ``power``, if the true distance from fair is ``deviation``.

    ``variance`` is one game's variance of the share times the design effect (``n·se²`` of a
    run). The question "is the game fair within ±3 points?" is answered by such an interval,
    so this is the count that answers it, not the count that detects a difference.
    """
    if not 0 < margin < 0.5:
        raise ValueError("margin must be between 0 and 0.5")
    if abs(deviation) >= margin:
        raise ValueError("a share this far from fair cannot be shown to be within the margin")
    lo, hi = 1, 1
    while equivalence_power(hi, margin, deviation, variance, confidence) < power:
        hi *= 2
        if hi > 10**12:
            raise ValueError("no feasible number of games")
    while lo < hi:
        mid = (lo + hi) // 2
        if equivalence_power(mid, margin, deviation, variance, confidence) >= power:
            hi = mid
        else:
            lo = mid + 1
    return _whole_deals(lo, players)


@dataclass
class SampleSizePlan:
    """Present precision of the first player's share and the games needed for targets."""

    table: pd.DataFrame = field(repr=False)
    sentences: list[str]

    @property
    def sentence(self) -> str:
        return " ".join(self.sentences)


def sample_size(games: pd.DataFrame, half_width: float = 0.025, edge: float = 0.05,
                power: float = 0.8) -> SampleSizePlan:
    """For each group: the present ± of the first player's share (deal-clustered), the design
    effect measured on it, the games for ±``half_width`` at the observed share, and the games
    to detect a first-player edge of ``edge``, both with that design effect."""
    import pandas as pd

    from gardensim.stats.cluster import clustered_mean

    require(games, ["win_0"], "sample size")
    records, sentences = [], []
    for arm, n, rows in groups(games):
        cm = clustered_mean(rows["win_0"].astype(float).to_numpy(), deals_of(rows))
        share = cm.mean
        deff = cm.design_effect if math.isfinite(cm.design_effect) else 1.0
        deff = max(deff, 1e-6)
        now = (cm.hi - cm.lo) / 2
        need = games_for_half_width(half_width, share if 0 < share < 1 else 0.5, players=n,
                                    design_effect=deff)
        detect = games_for_edge(edge, 1 / n, power=power, players=n, design_effect=deff)
        records.append({"arm": arm, "players": n, "games": len(rows), "deals": cm.clusters,
                        "share": share, "half_width": now, "design_effect": deff,
                        "target_half_width": half_width, "games_for_target": need,
                        "edge": edge, "games_for_edge": detect})
        sentences.append(
            f"In {label(arm, n)}, {bots_phrase(rows, n)}, {len(rows)} games on {cm.clusters} "
            f"deals pin the first player's share to ±{100 * now:.1f} points; the replays of a "
            f"deal are correlated (design effect {deff:.2f}: a game counts as {1 / deff:.2f} "
            f"independent ones), so ±{100 * half_width:.1f} needs {need} games, and "
            f"detecting a {100 * edge:.0f}-point first-player edge with {100 * power:.0f}% "
            f"power needs {detect}."
        )
    return SampleSizePlan(pd.DataFrame.from_records(records), sentences)
