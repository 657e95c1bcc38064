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
from typing import Any, ClassVar

from gardensim.core.protocol import Action
from gardensim.games.gazebo.fields import HELD, StateFields
from gardensim.games.gazebo.geometry import DRAW_NAMES
from gardensim.games.gazebo.rules import PLACE

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


_SEAT_KEYS = tuple((f"placed_{s}", f"returned_{s}", f"supply_{s}") for s in SEATS)
_EVENT_COLUMNS = {kind: f"ev_{kind}" for kind in EVENT_TYPES[:-1]}


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
        draws = self.draw_log[n_draws:]
        row["draws"] = ",".join([DRAW_NAMES[d[0]] for d in draws])
        row["drew_singles"] = sum(1 for d in draws if d[2] < 3)
        row["drew_doubles"] = len(draws) - row["drew_singles"]
        return row

    batched_turns: ClassVar[bool] = True

    def turn_table(
        self, marks: Sequence[Any], actions: Sequence[Sequence[Action]]
    ) -> dict[str, list[Any]]:
        """Every turn's columns from consecutive marks: turn ``t`` counts the log entries
        between ``marks[t]`` and ``marks[t + 1]``; supplies follow from the gazebos placed and
        returned (the only two ways a supply changes, ``events.py``)."""
        n = self.n
        name = self.geo.names.__getitem__
        table: dict[str, list[Any]] = {
            "move": [" ".join(map(name, acts)) for acts in actions],
            "hand_singles": [m[2] for m in marks[:-1]],
            "hand_doubles": [m[3] for m in marks[:-1]],
            "legal_moves": [m[4] for m in marks[:-1]],
        }
        columns: list[dict[str, int]] = []
        seat_placed: list[list[int]] = []
        seat_returned: list[list[int]] = []
        events, draw_log = self.events, self.draw_log
        draws: list[str] = []
        drew_singles: list[int] = []
        drew_doubles: list[int] = []
        for before, after in zip(marks[:-1], marks[1:], strict=True):
            counts, placed, returned = _count_turn(events[before[0]:after[0]], n)
            columns.append(counts)
            seat_placed.append(placed)
            seat_returned.append(returned)
            turn_draws = draw_log[before[1]:after[1]]
            draws.append(",".join([DRAW_NAMES[d[0]] for d in turn_draws]))
            singles = sum(1 for d in turn_draws if d[2] < 3)
            drew_singles.append(singles)
            drew_doubles.append(len(turn_draws) - singles)
        for column in _EVENT_COLUMNS.values():
            table[column] = [c[column] for c in columns]
        absent = [None] * len(actions)
        for s, (placed_key, returned_key, left_key) in enumerate(_SEAT_KEYS):
            if s >= n:
                table[placed_key] = table[returned_key] = table[left_key] = absent
                continue
            table[placed_key] = [p[s] for p in seat_placed]
            table[returned_key] = [r[s] for r in seat_returned]
            left = self.start_gazebos[s]
            supply = []
            for p, r in zip(seat_placed, seat_returned, strict=True):
                left += r[s] - p[s]
                supply.append(left)
            table[left_key] = supply
        table["draws"] = draws
        table["drew_singles"] = drew_singles
        table["drew_doubles"] = drew_doubles
        return table

    def game_row(self) -> dict[str, Any]:
        n = self.n
        patios = self.standing[HELD : HELD + 4]
        on_board = self.on_board()
        singles_drawn = [0] * n
        for _, seat, t in self.draw_log:
            if t < 3:
                singles_drawn[seat] += 1
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
