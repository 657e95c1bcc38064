"""Per-board lookup tables the engine needs on every move, built once per board.

The board parser (``board.py``) knows cells and neighbours; this module adds the engine's own
tables: placement *slots* (pairs of edge-adjacent open cells, coded ``a * 2 + d`` with ``d`` 0
for east and 1 for south, so each physical pair has exactly one code), the patios and vases next
to each cell, and the notation of every placement code. Tables are cached per board.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from gardensim.games.gazebo.rules.board import Board
from gardensim.games.gazebo.rules.dominoes import COLORS, type_of

#: Patio kind codes.
REGULAR, FANCY, RAISED = 1, 2, 3
PATIO_CODES = {"regular": REGULAR, "fancy": FANCY, "raised": RAISED}
PATIO_NAMES = {REGULAR: "regular", FANCY: "fancy", RAISED: "raised"}
#: Gazebos a patio takes when claimed (rulebook: fancy patios take a double gazebo).
PATIO_GAZEBOS = {REGULAR: 1, FANCY: 2, RAISED: 1}

#: Non-placement action codes (placements are ``slot * 9 + x * 3 + y`` < 2 * 26 * 26 * 9).
DRAW_GENERAL = 1 << 14
DRAW_PRIVATE = DRAW_GENERAL + 1
DRAW_RESERVE = DRAW_GENERAL + 2
DECLINE = DRAW_GENERAL + 3
DRAW_NAMES = {DRAW_GENERAL: "general", DRAW_PRIVATE: "private", DRAW_RESERVE: "reserve"}


class Geometry:
    """Immutable tables of one board (shared by every state of every game on it)."""

    #: Named slots: the engine reads these tables on every move, and an instance dict stops
    #: being fast past CPython 3.11's 30 shared keys (this class is at 30; see state.py).
    __slots__ = (
        "board", "width", "size", "labels", "nbrs", "is_open", "zen", "pedestal", "patio_kind",
        "patios", "vases", "start", "patio_adj", "vase_adj", "slot_cells", "cell_slots", "bit",
        "nmask", "open_mask", "start_colors", "start_slots", "slot_touching", "slot_near",
        "slot_rings", "slot_special", "has_east", "slot_nmask", "slot_clear", "placement_parts",
        "names",
    )

    def __init__(self, board: Board) -> None:
        self.board = board
        w, h = board.width, board.height
        n = w * h
        self.width = w
        self.size = n
        cells = board.cells
        self.labels = tuple(board.label(i) for i in range(n))
        self.nbrs = board.neighbours
        self.is_open = tuple(k in ".ZE" for k in cells)
        self.zen = tuple(k == "Z" for k in cells)
        self.pedestal = tuple(k == "E" for k in cells)
        self.patio_kind = tuple(PATIO_CODES.get(board.patios.get(i, ""), 0) for i in range(n))
        self.patios = tuple(board.patios)
        self.vases = board.vases
        self.start = dict(board.start_squares)
        self.patio_adj = tuple(
            tuple(m for m in self.nbrs[i] if self.patio_kind[m]) for i in range(n)
        )
        self.vase_adj = tuple(tuple(m for m in self.nbrs[i] if cells[m] == "V") for i in range(n))
        # slot code -> (a, b) (None for codes that are no slot); per open cell, its slots
        self.slot_cells: list[tuple[int, int] | None] = [None] * (2 * n)
        cell_slots: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for a in range(n):
            if not self.is_open[a]:
                continue
            for d, b in ((0, board.steps[a][1]), (1, board.steps[a][2])):
                if b >= 0 and self.is_open[b]:
                    s = a * 2 + d
                    self.slot_cells[s] = (a, b)
                    cell_slots[a].append((s, b))
                    cell_slots[b].append((s, a))
        self.cell_slots = tuple(tuple(x) for x in cell_slots)
        # bitboards (python-chess style): bit c stands for cell c
        self.bit = tuple(1 << i for i in range(n))
        self.nmask = tuple(sum(1 << m for m in self.nbrs[i]) for i in range(n))
        self.open_mask = sum(1 << i for i in range(n) if self.is_open[i])
        #: the colour code on each cell before the first move (-1: none), and the first slots:
        #: free pairs next to the printed start squares (rulings 2, 3)
        self.start_colors = tuple(
            COLORS.index(self.start[c]) if c in self.start else -1 for c in range(n)
        )
        self.start_slots = tuple(sorted(
            s for c in self.start for m in self.nbrs[c] if self.start_colors[m] < 0
            for s, o in self.cell_slots[m] if self.start_colors[o] < 0
        ))
        #: per slot: the slots its two cells belong to (they close when it is covered), and
        #: those and the slots next to it (they may open)
        empty: frozenset[int] = frozenset()
        self.slot_touching: list[frozenset[int]] = [empty] * (2 * n)
        self.slot_near: list[frozenset[int]] = [empty] * (2 * n)
        #: per slot, the cells next to its first cell, to its second and to either (neither
        #: cell itself): what a placement's colours meet
        self.slot_rings: list[tuple[tuple[int, ...], ...] | None] = [None] * (2 * n)
        #: per slot, whether it covers a zen space or a pedestal (rare; skips their checks)
        self.slot_special = [False] * (2 * n)
        for s, pair in enumerate(self.slot_cells):
            if pair is None:
                continue
            a, b = pair
            self.slot_touching[s] = frozenset(t for c in (a, b) for t, _ in self.cell_slots[c])
            around = {t for c in (a, b) for m in self.nbrs[c] for t, _ in self.cell_slots[m]}
            self.slot_near[s] = frozenset(around)  # the touching slots too (b is next to a)
            ring_a = tuple(m for m in self.nbrs[a] if m != b)
            ring_b = tuple(m for m in self.nbrs[b] if m != a)
            both = ring_a + tuple(m for m in ring_b if m not in ring_a)
            self.slot_rings[s] = (ring_a, ring_b, both)
            special = (self.zen[a], self.zen[b], self.pedestal[a], self.pedestal[b])
            self.slot_special[s] = any(special)
        #: cells with an east neighbour on the grid (masks horizontal pair shifts)
        self.has_east = sum(1 << i for i in range(n) if i % w != w - 1)
        #: per slot, the cells next to either of its two cells (a placement's whole contact),
        #: and the mask that clears its own two cells from a bitboard
        self.slot_nmask = [0] * (2 * n)
        self.slot_clear = [-1] * (2 * n)
        for s, pair in enumerate(self.slot_cells):
            if pair is not None:
                a, b = pair
                self.slot_clear[s] = ~((1 << a) | (1 << b))
                self.slot_nmask[s] = (self.nmask[a] | self.nmask[b]) & self.slot_clear[s]
        #: per placement code: (slot, first cell, second cell, its colour, the other's, domino
        #: type, colour groups), None for codes that are no placement. A group is (colour, the
        #: new squares of that colour, the cells around them): one for a single-coloured
        #: domino, one per cell otherwise (what event resolution and the absorb check walk)
        self.placement_parts: list[tuple[Any, ...] | None] = [None] * (2 * n * 9)
        for s, pair in enumerate(self.slot_cells):
            rings = self.slot_rings[s]
            if pair is None or rings is None:
                continue
            a, b = pair
            for x in range(3):
                for y in range(3):
                    groups = (((x, (a, b), rings[2]),) if x == y
                              else ((x, (a,), rings[0]), (y, (b,), rings[1])))
                    self.placement_parts[s * 9 + x * 3 + y] = (s, a, b, x, y, type_of(x, y),
                                                               groups)
        #: notation of every action code: placements ``XY@C5E`` (first cell west or north),
        #: draws ``draw:general`` and the like, ``-`` to decline
        self.names: dict[int, str] = {DECLINE: "-"}
        self.names.update((code, f"draw:{name}") for code, name in DRAW_NAMES.items())
        for s, pair in enumerate(self.slot_cells):
            if pair is not None:
                for xy in range(9):
                    where = f"{self.labels[pair[0]]}{'ES'[s & 1]}"
                    self.names[s * 9 + xy] = f"{COLORS[xy // 3]}{COLORS[xy % 3]}@{where}"

    def slot_of(self, a: int, b: int) -> int:
        """Slot code of the pair (a, b) in either order, or -1 when they are not adjacent."""
        if a > b:
            a, b = b, a
        if b == a + 1 and a % self.width != self.width - 1:
            return a * 2
        if b == a + self.width:
            return a * 2 + 1
        return -1

    def action_names(self, codes: Sequence[int]) -> list[str]:
        """The notation of each action code (see :attr:`names`)."""
        return list(map(self.names.__getitem__, codes))

    def action_name(self, code: int) -> str:
        """The notation of ``code``; a code no action has reads as ``#code`` (in errors)."""
        return self.names.get(code, f"#{code}")


@lru_cache(maxsize=64)
def geometry(board: Board) -> Geometry:
    """The cached tables of ``board``."""
    return Geometry(board)
