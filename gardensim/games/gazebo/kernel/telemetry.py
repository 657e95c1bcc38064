"""Telemetry of kernel games: the readable engine's turn columns (``telemetry.py``,
``docs/telemetry.md``) computed from the kernel's event logs and turn marks (the game row's
numbers are ``facts.py``'s).

The kernel logs what the readable engine logs (events, the gazebo ledger, draws) and marks
each turn as ``TelemetryMixin.mark`` does, so the columns are the same counts. One compiled
pass over a batch's logs, read where the kernel call left them, counts every numeric column at
once in the width the schema stores it (Arrow then takes the arrays as they are): the per-game
Python work (a numpy call per column and seat) had come to cost more than playing a random
game.
``tests/gazebo/kernel/test_kernel_telemetry.py`` holds them equal to the readable engine's on
the same games.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
from numba import njit

from gardensim.games.gazebo.kernel.layout import (
    EV_DRAW,
    EV_PLACED,
    EV_RETURNED,
    EVENT_NAMES,
    NPL,
    O_START,
)
from gardensim.games.gazebo.kernel.session import BatchLogs
from gardensim.games.gazebo.rules.geometry import DRAW_NAMES
from gardensim.games.gazebo.rules.telemetry import EVENT_TYPES, SEATS

_PILE_WORDS = [DRAW_NAMES[code] for code in sorted(DRAW_NAMES)]
_EVENT_COLUMNS = [f"ev_{kind}" for kind in EVENT_TYPES[:-1]]
#: the kernel's event code of each ``ev_`` column, -1 for the others
_COLUMN_OF_CODE = np.full(len(EVENT_NAMES), -1, dtype=np.int64)
for _i, _kind in enumerate(EVENT_TYPES[:-1]):
    _COLUMN_OF_CODE[EVENT_NAMES.index(_kind)] = _i
_NEV = len(_EVENT_COLUMNS)
# the compiled pass's int8 columns: seat, hand singles and doubles, the ev_ counts, singles
# and doubles drawn, then per seat gazebos placed, returned and left; its int16 columns: turn
# and legal placements
_SEAT, _HAND_S, _HAND_D, _EV = 0, 1, 2, 3
_DREW_S, _DREW_D = _EV + _NEV, _EV + _NEV + 1
_PLACED, _RETURNED, _SUPPLY = _DREW_D + 1, _DREW_D + 5, _DREW_D + 9
_SMALL = _SUPPLY + 4


@njit(cache=True, inline="always")
def _fit(value: int, low: int, high: int) -> int:
    if value < low or value > high:
        raise ValueError("a kernel turn count does not fit its column's width")
    return value


@njit(cache=True)
def _turn_columns(events, marks, bounds, start_gazebos, column_of_code, small, wide, draws,
                  move_at) -> None:
    """Every numeric turn column of a batch of games, in the schema's widths (``small``
    int8, ``wide`` int16: the columns above; ``draws`` a turn's piles drawn from, as base-4
    digits of pile + 1, in order), and where each turn's moves start in the batch's moves
    (``move_at``, then their end). Game ``g``'s moves, marks (the last closing its log) and
    events are rows ``bounds[g]`` to ``bounds[g + 1]`` of the batch's (its three columns);
    its turns fill rows from ``bounds[g, 1] - g``. Every game starts with
    ``start_gazebos``. A value too wide for its column is an error, not a wrapped number."""
    n = start_gazebos.shape[0]
    supply = np.empty(n, dtype=np.int64)
    count = np.empty(_SMALL, dtype=np.int64)
    for g in range(bounds.shape[0] - 1):
        for s in range(n):
            supply[s] = start_gazebos[s]
        for t in range(bounds[g, 1], bounds[g + 1, 1] - 1):
            row = t - g
            count[:] = 0
            code = 0
            for i in range(bounds[g, 2] + marks[t, 2], bounds[g, 2] + marks[t + 1, 2]):
                kind = events[i, 0]
                p = events[i, 1]
                col = column_of_code[kind]
                if col >= 0:
                    count[_EV + col] += 1
                elif kind == EV_PLACED:
                    count[_PLACED + p] += events[i, 2]
                    supply[p] -= events[i, 2]
                elif kind == EV_RETURNED:
                    count[_RETURNED + p] += events[i, 2]
                    supply[p] += events[i, 2]
                elif kind == EV_DRAW:
                    count[_DREW_S if events[i, 3] < 3 else _DREW_D] += 1
                    code = code * 4 + events[i, 2] + 1
            count[_SEAT] = marks[t, 1]
            count[_HAND_S] = marks[t, 3]
            count[_HAND_D] = marks[t, 4]
            for s in range(n):
                count[_SUPPLY + s] = supply[s]
            for c in range(_SMALL):
                small[row, c] = _fit(count[c], -128, 127)
            wide[row, 0] = _fit(marks[t, 0], -32768, 32767)
            wide[row, 1] = _fit(marks[t, 5], -32768, 32767)
            draws[row] = code
            move_at[row] = bounds[g, 0] + marks[t, 6]
    move_at[move_at.shape[0] - 1] = bounds[bounds.shape[0] - 1, 0]


def notation(geometry: Any) -> np.ndarray:
    """The name of each action code (the readable engine's notation), as an object array
    that a game's codes index at once (``pa.array`` of it: the names ``KernelTurns``
    takes)."""
    names = geometry.names
    return np.array([names.get(code, "") for code in range(max(names) + 1)], dtype=object)


class KernelTurns(Mapping[str, Any]):
    """The turn columns of one kernel game (the play loop's, then ``TelemetryMixin``'s):
    a mapping, built when first read, whose type joins a batch of games at once
    (:meth:`join_parts`, which ``frames.columns_to_table`` calls). Per game, the numpy calls
    of building columns and the joining of small arrays had cost more than playing a random
    game; per batch they are paid once, and the text columns are made in Arrow (the moves
    written straight into a string array's buffers), never as Python strings. Joined, an
    absent seat has no column (``frames`` stores nulls); read game by game, it has the
    readable engine's all-None columns."""

    def __init__(self, record: Any, names: pa.Array, game: int, per_turn: float,
                 bots: np.ndarray) -> None:
        self.record = record
        self.names = names  # the name of each action code (``notation``, as Arrow strings)
        self.game = game
        self.per_turn = per_turn
        self.bots = bots  # bot spec per seat (object array)
        self._table: dict[str, Any] | None = None

    def _columns(self) -> dict[str, Any]:
        if self._table is None:
            self._table = self.join_parts([self], absent_seats=True)
        return self._table

    def __getitem__(self, column: str) -> Any:
        return self._columns()[column]

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns())

    def __len__(self) -> int:
        return len(self._columns())

    @staticmethod
    def join_parts(parts: Sequence[KernelTurns], absent_seats: bool = False) -> dict[str, Any]:
        """The turn columns of ``parts`` (games of one configuration, so one start supply)
        end to end, each step once for the batch; an absent seat's columns only with
        ``absent_seats`` (as the readable engine's, all None)."""
        records = [part.record for part in parts]
        n = int(records[0].state[NPL])
        moves, marks, events, bounds = _logs(records)
        rows = np.diff(bounds[:, 1]) - 1
        total = len(marks) - len(records)
        small = np.empty((total, _SMALL), dtype=np.int8, order="F")
        wide = np.empty((total, 2), dtype=np.int16, order="F")
        draws = np.empty(total, dtype=np.int64)
        move_at = np.empty(total + 1, dtype=np.int32)
        _turn_columns(events, marks, bounds, _start_gazebos(records[0].state),
                      _COLUMN_OF_CODE, small, wide, draws, move_at)
        table: dict[str, Any] = {
            "game": np.repeat(np.array([part.game for part in parts], dtype=np.int32), rows),
            "turn": wide[:, 0],
            "seat": small[:, _SEAT],
            "bot": _bot_texts(parts, rows, small[:, _SEAT]),
            "decision_s": np.repeat(np.array([part.per_turn for part in parts],
                                             dtype=np.float32), rows),
            "move": _move_texts(moves, move_at, parts[0].names),
            "hand_singles": small[:, _HAND_S],
            "hand_doubles": small[:, _HAND_D],
            "legal_moves": wide[:, 1],
        }
        for i, column in enumerate(_EVENT_COLUMNS):
            table[column] = small[:, _EV + i]
        absent = [None] * total
        for s in SEATS if absent_seats else SEATS[:n]:
            live = s < n
            table[f"placed_{s}"] = small[:, _PLACED + s] if live else absent
            table[f"returned_{s}"] = small[:, _RETURNED + s] if live else absent
            table[f"supply_{s}"] = small[:, _SUPPLY + s] if live else absent
        table["draws"] = _draw_texts(draws)
        table["drew_singles"] = small[:, _DREW_S]
        table["drew_doubles"] = small[:, _DREW_D]
        return table


