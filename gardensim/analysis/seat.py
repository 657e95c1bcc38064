"""Does the first player win too often? Seat advantage per arm and player count.

Win share per seat counts a game shared by k winners as 1/k to each, so shares sum to one per
game. Seat rotation over deals (``sim/play.py``) puts every bot in every seat equally often, so
the seat effect is not confounded with bot strength; mirror matches (one bot in every seat)
isolate it completely. The unit of inference is the deal: the rotated replays of a deal (and
every arm's replay of it) share its draws, so intervals and tests are clustered on it
(:mod:`gardensim.stats.cluster`). In a partnership game the team is the unit: seat 0's team
against 50%, one degree of freedom. Every result ends in a :class:`~gardensim.analysis.verdict.
Verdict`. See ``docs/analysis.md`` for methods, assumptions and measured coverage.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import (
    bot_names,
    bots_phrase,
    deals_of,
    groups,
    label,
    partnership_teams,
    pct,
    require,
    seat_columns,
)
from gardensim.analysis.verdict import (
    FAIR_MARGIN,
    MIN_DEALS,
    Quantity,
    Verdict,
    clip_share,
    decide,
)

if TYPE_CHECKING:
    import pandas as pd

ELO_SCALE = 400.0


def elo_from_share(share: float) -> float:
    """Elo difference whose expected score is ``share`` (400·log10(p/(1-p)))."""
    share = min(max(share, 1e-9), 1 - 1e-9)
    return ELO_SCALE * math.log10(share / (1 - share))


@dataclass
class SeatAdvantage:
    """Seat win shares of one arm (or of pooled arms) and player count, with deal-clustered
    intervals, the cluster-robust test of equal seats (or partnerships) and a verdict."""

    arm: str
    players: int
    games: int
    mirror: bool
    table: pd.DataFrame = field(repr=False)
    #: Cluster-robust Wald F of equal seats (partnerships), with its degrees of freedom.
    statistic: float
    df: tuple[int, int]
    p_value: float
    elo: float | None
    elo_ci: tuple[float, float] | None
    sentence: str
    #: Share of games seat 0 started, when the game records its start player (``first_player``
    #: column of a game that may draw it at random); None means seat 0 always starts.
    seat0_starts: float | None = None
    deals: int = 0
    #: "with greedy bots in every seat": whose answer this is.
    bots: str = ""
    #: The two partnerships, seat 0's first, in a team game; None otherwise.
    teams: tuple[tuple[int, ...], ...] | None = None
    #: Variance of seat 0's share relative to independent games (1 + (m - 1)·rho).
    design_effect: float = math.nan
    fair_margin: float = FAIR_MARGIN
    #: Holm-adjusted p over the seat tests of one report (set by :func:`holm`).
    p_adjusted: float | None = None
    #: Number of answers shown together: the verdict reads simultaneous intervals over them.
    tests: int = 1
    verdict: Verdict | None = None
    #: Replicate arms pooled into this answer (empty for one arm): never arms a study declares
    #: as its factor, and never by a test that could not tell them apart.
    pooled: tuple[str, ...] = ()
    #: The estimate and interval sentence without the verdict.
    description: str = ""
    quantities: list[Quantity] = field(default_factory=list, repr=False)


def _who(r: SeatAdvantage) -> str:
    if r.teams is not None:
        mates = " and ".join(str(s) for s in r.teams[0])
        return f"the first player's partnership (seats {mates})"
    if r.seat0_starts is not None:
        return f"seat 0 (start player in {pct(r.seat0_starts)} of games)"
    return "the first player (seat 0)"


def _describe(r: SeatAdvantage) -> str:
    q = r.quantities[0]
    where = label(r.arm, r.players)
    if r.teams is not None:
        a, b = ("+".join(str(s) for s in team) for team in r.teams)
        where += f" (partnerships {a} against {b})"
    text = f"In {where}, {_who(r)} wins {pct(q.estimate.mean)} of {r.games} games {r.bots}"
    if r.deals < MIN_DEALS:
        return text + f" on {r.deals} deals, too few to estimate an interval."
    text += (f" (95% CI {pct(q.estimate.lo)}–{pct(q.estimate.hi)}, clustered on {r.deals} "
             f"deals) against a fair {pct(q.fair)}")
    if r.elo is not None and r.elo_ci is not None:
        text += f", an edge worth {r.elo:+.0f} Elo (CI {r.elo_ci[0]:+.0f} to {r.elo_ci[1]:+.0f})"
    if r.pooled:
        text += f" (replicates pooled: {', '.join(r.pooled)})"
    return text + "."


def finish(r: SeatAdvantage) -> SeatAdvantage:
    """(Re)compute the verdict and the sentences from the estimates and the (adjusted) p."""
    r.verdict = decide(r.quantities, r.fair_margin, r.games, r.players, r.tests)
    r.description = _describe(r)
    family = (f" (read from intervals simultaneous over the {r.tests} answers shown together)"
              if r.tests > 1 else "")
    r.sentence = f"{r.description} Verdict{family}: {r.verdict.text}."
    return r


def holm(results: Sequence[SeatAdvantage], family: int = 1) -> None:
    """Set ``p_adjusted`` of every result by Holm's method over all of them, and redo their
    verdicts (simultaneous intervals over the family) and sentences: the family is every
    answer one report states together."""
    from gardensim.stats.cluster import holm as holm_p

    adjusted = holm_p([r.p_value for r in results])
    for r, p in zip(results, adjusted, strict=True):
        r.p_adjusted = p
        r.tests = max(len(results), family)
        finish(r)


def _bounded(q: Quantity) -> Quantity:
    """A share's estimate with its interval clipped to [0, 1], or without one (NaN) on fewer
    than :data:`~gardensim.analysis.verdict.MIN_DEALS` deals."""
    from dataclasses import replace

    e = q.estimate
    lo, hi = clip_share(e.lo, e.hi) if e.clusters >= MIN_DEALS else (math.nan, math.nan)
    return replace(q, estimate=replace(e, lo=lo, hi=hi))


def _seat0_starts(rows: pd.DataFrame, start_player: str | None) -> float | None:
    """Share of games seat 0 started, read from the game's ``start_player`` column
    (``Columns.start_player``), or None when seat 0 always starts (or no game says)."""
    if start_player is None or start_player not in rows:
        return None
    share = float((rows[start_player].astype(float) == 0).mean())
    return None if share == 1 else share


def seat_advantage_of(
    rows: pd.DataFrame, arm: str, players: int, fair_margin: float = FAIR_MARGIN,
    pooled: Sequence[str] = (), *, start_player: str | None = None,
) -> SeatAdvantage:
    """Seat advantage of one group (rows of one arm, or of pooled arms, and one player count).

    Each seat's share is the mean of its win shares with a CR1 interval clustered on the deal
    (t with deals − 1 degrees of freedom); the seats are tested equal by the cluster-robust
    Wald F on ``n − 1`` of them (shares sum to one). A partnership game is answered for seat
    0's team against 50% (one restriction); each seat's interval is then half its team's.
    """
    import pandas as pd

    from gardensim.stats.cluster import clustered_means

    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    deals = deals_of(rows)
    n = len(wins)
    fair = 1 / players
    teams = partnership_teams(rows, players)
    if teams is not None:
        team_share = clustered_means(wins[:, list(teams[0])].sum(axis=1), deals)
        team = team_share.column(0)
        quantities = [Quantity("the first player's partnership", team, 0.5)]
        test = team_share.wald([0.5])
        intervals = {s: (team.lo / 2, team.hi / 2) if s in teams[0]
                     else ((1 - team.hi) / 2, (1 - team.lo) / 2) for s in range(players)}
    else:
        seats = clustered_means(wins, deals)
        estimates = [seats.column(s) for s in range(players)]
        quantities = [Quantity(f"seat {s}", estimates[s], fair) for s in range(players)]
        test = seats.wald(np.full(players, fair), columns=range(players - 1))
        intervals = {s: (estimates[s].lo, estimates[s].hi) for s in range(players)}
    quantities = [_bounded(q) for q in quantities]
    intervals = {s: iv if quantities[0].estimate.clusters >= MIN_DEALS else (math.nan, math.nan)
                 for s, iv in intervals.items()}
    shares = wins.mean(axis=0)
    records = []
    for s in range(players):
        lo, hi = clip_share(*intervals[s])
        records.append({"seat": s, "games": n, "wins": wins[:, s].sum(),
                        "share": shares[s], "lo": lo, "hi": hi, "excess": shares[s] - fair})
        if teams is not None:
            records[-1]["team"] = 0 if s in teams[0] else 1
    table = pd.DataFrame.from_records(records)
    elo = elo_ci = None
    if players == 2 and quantities[0].estimate.clusters >= MIN_DEALS:
        elo = elo_from_share(table.loc[0, "share"])
        elo_ci = (elo_from_share(table.loc[0, "lo"]), elo_from_share(table.loc[0, "hi"]))
    names = bot_names(rows, players)
    result = SeatAdvantage(
        arm=arm, players=players, games=n, mirror=len(names) == 1,
        table=table, statistic=test.statistic, df=(test.df_num, test.df_denom),
        p_value=test.p_value, elo=elo, elo_ci=elo_ci, sentence="",
        seat0_starts=_seat0_starts(rows, start_player), deals=quantities[0].estimate.clusters,
        bots=bots_phrase(rows, players, names), teams=teams,
        design_effect=quantities[0].estimate.design_effect, fair_margin=fair_margin,
        pooled=tuple(pooled), quantities=quantities,
    )
    return finish(result)


def seat_advantage(games: pd.DataFrame, fair_margin: float = FAIR_MARGIN,
                   adjust: bool = True, *, start_player: str | None = None
                   ) -> list[SeatAdvantage]:
    """Seat advantage for every arm and player count in ``games``.

    ``start_player`` names the games column recording who started, for games where seat 0
    does not always start (``Columns.start_player`` of the game's spec).

    ``fair_margin`` is the study's equivalence margin (a share: 0.03 = ±3 points); with
    ``adjust`` the verdicts use Holm-adjusted p-values over the results returned (a report
    widens that family to all its seat tests with :func:`holm`).
    """
    require(games, ["arm", "players", "win_0", "win_1", "bot_0"], "seat advantage")
    results = [seat_advantage_of(rows, arm, n, fair_margin, start_player=start_player)
               for arm, n, rows in groups(games)]
    if adjust and len(results) > 1:
        holm(results)
    return results


def seat_frame(results: list[SeatAdvantage]) -> pd.DataFrame:
    """All seat tables stacked, with arm and player count, for CSV and plots."""
    import pandas as pd

    parts = [r.table.assign(arm=r.arm, players=r.players, p_value=r.p_value)
             for r in results]
    cols = ["arm", "players", "seat", "games", "wins", "share", "lo", "hi", "excess", "p_value"]
    return pd.concat(parts, ignore_index=True)[cols]


def verdict_frame(results: list[SeatAdvantage]) -> pd.DataFrame:
    """One row per answer: seat 0's (team's) share and interval, the test, the verdict."""
    import pandas as pd

    return pd.DataFrame.from_records([
        {"arm": r.arm, "players": r.players, "games": r.games, "deals": r.deals,
         "bots": r.bots.removeprefix("with "), "unit": "team" if r.teams else "seat",
         "share": r.quantities[0].estimate.mean, "lo": r.quantities[0].estimate.lo,
         "hi": r.quantities[0].estimate.hi, "fair": r.quantities[0].fair,
         "design_effect": r.design_effect, "F": r.statistic, "df_num": r.df[0],
         "df_denom": r.df[1], "p_value": r.p_value, "p_adjusted": r.p_adjusted,
         "tests": r.tests,
         "verdict": r.verdict.kind if r.verdict else "", "fair_margin": r.fair_margin,
         "games_needed": r.verdict.games_needed if r.verdict else None}
        for r in results
    ])
