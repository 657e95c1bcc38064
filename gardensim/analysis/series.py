"""Series of games read from the stored frames: the games of one game index played on every
board of a series study (arms ``arm~board``, :func:`gardensim.sim.study.series_arm`).

Every arm of a series plays the same game indices, so game ``g`` of each board has the same
deal seed and the same players in the same seats: together they are one series. How a series is
won is a rule of the game (its spec's ``series`` scorer); what is generic is finding the series
in the frames, keeping only complete ones, and telling whether a series winner also won most of
its games.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import MissingData, groups

if TYPE_CHECKING:
    import pandas as pd

#: Joins an arm's name and its board in the arms a ``series`` study plays (``base~BOARD``;
#: ``gardensim.sim.study.series_arm`` writes it).
SERIES_MARK = "~"


def split_series_arm(name: str) -> tuple[str, str | None]:
    """(series, board) of a played arm: ``"gazebo-draw~aviary"`` gives ``("gazebo-draw",
    "aviary")``; an arm of a study without a series gives ``(name, None)``."""
    series, mark, board = str(name).rpartition(SERIES_MARK)
    return (series, board) if mark and series and board else (str(name), None)


def series_groups(games: pd.DataFrame) -> Iterator[tuple[str, int, list[str], pd.DataFrame]]:
    """(series, player count, boards in arm order, rows) for every series in ``games``; the
    rows gain a ``board`` column and keep only game indices played on every board (a series
    cut short is not a series). :class:`MissingData` when no arm belongs to a series."""
    found: dict[tuple[int, str], list[tuple[str, pd.DataFrame]]] = {}
    for arm, players, rows in groups(games):
        series, board = split_series_arm(arm)
        if board is not None:
            found.setdefault((players, series), []).append((board, rows.assign(board=board)))
    if not found:
        raise MissingData("no arm of these runs is a game of a series (arms 'name~board'); "
                          "skipped")
    import pandas as pd

    for (players, series), parts in sorted(found.items()):
        boards = [board for board, _ in parts]
        if len(boards) < 2:
            continue
        rows = pd.concat([part for _, part in parts], ignore_index=True)
        counts = rows.groupby("game")["board"].transform("nunique")
        yield series, players, boards, rows[counts == len(boards)]


def shared_best(totals: np.ndarray, lower_is_better: bool) -> np.ndarray:
    """Win shares from one total per seat and series (rows): the best total wins, a tie
    shares the win equally (each row sums to one)."""
    best = totals.min(axis=1, keepdims=True) if lower_is_better else \
        totals.max(axis=1, keepdims=True)
    winners = (totals == best).astype(float)
    return winners / winners.sum(axis=1, keepdims=True)


def majority_reversed(games_won: np.ndarray, series_wins: np.ndarray,
                      games: int) -> tuple[np.ndarray, np.ndarray]:
    """(has a majority winner, series won by someone else) per series (rows): a seat won more
    than half of the ``games`` games (``games_won`` counts win shares, so a shared game counts
    part), and no part of the series win went to that seat."""
    majority = games_won > games / 2
    has_majority = majority.any(axis=1)
    reversed_ = has_majority & ~((series_wins > 0) & majority).any(axis=1)
    return has_majority, reversed_
