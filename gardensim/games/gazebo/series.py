"""The rulebook's series of games, scored from stored frames (rulebook, "Game End": "the
player with the lowest overall number of remaining gazebos wins").

A series study (``series = [...]``) plays game ``g`` on every board with the same deal seed and
the same players in the same seats; :func:`gardensim.analysis.series.series_groups` finds those
games, and this module applies Gazebo's rule to their ``supply_<seat>`` columns. Where the
rulebook is silent (``docs/decisions.md``, "Series play"): a tie for the lowest total shares the
series win, as a tied game does; in a partnership game each partnership's total is both
partners' remaining gazebos, and a tie of totals is shared too (the single-game tie-break, who
placed the last gazebo, names no one over a series).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import (
    MissingData,
    long_seats,
    partnership_teams,
    pct,
    require,
    seat_columns,
)
from gardensim.analysis.series import majority_reversed, series_groups, shared_best
from gardensim.sim.study import BASE_ARM

if TYPE_CHECKING:
    import pandas as pd

#: Remaining gazebos: the fewer the better (the series rule).
LOWER_IS_BETTER = True


def _team_totals(values: np.ndarray, teams: tuple[tuple[int, ...], ...] | None) -> np.ndarray:
    """Each seat's value replaced by its partnership's sum (unchanged without partnerships)."""
    if teams is None:
        return values
    out = values.copy()
    for team in teams:
        out[:, list(team)] = values[:, list(team)].sum(axis=1, keepdims=True)
    return out


def score_series(games: pd.DataFrame) -> pd.DataFrame:
    """One row per complete series: its ``series``, ``players``, ``game`` index and ``deal``,
    the number of ``boards``, each seat's bot, total remaining gazebos (``total_<seat>``),
    games won (``games_won_<seat>``, win shares) and series win share (``win_<seat>``), the
    ``winners`` and their bots, the seats that won a majority of the games and whether the
    series went to someone else (``reversed``). Shaped like a games frame (``arm`` is the
    series), so the seat analysis reads it as it reads single games."""
    import pandas as pd

    require(games, ["arm", "players", "game", "supply_0", "supply_1", "win_0", "bot_0"],
            "series scoring")
    out = []
    for series, players, boards, rows in series_groups(games):
        if rows.empty:
            continue
        supply, wins, bots = (seat_columns(c, players) for c in ("supply", "win", "bot"))
        by_game = rows.groupby("game", sort=True)
        if (by_game[bots].nunique() > 1).any(axis=None):
            raise MissingData(f"series {series!r}: a game index seats other bots on another "
                              "board, so its games are no series; skipped")
        totals = by_game[supply].sum()
        won = by_game[wins].sum()
        first = by_game[["deal", *bots]].first()
        teams = partnership_teams(rows, players)
        series_wins = shared_best(_team_totals(totals.to_numpy(float), teams), LOWER_IS_BETTER)
        team_won = _team_totals(won.to_numpy(float), teams)
        has_majority, reversed_ = majority_reversed(team_won, series_wins, len(boards))
        frame = pd.DataFrame({"arm": series, "series": series, "players": players,
                              "game": totals.index.to_numpy(),
                              "deal": first["deal"].to_numpy(), "boards": len(boards)})
        names = first[bots].astype(str).to_numpy()
        for s in range(players):
            frame[f"bot_{s}"] = names[:, s]
            frame[f"total_{s}"] = totals.iloc[:, s].to_numpy()
            frame[f"games_won_{s}"] = won.iloc[:, s].to_numpy()
            frame[f"win_{s}"] = series_wins[:, s]
        frame["winners"] = [",".join(str(s) for s in np.flatnonzero(w > 0)) for w in series_wins]
        frame["winner_bots"] = [",".join(sorted({names[i, s] for s in np.flatnonzero(w > 0)}))
                                for i, w in enumerate(series_wins)]
        frame["majority"] = [",".join(str(s) for s in np.flatnonzero(m > len(boards) / 2))
                             for m in team_won]
        frame["has_majority"] = has_majority
        frame["reversed"] = reversed_
        frame["board_list"] = ",".join(boards)
        out.append(frame)
    if not out:
        raise MissingData("no series was played on every one of its boards; skipped")
    return pd.concat(out, ignore_index=True)


@dataclass
class SeriesRow:
    """One measured share of one series group, as a row of ``gazebo-series.csv``."""

    series: str
    players: int
    boards: str
    series_count: int
    deals: int
    shared: int
    bots: str
    measure: str  # "seat", "bot" or "reversed"
    subject: str
    share: float
    lo: float
    hi: float
    fair: float
    count: float
    of: int
    verdict: str = ""
    #: The same subject's share of the single games of these series (the seat row only).
    per_game: float = float("nan")


def series_rows(series: pd.DataFrame, fair_margin: float | None = None) -> list[SeriesRow]:
    """Per series group: the series winner's seat (seat 0's share, or its partnership's, with
    the deal-clustered interval and verdict of :func:`gardensim.analysis.seat.seat_advantage_of`),
    each bot's share of series wins when bots differ, and how often the series went to another
    player than the one who won a majority of its games (a clustered share over the series that
    had a majority winner)."""
    from gardensim.analysis.seat import seat_advantage_of
    from gardensim.analysis.verdict import FAIR_MARGIN
    from gardensim.stats.cluster import clustered_share

    out = []
    for (name, players), rows in series.groupby(["series", "players"], sort=True):
        players = int(players)
        seat = seat_advantage_of(rows, str(name), players,
                                 FAIR_MARGIN if fair_margin is None else fair_margin)
        q = seat.quantities[0]
        common = {"series": str(name), "players": players, "boards": rows["board_list"].iloc[0],
                  "series_count": len(rows), "deals": seat.deals,
                  "shared": int((rows["winners"].str.contains(",")).sum()),
                  "bots": seat.bots.removeprefix("with ")}
        first_seats = list(seat.teams[0]) if seat.teams is not None else [0]
        games_won = rows[[f"games_won_{s}" for s in first_seats]].to_numpy(float).sum()
        out.append(SeriesRow(**common, measure="seat", subject=q.name, share=q.estimate.mean,
                             lo=q.estimate.lo, hi=q.estimate.hi, fair=q.fair,
                             count=q.estimate.mean * len(rows), of=len(rows),
                             verdict=seat.verdict.kind if seat.verdict else "",
                             per_game=games_won / (len(rows) * rows["boards"].iloc[0])))
        long = long_seats(rows, players)
        if long["bot"].nunique() > 1:
            for bot, part in long.groupby("bot", sort=True):
                per = part.groupby("game").agg(win=("win", "sum"), deal=("deal", "first"))
                est = clustered_share(per["win"].to_numpy(), per["deal"].to_numpy())
                seats = len(part) / len(per)
                out.append(SeriesRow(**common, measure="bot", subject=str(bot),
                                     share=est.mean, lo=est.lo, hi=est.hi,
                                     fair=seats / players, count=float(per["win"].sum()),
                                     of=len(per)))
        decided = rows[rows["has_majority"]]
        if len(decided):
            est = clustered_share(decided["reversed"].to_numpy(float), decided["deal"].to_numpy())
            out.append(SeriesRow(**common, measure="reversed",
                                 subject="the series winner is not the majority winner",
                                 share=est.mean, lo=est.lo, hi=est.hi, fair=float("nan"),
                                 count=float(decided["reversed"].sum()), of=len(decided)))
    return out


def series_frame(rows: list[SeriesRow]) -> pd.DataFrame:
    """``gazebo-series.csv``: the rows of :func:`series_rows`."""
    import pandas as pd

    return pd.DataFrame.from_records([vars(r) for r in rows])


def _interval(r: pd.Series) -> str:
    if not (np.isfinite(r["lo"]) and np.isfinite(r["hi"])):
        return f"on {r['deals']} deals, too few for an interval"
    return f"95% CI {pct(r['lo'])}–{pct(r['hi'])}, clustered on {r['deals']} deals"


def series_sentences(table: pd.DataFrame) -> list[str]:
    """One sentence per row of ``gazebo-series.csv``, every figure read from the row."""
    out = []
    for _, r in table.iterrows():
        name = "the series" if r["series"] == BASE_ARM else f"series {r['series']}"
        where = (f"In {name} ({r['players']} players, one game on each of "
                 f"{r['boards'].replace(',', ', ')}), with {r['bots']}")
        if r["measure"] == "seat":
            ties = f"; {r['shared']} series tied and were shared" if r["shared"] else ""
            out.append(f"{where}, {r['subject']} won {pct(r['share'])} of {r['of']} series by the "
                       f"lowest total of remaining gazebos ({_interval(r)}) against a fair "
                       f"{pct(r['fair'])}, verdict: {r['verdict'] or 'none'}{ties}; it won "
                       f"{pct(r['per_game'])} of the single games of these series.")
        elif r["measure"] == "bot":
            out.append(f"{where}, {r['subject']} won {pct(r['share'])} of the series "
                       f"({_interval(r)}) against {pct(r['fair'])} for its seats.")
        else:
            out.append(f"{where}, of the {r['of']} series in which one player won most of the "
                       f"games, {r['count']:.0f} ({pct(r['share'])}, {_interval(r)}) went to "
                       "another player by remaining gazebos.")
    return out


def series_winners_frame(series: pd.DataFrame, players: int | None = None) -> pd.DataFrame:
    """Per series: its game index, deal, winners (seats and bots), majority winners and
    totals, for ``gazebo-series-winners.csv``."""
    most = int(series["players"].max()) if players is None else players
    keep = ["series", "players", "game", "deal", "winners", "winner_bots", "majority",
            "reversed", *(f"total_{s}" for s in range(most) if f"total_{s}" in series)]
    return series[keep]
