"""What the one-ply values of the compiled engine share (the kernel's side of
``games/gazebo/rules/lookahead.py``, whose docstring has the argument).

Most legal placements are *plain*: each colour of the domino joins at most one nook or makes
one nook of the lone squares it meets, and no nook becomes big. After a plain placement the
evaluation differs from that after another only by whether the domino was single-coloured, the
nooks created, the patios whose holder or threat changes (those a changed nook touches for the
first time), the zen spaces covered, the extra placement, and the ``exposed`` term - provided an
open slot with at most one nook square beside it survives, so the next turn (or the extra
placement) cannot fail for want of a place. ``plain_key`` packs all but ``exposed`` into one
integer (``evaluate.action_values`` applies one placement per key); ``exposed_after`` counts
``exposed`` per placement from what ``prepare`` gathered once per decision: the cells of every
nook, the largest rival nook each free cell touches, the contact cells of the player's small
nooks.

Everything per decision lives in one flat int64 array ``ws`` (the board's tables copied in
too), and the per-placement functions take only ``S`` and ``ws``: numba counts references to
every array a function with loops receives, atomically, on each call, and at one call per
placement per array that costs more than the work itself.
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

# ``ws`` header: the player, their partner (or themselves), their small nooks exposed now,
# simple slots kept, then the offsets of the parts below
(W_PLAYER, W_PARTNER, W_NOW, W_SIMPLE, W_NBR, W_SLOT, W_PED, W_ZEN, W_FREE, W_RMAX, W_CPM,
 W_CVM, W_LINK, W_NCON, W_CON, W_STAMP, W_HEAD, W_CNT, W_MINE, W_MARK, W_DEC, W_MARKED,
 W_PAT, W_KIND, W_SLOTS, W_G) = range(26)
HEADER = 32
# per patio: seat counts now (4), then its key part (``patio_change``; -1 unknown) when one
# nook of each (owner, 1 or 2 gazebos) first meets it
P_PART, P_LEN = 4, 12
# the group part: two group records of ``G_LEN`` (nook or -1 for a new one, owner, colour,
# size after, new squares, size before, squares to walk for ``exposed``, the new squares),
# the nooks and lone squares a colour meets, the squares joined, per group the squares to
# walk, patio counts
G_NOOK, G_OWNER, G_COL, G_SIZE, G_NEW, G_OLD, G_WALK, G_CELLS = 0, 1, 2, 3, 4, 5, 6, 8
G_LEN = 16
G_IDS, G_LONE, G_JOINED, G_LIST, G_COUNTS = 32, 40, 48, 64, 96
G_END = 100
# a nook's mark during one placement
REMEASURED, LOST, GAINED = 1, 2, 3


@njit(cache=True)
def new_workspace(S, T):
    """The work array of a decision on ``S``'s board, its board tables copied in."""
    nbr = T[0]
    cinfo = T[1]
    slots = T[2]
    n = nbr.shape[0]
    n_slots = slots.shape[0]
    sizes = (4 * n, 2 * n_slots, n, n, n, 3 * n, n, n, n, n, 4 * n, n, n, n, n, n, n, n,
             P_LEN * (S[NPATIO] + 1), S[NPATIO] + 1, 2 * SIMPLE_KEPT, G_END)
    ws = np.empty(HEADER + sum(sizes), dtype=np.int64)
    off = HEADER
    for i in range(len(sizes)):
        ws[W_NBR + i] = off
        off += sizes[i]
    for c in range(n):
        for i in range(4):
            ws[ws[W_NBR] + 4 * c + i] = nbr[c, i]
        ws[ws[W_PED] + c] = cinfo[c, C_PEDESTAL]
        ws[ws[W_ZEN] + c] = cinfo[c, C_ZEN]
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
        ws[ws[W_CPM] + c] = pm
        ws[ws[W_CVM] + c] = vm
    for s in range(n_slots):
        ws[ws[W_SLOT] + 2 * s] = slots[s, 0]
        ws[ws[W_SLOT] + 2 * s + 1] = slots[s, 1]
    for i in range(S[NPATIO]):
        ws[ws[W_KIND] + i] = T[4][i]
    return ws


