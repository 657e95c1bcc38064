"""Telemetry of kernel games: the readable engine's turn and game columns (``telemetry.py``,
``docs/telemetry.md``) computed from the kernel's event log and turn marks.

The kernel logs what the readable engine logs (events, the gazebo ledger, draws) and marks
each turn as ``TelemetryMixin.mark`` does, so the columns are the same counts; they are formed
with numpy over the whole game (``np.add.reduceat`` between turn marks) instead of a Python
pass per turn. ``tests/gazebo/kernel/test_kernel_telemetry.py`` holds them equal to the
readable engine's on the same games.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gardensim.games.gazebo.geometry import DRAW_NAMES
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
)
from gardensim.games.gazebo.telemetry import EVENT_TYPES, SEATS

_PILE_WORDS = [DRAW_NAMES[code] for code in sorted(DRAW_NAMES)]
_COLUMN_CODES = [(f"ev_{kind}", EVENT_NAMES.index(kind)) for kind in EVENT_TYPES[:-1]]


def _per_turn(values: np.ndarray, bounds: np.ndarray) -> list[int]:
    """Sums of ``values`` between consecutive ``bounds`` (empty spans give 0)."""
    totals = np.concatenate(([0], np.cumsum(values)))
    return (totals[bounds[1:]] - totals[bounds[:-1]]).tolist()


def turn_table(record: Any, names: Any, n: int) -> dict[str, list[Any]]:
    """``TelemetryMixin.turn_table`` of a kernel game (``names``: action code -> notation)."""
    marks = record.turns
    events = record.events
    bounds = marks[:, 2]
    code = events[:, 0]
    player = events[:, 1]
    amount = events[:, 2]
    acts = record.moves[:, 0].tolist()
    starts = marks[:, 6].tolist()
    table: dict[str, list[Any]] = {
        "move": [" ".join(names[a] for a in acts[starts[i]:starts[i + 1]])
                 for i in range(len(starts) - 1)],
        "hand_singles": marks[:-1, 3].tolist(),
        "hand_doubles": marks[:-1, 4].tolist(),
        "legal_moves": marks[:-1, 5].tolist(),
    }
    for column, c in _COLUMN_CODES:
        table[column] = _per_turn(code == c, bounds)
    rows = len(starts) - 1
    absent = [None] * rows
    start_gazebos = record.state[record.state[O_START]:record.state[O_START] + n]
    for s in SEATS:
        if s >= n:
            table[f"placed_{s}"] = table[f"returned_{s}"] = table[f"supply_{s}"] = absent
            continue
        placed = np.where((code == EV_PLACED) & (player == s), amount, 0)
        returned = np.where((code == EV_RETURNED) & (player == s), amount, 0)
        table[f"placed_{s}"] = _per_turn(placed, bounds)
        table[f"returned_{s}"] = _per_turn(returned, bounds)
        net = np.concatenate(([0], np.cumsum(returned - placed)))
        table[f"supply_{s}"] = (int(start_gazebos[s]) + net[bounds[1:]]).tolist()
    is_draw = code == EV_DRAW
    at = np.flatnonzero(is_draw)
    words: list[list[str]] = [[] for _ in range(rows)]
    for turn, pile in zip(np.searchsorted(bounds, at, side="right").tolist(),
                          amount[at].tolist(), strict=True):
        words[turn - 1].append(_PILE_WORDS[pile])
    table["draws"] = [",".join(w) for w in words]
    singles = _per_turn(is_draw & (events[:, 3] < 3), bounds)
    table["drew_singles"] = singles
    table["drew_doubles"] = [d - s for d, s in zip(_per_turn(is_draw, bounds), singles,
                                                   strict=True)]
    return table


def game_row(record: Any) -> dict[str, Any]:
    """``TelemetryMixin.game_row`` of a finished kernel game."""
    S = record.state
    n = int(S[NPL])
    events = record.events
    code, player = events[:, 0], events[:, 1]
    supply = S[S[O_SUPPLY]:S[O_SUPPLY] + n].tolist()
    start = S[S[O_START]:S[O_START] + n].tolist()
    holders = S[S[O_PHOLD]:S[O_PHOLD] + int(S[NPATIO])]
    row: dict[str, Any] = {"end_reason": END_REASONS[int(S[END])]}
    drawn_single = (code == EV_DRAW) & (events[:, 3] < 3)
    for s in SEATS:
        live = s < n
        row[f"supply_{s}"] = supply[s] if live else None
        row[f"on_board_{s}"] = start[s] - supply[s] if live else None
        row[f"singles_drawn_{s}"] = int(np.sum(drawn_single & (player == s))) if live else None
        row[f"patios_{s}"] = int(np.sum(holders == s)) if live else None
        row[f"absorbs_{s}"] = int(np.sum((code == EV_ABSORB) & (player == s))) if live else None
        row[f"steals_{s}"] = int(np.sum((code == EV_STEAL) & (player == s))) if live else None
    row["dominoes_placed"] = int(S[DOMS])
    return row
