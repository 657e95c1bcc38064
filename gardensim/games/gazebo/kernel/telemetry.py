"""Telemetry of kernel games: the readable engine's turn and game columns (``telemetry.py``,
``docs/telemetry.md``) computed from the kernel's event log and turn marks.

The kernel logs what the readable engine logs (events, the gazebo ledger, draws) and marks
each turn as ``TelemetryMixin.mark`` does, so the columns are the same counts. One compiled
pass over the log counts every numeric column at once: the per-game Python work (a numpy call
per column and seat) had come to cost more than playing a random game.
``tests/gazebo/kernel/test_kernel_telemetry.py`` holds them equal to the readable engine's on
the same games.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gardensim.games.gazebo.geometry import DRAW_NAMES
from gardensim.games.gazebo.kernel.jit import njit
from gardensim.games.gazebo.kernel.layout import (
    DOMS,
    END,
    END_REASONS,
    EV_ABSORB,
    EV_DRAW,
    EV_PLACED,
    EV_RETURNED,
    EV_STEAL,
    EVENT_NAMES,
    NPATIO,
    NPL,
    O_PHOLD,
    O_START,
    O_SUPPLY,
    TURN,
    WINMASK,
)
from gardensim.games.gazebo.telemetry import EVENT_TYPES, SEATS

_PILE_WORDS = [DRAW_NAMES[code] for code in sorted(DRAW_NAMES)]
_EVENT_COLUMNS = [f"ev_{kind}" for kind in EVENT_TYPES[:-1]]
#: the kernel's event code of each ``ev_`` column, -1 for the others
_COLUMN_OF_CODE = np.full(len(EVENT_NAMES), -1, dtype=np.int64)
for _i, _kind in enumerate(EVENT_TYPES[:-1]):
    _COLUMN_OF_CODE[EVENT_NAMES.index(_kind)] = _i
_NEV = len(_EVENT_COLUMNS)
# columns of the compiled turn table after the ev_ counts
_PLACED, _RETURNED, _SUPPLY = _NEV, _NEV + 4, _NEV + 8
_DREW_S, _DREW_D = _NEV + 12, _NEV + 13
_WIDTH = _NEV + 14


@njit(cache=True)
def _turn_counts(events, bounds, column_of_code, start_gazebos, out) -> None:
    """Per turn (events ``bounds[t]`` to ``bounds[t + 1]``): event counts, gazebos placed and
    returned per seat, each seat's supply at the turn's end, singles and doubles drawn."""
    supply = start_gazebos.copy()
    for t in range(bounds.shape[0] - 1):
        for i in range(bounds[t], bounds[t + 1]):
            code = events[i, 0]
            p = events[i, 1]
            col = column_of_code[code]
            if col >= 0:
                out[t, col] += 1
            elif code == EV_PLACED:
                out[t, _PLACED + p] += events[i, 2]
                supply[p] -= events[i, 2]
            elif code == EV_RETURNED:
                out[t, _RETURNED + p] += events[i, 2]
                supply[p] += events[i, 2]
            elif code == EV_DRAW:
                out[t, _DREW_S if events[i, 3] < 3 else _DREW_D] += 1
        for s in range(supply.shape[0]):
            out[t, _SUPPLY + s] = supply[s]


#: the per-seat columns of the game row, in the order ``_game_facts`` fills them (seat-major)
_SEAT_FACTS = ("supply", "on_board", "singles_drawn", "patios", "absorbs", "steals")
_NFACTS = len(_SEAT_FACTS)
_NSEATS = len(SEATS)
_FACT_KEYS = [f"{column}_{s}" for s in SEATS for column in _SEAT_FACTS]


@njit(cache=True)
def _game_facts(S, events, out) -> None:
    """The game row's numbers: per seat (``_SEAT_FACTS``, seat-major) supply, gazebos on the
    board, singles drawn, patios held, absorbs and steals; then dominoes placed, the end
    reason's code, the winners' bit mask and the turn."""
    out[:] = 0
    base_supply = S[O_SUPPLY]
    base_start = S[O_START]
    for s in range(S[NPL]):
        out[s * _NFACTS] = S[base_supply + s]
        out[s * _NFACTS + 1] = S[base_start + s] - S[base_supply + s]
    for i in range(S[NPATIO]):
        holder = S[S[O_PHOLD] + i]
        if holder >= 0:
            out[holder * _NFACTS + 3] += 1
    for i in range(events.shape[0]):
        code = events[i, 0]
        p = events[i, 1]
        if code == EV_DRAW:
            if events[i, 3] < 3:
                out[p * _NFACTS + 2] += 1
        elif code == EV_ABSORB:
            out[p * _NFACTS + 4] += 1
        elif code == EV_STEAL:
            out[p * _NFACTS + 5] += 1
    tail = _NSEATS * _NFACTS
    out[tail] = S[DOMS]
    out[tail + 1] = S[END]
    out[tail + 2] = S[WINMASK]
    out[tail + 3] = S[TURN]


def turn_table(record: Any, moved: list[str], n: int) -> dict[str, Any]:
    """``TelemetryMixin.turn_table`` of a kernel game (``moved``: the notation of each of its
    moves, which the game row joins too), counts as numpy columns (``frames`` joins them as
    arrays), text as lists."""
    marks = record.turns
    events = record.events
    bounds = marks[:, 2].astype(np.int64)
    rows = len(marks) - 1
    counts = np.zeros((rows, _WIDTH), dtype=np.int64)
    start = record.state[record.state[O_START]:record.state[O_START] + n].astype(np.int64)
    _turn_counts(events, bounds, _COLUMN_OF_CODE, start, counts)
    starts = marks[:, 6].tolist()
    table: dict[str, Any] = {
        "move": [" ".join(moved[starts[i]:starts[i + 1]]) for i in range(rows)],
        "hand_singles": marks[:-1, 3],
        "hand_doubles": marks[:-1, 4],
        "legal_moves": marks[:-1, 5],
    }
    columns = counts.T
    for i, column in enumerate(_EVENT_COLUMNS):
        table[column] = columns[i]
    absent = [None] * rows
    for s in SEATS:
        live = s < n
        table[f"placed_{s}"] = columns[_PLACED + s] if live else absent
        table[f"returned_{s}"] = columns[_RETURNED + s] if live else absent
        table[f"supply_{s}"] = columns[_SUPPLY + s] if live else absent
    draws = [""] * rows
    at = np.flatnonzero(events[:, 0] == EV_DRAW)
    for turn, pile in zip(np.searchsorted(bounds, at, side="right").tolist(),
                          events[at, 2].tolist(), strict=True):
        word = _PILE_WORDS[pile]
        draws[turn - 1] = f"{draws[turn - 1]},{word}" if draws[turn - 1] else word
    table["draws"] = draws
    table["drew_singles"] = columns[_DREW_S]
    table["drew_doubles"] = columns[_DREW_D]
    return table


def game_row(record: Any) -> tuple[dict[str, Any], list[int], int]:
    """``TelemetryMixin.game_row`` of a finished kernel game, with its winners and turn count
    (the play loop's row needs them too): one compiled pass and one conversion, as a random
    game's Python row costs about as much as the game."""
    facts = np.empty(len(_FACT_KEYS) + 4, dtype=np.int64)
    _game_facts(record.state, record.events, facts)
    values = facts.tolist()
    live = int(record.state[NPL]) * _NFACTS
    tail = len(_FACT_KEYS)
    row: dict[str, Any] = {"end_reason": END_REASONS[values[tail + 1]]}
    row.update(zip(_FACT_KEYS[:live], values[:live], strict=True))
    row.update(dict.fromkeys(_FACT_KEYS[live:]))
    row["dominoes_placed"] = values[tail]
    mask = values[tail + 2]
    winners = [s for s in SEATS if mask >> s & 1]
    return row, winners, values[tail + 3]
