"""How many games does a question need? Planning from interval width or from a detectable edge.

Counts are rounded up to whole deals (a multiple of the player count), since seat rotation only
cancels the deal when every seat has played it. Methods: ``docs/analysis.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gardensim.analysis.frames import groups, label, require

if TYPE_CHECKING:
    import pandas as pd


def _z(p: float) -> float:
    from scipy.stats import norm

    return float(norm.ppf(p))


def _whole_deals(n: float, players: int) -> int:
    n = max(math.ceil(n - 1e-9), 1)
    return players * math.ceil(n / players)


def wilson_half_width(games: int, share: float = 0.5, confidence: float = 0.95) -> float:
    """Half-width of the Wilson interval for ``share`` observed over ``games`` games."""
    z = _z(0.5 + confidence / 2)
    n = float(games)
    return z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))


def games_for_half_width(
    half_width: float, share: float = 0.5, confidence: float = 0.95, players: int = 1
) -> int:
    """Fewest games (whole deals) whose Wilson interval at ``share`` is at most ±``half_width``.

    ``share = 0.5`` is the worst case; split wins only make the interval narrower.
    """
    if not 0 < half_width < 0.5:
        raise ValueError("half_width must be between 0 and 0.5")
    lo, hi = 1, 1
    while wilson_half_width(hi, share, confidence) > half_width:
        hi *= 2
    while lo < hi:
        mid = (lo + hi) // 2
        if wilson_half_width(mid, share, confidence) <= half_width:
            hi = mid
        else:
            lo = mid + 1
    return _whole_deals(lo, players)


def games_for_edge(
    edge: float, share: float = 0.5, alpha: float = 0.05, power: float = 0.8, players: int = 1
) -> int:
    """Games needed to detect a seat winning ``share + edge`` instead of ``share`` (two-sided
    test of one proportion at level ``alpha`` with the given power)."""
    if edge == 0:
        raise ValueError("edge must be non-zero")
    p1 = share + edge
    za, zb = _z(1 - alpha / 2), _z(power)
    n = ((za * math.sqrt(share * (1 - share)) + zb * math.sqrt(p1 * (1 - p1))) / edge) ** 2
    return _whole_deals(n, players)


def games_for_difference(
    difference: float, sd_difference: float, alpha: float = 0.05, power: float = 0.8,
    players: int = 1,
) -> int:
    """Paired games per arm needed to detect a mean ``difference`` between two arms whose
    per-game differences have standard deviation ``sd_difference`` (from a pilot run; pairing
    makes it smaller than the unpaired standard deviation)."""
    za, zb = _z(1 - alpha / 2), _z(power)
    return _whole_deals(((za + zb) * sd_difference / difference) ** 2, players)


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
    """For each group: the present ± of the first player's share, the games for ±``half_width``
    at the observed share, and the games to detect a first-player edge of ``edge``."""
    import pandas as pd

    require(games, ["win_0"], "sample size")
    records, sentences = [], []
    for arm, n, rows in groups(games):
        share = float(rows["win_0"].astype(float).mean())
        fair = 1 / n
        now = wilson_half_width(len(rows), share)
        need = games_for_half_width(half_width, share, players=n)
        detect = games_for_edge(edge, fair, power=power, players=n)
        records.append({"arm": arm, "players": n, "games": len(rows), "share": share,
                        "half_width": now, "target_half_width": half_width,
                        "games_for_target": need, "edge": edge, "games_for_edge": detect})
        sentences.append(
            f"In {label(arm, n)}, {len(rows)} games pin the first player's share to "
            f"±{100 * now:.1f} points; ±{100 * half_width:.1f} needs {need} games, and "
            f"detecting a {100 * edge:.0f}-point first-player edge with {100 * power:.0f}% "
            f"power needs {detect}."
        )
    return SampleSizePlan(pd.DataFrame.from_records(records), sentences)