@njit(cache=True)
def prepare(S, T, player: int, ws) -> None:
    """What every placement's key and ``exposed`` read, gathered once: the cells of each nook
    (linked lists), the free cells and per colour the largest rival nook of 3 squares or more
    each touches, the contact cells of ``player``'s small nooks (free cells where a larger
    rival nook of their colour touches them), the open slots with at most one nook square
    beside them, the patios' seat counts."""
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
    ws[W_PLAYER] = player
    ws[W_PARTNER] = partner
    link, ncon, con, stamp = ws[W_LINK], ws[W_NCON], ws[W_CON], ws[W_STAMP]
    free, rmax = ws[W_FREE], ws[W_RMAX]
    head, cnt, mine = ws[W_HEAD], ws[W_CNT], ws[W_MINE]
    for k in range(S[NEXT_NOOK]):
        ws[head + k] = -1
        ws[cnt + k] = 0
        ws[ws[W_MARK] + k] = 0
        ws[ws[W_DEC] + k] = 0
        ws[mine + k] = int(S[o_owner + k] == player and 0 < S[o_size + k] < BIG_NOOK)
    for c in range(n - 1, -1, -1):
        ws[ncon + c] = 0
        ws[stamp + c] = -1
        ws[rmax + 3 * c] = 0
        ws[rmax + 3 * c + 1] = 0
        ws[rmax + 3 * c + 2] = 0
        ws[free + c] = int(cinfo[c, C_OPEN] == 1 and S[oc + c] < 0)
        k = S[onk + c]
        if k >= 0:
            ws[link + c] = ws[head + k]
            ws[head + k] = c
    for c in range(n):
        k = S[onk + c]
        if k < 0:
            continue
        o = S[o_owner + k]
        size = S[o_size + k]
        if o == player or o == partner or size < 3:
            continue
        col = S[o_col + k]
        for i in range(4):
            f = nbr[c, i]
            if f >= 0 and ws[free + f] and ws[rmax + 3 * f + col] < size:
                ws[rmax + 3 * f + col] = size
    now = 0
    for k in range(S[NEXT_NOOK]):
        if not ws[mine + k]:
            continue
        col = S[o_col + k]
        size = S[o_size + k]
        c = ws[head + k]
        while c >= 0:
            for i in range(4):
                f = nbr[c, i]
                if f < 0 or ws[rmax + 3 * f + col] <= size or ws[stamp + f] == k:
                    continue
                ws[stamp + f] = k
                ws[cnt + k] += 1
                ws[con + 4 * f + ws[ncon + f]] = k
                ws[ncon + f] += 1
            c = ws[link + c]
        if ws[cnt + k]:
            now += 1
    ws[W_NOW] = now
    counts = np.empty(4, dtype=np.int64)
    for i in range(S[NPATIO]):
        patio_counts(S, T, T[3][i], counts)
        base = ws[W_PAT] + P_LEN * i
        for q in range(4):
            ws[base + q] = counts[q]
        for q in range(8):
            ws[base + P_PART + q] = -1
    m = 0
    for s in range(slots.shape[0]):
        a = slots[s, 0]
        if a < 0:
            continue
        b = slots[s, 1]
        if not ws[free + a] or not ws[free + b]:
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
            ws[ws[W_SLOTS] + 2 * m] = a
            ws[ws[W_SLOTS] + 2 * m + 1] = b
            m += 1
            if m == SIMPLE_KEPT:
                break
    ws[W_SIMPLE] = m


