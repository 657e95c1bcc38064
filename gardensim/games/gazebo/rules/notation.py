"""Move notation (docs/gazebo-engine-contract.md): ``XY@C5E``, ``draw:general``, ``-``.

Case-insensitive in, upper case out. A placement names colour ``X`` on a cell and colour ``Y`` on
its neighbour in direction ``E S W N``; the same physical placement has one canonical code (first
cell west or north of the second), so ``GF@D4W`` and ``FG@C4E`` are one action.
"""

from __future__ import annotations

import re
from typing import Any

from gardensim.core.errors import IllegalMoveError
from gardensim.games.gazebo.rules.geometry import (
    COLORS,
    DECLINE,
    DRAW_GENERAL,
    DRAW_PRIVATE,
    DRAW_RESERVE,
)

_PLACEMENT = re.compile(r"^([FGW])([FGW])@([A-Z])(\d{1,2})([NESW])$")
DRAW_TOKENS = {
    "DRAW:GENERAL": DRAW_GENERAL,
    "DRAW:PRIVATE": DRAW_PRIVATE,
    "DRAW:RESERVE": DRAW_RESERVE,
    "-": DECLINE,
}
_STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


class NotationError(IllegalMoveError):
    """A token that names no placement on this board; ``reason`` is the contract's wording."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text}: {reason}")
        self.text = text
        self.reason = reason


def parse_placement(geo: Any, text: str) -> tuple[int, int, int, int]:
    """``(a, b, x, y)``: colour ``x`` on cell ``a``, ``y`` on ``b``, canonical (a west or north
    of b). Raises :class:`NotationError` with reason ``bad notation`` or ``off the board``."""
    token = text.strip().upper()
    m = _PLACEMENT.match(token)
    if not m:
        raise NotationError(text.strip(), "bad notation")
    x, y = COLORS.index(m.group(1)), COLORS.index(m.group(2))
    col = ord(m.group(3)) - ord("A")
    row = int(m.group(4)) - 1
    dc, dr = _STEP[m.group(5)]
    width, height = geo.board.width, geo.board.height
    for c, r in ((col, row), (col + dc, row + dr)):
        if not (0 <= c < width and 0 <= r < height):
            raise NotationError(text.strip(), "off the board")
    a = row * width + col
    b = (row + dr) * width + col + dc
    if m.group(5) in "WN":
        a, b, x, y = b, a, y, x
    return a, b, x, y


def placement_code(geo: Any, a: int, b: int, x: int, y: int) -> int:
    """Action code of a canonical placement (``a`` west or north of ``b``)."""
    return geo.slot_of(a, b) * 9 + x * 3 + y


def parse_action(geo: Any, text: str) -> int:
    """Action code of any token; placements on cells no domino can cover are rejected."""
    token = text.strip().upper()
    if token in DRAW_TOKENS:
        return DRAW_TOKENS[token]
    a, b, x, y = parse_placement(geo, text)
    reason = cell_problem(geo, a, b)
    if reason is not None:
        raise NotationError(text.strip(), reason)
    return placement_code(geo, a, b, x, y)


def cell_problem(geo: Any, a: int, b: int) -> str | None:
    """Why no domino can ever cover cells ``a`` and ``b``: ``not an open cell`` (a patio, vase
    or void cell) before ``cell occupied`` (a printed start square) whichever cell has which
    (rulings 23), else None."""
    if not (geo.is_open[a] and geo.is_open[b]):
        if any(not geo.is_open[c] and c not in geo.start for c in (a, b)):
            return "not an open cell"
        return "cell occupied"
    return None
