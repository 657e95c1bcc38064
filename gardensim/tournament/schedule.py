"""Which bots meet, and in which seats.

Two players: every pairing of the listed bots. Three or four players: every combination of that
many bots (a *table*). At every table, game ``g`` plays deal ``g // n`` with the line-up rotated by
``g % n`` (:func:`gardensim.sim.play.seating`), and every table plays the same deals with the same
game indices, so each deal is played from every seat by every line-up: luck of the deal and of
the seat cancels out of the comparison.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from gardensim.core.errors import ConfigError


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


def games_per_table(games: int, players: int) -> int:
    """``games`` rounded up to a multiple of ``players``, so every deal is played from every
    seat (a table that stopped mid-rotation would favour whoever got the extra first seat)."""
    if games < 1:
        raise ConfigError(f"--games must be at least 1, not {games}")
    return -(-games // players) * players


def batches(
    tables: Sequence[Table], games: int, size: int
) -> list[tuple[Table, int, int]]:
    """(table, first game, end game) work items of at most ``size`` games."""
    return [
        (t, start, min(start + size, games)) for t in tables for start in range(0, games, size)
    ]
