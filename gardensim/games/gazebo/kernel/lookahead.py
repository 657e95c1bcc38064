"""What the one-ply values of the compiled engine share (the kernel's side of
``games/gazebo/lookahead.py``, whose docstring has the argument).

Most legal placements are *plain*: each colour of the domino joins at most one nook or makes
one nook of the lone squares it meets, and no nook becomes big. After a plain placement the
evaluation differs from that after another only by whether the domino was single-coloured, the
nooks created, the patios whose holder or threat changes (those a changed nook touches for the
first time), the zen spaces covered, the extra placement, and the ``exposed`` term - provided an
open slot with at most one nook square beside it survives, so the next turn (or the extra
placement) cannot fail for want of a place. ``plain_key`` packs all but ``exposed`` into one
integer (``evaluate.action_values`` applies one placement per key); ``exposed_after`` counts
``exposed`` per placement from what ``prepare`` gathered once per decision: the cells of every
nook and the contact cells of the player's small nooks.

The work arrays (``new_workspace``) are made once per decision; nothing is allocated per action.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.gazebo.kernel.events import patio_counts, patio_outcome
from gardensim.games.gazebo.kernel.layout import (
    C_OPEN,
    C_PATIO,
    C_PEDESTAL,
    C_VASE,
    C_ZEN,
    NEXT_NOOK,
    NPATIO,
    NPL,
    O_COLOR,
    O_GAZ,
    O_NCOL,
    O_NOOK_OF,
    O_OWNER,
    O_PHOLD,
    O_PMASK,
    O_PTHR,
    O_SIZE,
    O_VMASK,
    PARTNER,
    PLAYER,
    QIN,
    RAISED_TWO,
)
from gardensim.games.gazebo.kernel.legality import BIG_NOOK

#: not a plain placement, or one whose key does not fit: apply it and evaluate
FALLBACK = -1
#: simple slots kept: one that survives is all a plain placement needs
SIMPLE_KEPT = 32
#: patio changes a key holds: 6 bits of the rest, then 12 bits per change
KEY_PATIOS = 4

# rows of ``cw`` (per cell): next cell of the same nook, how many of the player's small nooks
# the cell is a contact of and which (4 rows), a stamp, neighbouring patios, vases (masks),
# free, per colour the size of the largest rival nook of 3 squares or more it touches if free
LINK, NCON, CON, STAMP, CPM, CVM, FREE, RMAX = 0, 1, 2, 6, 7, 8, 9, 10
CW_ROWS = 13
# rows of ``kw`` (per nook): first cell, contact cells, a small nook of the player's, its mark
# and covered contacts during one placement, the nooks marked
HEAD, CNT, MINE, MARK, DEC, MARKED = range(6)
KW_ROWS = 6
# columns of ``pw`` (per patio): seat counts now (4), whether known, its key part (see
# ``patio_change``; -1 unknown) when one nook of each (owner, 1 or 2 gazebos) first meets it
P_KNOWN, P_PART = 4, 5
# ``info``: the player, their partner (or themselves), their small nooks exposed now, simple
# slots kept, then those slots' two cells
I_PLAYER, I_PARTNER, I_NOW, I_SIMPLE, I_SLOTS = range(5)
# a nook's mark during one placement
REMEASURED, LOST, GAINED = 1, 2, 3
# ``gw``: two group records of ``G_LEN`` (nook or -1 for a new one, owner, colour, size after,
# new squares, size before, the new squares), then the nooks and lone squares a colour
# meets, the squares joined, a list of cells
G_NOOK, G_OWNER, G_COL, G_SIZE, G_NEW, G_OLD, G_CELLS = 0, 1, 2, 3, 4, 5, 8
G_LEN = 16
GW_IDS, GW_LONE, GW_JOINED, GW_CELLS = 32, 40, 48, 72
GW_SIZE = 88


@njit(cache=True)
def new_workspace(S):
    """The work arrays for positions of ``S``'s board: (cw, kw, pw, info, gw, counts)."""
    n = S[O_NOOK_OF] - S[O_COLOR]
    cw = np.empty((CW_ROWS, n), dtype=np.int64)
    kw = np.empty((KW_ROWS, n), dtype=np.int64)
    pw = np.empty((S[NPATIO] + 1, P_PART + 8), dtype=np.int64)
    info = np.empty(I_SLOTS + 2 * SIMPLE_KEPT, dtype=np.int64)
    gw = np.empty(GW_SIZE, dtype=np.int64)
    return cw, kw, pw, info, gw, np.empty(4, dtype=np.int64)


