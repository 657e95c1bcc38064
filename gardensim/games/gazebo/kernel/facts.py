"""A finished kernel game's row facts (``TelemetryMixin.game_row``), counted in the play loop.

The numbers (per seat supply, gazebos on the board, singles drawn, patios held, absorbs and
steals; dominoes placed, the end, the winners, the turn) are read from the final position right
after each game: the rules keep per-seat tallies of singles drawn, absorbs and steals, so a
batch without turn columns plays without the event log (a tenth of a random game).
One compiled pass and one conversion per game: a random game's Python row had cost about as
much as the game.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from gardensim.games.gazebo.kernel.layout import (
    DOMS,
    END,
    END_REASONS,
    NPATIO,
    NPL,
    O_PHOLD,
    O_START,
    O_SUPPLY,
    O_TALLY,
    TURN,
    WINMASK,
)
from gardensim.games.gazebo.rules.telemetry import SEATS

#: the end reason of a game won by placing a last gazebo (``END_REASONS``)
END_LAST_GAZEBO = END_REASONS.index("last-gazebo")
#: the per-seat columns of the game row, in the order ``game_facts`` fills them (seat-major)
SEAT_FACTS = ("supply", "on_board", "singles_drawn", "patios", "absorbs", "steals")
_NFACTS = len(SEAT_FACTS)
_FACT_KEYS = [f"{column}_{s}" for s in SEATS for column in SEAT_FACTS]
_TAIL = len(_FACT_KEYS)
#: length of a game's facts row
WIDTH = _TAIL + 4


@njit(cache=True)
def game_facts(S, out) -> None:
    """The game row's numbers: per seat (``SEAT_FACTS``, seat-major) supply, gazebos on the
    board, singles drawn, patios held, absorbs and steals (the position's tallies, kept with
    or without the event log); then dominoes placed, the end reason's code, the winners' bit
    mask and the turns played (a game won by a last gazebo ends within its last turn, which
    counts too)."""
    out[:] = 0
    base_supply = S[O_SUPPLY]
    base_start = S[O_START]
    tally = S[O_TALLY]
    for s in range(S[NPL]):
        out[s * _NFACTS] = S[base_supply + s]
        out[s * _NFACTS + 1] = S[base_start + s] - S[base_supply + s]
        out[s * _NFACTS + 2] = S[tally + 3 * s]
        out[s * _NFACTS + 4] = S[tally + 3 * s + 1]
        out[s * _NFACTS + 5] = S[tally + 3 * s + 2]
    for i in range(S[NPATIO]):
        holder = S[S[O_PHOLD] + i]
        if holder >= 0:
            out[holder * _NFACTS + 3] += 1
    out[_TAIL] = S[DOMS]
    out[_TAIL + 1] = S[END]
    out[_TAIL + 2] = S[WINMASK]
    out[_TAIL + 3] = S[TURN] + (S[END] == END_LAST_GAZEBO)


def game_row(values: list[int], n: int) -> tuple[dict[str, Any], list[int], int]:
    """``TelemetryMixin.game_row`` from a game's facts row (as a list) with ``n`` seats, and
    its winners and turn count (the play loop's row needs them too)."""
    live = n * _NFACTS
    row: dict[str, Any] = {"end_reason": END_REASONS[values[_TAIL + 1]]}
    row.update(zip(_FACT_KEYS[:live], values[:live], strict=True))
    row.update(dict.fromkeys(_FACT_KEYS[live:]))
    row["dominoes_placed"] = values[_TAIL]
    mask = values[_TAIL + 2]
    return row, [s for s in SEATS if mask >> s & 1], values[_TAIL + 3]


def new_facts(games: int) -> np.ndarray:
    return np.empty((games, WIDTH), dtype=np.int64)
