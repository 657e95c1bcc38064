"""One seat's garden in the kernel: free spaces, placement legality with the group rule
(spec 6), surround rewards (spec 7) and the groups end scoring and the evaluation count
(spec 10), as ``queens.garden`` states them, over the state array (``layout``).

Cell ids, neighbour lists and the face-down mark are the readable engine's, so a board row
is the readable ``boards[p]`` and an area entry its ``areas[p]``.
"""

from __future__ import annotations

from numba import njit

from gardensim.games.queens.geometry import AREAS, CELLS, RING, XFEATURES, area_cell, area_centre
from gardensim.games.queens.kernel.layout import (
    AREAS_AT,
    BOARDS,
    DOWN,
    G_NBR,
    G_NNBR,
    G_PAVILION_REWARD,
    G_REWARD,
    G_STORE_TILES,
    G_VALUES,
    JOKERS,
    LEDGER_AT,
    NLEDGER,
    REWARDED,
    TILES,
    UNPLACED,
    W_FOUND,
    W_FREE,
    W_STACK,
)
from gardensim.games.queens.scoring import JOKERS_GAINED, JOKERS_LOST

RING_FIRST = RING[0]
RING_END = RING[-1] + 1
X_FIRST = XFEATURES[0]
X_END = XFEATURES[-1] + 1
FIRST_AREA_CELL = area_cell(0, 0) - area_centre(0)
AREA_BASE = area_centre(0)
AREA_STEP = area_centre(1) - area_centre(0)


@njit(cache=True, inline="always")
def centre_of(a) -> int:
    """``geometry.area_centre``."""
    return AREA_BASE + AREA_STEP * a


@njit(cache=True, inline="always")
def ring_cell(a, j) -> int:
    """``geometry.area_cell``."""
    return AREA_BASE + AREA_STEP * a + FIRST_AREA_CELL + j


@njit(cache=True)
def free_cells(S, p, W) -> int:
    """The free spaces of seat ``p`` into ``W[W_FREE:]``, in ``garden.free_cells``' order;
    returns how many."""
    b = BOARDS + p * CELLS
    k = 0
    for c in range(RING_FIRST, RING_END):
        if S[b + c] < 0:
            W[W_FREE + k] = c
            k += 1
    for a in range(AREAS):
        status = S[AREAS_AT + p * AREAS + a]
        if status == UNPLACED:
            continue
        centre = centre_of(a)
        if status >= DOWN and S[b + centre] < 0:
            W[W_FREE + k] = centre
            k += 1
        for j in range(6):
            c = centre + FIRST_AREA_CELL + j
            if S[b + c] < 0:
                W[W_FREE + k] = c
                k += 1
    return k


@njit(cache=True)
def _distinct(S, G, b, cell, h, by_colour, W) -> bool:
    """Does the colour (pattern) group through ``cell`` holding ``h`` keep distinct
    hexagons? (``garden._component_distinct``)"""
    key = h // 6 if by_colour else h % 6
    seen = 1 << h
    visited = 1 << cell
    W[W_STACK] = cell
    top = 1
    while top:
        top -= 1
        c = W[W_STACK + top]
        for i in range(G[G_NNBR + c]):
            n = G[G_NBR + c * 6 + i]
            g = S[b + n]
            if g < 0 or visited >> n & 1:
                continue
            if (g // 6 if by_colour else g % 6) != key:
                continue
            visited |= 1 << n
            if seen >> g & 1:
                return False
            seen |= 1 << g
            W[W_STACK + top] = n
            top += 1
    return True


@njit(cache=True)
def group_ok(S, G, p, cell, h, W) -> bool:
    """Rules 6.2-6.4 for hexagon ``h`` on empty ``cell`` of seat ``p`` (``garden.group_ok``)."""
    b = BOARDS + p * CELLS
    colour = h // 6
    pattern = h % 6
    touching = False
    matched = False
    by_colour = False
    by_pattern = False
    for i in range(G[G_NNBR + cell]):
        g = S[b + G[G_NBR + cell * 6 + i]]
        if g < 0:
            continue
        if g == h:
            return False
        touching = True
        if g // 6 == colour:
            matched = True
            by_colour = True
        elif g % 6 == pattern:
            matched = True
            by_pattern = True
    if touching and not matched:
        return False
    if by_colour and not _distinct(S, G, b, cell, h, True, W):
        return False
    return not by_pattern or _distinct(S, G, b, cell, h, False, W)


@njit(cache=True)
def held_tiles(S, p) -> int:
    total = 0
    for h in range(36):
        total += S[TILES + p * 36 + h]
    return total


@njit(cache=True)
def _surrounded(S, G, b, cell) -> bool:
    if G[G_NNBR + cell] != 6:
        return False
    for i in range(6):
        if S[b + G[G_NBR + cell * 6 + i]] < 0:
            return False
    return True


@njit(cache=True)
def reward_surrounds(S, G, p, W) -> None:
    """Spec 7 after a placement (``QueensState._after_placement``): every newly surrounded
    feature, in ``garden.features``' order, gives its jokers up to the storage room."""
    b = BOARDS + p * CELLS
    rewarded = S[REWARDED + p]
    k = 0
    if not rewarded & 1 and _surrounded(S, G, b, 0):
        W[W_FOUND + k] = 0
        k += 1
    for x in range(X_FIRST, X_END):
        if not rewarded >> x & 1 and _surrounded(S, G, b, x):
            W[W_FOUND + k] = x
            k += 1
    for a in range(AREAS):
        status = S[AREAS_AT + p * AREAS + a]
        centre = centre_of(a)
        if 0 <= status < DOWN and not rewarded >> centre & 1 and _surrounded(S, G, b, centre):
            W[W_FOUND + k] = centre
            k += 1
    ledger = LEDGER_AT + p * NLEDGER
    for i in range(k):
        cell = W[W_FOUND + i]
        S[REWARDED + p] |= 1 << cell
        reward = G[G_REWARD + cell] if cell < X_END else G[G_PAVILION_REWARD]
        room = G[G_STORE_TILES] - held_tiles(S, p) - S[JOKERS + p]
        fit = min(reward, room)
        S[JOKERS + p] += fit
        S[ledger + JOKERS_GAINED] += fit
        S[ledger + JOKERS_LOST] += reward - fit


@njit(cache=True)
def groups(S, G, p, by_colour, sizes, worths, W) -> int:
    """The colour (pattern) groups of seat ``p``'s garden in ``garden.groups``' order (by
    their first cell): their sizes and value sums into ``sizes`` and ``worths``; returns how
    many, singletons included."""
    b = BOARDS + p * CELLS
    seen = 0
    count = 0
    for start in range(CELLS):
        h = S[b + start]
        if h < 0 or seen >> start & 1:
            continue
        key = h // 6 if by_colour else h % 6
        size = 0
        worth = 0
        seen |= 1 << start
        W[W_STACK] = start
        top = 1
        while top:
            top -= 1
            c = W[W_STACK + top]
            size += 1
            worth += G[G_VALUES + S[b + c] % 6]
            for i in range(G[G_NNBR + c]):
                n = G[G_NBR + c * 6 + i]
                g = S[b + n]
                if g >= 0 and not seen >> n & 1 and (g // 6 if by_colour else g % 6) == key:
                    seen |= 1 << n
                    W[W_STACK + top] = n
                    top += 1
        sizes[count] = size
        worths[count] = worth
        count += 1
    return count