@njit(cache=True)
def plain_key(S, ws, action: int):
    """(key, groups): the key of placement ``action`` (all the evaluation after it reads but
    ``exposed``) with its groups in ``ws``, or (FALLBACK, 0) when it is not plain. One
    function with no calls on its common path (see the module docstring): per colour group
    (rulings 5, as ``legality.gather`` and ``events.place`` form them) the nook it joins or
    the lone squares it makes a nook of; the survival of a simple slot; the patio changes
    (``patio_part``)."""
    nbr = ws[W_NBR]
    g0 = ws[W_G]
    s = action // 9
    x = (action % 9) // 3
    y = action % 3
    a = ws[ws[W_SLOT] + 2 * s]
    b = ws[ws[W_SLOT] + 2 * s + 1]
    oc = S[O_COLOR]
    onk = S[O_NOOK_OF]
    mover = S[PLAYER]
    extra = ws[ws[W_PED] + a] | ws[ws[W_PED] + b]
    zen = 0 if S[QIN] else ws[ws[W_ZEN] + a] + ws[ws[W_ZEN] + b]
    ng = 0
    created = 0
    n_joined = 0
    for g in range(1 if x == y else 2):
        col = x if g == 0 else y
        n_new = 2 if x == y else 1
        nids = 0
        nlone = 0
        for j in range(n_new):
            c = b if (j == 1 or g == 1) else a
            for i in range(4):
                m = ws[nbr + 4 * c + i]
                if m < 0 or m == a or m == b or S[oc + m] != col:
                    continue
                k = S[onk + m]
                if k < 0:
                    seen = False
                    for q in range(nlone):
                        if ws[g0 + G_LONE + q] == m:
                            seen = True
                    if not seen:
                        ws[g0 + G_LONE + nlone] = m
                        nlone += 1
                else:
                    seen = False
                    for q in range(nids):
                        if ws[g0 + G_IDS + q] == k:
                            seen = True
                    if not seen:
                        ws[g0 + G_IDS + nids] = k
                        nids += 1
        if nids >= 2:
            return FALLBACK, 0
        if nids == 0 and nlone == 0 and n_new == 1:
            continue
        base = g0 + ng * G_LEN
        if nids == 1:
            k = ws[g0 + G_IDS]
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
        ws[base + G_NOOK] = k
        ws[base + G_OWNER] = owner
        ws[base + G_COL] = col
        ws[base + G_SIZE] = old + squares
        ws[base + G_NEW] = squares
        ws[base + G_OLD] = old
        cells = base + G_CELLS
        ws[cells] = b if g == 1 else a
        if n_new == 2:
            ws[cells + 1] = b
        for i in range(nlone):
            ws[cells + n_new + i] = ws[g0 + G_LONE + i]
        vm = 0
        for i in range(squares):
            ws[g0 + G_JOINED + n_joined] = ws[cells + i]
            n_joined += 1
            vm |= ws[ws[W_CVM] + ws[cells + i]]
        if owner == mover and vm & ~(S[S[O_VMASK] + k] if k >= 0 else 0):
            extra = 1
        ng += 1
    # a simple slot must survive: not closed, no new nook square beside it (rulings 6)
    survives = False
    for t in range(ws[W_SIMPLE]):
        sa = ws[ws[W_SLOTS] + 2 * t]
        sb = ws[ws[W_SLOTS] + 2 * t + 1]
        if sa == a or sa == b or sb == a or sb == b:
            continue
        survives = True
        for j in range(n_joined):
            c = ws[g0 + G_JOINED + j]
            for i in range(4):
                m = ws[nbr + 4 * c + i]
                if m == sa or m == sb:
                    survives = False
        if survives:
            break
    if not survives:
        return FALLBACK, 0
    key = int(x == y) | created << 1 | zen << 3 | extra << 5
    # patios first met by a changed nook, in reading order as event resolution settles them
    touch0 = 0
    touch1 = 0
    for g in range(ng):
        base = g0 + g * G_LEN
        pm = 0
        for i in range(ws[base + G_NEW]):
            pm |= ws[ws[W_CPM] + ws[base + G_CELLS + i]]
        if ws[base + G_NOOK] >= 0:
            pm &= ~S[S[O_PMASK] + ws[base + G_NOOK]]
        if g == 0:
            touch0 = pm
        else:
            touch1 = pm
    todo = touch0 | touch1
    changes = 0
    i = 0
    while todo:
        if todo & 1:
            part = patio_part(S, ws, i, ng, touch0, touch1)
            if part:
                if changes == KEY_PATIOS:
                    return FALLBACK, 0
                key = key << 12 | part
                changes += 1
        todo >>= 1
        i += 1
    return key, ng


@njit(cache=True)
def patio_part(S, ws, i: int, ng: int, touch0: int, touch1: int) -> int:
    """The key part of patio ``i`` once the groups met by ``touch0``, ``touch1`` touch it:
    0 if its holder and threat stay (rulings 8-10), else 12 bits led by a set bit (so keys
    of different lengths differ). A patio met by one nook keeps its part per (owner,
    gazebos) for the decision."""
    g0 = ws[W_G]
    pat = ws[W_PAT] + P_LEN * i
    slot = -1
    if not (touch0 >> i) & 1 or not (touch1 >> i) & 1:
        base = g0 if (touch0 >> i) & 1 else g0 + G_LEN
        k = ws[base + G_NOOK]
        gaz = 1 if k < 0 else S[S[O_GAZ] + k]
        if gaz == 1 or gaz == 2:
            slot = pat + P_PART + 2 * ws[base + G_OWNER] + gaz - 1
            if ws[slot] >= 0:
                return ws[slot]
    counts = ws[g0 + G_COUNTS:g0 + G_COUNTS + 4]
    for q in range(4):
        counts[q] = ws[pat + q]
    for g in range(ng):
        if ((touch0 if g == 0 else touch1) >> i) & 1:
            base = g0 + g * G_LEN
            k = ws[base + G_NOOK]
            counts[ws[base + G_OWNER]] += 1 if k < 0 else S[S[O_GAZ] + k]
    holder = S[S[O_PHOLD] + i]
    thr = S[S[O_PTHR] + i]
    h, t = patio_outcome(counts, S[NPL], holder, ws[ws[W_KIND] + i], S[RAISED_TWO])
    part = 0 if h == holder and t == thr else 1 << 11 | i << 6 | (h + 1) << 3 | (t + 1)
    if slot >= 0:
        ws[slot] = part
    return part


