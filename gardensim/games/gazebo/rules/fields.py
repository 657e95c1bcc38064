"""The attributes of a Gazebo position, declared once for every module that reads them.

:class:`GazeboState` is assembled from one class per concern (legality, events, look-ahead,
observation, evaluation, telemetry, turn flow in ``state.py``); each derives from
:class:`StateFields`, so every part knows the position's attributes and types without a
``type: ignore``, and the attributes live in one ``__slots__`` layout.

Named slots, not a ``__dict__``: with this many attributes an instance dict outgrows the
shared-key layout CPython 3.11 keeps fast, and every attribute and method lookup turned into a
dict search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gardensim.core.protocol import GameState
from gardensim.games.gazebo.rules.geometry import DRAW_GENERAL, Geometry
from gardensim.games.gazebo.rules.records import Nook, Patio
from gardensim.games.gazebo.rules.rulings import Phase


def draw_entry(entry: int) -> tuple[int, int, int]:
    """(pile action code, seat, domino type) of a ``draw_log`` entry. An entry is one int,
    ``source + (seat << 2) + (type << 4)`` (the pile codes are ``DRAW_GENERAL`` + 0..2, whose
    low bits are free), not a tuple: a draw log kept for every game must not feed the garbage
    collector a tuple per draw."""
    return DRAW_GENERAL + (entry & 3), (entry >> 2) & 3, (entry >> 4) & 7


#: Per-seat position aggregates the evaluation reads instead of scanning the board, at
#: ``standing[AGGREGATE + seat]``: patios held, big and small nooks owned, patios threatened.
HELD, BIG, SMALL, THREAT = 0, 4, 8, 12
N_STANDING = 16


class StateFields(GameState):
    """Every attribute of a Gazebo position (see ``state.py`` for how they change)."""

    __slots__ = (
        "game", "geo", "n", "qin", "hand_size", "raised_two", "move_ends", "partnership",
        "start_gazebos", "big_nook", "sandbox", "weights",  # the rules, evaluation weights
        "color", "nook_of", "nooks", "contacts", "next_nook", "patios", "standing",
        "slots", "slot_list", "known", "nookmask", "freemask", "supply",  # the board
        "dominoes", "hands", "general", "private", "reserve", "set_counts", "gptr", "rptr",
        "pptr",  # the dominoes
        "phase", "player", "current_player", "turn", "placed_this_turn", "zen_credits",
        "passes", "winners", "end_reason", "last_player",  # the turn and the end
        "events", "draw_log", "records", "trail", "slot_trail", "frames", "attrs",
    )

    game: Any
    geo: Geometry
    n: int
    qin: bool
    hand_size: int
    raised_two: bool
    move_ends: bool
    partnership: bool
    start_gazebos: tuple[int, ...]
    #: squares from which a nook is big (rulings 4, 7; the rule set's ``big_nook``)
    big_nook: int
    sandbox: bool
    weights: tuple[float, ...]
    #: colour code per cell (-1: none), nook id per cell (-1: in no nook), nooks by id
    color: list[int]
    nook_of: list[int]
    nooks: dict[int, Nook]
    #: per colour, cached bitboards of where two of its nooks meet (legality.py)
    contacts: list[tuple[int, int, int] | None]
    next_nook: int
    #: per cell, its patio record (a free one off patios too, never read there)
    patios: list[Patio]
    standing: list[int]
    slots: set[int]
    slot_list: list[int] | None
    known: set[int]
    nookmask: int
    freemask: int
    supply: list[int]
    dominoes: list[tuple[int, int]]
    hands: list[list[int]]
    general: tuple[int, ...]
    private: list[tuple[int, ...]]
    reserve: tuple[int, ...]
    set_counts: tuple[int, ...]
    gptr: int
    rptr: int
    pptr: list[int]
    phase: Phase
    player: int
    current_player: int  # a slot, where the protocol has a property
    turn: int
    placed_this_turn: int
    zen_credits: int
    passes: int
    winners: tuple[int, ...]
    end_reason: str | None
    last_player: int | None
    #: every event as it happens: ``(kind, player, ...)`` (observation.event_dict reads them,
    #: telemetry counts them); every draw as one int (:func:`draw_entry`)
    events: list[tuple[Any, ...]]
    draw_log: list[int]
    records: list[dict[str, Any]]
    trail: list[tuple[Any, Any, Any]]
    slot_trail: list[tuple[set[int], frozenset[int], frozenset[int]]]
    frames: list[tuple[Any, ...]]
    attrs: Any

    if TYPE_CHECKING:  # methods one part of the state calls on another
        def clone(self) -> StateFields: ...
        def set_scalar(self, name: str, value: Any) -> None: ...
        def _finish(self, reason: str, last: int | None) -> None: ...
        def on_board(self) -> list[int]: ...
        def patio_counts(self, patio: int) -> list[int]: ...
        def count_legal_placements(self) -> int: ...
        def score_parts(self, player: int) -> tuple[float, int, int]: ...
