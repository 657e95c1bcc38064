"""Telemetry rows of Gazebo (issue 4, docs/telemetry.md), counted inside the engine.

The engine keeps one flat list of cumulative counters (``state.cnt``, layout below) that event
resolution and draws bump as they happen; a turn row is the difference between the counters at
the turn's :meth:`mark` and now, so collecting telemetry never recomputes anything. The play
loop uses :meth:`turn_table`, the same differences taken for every turn at once when the game
ends; :meth:`turn_row` is the one-turn form it must equal (tests hold them together).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, sub
from typing import Any, ClassVar

from gardensim.core.protocol import Action

#: Event types by counter slot (``cnt[EV + i]``).
EVENT_TYPES = (
    "create", "expand", "absorb", "big", "claim", "steal", "zen", "vase", "pedestal", "win",
)
EV = 0
PLACED = 10  # + seat: gazebos placed (cumulative)
RETURNED = 14  # + seat: gazebos returned to the supply
SINGLES_DRAWN = 18  # + seat
DOUBLES_DRAWN = 22  # + seat
ABSORBS = 26  # + seat: absorbs won
STEALS = 30  # + seat: patios stolen
DOMINOES = 34
# position aggregates the evaluation reads instead of scanning the board (+ seat)
HELD = 35  # patios held
BIG = 39  # big nooks owned
SMALL = 43  # small nooks owned
THREAT = 47  # patios held where a rival's count equals the holder's
#: a turn row reads the events, gazebos placed and returned and singles drawn: the counters
#: before ``DOUBLES_DRAWN`` (``mark`` keeps only these)
TURN_COUNTERS = DOUBLES_DRAWN
N_COUNTERS = 51
SEATS = range(4)
_DRAW_WORDS = {1 << 14: "general", (1 << 14) + 1: "private", (1 << 14) + 2: "reserve"}

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


class TelemetryMixin:
    """``mark``/``turn_row``/``game_row`` for :class:`GazeboState`."""

    __slots__ = ()

    cnt: list[int]
    draw_log: list[int]
    n: int
    supply: list[int]

    def mark(self) -> Any:
        """Counters, draw-log length, hand split and legal move count at the turn's start."""
        hand = self.hands[self.player]  # type: ignore[attr-defined]
        singles = hand[0] + hand[1] + hand[2]
        legal = self.count_legal_placements() if self.phase == 0 else 0  # type: ignore[attr-defined]
        return (self.cnt[:TURN_COUNTERS], len(self.draw_log), singles, sum(hand) - singles, legal)

    def turn_row(self, mark: Any, actions: Sequence[Action]) -> dict[str, Any]:
        """The turn's row: counter differences since ``mark``. Spelled out as one dict display
        (event slots ``EV + i`` in ``EVENT_TYPES`` order) because it runs once per turn of
        every study; the telemetry tests hold its keys to ``TURN_COLUMNS``."""
        before, n_draws, singles, doubles, legal = mark
        now = self.cnt
        to_str = self.action_to_string  # type: ignore[attr-defined]
        row: dict[str, Any] = {
            "move": " ".join([to_str(a) for a in actions]),
            "hand_singles": singles,
            "hand_doubles": doubles,
            "legal_moves": legal,
            "ev_create": now[EV] - before[EV],
            "ev_expand": now[EV + 1] - before[EV + 1],
            "ev_absorb": now[EV + 2] - before[EV + 2],
            "ev_big": now[EV + 3] - before[EV + 3],
            "ev_claim": now[EV + 4] - before[EV + 4],
            "ev_steal": now[EV + 5] - before[EV + 5],
            "ev_zen": now[EV + 6] - before[EV + 6],
            "ev_vase": now[EV + 7] - before[EV + 7],
            "ev_pedestal": now[EV + 8] - before[EV + 8],
        }
        n = self.n
        supply = self.supply
        drew_singles = 0
        for s, (placed, returned, left) in enumerate(_SEAT_KEYS):
            if s < n:
                row[placed] = now[PLACED + s] - before[PLACED + s]
                row[returned] = now[RETURNED + s] - before[RETURNED + s]
                row[left] = supply[s]
                drew_singles += now[SINGLES_DRAWN + s] - before[SINGLES_DRAWN + s]
            else:
                row[placed] = row[returned] = row[left] = None
        draws = self.draw_log[n_draws:]
        row["draws"] = ",".join([_DRAW_WORDS[d] for d in draws])
        row["drew_singles"] = drew_singles
        row["drew_doubles"] = len(draws) - drew_singles
        return row

    batched_turns: ClassVar[bool] = True

    def turn_table(
        self, marks: Sequence[Any], actions: Sequence[Sequence[Action]]
    ) -> dict[str, list[Any]]:
        """Every turn's columns from consecutive marks: a counter's column is the difference of
        its cumulative values between one turn's mark and the next; supplies follow from the
        gazebos placed and returned (the only two ways a supply changes, ``events.py``)."""
        turns = len(actions)
        counters = list(zip(*[m[0] for m in marks], strict=True))
        _, bounds, singles, doubles, legal = zip(*marks, strict=True)

        def delta(slot: int) -> list[int]:
            values = counters[slot]
            return list(map(sub, values[1:], values))

        name = self.geo.names.__getitem__  # type: ignore[attr-defined]
        table: dict[str, list[Any]] = {
            "move": [" ".join(map(name, acts)) for acts in actions],
            "hand_singles": list(singles[:-1]),
            "hand_doubles": list(doubles[:-1]),
            "legal_moves": list(legal[:-1]),
        }
        for i, event in enumerate(EVENT_TYPES[:-1]):
            table[f"ev_{event}"] = delta(EV + i)
        n = self.n
        start = self.start_gazebos  # type: ignore[attr-defined]
        absent = [None] * turns
        drew = [0] * turns
        for s, (placed, returned, left) in enumerate(_SEAT_KEYS):
            if s >= n:
                table[placed] = table[returned] = table[left] = absent
                continue
            table[placed] = delta(PLACED + s)
            table[returned] = delta(RETURNED + s)
            out, back = counters[PLACED + s][1:], counters[RETURNED + s][1:]
            table[left] = list(map(sub, map(start[s].__add__, back), out))
            drew = list(map(add, drew, delta(SINGLES_DRAWN + s)))
        log = self.draw_log
        draws = list(map(log.__getitem__, map(slice, bounds, bounds[1:])))
        word = _DRAW_WORDS.__getitem__
        table["draws"] = [",".join(map(word, ds)) if ds else "" for ds in draws]
        table["drew_singles"] = drew
        table["drew_doubles"] = list(map(sub, map(len, draws), drew))
        return table

    def game_row(self) -> dict[str, Any]:
        n = self.n
        patios = self.cnt[HELD : HELD + 4]
        on_board = self.on_board()  # type: ignore[attr-defined]
        row: dict[str, Any] = {"end_reason": self.end_reason}  # type: ignore[attr-defined]
        for s in SEATS:
            live = s < n
            row[f"supply_{s}"] = self.supply[s] if live else None
            row[f"on_board_{s}"] = on_board[s] if live else None
            row[f"singles_drawn_{s}"] = self.cnt[SINGLES_DRAWN + s] if live else None
            row[f"patios_{s}"] = patios[s] if live else None
            row[f"absorbs_{s}"] = self.cnt[ABSORBS + s] if live else None
            row[f"steals_{s}"] = self.cnt[STEALS + s] if live else None
        row["dominoes_placed"] = self.cnt[DOMINOES]
        return row