@njit(cache=True)
def exposed_after(S, ws, action: int, ng: int) -> int:
    """``evaluate.exposed_count`` after the plain placement ``action`` whose ``ng`` groups
    (``plain_key``) are in ``ws``. An untouched small nook of the player stays exposed unless
    the domino covers all its contact cells, and becomes exposed only through a rival nook
    that grew or appeared (walked whole unless it was big already, as then only its new
    squares can bring contacts); the player's grown or new nooks are measured again. The
    domino's two colours change nooks of different colours, so these never interfere."""
    nbr = ws[W_NBR]
    g0 = ws[W_G]
    link, head, cnt = ws[W_LINK], ws[W_HEAD], ws[W_CNT]
    mark, dec, marked = ws[W_MARK], ws[W_DEC], ws[W_MARKED]
    s = action // 9
    a = ws[ws[W_SLOT] + 2 * s]
    b = ws[ws[W_SLOT] + 2 * s + 1]
    player = ws[W_PLAYER]
    partner = ws[W_PARTNER]
    onk = S[O_NOOK_OF]
    total = ws[W_NOW]
    nt = 0
    for g in range(ng):
        base = g0 + g * G_LEN
        owner = ws[base + G_OWNER]
        size = ws[base + G_SIZE]
        rival = owner != player and owner != partner and size >= 3
        if not rival and (owner != player or size >= BIG_NOOK):
            continue
        k = ws[base + G_NOOK]
        lst = g0 + G_LIST + 16 * g
        n = 0
        if k >= 0 and (not rival or ws[base + G_OLD] < BIG_NOOK):
            c = ws[head + k]
            while c >= 0:
                ws[lst + n] = c
                n += 1
                c = ws[link + c]
        for i in range(ws[base + G_NEW]):
            ws[lst + n] = ws[base + G_CELLS + i]
            n += 1
        ws[base + G_WALK] = n
    for g in range(ng):
        base = g0 + g * G_LEN
        if ws[base + G_OWNER] != player or ws[base + G_SIZE] >= BIG_NOOK:
            continue
        k = ws[base + G_NOOK]
        if k >= 0:
            ws[mark + k] = REMEASURED
            ws[marked + nt] = k
            nt += 1
            if ws[cnt + k]:
                total -= 1
        size = ws[base + G_SIZE]
        col = ws[base + G_COL]
        hit = False
        for i in range(ws[base + G_WALK]):
            c = ws[g0 + G_LIST + 16 * g + i]
            for j in range(4):
                f = ws[nbr + 4 * c + j]
                if f >= 0 and f != a and f != b and ws[ws[W_RMAX] + 3 * f + col] > size:
                    hit = True
        if hit:
            total += 1
    for c in (a, b):
        for i in range(ws[ws[W_NCON] + c]):
            j = ws[ws[W_CON] + 4 * c + i]
            if ws[mark + j] == REMEASURED:
                continue
            if ws[dec + j] == 0:
                ws[marked + nt] = j
                nt += 1
            ws[dec + j] += 1
            if ws[dec + j] == ws[cnt + j]:
                ws[mark + j] = LOST
                total -= 1
    for g in range(ng):
        base = g0 + g * G_LEN
        owner = ws[base + G_OWNER]
        size = ws[base + G_SIZE]
        if owner == player or owner == partner or size < 3:
            continue
        col = ws[base + G_COL]
        for i in range(ws[base + G_WALK]):
            c = ws[g0 + G_LIST + 16 * g + i]
            for q in range(4):
                f = ws[nbr + 4 * c + q]
                if f < 0 or f == a or f == b or not ws[ws[W_FREE] + f]:
                    continue
                for r in range(4):
                    m = ws[nbr + 4 * f + r]
                    if m < 0:
                        continue
                    j = S[onk + m]
                    if j < 0 or not ws[ws[W_MINE] + j] or S[S[O_NCOL] + j] != col:
                        continue
                    if ws[mark + j] == REMEASURED or ws[mark + j] == GAINED:
                        continue
                    if S[S[O_SIZE] + j] >= size:
                        continue
                    if ws[mark + j] == LOST or ws[cnt + j] == 0:
                        if ws[dec + j] == 0 and ws[mark + j] == 0:
                            ws[marked + nt] = j
                            nt += 1
                        ws[mark + j] = GAINED
                        total += 1
    for i in range(nt):
        j = ws[marked + i]
        ws[mark + j] = 0
        ws[dec + j] = 0
    return total
