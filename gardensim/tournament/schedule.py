"""Which bots meet, and in which seats.

Two players: every pairing of the listed bots. Three or four players: every combination of that
many bots (a *table*). At every table, game ``g`` plays deal ``g // n`` with one cyclic order of
the table's bots rotated by ``g % n`` (:func:`table_seating`), and every table plays the same
deals with the same game indices, so each deal is played from every seat by every line-up: luck
of the deal and of the seat cancels out of the comparison.

At three or more seats the order round the table matters as much as the seat: the bot that
moves right after a weak one gets the openings it leaves, so one fixed order measures seating as
much as bots (``docs/mcts-multiplayer.md``, "Tables with a random bot"). So successive deals
take the table's cyclic orders in turn (two at 3 players, six at 4), and the games are rounded
up to whole cycles of them: then each bot sits right after each other bot equally often. Two
players have one cyclic order, so their schedule is plain seat rotation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from gardensim.core.errors import ConfigError
from gardensim.sim.play import lineup_seating


@dataclass(frozen=True)
class Table:
    """One line-up: ``members`` are indices into the tournament's bot list, in seat order of
    the first rotation."""

    index: int
    members: tuple[int, ...]


def make_tables(num_bots: int, players: int) -> list[Table]:
    """Every combination of ``players`` bots out of ``num_bots``, in lexicographic order."""
    if players < 2:
        raise ConfigError(f"a tournament needs at least 2 players per game, not {players}")
    if num_bots < players:
        raise ConfigError(
            f"{players}-player tables need at least {players} different bots; got {num_bots}"
        )
    return [Table(i, c) for i, c in enumerate(combinations(range(num_bots), players))]


def table_seating(members: Sequence[int], game_index: int) -> tuple[int, list[int]]:
    """(deal index, member per seat) of game ``game_index`` at the table ``members``: deal
    ``g // n`` in cyclic order ``deal % (n - 1)!``, rotated by ``g % n`` (the seating pool
    studies share, :func:`gardensim.sim.play.lineup_seating`)."""
    return lineup_seating([members], game_index, cyclic=True)


def games_per_table(games: int, players: int) -> int:
    """``games`` rounded up to whole cycles of seats and cyclic orders, ``players!`` games (2, 6,
    24): a table stopped mid-rotation would favour whoever got the extra first seat, one
    stopped mid-cycle whoever sat after the weaker bot more often."""
    if games < 1:
        raise ConfigError(f"--games must be at least 1, not {games}")
    cycle = math.factorial(players)
    return -(-games // cycle) * cycle


def batches(
    tables: Sequence[Table], games: int, size: int
) -> list[tuple[Table, int, int]]:
    """(table, first game, end game) work items of at most ``size`` games."""
    return [
        (t, start, min(start + size, games)) for t in tables for start in range(0, games, size)
    ]
