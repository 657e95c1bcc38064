"""Handicap arms of a stored Gazebo run, as played: what the report shows instead of trusting
the re-scoring estimate.

An arm whose seats started with different gazebo counts is a handicap someone chose; its games
already measure it. Starting counts are read from the games frame (each seat's supply plus its
gazebos on the board at the end), so the report needs no engine and no manifest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gardensim.analysis.verdict import FAIR_MARGIN
from gardensim.games.gazebo.handicap import gazebos_text, share_text
from gardensim.sim.candidates import Judgement, judge

if TYPE_CHECKING:
    import pandas as pd


@dataclass
class PlayedHandicap:
    """An arm of a stored run whose seats started with different gazebo counts, as played."""

    arm: str
    players: int
    counts: tuple[int, ...]
    games: int
    table: pd.DataFrame
    judgement: Judgement
    sentence: str
    deals: int = 0
    bots: str = ""


def start_counts(rows: pd.DataFrame, players: int) -> tuple[int, ...] | None:
    """Each seat's starting gazebos in a group of stored games (supply plus board at the end:
    gazebos only move between the two), the commonest per seat; None without those columns."""
    columns = [f"{c}_{s}" for c in ("supply", "on_board") for s in range(players)]
    if not all(c in rows for c in columns):
        return None
    totals = [rows[f"supply_{s}"].astype(float) + rows[f"on_board_{s}"].astype(float)
              for s in range(players)]
    return tuple(int(t.mode().iloc[0]) for t in totals)


def bots_in(games: pd.DataFrame, arm: str, players: int) -> str:
    """How a sentence names the bots of one group of a run: ``with greedy bots in every seat``."""
    from gardensim.analysis.frames import bot_names

    rows = games[(games["arm"] == arm) & (games["players"] == players)]
    names = bot_names(rows, players)
    if len(names) == 1:
        return f"with {names[0]} bots in every seat"
    return f"with {' and '.join(names)} bots rotated over the seats"


def played_handicaps(
    games: pd.DataFrame, margin: float = FAIR_MARGIN
) -> list[PlayedHandicap]:
    """The handicap arms of a run (seats starting with different gazebos) with their measured
    seat shares, intervals and verdict: what the report shows instead of trusting an estimate."""
    from gardensim.analysis.frames import groups
    from gardensim.analysis.seat import seat_advantage

    starts = {}
    for arm, players, rows in groups(games):
        counts = start_counts(rows, players)
        if counts is not None and len(set(counts)) > 1:
            starts[(arm, players)] = counts
    if not starts:
        return []
    arms = {arm for arm, _ in starts}
    chosen = games[games["arm"].isin(arms)]
    out = []
    for r in seat_advantage(chosen):
        if (r.arm, r.players) not in starts:
            continue
        arm, players = r.arm, r.players
        counts, bots = starts[(arm, players)], bots_in(games, arm, players)
        table = r.table[["seat", "share", "lo", "hi"]].reset_index(drop=True)
        verdict = judge(table, players, r.games, margin)
        shares = ", ".join(share_text(x.share, x.lo, x.hi) for x in table.itertuples())
        text = verdict.verdict
        if verdict.verdict == "fair":
            text = f"fair within ±{100 * margin:g} points"
        elif verdict.more_games:
            text = f"undecided: play {verdict.more_games} more games"
        out.append(PlayedHandicap(
            arm, players, counts, r.games, table, verdict,
            f'Played: in {arm}, {players} players (gazebos = "{gazebos_text(counts)}"), '
            f"{bots}, seat shares were {shares} over {r.games} games; {text}.",
            r.deals, bots,
        ))
    return out
