"""Is one drawing system luckier? How often the weaker bot beats the stronger one, per arm.

"Luckier" as a player means it: under a luckier system a weaker player beats a stronger one
more often. With the same bot in every seat no skill can show, so this needs line-ups of
different bots (greedy against mcts, random against greedy). Arms play the same deals and
seatings, so the upset rates of two arms compare paired, game by game, and the pairs of one
deal are clustered (:mod:`gardensim.stats.cluster`). Methods: ``docs/analysis.md``.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import (
    MissingData,
    bot_names,
    bots_phrase,
    deals_of,
    pct,
    require,
    seat_columns,
)

if TYPE_CHECKING:
    import pandas as pd


def upset_scores(rows: pd.DataFrame, players: int, weaker: str, stronger: str) -> np.ndarray:
    """Per game, the share of (weaker seat, stronger seat) pairs in which the weaker bot
    finished ahead: 1 ahead, ½ level with a share of the win, 0 behind; pairs that both lost
    (3+ players) say nothing about the two and are left out. NaN for a game without such a
    pair."""
    bots = rows[seat_columns("bot", players)].astype(str).to_numpy()
    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    total = np.zeros(len(rows))
    counted = np.zeros(len(rows))
    for i, j in itertools.permutations(range(players), 2):
        pair = (bots[:, i] == weaker) & (bots[:, j] == stronger)
        pair &= (wins[:, i] > 0) | (wins[:, j] > 0)
        score = np.where(wins[:, i] > wins[:, j], 1.0, np.where(wins[:, i] < wins[:, j], 0.0, 0.5))
        total += np.where(pair, score, 0.0)
        counted += pair
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(counted > 0, total / counted, math.nan)


@dataclass
class UpsetComparison:
    """The weaker bot's upset rate under ``arm`` against ``baseline``, paired on deals."""

    players: int
    weaker: str
    stronger: str
    baseline: str
    arm: str
    pairs: int
    deals: int
    baseline_rate: float
    baseline_ci: tuple[float, float]
    arm_rate: float
    arm_ci: tuple[float, float]
    difference: float
    ci: tuple[float, float]
    p_value: float
    bots: str
    sentence: str
    pairs_frame: pd.DataFrame = field(repr=False)


def _ranked(rows: pd.DataFrame, players: int, a: str, b: str) -> tuple[str, str] | None:
    """(weaker, stronger) of two bots by their head-to-head score over every arm; None when
    they never sat at one table (two mirror arms of a strength sweep, say)."""
    score = upset_scores(rows, players, a, b)
    if np.isnan(score).all():
        return None
    return (a, b) if np.nanmean(score) < 0.5 else (b, a)


def _sentence(c: UpsetComparison) -> str:
    from gardensim.stats.cluster import format_p

    lo, hi = c.ci
    head = (
        f"With {c.players} players and {c.bots.removeprefix('with ')}, the weaker bot "
        f"({c.weaker}) beats the stronger ({c.stronger}) in {pct(c.baseline_rate)} of their "
        f"games under {c.baseline} (95% CI {pct(c.baseline_ci[0])}–{pct(c.baseline_ci[1])}) "
        f"and {pct(c.arm_rate)} under {c.arm} (CI {pct(c.arm_ci[0])}–{pct(c.arm_ci[1])})"
    )
    paired = (f"{100 * c.difference:+.1f} points (95% CI {100 * lo:+.1f} to {100 * hi:+.1f}, "
              f"{c.pairs} games paired on {c.deals} deals, {format_p(c.p_value)})")
    if lo > 0:
        tail = f"{c.arm} is luckier: the weaker bot's upset rate changes by {paired}"
    elif hi < 0:
        tail = f"{c.arm} is less lucky: the weaker bot's upset rate changes by {paired}"
    else:
        tail = (f"no clear difference in luck between {c.arm} and {c.baseline}: the upset rate "
                f"changes by {paired}")
    return f"{head}; {tail}."


