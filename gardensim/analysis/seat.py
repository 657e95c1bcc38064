"""Does the first player win too often? Seat advantage per arm and player count.

Win share per seat counts a game shared by k winners as 1/k to each, so shares sum to one per
game. Seat rotation over deals (``sim/play.py``) puts every bot in every seat equally often, so
the seat effect is not confounded with bot strength; mirror matches (one bot in every seat)
isolate it completely. See ``docs/analysis.md`` for methods and assumptions.
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
    groups,
    label,
    pct,
    require,
    seat_columns,
)

if TYPE_CHECKING:
    import pandas as pd

ELO_SCALE = 400.0


def wilson(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval of a win share; fractional successes (split wins) are allowed.

    Wilson rather than Wald because it stays inside [0, 1] and keeps its coverage near 0 and 1
    (a seat that almost never wins). Split wins make the true variance a little smaller than the
    binomial one, so the interval errs on the wide side.
    """
    from gardensim.stats import wilson_interval

    return wilson_interval(min(float(successes), float(n)), int(n), confidence)


def elo_from_share(share: float) -> float:
    """Elo difference whose expected score is ``share`` (400·log10(p/(1-p)))."""
    share = min(max(share, 1e-9), 1 - 1e-9)
    return ELO_SCALE * math.log10(share / (1 - share))


@dataclass
class SeatAdvantage:
    """Seat win shares of one arm and player count, with intervals and a test of equal seats."""

    arm: str
    players: int
    games: int
    mirror: bool
    table: pd.DataFrame = field(repr=False)
    chi2: float
    p_value: float
    elo: float | None
    elo_ci: tuple[float, float] | None
    sentence: str
    #: Share of games seat 0 started, when the game records its start player (``first_player``
    #: column: Summer Pavilion may draw it at random); None means seat 0 always starts.
    seat0_starts: float | None = None


def _seat_sentence(r: SeatAdvantage) -> str:
    row = r.table.iloc[0]
    fair = 1 / r.players
    who = "the first player (seat 0)"
    if r.seat0_starts is not None:
        who = f"seat 0 (start player in {pct(r.seat0_starts)} of games)"
    text = (
        f"In {label(r.arm, r.players)}, {who} wins {pct(row['share'])} of {r.games} games "
        f"(95% CI {pct(row['lo'])}–{pct(row['hi'])}) against a fair {pct(fair)}"
    )
    if r.elo is not None and r.elo_ci is not None:
        text += f", an edge worth {r.elo:+.0f} Elo (CI {r.elo_ci[0]:+.0f} to {r.elo_ci[1]:+.0f})"
    verdict = "seats differ" if r.p_value < 0.05 else "no evidence that seats differ"
    text += f"; {verdict} (chi-square p = {r.p_value:.3g})."
    if not r.mirror:
        text = text[:-1] + ", bots rotated over seats."
    return text


def _seat0_starts(rows: pd.DataFrame) -> float | None:
    """Share of games seat 0 started, or None when seat 0 always starts (or no game says)."""
    if "first_player" not in rows:
        return None
    share = float((rows["first_player"].astype(float) == 0).mean())
    return None if share == 1 else share


def seat_advantage_of(rows: pd.DataFrame, arm: str, players: int) -> SeatAdvantage:
    """Seat advantage of one group (rows of a single arm and player count)."""
    import pandas as pd
    from scipy.stats import chisquare

    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    n = len(wins)
    totals = wins.sum(axis=0)
    records = []
    for s in range(players):
        lo, hi = wilson(totals[s], n)
        records.append(
            {"seat": s, "games": n, "wins": totals[s], "share": totals[s] / n, "lo": lo, "hi": hi,
             "excess": totals[s] / n - 1 / players}
        )
    table = pd.DataFrame.from_records(records)
    chi2, p_value = chisquare(totals, np.full(players, totals.sum() / players))
    elo = elo_ci = None
    if players == 2:
        elo = elo_from_share(table.loc[0, "share"])
        elo_ci = (elo_from_share(table.loc[0, "lo"]), elo_from_share(table.loc[0, "hi"]))
    result = SeatAdvantage(
        arm=arm, players=players, games=n, mirror=len(bot_names(rows, players)) == 1,
        table=table, chi2=float(chi2), p_value=float(p_value), elo=elo, elo_ci=elo_ci,
        sentence="", seat0_starts=_seat0_starts(rows),
    )
    result.sentence = _seat_sentence(result)
    return result


def seat_advantage(games: pd.DataFrame) -> list[SeatAdvantage]:
    """Seat advantage for every arm and player count in ``games``."""
    require(games, ["arm", "players", "win_0", "win_1", "bot_0"], "seat advantage")
    return [seat_advantage_of(rows, arm, n) for arm, n, rows in groups(games)]


def seat_frame(results: list[SeatAdvantage]) -> pd.DataFrame:
    """All seat tables stacked, with arm and player count, for CSV and plots."""
    import pandas as pd

    parts = [r.table.assign(arm=r.arm, players=r.players, chi2_p=r.p_value) for r in results]
    cols = ["arm", "players", "seat", "games", "wins", "share", "lo", "hi", "excess", "chi2_p"]
    return pd.concat(parts, ignore_index=True)[cols]