@njit(cache=True)
def prepare(S, T, player: int, cw, kw, pw, info) -> None:
    """What every placement's key and ``exposed`` read, gathered once: the cells of each nook
    (linked lists), the free cells and the rival nooks they touch, the contact cells of
    ``player``'s small nooks (free cells where a larger rival nook of their colour touches
    them), the open slots with at most one nook square beside them, each cell's neighbouring
    patios and vases."""
    nbr = T[0]
    cinfo = T[1]
    slots = T[2]
    n = nbr.shape[0]
    oc = S[O_COLOR]
    onk = S[O_NOOK_OF]
    o_owner = S[O_OWNER]
    o_size = S[O_SIZE]
    o_col = S[O_NCOL]
    partner = 3 - player if S[PARTNER] else player
    info[I_PLAYER] = player
    info[I_PARTNER] = partner
    n_nooks = S[NEXT_NOOK]
    for k in range(n_nooks):
        kw[HEAD, k] = -1
        kw[CNT, k] = 0
        kw[MARK, k] = 0
        kw[DEC, k] = 0
        kw[MINE, k] = int(S[o_owner + k] == player and 0 < S[o_size + k] < BIG_NOOK)
    for c in range(n - 1, -1, -1):
        cw[NCON, c] = 0
        cw[STAMP, c] = -1
        cw[RMAX, c] = 0
        cw[RMAX + 1, c] = 0
        cw[RMAX + 2, c] = 0
        cw[FREE, c] = int(cinfo[c, C_OPEN] == 1 and S[oc + c] < 0)
        pm = 0
        vm = 0
        for i in range(4):
            m = nbr[c, i]
            if m < 0:
                continue
            if cinfo[m, C_PATIO] >= 0:
                pm |= 1 << cinfo[m, C_PATIO]
            if cinfo[m, C_VASE] >= 0:
                vm |= 1 << cinfo[m, C_VASE]
        cw[CPM, c] = pm
        cw[CVM, c] = vm
        k = S[onk + c]
        if k >= 0:
            cw[LINK, c] = kw[HEAD, k]
            kw[HEAD, k] = c
    for c in range(n):
        k = S[onk + c]
        if k < 0:
            continue
        o = S[o_owner + k]
        size = S[o_size + k]
        if o == player or o == partner or size < 3:
            continue
        row = RMAX + S[o_col + k]
        for i in range(4):
            f = nbr[c, i]
            if f >= 0 and cw[FREE, f] and cw[row, f] < size:
                cw[row, f] = size
    now = 0
    for k in range(n_nooks):
        if not kw[MINE, k]:
            continue
        row = RMAX + S[o_col + k]
        size = S[o_size + k]
        c = kw[HEAD, k]
        while c >= 0:
            for i in range(4):
                f = nbr[c, i]
                if f < 0 or cw[row, f] <= size or cw[STAMP, f] == k:
                    continue
                cw[STAMP, f] = k
                kw[CNT, k] += 1
                cw[CON + cw[NCON, f], f] = k
                cw[NCON, f] += 1
            c = cw[LINK, c]
        if kw[CNT, k]:
            now += 1
    info[I_NOW] = now
    for i in range(S[NPATIO]):
        pw[i, P_KNOWN] = 0
    m = 0
    for s in range(slots.shape[0]):
        a = slots[s, 0]
        if a < 0:
            continue
        b = slots[s, 1]
        if not cw[FREE, a] or not cw[FREE, b]:
            continue
        touches = False
        squares = 0
        for side in range(2):
            c = a if side == 0 else b
            for i in range(4):
                q = nbr[c, i]
                if q < 0 or q == a or q == b or S[oc + q] < 0:
                    continue
                touches = True
                if S[onk + q] >= 0:
                    squares += 1
        if touches and squares <= 1:
            info[I_SLOTS + 2 * m] = a
            info[I_SLOTS + 2 * m + 1] = b
            m += 1
            if m == SIMPLE_KEPT:
                break
    info[I_SIMPLE] = m


