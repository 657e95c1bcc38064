"""Telemetry of kernel games: the readable engine's turn columns (``telemetry.py``,
``docs/telemetry.md``) computed from the kernel's event logs and turn marks (the game row's
numbers are ``facts.py``'s).

The kernel logs what the readable engine logs (events, the gazebo ledger, draws) and marks
each turn as ``TelemetryMixin.mark`` does, so the columns are the same counts. One compiled
pass over a batch's logs counts every numeric column at once: the per-game Python work (a
numpy call per column and seat) had come to cost more than playing a random game.
``tests/gazebo/kernel/test_kernel_telemetry.py`` holds them equal to the readable engine's on
the same games.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from gardensim.games.gazebo.geometry import DRAW_NAMES
from gardensim.games.gazebo.kernel.jit import njit
from gardensim.games.gazebo.kernel.layout import (
    EV_DRAW,
    EV_PLACED,
    EV_RETURNED,
    EVENT_NAMES,
    NPL,
    O_START,
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
#: a turn's draws as one number: the piles in order as base-4 digits of pile + 1
_DRAWS = _NEV + 14
_WIDTH = _NEV + 15


@njit(cache=True)
def _turn_counts(events, marks, first, ev_at, start_gazebos, column_of_code, out) -> None:
    """Per turn of a batch of games: event counts, gazebos placed and returned per seat, each
    seat's supply at the turn's end, singles and doubles drawn, and the piles drawn from
    (``_DRAWS``). Game ``g``'s marks are rows ``first[g]`` to ``first[g + 1]`` of ``marks``
    (the last closing its log), its events start at ``ev_at[g]``; its turns fill ``out``
    from row ``first[g] - g``. Every game starts with ``start_gazebos``."""
    n = start_gazebos.shape[0]
    supply = np.empty(n, dtype=np.int64)
    for g in range(first.shape[0] - 1):
        for s in range(n):
            supply[s] = start_gazebos[s]
        for t in range(first[g], first[g + 1] - 1):
            row = t - g
            for i in range(ev_at[g] + marks[t, 2], ev_at[g] + marks[t + 1, 2]):
                code = events[i, 0]
                p = events[i, 1]
                col = column_of_code[code]
                if col >= 0:
                    out[row, col] += 1
                elif code == EV_PLACED:
                    out[row, _PLACED + p] += events[i, 2]
                    supply[p] -= events[i, 2]
                elif code == EV_RETURNED:
                    out[row, _RETURNED + p] += events[i, 2]
                    supply[p] += events[i, 2]
                elif code == EV_DRAW:
                    out[row, _DREW_S if events[i, 3] < 3 else _DREW_D] += 1
                    out[row, _DRAWS] = out[row, _DRAWS] * 4 + events[i, 2] + 1
            for s in range(n):
                out[row, _SUPPLY + s] = supply[s]


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
    game; per batch they are paid once, and the text columns are made in Arrow, never as
    Python strings. Joined, an absent seat has no column (``frames`` stores nulls); read game
    by game, it has the readable engine's all-None columns."""

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
        marks = np.concatenate([rec.turns for rec in records])
        sizes = np.array([len(rec.turns) for rec in records], dtype=np.int64)
        first = _starts(sizes)
        ev_at = _starts([len(rec.events) for rec in records])[:-1]
        mv_at = _starts([len(rec.moves) for rec in records])[:-1]
        turn_rows = np.ones(len(marks), dtype=bool)
        turn_rows[first[1:] - 1] = False  # each game's closing mark
        rows = sizes - 1
        counts = np.zeros((len(marks) - len(records), _WIDTH), dtype=np.int32, order="F")
        _turn_counts(np.concatenate([rec.events for rec in records]), marks, first, ev_at,
                     _start_gazebos(records[0].state), _COLUMN_OF_CODE, counts)
        starts = marks[:, 6] + np.repeat(mv_at, sizes)
        # a game's last turn ends where the next game's first begins
        bounds = np.append(starts[turn_rows], starts[-1]).astype(np.int32)
        codes = pa.array(np.concatenate([rec.moves[:, 0] for rec in records]))
        words = pa.ListArray.from_arrays(bounds, parts[0].names.take(codes))
        marks = marks[turn_rows]
        seats = marks[:, 1]
        offsets = np.repeat(np.arange(len(parts)) * n, rows)
        table: dict[str, Any] = {
            "game": np.repeat(np.array([part.game for part in parts], dtype=np.int64), rows),
            "turn": marks[:, 0],
            "seat": seats,
            "bot": pa.array(np.concatenate([part.bots for part in parts]),
                            pa.string()).take(offsets + seats),
            "decision_s": np.repeat(np.array([part.per_turn for part in parts]), rows),
            "move": pc.binary_join(words, " "),
            "hand_singles": marks[:, 3],
            "hand_doubles": marks[:, 4],
            "legal_moves": marks[:, 5],
        }
        columns = counts.T
        for i, column in enumerate(_EVENT_COLUMNS):
            table[column] = columns[i]
        absent = [None] * len(marks)
        for s in SEATS if absent_seats else SEATS[:n]:
            live = s < n
            table[f"placed_{s}"] = columns[_PLACED + s] if live else absent
            table[f"returned_{s}"] = columns[_RETURNED + s] if live else absent
            table[f"supply_{s}"] = columns[_SUPPLY + s] if live else absent
        table["draws"] = _draw_texts(columns[_DRAWS])
        table["drew_singles"] = columns[_DREW_S]
        table["drew_doubles"] = columns[_DREW_D]
        return table


def _starts(lengths: Any) -> np.ndarray:
    """Where each of consecutive runs of ``lengths`` starts, then where the last ends."""
    out = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=out[1:])
    return out


def _start_gazebos(S: np.ndarray) -> np.ndarray:
    """Each seat's gazebos at the start of the game of position ``S``."""
    return S[S[O_START]:S[O_START] + S[NPL]].astype(np.int64)


def _draw_texts(codes: np.ndarray) -> pa.Array:
    """The ``draws`` column of turns' ``_DRAWS`` numbers."""
    if codes.max(initial=0) < len(_DRAW_TEXTS):
        return _DRAW_TEXTS.take(codes)
    drawn, which = np.unique(codes, return_inverse=True)
    return pa.array([_draw_text(code) for code in drawn.tolist()], pa.string()).take(which)


def _draw_text(code: int) -> str:
    """The ``draws`` text of a turn's ``_DRAWS`` number: its piles, comma-joined in order."""
    words: list[str] = []
    while code:
        code, pile = divmod(code, 4)
        words.append(_PILE_WORDS[pile - 1])
    return ",".join(reversed(words))


#: the text of every turn of up to three draws
_DRAW_TEXTS = pa.array([_draw_text(code) for code in range(4 ** 3)], pa.string())
