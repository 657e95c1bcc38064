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
from gardensim.analysis.verdict import FAIR_MARGIN, Quantity, Verdict, decide

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
    #: Number of seat tests the adjustment ran over.
    tests: int = 1
    verdict: Verdict | None = None
    #: The arms pooled into this answer (empty for one arm), and the p-value of the paired
    #: comparison that could not tell them apart.
    pooled: tuple[str, ...] = ()
    pool_p: float | None = None
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
    text = (
        f"In {where}, {_who(r)} wins {pct(q.estimate.mean)} of {r.games} games {r.bots} "
        f"(95% CI {pct(q.estimate.lo)}–{pct(q.estimate.hi)}, clustered on {r.deals} deals) "
        f"against a fair {pct(q.fair)}"
    )
    if r.elo is not None and r.elo_ci is not None:
        text += f", an edge worth {r.elo:+.0f} Elo (CI {r.elo_ci[0]:+.0f} to {r.elo_ci[1]:+.0f})"
    if r.pooled:
        from gardensim.stats.cluster import format_p

        text += ("; pooled because a paired comparison on their common deals cannot tell "
                 f"these arms apart ({format_p(math.nan if r.pool_p is None else r.pool_p)})")
    return text + "."


def _test_text(r: SeatAdvantage) -> str:
    from gardensim.stats.cluster import format_p

    what = "equal partnerships" if r.teams is not None else "equal seats"
    if r.p_adjusted is not None and r.tests > 1:
        return (f"test of {what}: Holm-adjusted {format_p(r.p_adjusted)} over {r.tests} seat "
                f"tests")
    return f"test of {what}: {format_p(r.p_value)}"


def finish(r: SeatAdvantage) -> SeatAdvantage:
    """(Re)compute the verdict and the sentences from the estimates and the (adjusted) p."""
    per = max(len(r.pooled), 1)
    p = r.p_value if r.p_adjusted is None else r.p_adjusted
    r.verdict = decide(r.quantities, p, r.fair_margin, r.games, r.players, per, r.tests)
    r.description = _describe(r)
    r.sentence = f"{r.description} Verdict: {r.verdict.text}; {_test_text(r)}."
    return r


def holm(results: Sequence[SeatAdvantage]) -> None:
    """Set ``p_adjusted`` of every result by Holm's method over all of them, and redo their
    verdicts and sentences: the family is every seat test whose verdict one report states."""
    from gardensim.stats.cluster import holm as holm_p

    adjusted = holm_p([r.p_value for r in results])
    for r, p in zip(results, adjusted, strict=True):
        r.p_adjusted = p
        r.tests = len(results)
        finish(r)


def _seat0_starts(rows: pd.DataFrame, start_player: str | None) -> float | None:
    """Share of games seat 0 started, read from the game's ``start_player`` column
    (``Columns.start_player``), or None when seat 0 always starts (or no game says)."""
    if start_player is None or start_player not in rows:
        return None
    share = float((rows[start_player].astype(float) == 0).mean())
    return None if share == 1 else share


def _listing(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def seat_advantage_of(
    rows: pd.DataFrame, arm: str, players: int, fair_margin: float = FAIR_MARGIN,
    pooled: Sequence[str] = (), pool_p: float | None = None, *, start_player: str | None = None,
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
    shares = wins.mean(axis=0)
    records = []
    for s in range(players):
        lo, hi = (min(max(x, 0.0), 1.0) for x in intervals[s])
        records.append({"seat": s, "games": n, "wins": wins[:, s].sum(),
                        "share": shares[s], "lo": lo, "hi": hi, "excess": shares[s] - fair})
        if teams is not None:
            records[-1]["team"] = 0 if s in teams[0] else 1
    table = pd.DataFrame.from_records(records)
    elo = elo_ci = None
    if players == 2:
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
        pooled=tuple(pooled), pool_p=pool_p, quantities=quantities,
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


def _outcome_columns(rows: pd.DataFrame, players: int,
                     teams: tuple[tuple[int, ...], ...] | None) -> np.ndarray:
    """What pooling must find equal across arms: seat 0's team share, or the first n − 1 seat
    shares (the last follows)."""
    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    if teams is not None:
        return wins[:, list(teams[0])].sum(axis=1)[:, None]
    return wins[:, : players - 1]


def _pool_test(rows: pd.DataFrame, arms: Sequence[str], players: int,
               teams: tuple[tuple[int, ...], ...] | None) -> float | None:
    """p-value of the paired comparison of ``arms`` (every seat share equal across arms), on
    the games all of them played, clustered on the deal; None when they cannot be paired."""
    from gardensim.stats.cluster import clustered_wald

    frames = [rows[rows["arm"] == a].set_index("game") for a in arms]
    common = frames[0].index
    for f in frames[1:]:
        common = common.intersection(f.index)
    if len(common) == 0:
        return None
    frames = [f.loc[common.sort_values()] for f in frames]
    for key in ("deal", "seed"):
        if key in frames[0] and any(
            not np.array_equal(frames[0][key].to_numpy(), f[key].to_numpy()) for f in frames
        ):
            return None
    base = _outcome_columns(frames[0], players, teams)
    diffs = np.hstack([_outcome_columns(f, players, teams) - base for f in frames[1:]])
    deals = deals_of(frames[0].reset_index())
    return clustered_wald(diffs, deals, np.zeros(diffs.shape[1])).p_value


def pooled_seat_advantage(
    games: pd.DataFrame, fair_margin: float = FAIR_MARGIN, alpha: float = 0.05, *,
    start_player: str | None = None,
) -> list[SeatAdvantage]:
    """The answers to "does the first player win too often?": per player count (and study),
    arms with the same bots that a paired comparison on their common deals cannot tell apart
    (every seat share, cluster-robust Wald, p ≥ ``alpha``) are pooled into one answer, clustered
    on the deal across arms; arms that differ (or have other bots) keep their own answer.
    Verdicts are Holm-adjusted over the answers returned.

    Why pool: boards that play alike answer one question, and nine separate tests of it give
    verdicts that flip between boards by chance while the paired comparison sees no difference.
    """
    require(games, ["arm", "players", "win_0", "win_1", "bot_0", "game"], "seat advantage")
    keys = ["players", "study"] if "study" in games else ["players"]
    results = []
    for key, rows in games.groupby(keys, observed=True, sort=True):
        players = int(key[0])
        by_kind: dict[tuple, list[str]] = {}
        for arm in sorted(str(a) for a in rows["arm"].unique()):
            arm_rows = rows[rows["arm"] == arm]
            kind = (tuple(bot_names(arm_rows, players)), partnership_teams(arm_rows, players))
            by_kind.setdefault(kind, []).append(arm)
        for (_, teams), arms in by_kind.items():
            p = _pool_test(rows, arms, players, teams) if len(arms) > 1 else None
            if p is not None and p >= alpha:
                pooled = rows[rows["arm"].isin(arms)]
                name = f"{_listing(arms)} pooled"
                results.append(seat_advantage_of(pooled, name, players, fair_margin, arms, p,
                                                  start_player=start_player))
            else:
                results += [seat_advantage_of(rows[rows["arm"] == a], a, players, fair_margin,
                                              start_player=start_player) for a in arms]
    if len(results) > 1:
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
         "tests": r.tests, "pool_p": r.pool_p,
         "verdict": r.verdict.kind if r.verdict else "", "fair_margin": r.fair_margin,
         "games_needed": r.verdict.games_needed if r.verdict else None}
        for r in results
    ])
