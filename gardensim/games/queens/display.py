"""The display and the acquire action (spec 4A), and the stack-top refill (spec 4A, 9).

The display is a tuple of ``(expansion, tiles)`` pairs in the order they arrived; an entry with
no tiles is face up and is itself a display hexagon (its printed hexagon is its id). The stack
top is ``stack[-1]`` with ``top_tiles`` on it. Sources of a copy are *slots*: 0 the stack top,
``i`` the display entry ``i - 1`` (a tile on it, or the face-up expansion itself).

An acquire is coded ``attr << 24 | digits``: ``attr`` 0-5 a colour, 6-11 a pattern, and one
4-bit digit per line position (the pattern of a colour's kinds, the colour of a pattern's) that
holds the chosen copy's slot + 1, or 0 when the selection has no such kind.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING

from gardensim.games.queens import chance

if TYPE_CHECKING:
    from gardensim.games.queens.state import QueensState


def kind_at(attr: int, k: int) -> int:
    return attr * 6 + k if attr < 6 else k * 6 + attr - 6


Display = tuple[tuple[int, tuple[int, ...]], ...]


def candidates(display: Display, top: tuple[int, ...]) -> dict[int, list[int]]:
    """Hexagon kind -> the distinct slots holding a copy of it (``top``: the stack top's tiles,
    empty when the stack is gone)."""
    out: dict[int, list[int]] = {}
    for h in set(top):
        out.setdefault(h, []).append(0)
    for i, (exp, tiles) in enumerate(display, 1):
        for h in sorted(set(tiles)) if tiles else (exp,):
            slots = out.setdefault(h, [])
            if not slots or slots[-1] != i:
                slots.append(i)
    return out


def acquires(st: QueensState, room_tiles: int, room_exps: int) -> tuple[int, ...]:
    """Every legal acquire code (the chosen copies must fit the storage), stable order."""
    return _acquires(st.display, st.top_tiles if st.stack else (), room_tiles, room_exps)


@lru_cache(maxsize=4096)
def _acquires(display: Display, top: tuple[int, ...], room_tiles: int,
              room_exps: int) -> tuple[int, ...]:
    """Acquires depend only on the display, the stack top and the storage room, which stay the
    same over the placements and passes between two takes, so they are remembered."""
    out: list[int] = []
    cands = candidates(display, top)
    selections: list[list[tuple[int, list[int]]]] = [[] for _ in range(12)]
    for h in sorted(cands):
        colour, pattern = divmod(h, 6)
        slots = cands[h]
        selections[colour].append((pattern, slots))
        selections[6 + pattern].append((colour, slots))
    faceup = {i for i, (_, tiles) in enumerate(display, 1) if not tiles}
    for attr, sel in enumerate(selections):
        if not sel:
            continue
        if attr >= 6 and len(sel) == 1 and len(selections[sel[0][0]]) == 1:
            continue  # the same single hexagon as naming its colour (spec 4A)
        if len(sel) > room_tiles + room_exps:
            continue
        if all(len(slots) == 1 for _, slots in sel):
            combos: Iterable[tuple[int, ...]] = (tuple(slots[0] for _, slots in sel),)
        else:
            combos = product(*(slots for _, slots in sel))
        for combo in combos:
            exps = sum(1 for s in combo if s in faceup) if faceup else 0
            if exps > room_exps or len(combo) - exps > room_tiles:
                continue
            code = attr << 24
            for (k, _), s in zip(sel, combo, strict=True):
                code |= (s + 1) << (4 * k)
            out.append(code)
    return tuple(out)


def chosen(code: int) -> list[tuple[int, int]]:
    """(hexagon kind, slot) of each copy an acquire code takes."""
    attr = code >> 24
    return [(kind_at(attr, k), (code >> 4 * k & 15) - 1) for k in range(6) if code >> 4 * k & 15]


def apply_acquire(st: QueensState, code: int) -> tuple[list[int], list[int], bool]:
    """Take the chosen copies; returns (tiles taken, expansions taken, whether the stack top
    was touched). Then spec 4A (1) moves a touched top into the display and refills the new
    top, and (2) flips every emptied display expansion face up (its printed hexagon becomes
    known to all)."""
    display = [(exp, list(tiles)) for exp, tiles in st.display]
    top = list(st.top_tiles)
    tiles_taken, exps_taken, gone = [], [], set()
    touched = False
    for h, slot in chosen(code):
        if slot == 0:
            top.remove(h)
            touched = True
            tiles_taken.append(h)
        elif display[slot - 1][1]:
            display[slot - 1][1].remove(h)
            tiles_taken.append(h)
        else:
            exps_taken.append(h)
            gone.add(slot - 1)
    display = [d for i, d in enumerate(display) if i not in gone]
    if touched:
        display.append((st.stack[-1], top))
        st.stack = st.stack[:-1]
        top = []
    st.display = tuple((exp, tuple(tiles)) for exp, tiles in display)
    st.top_tiles = tuple(top)
    for exp, tiles in st.display:
        if not tiles:
            st.revealed |= 1 << exp
    if touched:
        refill_top(st)
    return tiles_taken, exps_taken, touched


def refill_top(st: QueensState) -> None:
    """Draw tiles onto the stack top; with no tiles at all, the empty top goes face up into the
    display and the next one is tried (spec 9 shortage)."""
    while st.stack:
        tiles = chance.draw_tiles(st, st.rules.refill)
        if tiles:
            st.top_tiles = tuple(tiles)
            return
        exp = st.stack[-1]
        st.stack = st.stack[:-1]
        st.display = (*st.display, (exp, ()))
        st.revealed |= 1 << exp
    st.top_tiles = ()