@njit(cache=True, inline="always")
def leaves_a_place(nbr, info, a: int, b: int, gw, n_joined: int) -> bool:
    """Whether a kept simple slot survives covering ``a``, ``b`` and making the squares
    joined (in ``gw``) nook squares: still open with at most one nook square beside it, so
    any domino goes there (rulings 6) and the next turn has a placement."""
    for s in range(info[I_SIMPLE]):
        sa = info[I_SLOTS + 2 * s]
        sb = info[I_SLOTS + 2 * s + 1]
        if sa == a or sa == b or sb == a or sb == b:
            continue
        near = False
        for j in range(n_joined):
            c = gw[GW_JOINED + j]
            for i in range(4):
                if nbr[c, i] == sa or nbr[c, i] == sb:
                    near = True
        if not near:
            return True
    return False


@njit(cache=True, inline="always")
def meet(S, nbr, c1: int, c2: int, a: int, b: int, col: int, gw):
    """``legality.gather`` into ``gw``: the distinct nooks of colour ``col`` around ``c1``
    (and ``c2``; -1: none) and the lone squares of that colour there, the domino's cells
    ``a``, ``b`` left out; returns how many of each."""
    oc = S[O_COLOR]
    onk = S[O_NOOK_OF]
    nids = 0
    nlone = 0
    for j in range(2):
        c = c1 if j == 0 else c2
        if c < 0:
            continue
        for i in range(4):
            m = nbr[c, i]
            if m < 0 or m == a or m == b or S[oc + m] != col:
                continue
            k = S[onk + m]
            if k < 0:
                seen = False
                for q in range(nlone):
                    if gw[GW_LONE + q] == m:
                        seen = True
                if not seen:
                    gw[GW_LONE + nlone] = m
                    nlone += 1
            else:
                seen = False
                for q in range(nids):
                    if gw[GW_IDS + q] == k:
                        seen = True
                if not seen:
                    gw[GW_IDS + nids] = k
                    nids += 1
    return nids, nlone


@njit(cache=True, inline="always")
def plain_key(S, T, cw, pw, info, gw, counts, action: int):
    """(key, groups): the key of placement ``action`` (all the evaluation after it reads but
    ``exposed``) with its groups in ``gw``, or (FALLBACK, 0) when it is not plain."""
    nbr = T[0]
    cinfo = T[1]
    s = action // 9
    x = (action % 9) // 3
    y = action % 3
    a = T[2][s, 0]
    b = T[2][s, 1]
    mover = S[PLAYER]
    extra = cinfo[a, C_PEDESTAL] | cinfo[b, C_PEDESTAL]
    zen = 0 if S[QIN] else cinfo[a, C_ZEN] + cinfo[b, C_ZEN]
    ng = 0
    created = 0
    n_joined = 0
    for g in range(1 if x == y else 2):
        if x == y:
            col = x
            n_new = 2
            nids, nlone = meet(S, nbr, a, b, a, b, x, gw)
        elif g == 0:
            col = x
            n_new = 1
            nids, nlone = meet(S, nbr, a, -1, a, b, x, gw)
        else:
            col = y
            n_new = 1
            nids, nlone = meet(S, nbr, b, -1, a, b, y, gw)
        if nids >= 2:
            return FALLBACK, 0
        if nids == 0 and nlone == 0 and n_new == 1:
            continue
        base = ng * G_LEN
        if nids == 1:
            k = gw[GW_IDS]
            owner = S[S[O_OWNER] + k]
            old = S[S[O_SIZE] + k]
        else:
            k = -1
            owner = mover
            old = 0
            created += 1
        squares = n_new + nlone
        if old < BIG_NOOK <= old + squares:
            return FALLBACK, 0
        gw[base + G_NOOK] = k
        gw[base + G_OWNER] = owner
        gw[base + G_COL] = col
        gw[base + G_SIZE] = old + squares
        gw[base + G_NEW] = squares
        gw[base + G_OLD] = old
        cells = base + G_CELLS
        gw[cells] = a if n_new == 2 or g == 0 else b
        if n_new == 2:
            gw[cells + 1] = b
        for i in range(nlone):
            gw[cells + n_new + i] = gw[GW_LONE + i]
        vm = 0
        for i in range(squares):
            gw[GW_JOINED + n_joined] = gw[cells + i]
            n_joined += 1
            vm |= cw[CVM, gw[cells + i]]
        if owner == mover and vm & ~(S[S[O_VMASK] + k] if k >= 0 else 0):
            extra = 1
        ng += 1
    if not leaves_a_place(nbr, info, a, b, gw, n_joined):
        return FALLBACK, 0
    key = int(x == y) | created << 1 | zen << 3 | extra << 5
    return patio_changes(S, T, cw, pw, ng, gw, counts, key), ng