def _logs(records: Sequence[Any]) -> tuple[np.ndarray, ...]:
    """The action codes, turn marks and event rows of ``records`` end to end, and each game's
    bounds in them (``_turn_columns``' ``bounds``). Consecutive games of one batch
    (``KernelRecord.batch``) are read as one slice of its logs, not joined again."""
    runs: list[tuple[Any, int, int]] = []
    for record in records:
        batch = record.batch
        last = runs[-1] if runs else None
        if batch is not None and last is not None and last[0] is batch \
                and last[2] == record.index:
            runs[-1] = (batch, last[1], record.index + 1)
        else:
            runs.append((batch, record.index, record.index + 1) if batch is not None
                        else (record, 0, 1))
    pieces = []
    for source, a, b in runs:
        if isinstance(source, BatchLogs):
            ends = source.bounds
            pieces.append((source.moves[ends[a, 0]:ends[b, 0], 0],
                           source.turns[ends[a, 1]:ends[b, 1]],
                           source.events[ends[a, 2]:ends[b, 2]], ends[a:b + 1] - ends[a]))
        else:
            sizes = [len(source.moves), len(source.turns), len(source.events)]
            pieces.append((source.moves[:, 0], source.turns, source.events,
                           np.array([[0, 0, 0], sizes], dtype=np.int64)))
    if len(pieces) == 1:
        return pieces[0]
    moves, marks, events, bounds = zip(*pieces, strict=True)
    offsets = np.cumsum([[0, 0, 0]] + [b[-1] for b in bounds[:-1]], axis=0)
    joined = np.concatenate([bounds[0][:1]] + [b[1:] + o for b, o in zip(bounds, offsets,
                                                                          strict=True)])
    return np.concatenate(moves), np.concatenate(marks), np.concatenate(events), joined


