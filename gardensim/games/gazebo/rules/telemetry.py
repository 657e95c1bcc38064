"""Telemetry rows of Gazebo (issue 4, docs/telemetry.md), counted from the event log.

Rule code keeps no counters: it appends each event to ``state.events`` as it happens (with the
gazebos placed and returned as ``("placed", seat, k)`` and ``("returned", seat, k)``), and each
draw to ``state.draw_log`` as ``(pile, seat, domino type)``. A turn's row counts the entries
logged between the turn's :meth:`mark` and the next. The play loop uses :meth:`turn_table`,
every turn's counts in one pass over the log when the game ends; :meth:`turn_row` is the
one-turn form it must equal (tests hold them together).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import sub
from typing import Any, ClassVar

from gardensim.core.protocol import Action
from gardensim.games.gazebo.rules.fields import HELD, StateFields, draw_entry
from gardensim.games.gazebo.rules.geometry import DRAW_GENERAL, DRAW_NAMES
from gardensim.games.gazebo.rules.rulings import PLACE

#: Event types; each but the win (the game row's) has a turn column ``ev_<type>``.
EVENT_TYPES = (
    "create", "expand", "absorb", "big", "claim", "steal", "zen", "vase", "pedestal", "win",
)
SEATS = range(4)

TURN_COLUMNS: dict[str, str] = {
    "move": "string",
    "hand_singles": "int8",
    "hand_doubles": "int8",
    "legal_moves": "int16",
    **{f"ev_{e}": "int8" for e in EVENT_TYPES[:-1]},
    **{f"placed_{s}": "Int8" for s in SEATS},
    **{f"returned_{s}": "Int8" for s in SEATS},
    **{f"supply_{s}": "Int8" for s in SEATS},
    "draws": "category",
    "drew_singles": "int8",
    "drew_doubles": "int8",
}
GAME_COLUMNS: dict[str, str] = {
    "end_reason": "category",
    **{f"supply_{s}": "Int8" for s in SEATS},
    **{f"on_board_{s}": "Int8" for s in SEATS},
    **{f"singles_drawn_{s}": "Int8" for s in SEATS},
    **{f"patios_{s}": "Int8" for s in SEATS},
    **{f"absorbs_{s}": "Int16" for s in SEATS},
    **{f"steals_{s}": "Int16" for s in SEATS},
    "dominoes_placed": "int16",
}


#: per draw-log entry (``fields.draw_entry``): its pile's name, and 1 for a single-coloured
#: domino, so a turn's draws are read with C-level maps
_ENTRIES = [DRAW_GENERAL + pile + (seat << 2) + (t << 4)
            for pile in range(3) for seat in SEATS for t in range(6)]
_WORD_OF_ENTRY = {e: DRAW_NAMES[draw_entry(e)[0]] for e in _ENTRIES}
_SINGLE_OF_ENTRY = {e: int(draw_entry(e)[2] < 3) for e in _ENTRIES}
_SEAT_KEYS = tuple((f"placed_{s}", f"returned_{s}", f"supply_{s}") for s in SEATS)
_EVENT_COLUMNS = {kind: f"ev_{kind}" for kind in EVENT_TYPES[:-1]}
#: running totals: one per event column, then gazebos placed and returned per seat
_SLOT_OF_KIND = {kind: i for i, kind in enumerate(_EVENT_COLUMNS)}
_PLACED = len(_EVENT_COLUMNS)
_RETURNED = _PLACED + 4


def _running_totals(events: Sequence[tuple[Any, ...]], bounds: Sequence[int]) -> list[list[int]]:
    """The totals (events of each column's type, gazebos placed and returned per seat) over
    ``events[:b]`` for each ``b`` of the ascending ``bounds``."""
    run = [0] * (_RETURNED + 4)
    out = []
    done = 0
    slot_of = _SLOT_OF_KIND.get
    for bound in bounds:
        for event in events[done:bound]:
            kind = event[0]
            if kind == "placed":
                run[_PLACED + event[1]] += event[2]
            elif kind == "returned":
                run[_RETURNED + event[1]] += event[2]
            else:
                slot = slot_of(kind)
                if slot is not None:
                    run[slot] += 1
        out.append(run[:])
        done = bound
    return out


def _count_turn(events: Sequence[tuple[Any, ...]], n: int) -> tuple[dict[str, int], list[int],
                                                                      list[int]]:
    """Per event column, its count among ``events``; per seat, gazebos placed and returned."""
    counts = dict.fromkeys(_EVENT_COLUMNS.values(), 0)
    placed = [0] * n
    returned = [0] * n
    for event in events:
        kind = event[0]
        if kind == "placed":
            placed[event[1]] += event[2]
        elif kind == "returned":
            returned[event[1]] += event[2]
        else:
            column = _EVENT_COLUMNS.get(kind)
            if column is not None:
                counts[column] += 1
    return counts, placed, returned


class TelemetryMixin(StateFields):
    """``mark``/``turn_row``/``turn_table``/``game_row`` for :class:`GazeboState`."""

    __slots__ = ()

    def mark(self) -> Any:
        """Event-log and draw-log lengths, hand split and legal move count at the turn's start."""
        hand = self.hands[self.player]
        singles = hand[0] + hand[1] + hand[2]
        legal = self.count_legal_placements() if self.phase == PLACE else 0
        return (len(self.events), len(self.draw_log), singles, sum(hand) - singles, legal)

    def turn_row(self, mark: Any, actions: Sequence[Action]) -> dict[str, Any]:
        """The turn's row: what was logged since ``mark``; the telemetry tests hold its keys
        to ``TURN_COLUMNS``."""
        n_events, n_draws, singles, doubles, legal = mark
        counts, placed, returned = _count_turn(self.events[n_events:], self.n)
        row: dict[str, Any] = {
            "move": " ".join([self.action_to_string(a) for a in actions]),
            "hand_singles": singles,
            "hand_doubles": doubles,
            "legal_moves": legal,
            **counts,
        }
        for s, (placed_key, returned_key, left_key) in enumerate(_SEAT_KEYS):
            live = s < self.n
            row[placed_key] = placed[s] if live else None
            row[returned_key] = returned[s] if live else None
            row[left_key] = self.supply[s] if live else None
        draws = [draw_entry(d) for d in self.draw_log[n_draws:]]
        row["draws"] = ",".join([DRAW_NAMES[pile] for pile, _, _ in draws])
        row["drew_singles"] = sum(1 for _, _, t in draws if t < 3)
        row["drew_doubles"] = len(draws) - row["drew_singles"]
        return row

    batched_turns: ClassVar[bool] = True

    def turn_table(
        self, marks: Sequence[Any], actions: Sequence[Sequence[Action]]
    ) -> dict[str, list[Any]]:
        """Every turn's columns from consecutive marks: one pass over the log keeps running
        totals (:func:`_running_totals`), and a column is the difference of its totals between
        one turn's mark and the next; supplies follow from the gazebos placed and returned (the
        only two ways a supply changes, ``events.py``)."""
        n = self.n
        totals = list(zip(*_running_totals(self.events, [m[0] for m in marks]), strict=True))

        def delta(slot: int) -> list[int]:
            values = totals[slot]
            return list(map(sub, values[1:], values))

        name = self.geo.names.__getitem__
        table: dict[str, list[Any]] = {
            "move": [" ".join(map(name, acts)) for acts in actions],
            "hand_singles": [m[2] for m in marks[:-1]],
            "hand_doubles": [m[3] for m in marks[:-1]],
            "legal_moves": [m[4] for m in marks[:-1]],
        }
        for i, column in enumerate(_EVENT_COLUMNS.values()):
            table[column] = delta(i)
        absent = [None] * len(actions)
        for s, (placed_key, returned_key, left_key) in enumerate(_SEAT_KEYS):
            if s >= n:
                table[placed_key] = table[returned_key] = table[left_key] = absent
                continue
            table[placed_key] = delta(_PLACED + s)
            table[returned_key] = delta(_RETURNED + s)
            out, back = totals[_PLACED + s][1:], totals[_RETURNED + s][1:]
            table[left_key] = list(map(sub, map(self.start_gazebos[s].__add__, back), out))
        log = self.draw_log
        bounds = [m[1] for m in marks]
        draws = list(map(log.__getitem__, map(slice, bounds, bounds[1:])))
        word, single = _WORD_OF_ENTRY.__getitem__, _SINGLE_OF_ENTRY.__getitem__
        table["draws"] = [",".join(map(word, ds)) if ds else "" for ds in draws]
        singles = [sum(map(single, ds)) if ds else 0 for ds in draws]
        table["drew_singles"] = singles
        table["drew_doubles"] = list(map(sub, map(len, draws), singles))
        return table

    def game_row(self) -> dict[str, Any]:
        n = self.n
        patios = self.standing[HELD : HELD + 4]
        on_board = self.on_board()
        singles_drawn = [0] * n
        for entry in self.draw_log:  # the bits of fields.draw_entry
            if (entry >> 4) & 7 < 3:
                singles_drawn[(entry >> 2) & 3] += 1
        absorbs = [0] * n
        steals = [0] * n
        for event in self.events:
            if event[0] == "absorb":
                absorbs[event[1]] += 1
            elif event[0] == "steal":
                steals[event[1]] += 1
        row: dict[str, Any] = {"end_reason": self.end_reason}
        for s in SEATS:
            live = s < n
            row[f"supply_{s}"] = self.supply[s] if live else None
            row[f"on_board_{s}"] = on_board[s] if live else None
            row[f"singles_drawn_{s}"] = singles_drawn[s] if live else None
            row[f"patios_{s}"] = patios[s] if live else None
            row[f"absorbs_{s}"] = absorbs[s] if live else None
            row[f"steals_{s}"] = steals[s] if live else None
        row["dominoes_placed"] = len(self.dominoes)
        return row