@njit(cache=True, inline="always")
def patio_change(S, T, pw, counts, i: int) -> int:
    """The key part of patio ``i`` with the seat counts ``counts``: 0 when its holder and
    threat stay, else 12 bits led by a set bit (so keys of different lengths differ)."""
    holder = S[S[O_PHOLD] + i]
    thr = S[S[O_PTHR] + i]
    h, t = patio_outcome(counts, S[NPL], holder, T[4][i], S[RAISED_TWO])
    if h == holder and t == thr:
        return 0
    return 1 << 11 | i << 6 | (h + 1) << 3 | (t + 1)


@njit(cache=True, inline="always")
def patio_changes(S, T, cw, pw, ng: int, gw, counts, key: int) -> int:
    """``key`` followed by the part (``patio_change``) of each patio that the groups' nooks
    touch for the first time and whose outcome changes (rulings 8-10), in reading order as
    event resolution settles them; FALLBACK past ``KEY_PATIOS`` changes. A patio met by one
    nook keeps its part per (owner, gazebos) for the decision."""
    touch0 = 0
    touch1 = 0
    for g in range(ng):
        base = g * G_LEN
        pm = 0
        for i in range(gw[base + G_NEW]):
            pm |= cw[CPM, gw[base + G_CELLS + i]]
        if gw[base + G_NOOK] >= 0:
            pm &= ~S[S[O_PMASK] + gw[base + G_NOOK]]
        if g == 0:
            touch0 = pm
        else:
            touch1 = pm
    todo = touch0 | touch1
    changes = 0
    i = 0
    while todo:
        if todo & 1:
            if pw[i, P_KNOWN] == 0:
                patio_counts(S, T, T[3][i], counts)
                for q in range(4):
                    pw[i, q] = counts[q]
                for q in range(8):
                    pw[i, P_PART + q] = -1
                pw[i, P_KNOWN] = 1
            only = -1
            if not (touch1 >> i) & 1:
                only = 0
            elif not (touch0 >> i) & 1:
                only = 1
            part = -1
            slot = -1
            if only >= 0:
                base = only * G_LEN
                k = gw[base + G_NOOK]
                gaz = 1 if k < 0 else S[S[O_GAZ] + k]
                if gaz == 1 or gaz == 2:
                    slot = P_PART + 2 * gw[base + G_OWNER] + gaz - 1
                    part = pw[i, slot]
            if part < 0:
                for q in range(4):
                    counts[q] = pw[i, q]
                for g in range(ng):
                    if ((touch0 if g == 0 else touch1) >> i) & 1:
                        base = g * G_LEN
                        k = gw[base + G_NOOK]
                        counts[gw[base + G_OWNER]] += 1 if k < 0 else S[S[O_GAZ] + k]
                part = patio_change(S, T, pw, counts, i)
                if slot >= 0:
                    pw[i, slot] = part
            if part:
                if changes == KEY_PATIOS:
                    return FALLBACK
                key = key << 12 | part
                changes += 1
        todo >>= 1
        i += 1
    return key