def _move_texts(codes: np.ndarray, move_at: np.ndarray, names: pa.Array) -> pa.Array:
    """The ``move`` column: each turn's moves by name (``names``, a string per action code),
    space-separated, written straight into an Arrow string array's buffers."""
    buffers = names.buffers()
    name_at = np.frombuffer(buffers[1], dtype=np.int32)[names.offset:]
    offsets, data = _joined_names(codes, move_at, name_at, np.frombuffer(buffers[2], np.uint8))
    return pa.StringArray.from_buffers(len(offsets) - 1, pa.py_buffer(offsets),
                                       pa.py_buffer(data))


@njit(cache=True)
def _joined_names(codes, move_at, name_at, name_bytes):
    """``_move_texts``' offsets and bytes: turn ``r``'s moves are ``codes[move_at[r]:
    move_at[r + 1]]``, code ``c``'s name the bytes ``name_at[c]`` to ``name_at[c + 1]``."""
    rows = move_at.shape[0] - 1
    offsets = np.empty(rows + 1, dtype=np.int32)
    size = 0
    for r in range(rows):
        offsets[r] = size
        for i in range(move_at[r], move_at[r + 1]):
            size += name_at[codes[i] + 1] - name_at[codes[i]] + (i > move_at[r])
    offsets[rows] = size
    data = np.empty(size, dtype=np.uint8)
    j = 0
    for r in range(rows):
        for i in range(move_at[r], move_at[r + 1]):
            if i > move_at[r]:
                data[j] = 32
                j += 1
            for b in range(name_at[codes[i]], name_at[codes[i] + 1]):
                data[j] = name_bytes[b]
                j += 1
    return offsets, data


def _bot_texts(parts: Sequence[KernelTurns], rows: np.ndarray, seats: np.ndarray) -> pa.Array:
    """The ``bot`` column: the spec of each turn's seat. The games of a line-up share one
    array of specs, so each distinct array is made Arrow strings once."""
    first: dict[int, int] = {}
    specs: list[Any] = []
    at = np.empty(len(parts), dtype=np.int64)
    for g, part in enumerate(parts):
        key = id(part.bots)
        if key not in first:
            first[key] = len(specs)
            specs.extend(part.bots)
        at[g] = first[key]
    return pa.array(specs, pa.string()).take(np.repeat(at, rows) + seats)


def _start_gazebos(S: np.ndarray) -> np.ndarray:
    """Each seat's gazebos at the start of the game of position ``S``."""
    return S[S[O_START]:S[O_START] + S[NPL]].astype(np.int64)


def _draw_texts(codes: np.ndarray) -> pa.Array:
    """The ``draws`` column of turns' draw codes (``_turn_columns``' ``draws``)."""
    if codes.max(initial=0) < len(_DRAW_TEXTS):
        return _DRAW_TEXTS.take(codes)
    drawn, which = np.unique(codes, return_inverse=True)
    return pa.array([_draw_text(code) for code in drawn.tolist()], pa.string()).take(which)


def _draw_text(code: int) -> str:
    """The ``draws`` text of a turn's draw code: its piles, comma-joined in order."""
    words: list[str] = []
    while code:
        code, pile = divmod(code, 4)
        words.append(_PILE_WORDS[pile - 1])
    return ",".join(reversed(words))


#: the text of every turn of up to three draws
_DRAW_TEXTS = pa.array([_draw_text(code) for code in range(4 ** 3)], pa.string())