def _compare(rows: pd.DataFrame, players: int, base: str, arm: str, weaker: str,
             stronger: str) -> UpsetComparison | None:
    import pandas as pd

    from gardensim.stats.cluster import clustered_means, clustered_share

    a = rows[rows["arm"] == base].set_index("game")
    b = rows[rows["arm"] == arm].set_index("game")
    common = a.index.intersection(b.index).sort_values()
    a, b = a.loc[common].reset_index(), b.loc[common].reset_index()
    for key in ("deal", "seed"):
        if key in a and not np.array_equal(a[key].to_numpy(), b[key].to_numpy()):
            raise MissingData(f"arms {base} and {arm} do not share deals; cannot pair them")
    frame = pd.DataFrame({"game": a["game"], "deal": deals_of(a),
                          "baseline": upset_scores(a, players, weaker, stronger),
                          "arm": upset_scores(b, players, weaker, stronger)}).dropna()
    if frame.empty:
        return None
    frame["difference"] = frame["arm"] - frame["baseline"]
    deals = frame["deal"].to_numpy()
    base_rate = clustered_share(frame["baseline"].to_numpy(), deals)
    arm_rate = clustered_share(frame["arm"].to_numpy(), deals)
    paired = clustered_means(frame["difference"].to_numpy(), deals)
    diff, p = paired.column(0), paired.wald([0.0]).p_value
    result = UpsetComparison(
        players=players, weaker=weaker, stronger=stronger, baseline=base, arm=arm,
        pairs=len(frame), deals=diff.clusters, baseline_rate=base_rate.mean,
        baseline_ci=(base_rate.lo, base_rate.hi), arm_rate=arm_rate.mean,
        arm_ci=(arm_rate.lo, arm_rate.hi), difference=diff.mean, ci=(diff.lo, diff.hi),
        p_value=p, bots=bots_phrase(rows[rows["arm"].isin([base, arm])], players),
        sentence="", pairs_frame=frame,
    )
    result.sentence = _sentence(result)
    return result


def upset_rate(
    games: pd.DataFrame, weaker: str | None = None, stronger: str | None = None,
    baseline: str | None = None,
) -> list[UpsetComparison]:
    """Each arm against ``baseline`` (default: the first arm by name): how often ``weaker``
    beats ``stronger`` in the games they play together, per player count (and study), with
    each rate's deal-clustered interval and the paired, deal-clustered interval and test of
    the difference. Without ``weaker``/``stronger``, every pair of bots seated together, the
    weaker being the one with the lower head-to-head score over all arms."""
    from gardensim.analysis.arms import _arm_groups

    require(games, ["arm", "players", "game", "win_0", "bot_0"], "upset rate")
    if (weaker is None) != (stronger is None):
        raise ValueError("give both weaker and stronger, or neither")
    results = []
    for players, rows, arms, base in _arm_groups(games, baseline):
        if weaker is not None and stronger is not None:
            pairs = [(weaker, stronger)]
        else:
            names = bot_names(rows, players)
            ranked = (_ranked(rows, players, x, y) for x, y in itertools.combinations(names, 2))
            pairs = [pair for pair in ranked if pair is not None]
        for (low, high), arm in itertools.product(pairs, arms):
            if arm == base:
                continue
            result = _compare(rows, players, base, arm, low, high)
            if result is not None:
                results.append(result)
    if not results:
        raise MissingData("upset rates need two arms whose line-ups seat two different bots "
                          "together (a mirror match shows no skill); skipped")
    return results


def upset_frame(results: list[UpsetComparison]) -> pd.DataFrame:
    """One row per comparison, for CSV."""
    import pandas as pd

    return pd.DataFrame.from_records([
        {"players": r.players, "weaker": r.weaker, "stronger": r.stronger,
         "baseline": r.baseline, "arm": r.arm, "pairs": r.pairs, "deals": r.deals,
         "baseline_rate": r.baseline_rate, "baseline_lo": r.baseline_ci[0],
         "baseline_hi": r.baseline_ci[1], "arm_rate": r.arm_rate, "arm_lo": r.arm_ci[0],
         "arm_hi": r.arm_ci[1], "difference": r.difference, "lo": r.ci[0], "hi": r.ci[1],
         "p_value": r.p_value}
        for r in results
    ])