@dataclass
class GazeboCompensation:
    """The per-seat extra gazebos that would have made the observed games closest to fair."""

    arm: str
    players: int
    games: int
    extra: tuple[int, ...]
    base: int | None
    shares_before: tuple[float, ...]
    shares_after: tuple[float, ...]
    rule_agreement: float
    p_value: float
    curve: pd.DataFrame = field(repr=False)
    sentence: str


def _shares_with(supply: np.ndarray, extra: np.ndarray) -> np.ndarray:
    """Win share per seat if the fewest remaining gazebos (after ``extra``) won, ties split."""
    adjusted = supply + extra
    best = adjusted.min(axis=1, keepdims=True)
    winners = (adjusted == best).astype(float)
    return (winners / winners.sum(axis=1, keepdims=True)).mean(axis=0)


def _compensation_sentence(c: GazeboCompensation) -> str:
    where = label(c.arm, c.players)
    if not any(c.extra):
        return (
            f"In {where}, no whole-gazebo handicap would make seats fairer than they are "
            f"(shares {', '.join(pct(s) for s in c.shares_before)})."
        )
    parts = [f"seat {s} {e:+d} gazebo{'s' * (e != 1)}" for s, e in enumerate(c.extra) if e]
    text = (
        f"In {where}, giving {', '.join(parts)} would have moved seat shares from "
        f"{', '.join(pct(s) for s in c.shares_before)} to "
        f"{', '.join(pct(s) for s in c.shares_after)}"
    )
    if c.base is not None:
        counts = ",".join(str(c.base + e) for e in c.extra)
        text += f' (option gazebos = "{counts}")'
    text += ", judged from final gazebo margins"
    if c.p_value >= 0.05:
        text += f"; seats do not differ significantly (p = {c.p_value:.2g}), so this may be noise"
    return text + "."


def gazebo_compensation_of(
    rows: pd.DataFrame, arm: str, players: int, max_extra: int = 4
) -> GazeboCompensation:
    """Compensation for one group; see :func:`gazebo_compensation`."""
    import pandas as pd
    from scipy.stats import chisquare

    supply = rows[seat_columns("supply", players)].astype(float).to_numpy()
    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    zero = np.zeros(players)
    rule_winners = supply == supply.min(axis=1, keepdims=True)
    agreement = float(np.mean(np.all(rule_winners == (wins > 0), axis=1)))
    fair = np.full(players, 1 / players)

    best_key: tuple[float, int] | None = None
    best_extra = zero
    for combo in itertools.product(range(max_extra + 1), repeat=players):
        if min(combo) != 0:
            continue
        extra = np.array(combo, dtype=float)
        key = (round(float(((_shares_with(supply, extra) - fair) ** 2).sum()), 12), sum(combo))
        if best_key is None or key < best_key:
            best_key, best_extra = key, extra

    curve = []
    for s in range(players):
        for e in range(-max_extra, max_extra + 1):
            extra = np.zeros(players)
            extra[s] = e
            curve.append({"seat": s, "extra": e, "share": _shares_with(supply, extra)[s]})
    base = None
    if all(f"on_board_{s}" in rows for s in range(players)):
        totals = supply + rows[seat_columns("on_board", players)].astype(float).to_numpy()
        base = int(pd.Series(totals.ravel()).mode().iloc[0])
    result = GazeboCompensation(
        arm=arm, players=players, games=len(rows), extra=tuple(int(e) for e in best_extra),
        base=base, shares_before=tuple(float(x) for x in wins.mean(axis=0)),
        shares_after=tuple(float(x) for x in _shares_with(supply, best_extra)),
        rule_agreement=agreement,
        p_value=float(chisquare(wins.sum(axis=0), np.full(players, len(rows) / players))[1]),
        curve=pd.DataFrame.from_records(curve), sentence="",
    )
    result.sentence = _compensation_sentence(result)
    return result


def gazebo_compensation(games: pd.DataFrame, max_extra: int = 4) -> list[GazeboCompensation]:
    """Per-seat extra gazebos (0..``max_extra``) that bring seats closest to fair.

    Method (margin re-scoring): a seat given ``e`` extra gazebos would end the game with ``e``
    more left. Each stored game is re-scored by the series rule of the rulebook ("the player with
    the lowest number of remaining gazebos wins", ties shared) on the adjusted final supplies,
    and the handicap whose re-scored shares are nearest 1/n (least squares; then the smallest
    handicap) is chosen. It ignores that play would change with other counts, so read it as a
    first estimate to be confirmed by a paired run with the suggested ``gazebos`` option.
    """
    require(games, ["supply_0", "supply_1", "win_0"], "gazebo compensation")
    results = []
    for arm, n, rows in groups(games):
        if not all(f"supply_{s}" in rows for s in range(n)):
            raise MissingData(f"gazebo compensation needs supply_0..{n - 1}; skipped")
        results.append(gazebo_compensation_of(rows, arm, n, max_extra))
    return results