@njit(cache=True, inline="always")
def group_cells(cw, kw, gw, base: int, whole: bool) -> int:
    """The squares of a group's nook after the placement (``whole``) or only its new ones,
    into ``gw[GW_CELLS:]``; returns how many."""
    n = 0
    k = gw[base + G_NOOK]
    if whole and k >= 0:
        c = kw[HEAD, k]
        while c >= 0:
            gw[GW_CELLS + n] = c
            n += 1
            c = cw[LINK, c]
    for i in range(gw[base + G_NEW]):
        gw[GW_CELLS + n] = gw[base + G_CELLS + i]
        n += 1
    return n


@njit(cache=True, inline="always")
def exposed_after(S, T, cw, kw, info, gw, action: int, ng: int) -> int:
    """``evaluate.exposed_count`` after the plain placement ``action`` whose ``ng`` groups
    (``plain_key``) are in ``gw``. An untouched small nook of the player stays exposed unless
    the domino covers all its contact cells, and becomes exposed only through a rival nook
    that grew or appeared (walked whole unless it was big already, as then only its new
    squares can bring contacts); the player's grown or new nooks are measured again. The
    domino's two colours change nooks of different colours, so these never interfere."""
    nbr = T[0]
    a = T[2][action // 9, 0]
    b = T[2][action // 9, 1]
    player = info[I_PLAYER]
    partner = info[I_PARTNER]
    onk = S[O_NOOK_OF]
    total = info[I_NOW]
    nt = 0
    for g in range(ng):
        base = g * G_LEN
        k = gw[base + G_NOOK]
        size = gw[base + G_SIZE]
        if gw[base + G_OWNER] != player or size >= BIG_NOOK:
            continue
        if k >= 0:
            kw[MARK, k] = REMEASURED
            kw[MARKED, nt] = k
            nt += 1
            if kw[CNT, k]:
                total -= 1
        row = RMAX + gw[base + G_COL]
        hit = False
        for i in range(group_cells(cw, kw, gw, base, True)):
            c = gw[GW_CELLS + i]
            for j in range(4):
                f = nbr[c, j]
                if f >= 0 and f != a and f != b and cw[row, f] > size:
                    hit = True
            if hit:
                total += 1
                break
    for c in (a, b):
        for i in range(cw[NCON, c]):
            j = cw[CON + i, c]
            if kw[MARK, j] == REMEASURED:
                continue
            if kw[DEC, j] == 0:
                kw[MARKED, nt] = j
                nt += 1
            kw[DEC, j] += 1
            if kw[DEC, j] == kw[CNT, j]:
                kw[MARK, j] = LOST
                total -= 1
    for g in range(ng):
        base = g * G_LEN
        owner = gw[base + G_OWNER]
        size = gw[base + G_SIZE]
        if owner == player or owner == partner or size < 3:
            continue
        col = gw[base + G_COL]
        for i in range(group_cells(cw, kw, gw, base, gw[base + G_OLD] < BIG_NOOK)):
            c = gw[GW_CELLS + i]
            for q in range(4):
                f = nbr[c, q]
                if f < 0 or f == a or f == b or not cw[FREE, f]:
                    continue
                for r in range(4):
                    m = nbr[f, r]
                    if m < 0:
                        continue
                    j = S[onk + m]
                    if j < 0 or not kw[MINE, j] or S[S[O_NCOL] + j] != col:
                        continue
                    mark = kw[MARK, j]
                    if mark == REMEASURED or mark == GAINED or S[S[O_SIZE] + j] >= size:
                        continue
                    if mark == LOST or kw[CNT, j] == 0:
                        if kw[DEC, j] == 0 and mark == 0:
                            kw[MARKED, nt] = j
                            nt += 1
                        kw[MARK, j] = GAINED
                        total += 1
    for i in range(nt):
        j = kw[MARKED, i]
        kw[MARK, j] = 0
        kw[DEC, j] = 0
    return total
