"""The display, the stack top and bag draws in the kernel (spec 4A, 9): the acquire moves in
``queens.display.acquires``' order and codes, taking them, and the refill with the shortage
rule, drawing from the bag with the readable engine's SplitMix64 stream
(``queens.chance.draw_tiles``).

The display is ``DN`` entries in arrival order: an expansion (``DEXP``) and its tiles
(``DT``, sorted, ``DTN`` of them; none: the expansion lies face up). The current round's
stack is row ``round - 1`` of ``STACKS``, its top the last of its ``STACKN`` entries, with
``TOPN`` tiles ``TOP`` on it (none once the stack is gone).
"""

from __future__ import annotations

from numba import njit

from gardensim.games.queens.kernel.layout import (
    BAG,
    DEXP,
    DMAX,
    DN,
    DT,
    DTN,
    EMAX,
    EXPN,
    EXPS,
    G_REFILL,
    REVEALED,
    RMAX,
    ROUND,
    SMAX,
    STACKN,
    STACKS,
    TILES,
    TOP,
    TOPN,
    TOWER,
    W_CN,
    W_CS,
    W_DIGITS,
    W_DRAWN,
)
from gardensim.games.queens.notation import ACQ_BASE
from gardensim.kernels.splitmix import next_random

SLOTS = DMAX + 1


@njit(cache=True)
def draw_tiles(S, R, count, W) -> int:
    """Up to ``count`` tiles from the bag into ``W[W_DRAWN:]``, sorted, pouring the tower in
    when the bag runs dry; returns how many (``chance.draw_tiles``)."""
    total = 0
    for h in range(36):
        total += S[BAG + h]
    k = 0
    for _ in range(count):
        if not total:
            for h in range(36):
                total += S[TOWER + h]
            if not total:
                break
            for h in range(36):
                S[BAG + h] += S[TOWER + h]
                S[TOWER + h] = 0
        state, r = next_random(R[0], total)
        R[0] = state
        h = 0
        while r >= S[BAG + h]:
            r -= S[BAG + h]
            h += 1
        S[BAG + h] -= 1
        W[W_DRAWN + k] = h
        k += 1
        total -= 1
    for i in range(1, k):
        x = W[W_DRAWN + i]
        j = i - 1
        while j >= 0 and W[W_DRAWN + j] > x:
            W[W_DRAWN + j + 1] = W[W_DRAWN + j]
            j -= 1
        W[W_DRAWN + j + 1] = x
    return k


@njit(cache=True)
def stack_top_at(S) -> int:
    return STACKS + (S[ROUND] - 1) * SMAX + S[STACKN] - 1


@njit(cache=True)
def refill_top(S, R, G, W) -> None:
    """``display.refill_top``: tiles onto the stack top; with none left at all the empty top
    goes face up into the display and the next one is tried."""
    while S[STACKN] > 0:
        k = draw_tiles(S, R, G[G_REFILL], W)
        if k:
            for i in range(k):
                S[TOP + i] = W[W_DRAWN + i]
            S[TOPN] = k
            return
        exp = S[stack_top_at(S)]
        S[STACKN] -= 1
        d = S[DN]
        S[DEXP + d] = exp
        S[DTN + d] = 0
        S[DN] = d + 1
        S[REVEALED] |= 1 << exp
    S[TOPN] = 0


@njit(cache=True)
def _candidates(S, W) -> None:
    """Hexagon kind -> the slots holding a copy of it (``display.candidates``): counts in
    ``W[W_CN:]``, slots in ``W[W_CS:]``, ascending."""
    for h in range(36):
        W[W_CN + h] = 0
    if S[STACKN] > 0:
        last = -1
        for i in range(S[TOPN]):
            h = S[TOP + i]
            if h != last:
                W[W_CS + h * SLOTS] = 0
                W[W_CN + h] = 1
                last = h
    for d in range(S[DN]):
        n = S[DTN + d]
        if n == 0:
            h = S[DEXP + d]
            W[W_CS + h * SLOTS + W[W_CN + h]] = d + 1
            W[W_CN + h] += 1
            continue
        last = -1
        for i in range(n):
            h = S[DT + d * RMAX + i]
            if h != last:
                W[W_CS + h * SLOTS + W[W_CN + h]] = d + 1
                W[W_CN + h] += 1
                last = h


