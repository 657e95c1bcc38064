"""What a seat may know of a Queen's Garden position, and determinization (spec 4, issue 22.3).

Public: the display and the stack top's tiles, every seat's storage, gardens, scores and
rewards, the tower, and the bag's contents (they follow from the rest). Hidden: the order of
future bag draws (the generator), which expansions lie in the undrawn stacks, under the tiles
of display expansions and in the face-down supply, and what a face-down garden expansion is.
An expansion seen face up once stays known (``revealed``), but once back in the supply, or
bought face down from it, nobody knows where it lies; so the observation carries the set of
such returned expansions, not their places.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gardensim.games.queens import chance
from gardensim.games.queens.garden import FACE_DOWN, UNPLACED
from gardensim.games.queens.geometry import CELLS
from gardensim.games.queens.scoring import LEDGER

if TYPE_CHECKING:
    from gardensim.games.queens.state import QueensState

PHASES = ("act", "pay", "discard", "over")


def _names(st: QueensState, hexes: Any) -> list[str]:
    return [st.rules.hex_name(h) for h in hexes]


def _counts(st: QueensState, counts: list[int]) -> dict[str, int]:
    return {st.rules.hex_name(h): n for h, n in enumerate(counts) if n}


def returned(st: QueensState) -> list[int]:
    """Revealed expansions now face down in the supply or in a garden, places unknown."""
    down = [a - FACE_DOWN for areas in st.areas for a in areas if a >= FACE_DOWN]
    return sorted(e for e in (*st.supply, *down) if st.revealed >> e & 1)


def observe(st: QueensState, player: int) -> dict[str, Any]:
    """The picture seen by ``player`` (the same for every seat; -1 means an onlooker)."""
    rules = st.rules
    over = st.final
    garden = st.geo.cell_name
    return {
        "board": st.side,
        "players": st.num_players,
        "round": st.round,
        "phase": PHASES[st.phase],
        "to_move": None if over else st.player,
        "turn": st.turn,
        "start_player": st.start_player,
        "marker": None if st.marker < 0 else st.marker,
        "wheel": [rules.letters[c] if c < 6 else str(rules.values[c - 6])
                  for c in rules.wheel[st.side][st.round - 1]],
        "scores": list(st.scores),
        "bag": _counts(st, st.bag),
        "tower": _counts(st, st.tower),
        "stack_top": _names(st, st.top_tiles) if st.stack else None,
        "stack_left": len(st.stack),
        "later_stacks": [len(s) for s in st.future],
        "display": [{"tiles": _names(st, t)} if t else {"face_up": rules.hex_name(e)}
                    for e, t in st.display],
        "supply": len(st.supply),
        "revealed": _names(st, [e for e in range(36) if st.revealed >> e & 1]),
        "returned": _names(st, returned(st)),
        "storage": [{"tiles": _counts(st, st.tiles[p]), "jokers": st.jokers[p],
                     "expansions": _names(st, st.exps[p])} for p in range(st.num_players)],
        "gardens": [{garden(c): rules.hex_name(h) for c, h in enumerate(b) if h >= 0}
                    for b in st.boards],
        "areas": [[None if a == UNPLACED else "down" if a >= FACE_DOWN else rules.hex_name(a)
                   for a in areas] for areas in st.areas],
        "rewarded": [[garden(c) for c in range(CELLS) if r >> c & 1] for r in st.rewarded],
        "passed": list(st.passed),
        "paying_for": rules.hex_name(st.pending) if st.pending >= 0 else None,
        "ledger": [dict(zip(LEDGER, row, strict=True)) for row in st.ledger],
        "final": over,
    }


def determinize(st: QueensState, player: int, rng: random.Random) -> QueensState:
    """A sample of the hidden parts given only what every seat sees (module docstring): the
    never-revealed expansions are dealt at random into the stacks and under display tiles, the
    rest of them with the returned ones into face-down gardens and the supply; bag draws get a
    fresh generator drawn from ``rng``."""
    twin = st.clone()
    twin._stack = []
    twin.rng = chance.seed_state(rng.getrandbits(64))
    known = st.revealed
    unknown = [e for e in range(36) if not known >> e & 1]
    rng.shuffle(unknown)
    deal = iter(unknown)
    twin.future = tuple(tuple(next(deal) for _ in s) for s in st.future)
    twin.stack = tuple(next(deal) for _ in st.stack)
    twin.display = tuple((next(deal), t) if t else (e, t) for e, t in st.display)
    rest = list(deal) + returned(st)
    rest.sort()
    rng.shuffle(rest)
    deal = iter(rest)
    twin.areas = [[FACE_DOWN + next(deal) if a >= FACE_DOWN else a for a in areas]
                  for areas in st.areas]
    twin.supply = tuple(deal)
    return twin


def tile_count(st: QueensState) -> int:
    """Every tile wherever it is (the 108-tile invariant): bag, tower, display, storage
    and gardens (printed hexagons of face-up expansions are not tiles)."""
    placed = 0
    for board, areas in zip(st.boards, st.areas, strict=True):
        printed = sum(1 for a in areas if 0 <= a < FACE_DOWN)
        placed += sum(1 for h in board if h >= 0) - printed
    return (sum(st.bag) + sum(st.tower) + len(st.top_tiles) * bool(st.stack)
            + sum(len(t) for _, t in st.display) + sum(map(sum, st.tiles)) + placed)


def expansion_ids(st: QueensState) -> list[int]:
    """Every expansion wherever it is (the 36-expansion invariant)."""
    placed = [a % FACE_DOWN for areas in st.areas for a in areas if a != UNPLACED]
    return sorted([*st.stack, *[e for s in st.future for e in s],
                   *[e for e, _ in st.display], *st.supply,
                   *[e for x in st.exps for e in x], *placed])
