"""The garden of one player on one axial lattice (spec 2), built once from the rules data.

Cell ids: ``0`` the fountain, ``1..6`` the fountain ring R0..R5, ``7..12`` the statues and
benches X0..X5, then area ``a`` holds ``13 + 7a`` (its centre: a pavilion when the expansion is
face up, a free space when face down) and ``13 + 7a + 1 + j``, the ring cell at centre + Dj.
Fifty-five cells in all. Neighbour lists hold only garden cells. Cell names in notation:
``R0``..``R5``, ``A3c`` (the centre of area 3), ``A3.0``..``A3.5`` (its ring cells).
"""

from __future__ import annotations

from dataclasses import dataclass

from gardensim.games.queens.rules import QueensRules

FOUNTAIN = 0
RING = tuple(range(1, 7))
XFEATURES = tuple(range(7, 13))
AREAS = 6
CELLS = 13 + 7 * AREAS


def area_centre(a: int) -> int:
    return 13 + 7 * a


def area_cell(a: int, j: int) -> int:
    """Ring cell ``j`` (at centre + Dj) of area ``a``."""
    return 14 + 7 * a + j


def area_of(cell: int) -> int:
    """The area holding ``cell``, or -1 for a fountain-board cell."""
    return (cell - 13) // 7 if cell >= 13 else -1


@dataclass(frozen=True)
class Geometry:
    coords: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    feature_kind: dict[int, str]  # fountain and X cells; area centres are pavilions when face up

    def cell_name(self, cell: int) -> str:
        if cell == FOUNTAIN:
            return "F"
        if cell in RING:
            return f"R{cell - 1}"
        if cell in XFEATURES:
            return f"X{cell - 7}"
        a, k = divmod(cell - 13, 7)
        return f"A{a}c" if k == 0 else f"A{a}.{k - 1}"

    def parse_cell(self, text: str) -> int:
        """Inverse of :meth:`cell_name`; -1 when ``text`` names no cell."""
        t = text.strip().upper()
        for cell in range(CELLS):
            if self.cell_name(cell).upper() == t:
                return cell
        return -1


def build_geometry(rules: QueensRules) -> Geometry:
    coords: list[tuple[int, int]] = [rules.fountain, *rules.ring, *rules.features]
    for cq, cr in rules.area_centres:
        coords.append((cq, cr))
        coords.extend((cq + dq, cr + dr) for dq, dr in rules.directions)
    index = {c: i for i, c in enumerate(coords)}
    if len(index) != CELLS:
        raise ValueError("queens geometry: overlapping cells in the rules data")
    neighbours = tuple(
        tuple(index[(q + dq, r + dr)] for dq, dr in rules.directions if (q + dq, r + dr) in index)
        for q, r in coords
    )
    kinds = {FOUNTAIN: "fountain"}
    kinds.update({x: rules.feature_kinds[i] for i, x in enumerate(XFEATURES)})
    return Geometry(tuple(coords), neighbours, kinds)