@njit(cache=True, inline="always")
def kind_at(attr, k) -> int:
    return attr * 6 + k if attr < 6 else k * 6 + attr - 6


@njit(cache=True)
def acquires(S, room_tiles, room_exps, out, start, first, W) -> int:
    """The legal acquire actions into ``out[start:]`` (``display.acquires``, in its order);
    returns the new end. With ``first``, stops at the first one found."""
    _candidates(S, W)
    count = start
    kinds = W[W_DIGITS:W_DIGITS + 6]
    pos = W[W_DIGITS + 6:W_DIGITS + 12]
    for attr in range(12):
        m = 0
        for k in range(6):
            h = kind_at(attr, k)
            if W[W_CN + h]:
                kinds[m] = k
                m += 1
        if m == 0:
            continue
        if attr >= 6 and m == 1:
            colour = kind_at(attr, kinds[0]) // 6
            same = 0
            for k in range(6):
                if W[W_CN + colour * 6 + k]:
                    same += 1
            if same == 1:
                continue  # the same single hexagon as naming its colour (spec 4A)
        if m > room_tiles + room_exps:
            continue
        for i in range(m):
            pos[i] = 0
        while True:
            exps = 0
            code = attr << 24
            for i in range(m):
                h = kind_at(attr, kinds[i])
                slot = W[W_CS + h * SLOTS + pos[i]]
                if slot > 0 and S[DTN + slot - 1] == 0:
                    exps += 1
                code |= (slot + 1) << (4 * kinds[i])
            if exps <= room_exps and m - exps <= room_tiles:
                out[count] = ACQ_BASE + code
                count += 1
                if first:
                    return count
            # the next combination of copies, in itertools.product's order
            i = m - 1
            while i >= 0:
                pos[i] += 1
                if pos[i] < W[W_CN + kind_at(attr, kinds[i])]:
                    break
                pos[i] = 0
                i -= 1
            if i < 0:
                break
    return count


@njit(cache=True)
def _remove_sorted(S, at, n, h) -> None:
    for i in range(n):
        if S[at + i] == h:
            for j in range(i, n - 1):
                S[at + j] = S[at + j + 1]
            return


@njit(cache=True)
def take(S, R, G, p, code, W) -> None:
    """``display.apply_acquire`` and the storing of what was taken
    (``QueensState._apply``): the chosen copies, then a touched stack top joins the display
    and the new top is refilled, and every emptied expansion turns face up."""
    attr = code >> 24
    touched = False
    gone = 0
    for k in range(6):
        digit = code >> 4 * k & 15
        if not digit:
            continue
        h = kind_at(attr, k)
        slot = digit - 1
        if slot == 0:
            _remove_sorted(S, TOP, S[TOPN], h)
            S[TOPN] -= 1
            touched = True
            S[TILES + p * 36 + h] += 1
        elif S[DTN + slot - 1]:
            d = slot - 1
            _remove_sorted(S, DT + d * RMAX, S[DTN + d], h)
            S[DTN + d] -= 1
            S[TILES + p * 36 + h] += 1
        else:
            n = S[EXPN + p]
            S[EXPS + p * EMAX + n] = h
            S[EXPN + p] = n + 1
            gone |= 1 << (slot - 1)
    if gone:
        kept = 0
        for d in range(S[DN]):
            if gone >> d & 1:
                continue
            if kept != d:
                S[DEXP + kept] = S[DEXP + d]
                S[DTN + kept] = S[DTN + d]
                for i in range(S[DTN + d]):
                    S[DT + kept * RMAX + i] = S[DT + d * RMAX + i]
            kept += 1
        S[DN] = kept
    if touched:
        d = S[DN]
        S[DEXP + d] = S[stack_top_at(S)]
        S[DTN + d] = S[TOPN]
        for i in range(S[TOPN]):
            S[DT + d * RMAX + i] = S[TOP + i]
        S[DN] = d + 1
        S[STACKN] -= 1
        S[TOPN] = 0
    for d in range(S[DN]):
        if S[DTN + d] == 0:
            S[REVEALED] |= 1 << S[DEXP + d]
    if touched:
        refill_top(S, R, G, W)
