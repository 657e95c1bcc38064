"""Event resolution of one placement, compiled (rulings 4-14, 20-22; ``events.py``).

``place`` lays the squares and resolves absorbs, creates, expands, big-nook doubles, patios in
reading order, zen, pedestal and vase in the readable engine's order, with the same tie-breaks
(turn order from the mover, then reading order), so both engines log the same events. Gazebos
go through ``put``, which ends the game the instant a seat places its last. Events go to the
log only when ``S[LOG]`` is set (look-ahead copies log nothing).
"""

from __future__ import annotations

from numba import njit

from gardensim.games.gazebo.kernel.layout import (
    C_PATIO,
    C_PEDESTAL,
    C_VASE,
    C_ZEN,
    DOMS,
    ECN,
    END,
    EV_ABSORB,
    EV_BIG,
    EV_CLAIM,
    EV_CREATE,
    EV_EXPAND,
    EV_PEDESTAL,
    EV_PLACED,
    EV_RETURNED,
    EV_STEAL,
    EV_VASE,
    EV_WIN,
    EV_ZEN,
    EVN,
    LAST,
    LOG,
    NEXT_NOOK,
    NPL,
    NVASE,
    O_COLOR,
    O_GAZ,
    O_NCOL,
    O_NOOK_OF,
    O_ONBOARD_T,
    O_OWNER,
    O_PGAZ,
    O_PHOLD,
    O_PMASK,
    O_PTHR,
    O_SIZE,
    O_START,
    O_SUPPLY,
    O_TALLY,
    O_VMASK,
    OVER,
    PARTNER,
    PHASE,
    PLAYER,
    QIN,
    RAISED_TWO,
    W_LEGAL,
    W_PLACE,
    WINMASK,
    ZEN,
)
from gardensim.games.gazebo.kernel.legality import (
    BIG_NOOK,
    T_cells,
    cover_open_slots,
    gather,
    nook_min,
    type_of,
)

FANCY, RAISED = 2, 3


@njit(cache=True)
def log_event(S, ev, code: int, player: int, cell: int, extra: int) -> None:
    if S[LOG] == 0:
        return
    i = S[EVN]
    if i >= ev.shape[0]:
        raise IndexError("kernel event log full")
    ev[i, 0] = code
    ev[i, 1] = player
    ev[i, 2] = cell
    ev[i, 3] = extra
    ev[i, 4] = -1
    ev[i, 5] = 0
    S[EVN] = i + 1


@njit(cache=True)
def log_nook_event(S, ev, evc, code: int, player: int, k: int, extra: int) -> None:
    """A nook event with the nook's cells (reading order) in ``evc``."""
    if S[LOG] == 0:
        return
    log_event(S, ev, code, player, -1, extra)
    i = S[EVN] - 1
    start = S[ECN]
    onk = S[O_NOOK_OF]
    j = start
    for c in range(T_cells(S)):
        if S[onk + c] == k:
            if j >= evc.shape[0]:
                raise IndexError("kernel event cell log full")
            evc[j] = c
            j += 1
    ev[i, 4] = start
    ev[i, 5] = j - start
    S[ECN] = j


# ----- gazebos and the end ---------------------------------------------------------------
@njit(cache=True)
def winners_mask(S, last: int) -> int:
    """Rulings 14, 15 (``rules.winners``) as a bit mask of seats."""
    sup = S[O_SUPPLY]
    if S[PARTNER]:
        left0 = S[sup] + S[sup + 3]
        left1 = S[sup + 1] + S[sup + 2]
        if left0 != left1:
            return 9 if left0 < left1 else 6
        if last >= 0:
            return 9 if (last == 0 or last == 3) else 6
        return 15
    if last >= 0:
        return 1 << last
    n = S[NPL]
    best = -1
    for s in range(n):
        on = S[S[O_START] + s] - S[sup + s]
        if on > best:
            best = on
    mask = 0
    for s in range(n):
        if S[S[O_START] + s] - S[sup + s] == best:
            mask |= 1 << s
    return mask


@njit(cache=True)
def finish(S, ev, reason: int, last: int) -> None:
    S[PHASE] = OVER
    S[END] = reason
    S[LAST] = last
    S[WINMASK] = winners_mask(S, last)
    if S[LOG]:
        log_event(S, ev, EV_WIN, last, reason, S[WINMASK])


@njit(cache=True, inline="always")
def put(S, ev, q: int, k: int) -> int:
    """``q`` places ``k`` gazebos or what they have left; the last one ends the game."""
    i = S[O_SUPPLY] + q
    s = S[i]
    placed = k if k < s else s
    S[i] = s - placed
    if S[LOG]:
        log_event(S, ev, EV_PLACED, q, placed, 0)
    if placed == s:
        finish(S, ev, 1, q)
    return placed


@njit(cache=True, inline="always")
def give_back(S, ev, q: int, k: int) -> None:
    if k:
        S[S[O_SUPPLY] + q] += k
        if S[LOG]:
            log_event(S, ev, EV_RETURNED, q, k, 0)


# ----- nooks -----------------------------------------------------------------------------
@njit(cache=True)
def join(S, T, k: int, cells, ncells: int) -> None:
    """Label ``cells`` as nook ``k``; its size, patio and vase masks grow by theirs."""
    nbr = T[0]
    cinfo = T[1]
    onk = S[O_NOOK_OF]
    pm = S[S[O_PMASK] + k]
    vm = S[S[O_VMASK] + k]
    for i in range(ncells):
        c = cells[i]
        S[onk + c] = k
        for q in range(4):
            m = nbr[c, q]
            if m < 0:
                continue
            if cinfo[m, C_PATIO] >= 0:
                pm |= 1 << cinfo[m, C_PATIO]
            if cinfo[m, C_VASE] >= 0:
                vm |= 1 << cinfo[m, C_VASE]
    S[S[O_PMASK] + k] = pm
    S[S[O_VMASK] + k] = vm
    S[S[O_SIZE] + k] += ncells


@njit(cache=True)
def relabel(S, old: int, new: int) -> None:
    onk = S[O_NOOK_OF]
    for c in range(T_cells(S)):
        if S[onk + c] == old:
            S[onk + c] = new


@njit(cache=True)
def patio_counts(S, T, c: int, counts) -> None:
    """Per seat, the gazebos on the distinct nooks next to patio cell ``c`` (rulings 8)."""
    nbr = T[0]
    onk = S[O_NOOK_OF]
    for q in range(4):
        counts[q] = 0
    for i in range(4):
        m = nbr[c, i]
        if m < 0:
            continue
        k = S[onk + m]
        if k < 0:
            continue
        dup = False
        for q in range(i):
            m2 = nbr[c, q]
            if m2 >= 0 and S[onk + m2] == k:
                dup = True
        if not dup:
            counts[S[S[O_OWNER] + k]] += S[S[O_GAZ] + k]


@njit(cache=True)
def patio_outcome(counts, n: int, holder: int, kind: int, raised_two: int):
    """Rulings 8-10 (``rules.patio_outcome``): (holder, threatened holder or -1)."""
    best = 0
    for s in range(n):
        if counts[s] > best:
            best = counts[s]
    if best:
        leaders = 0
        q = -1
        for s in range(n):
            if counts[s] == best:
                leaders += 1
                if q < 0:
                    q = s
        if leaders == 1 and q != holder and not (
            kind == RAISED and best < 2 and (holder < 0 or raised_two)
        ):
            holder = q
    if holder < 0:
        return holder, -1
    rival = -1
    for s in range(n):
        if s != holder and counts[s] > rival:
            rival = counts[s]
    return holder, holder if rival >= counts[holder] else -1


@njit(cache=True)
def settle_patio(S, T, ev, i: int, counts) -> None:
    """Claim or steal patio ``i`` (reading-order index) if a unique player leads it."""
    c = T[3][i]
    kind = T[4][i]
    patio_counts(S, T, c, counts)
    old_holder = S[S[O_PHOLD] + i]
    old_gaz = S[S[O_PGAZ] + i]
    old_thr = S[S[O_PTHR] + i]
    holder, thr = patio_outcome(counts, S[NPL], old_holder, kind, S[RAISED_TWO])
    if holder != old_holder:
        if old_holder < 0:
            if S[LOG]:
                log_event(S, ev, EV_CLAIM, holder, c, 0)
        else:
            S[S[O_TALLY] + 3 * holder + 2] += 1
            if S[LOG]:
                log_event(S, ev, EV_STEAL, holder, c, old_holder)
            give_back(S, ev, old_holder, old_gaz)
        g = put(S, ev, holder, 2 if kind == FANCY else 1)
        if S[PHASE] == OVER:
            thr = old_thr
        S[S[O_PHOLD] + i] = holder
        S[S[O_PGAZ] + i] = g
        S[S[O_PTHR] + i] = thr
    elif thr != old_thr:
        S[S[O_PTHR] + i] = thr


@njit(cache=True)
def expand_key(S, k: int, new, nnew: int, lone, nlone: int, p: int, n: int):
    """Where an expand of nook ``k`` by ``new`` and ``lone`` comes in order (rulings 5): its
    owner's turn order from the mover ``p``, then its first square; only two expands in one
    placement need it, so the nook's squares are looked up only then."""
    first = nook_min(S, k)
    for i in range(nnew):
        first = min(first, new[i])
    for i in range(nlone):
        first = min(first, lone[i])
    return (S[S[O_OWNER] + k] - p) % n, first


@njit(cache=True, inline="always")
def group_squares(added, gnew, gnnew, glone, gnlone, g: int) -> int:
    """Into ``added``, the squares group ``g`` brings to its nook (absorbed, created or
    expanded): its new cells, then the lone squares it joins; returns how many."""
    m = 0
    for i in range(gnnew[g]):
        added[m] = gnew[2 * g + i]
        m += 1
    for i in range(gnlone[g]):
        added[m] = glone[8 * g + i]
        m += 1
    return m


@njit(cache=True)
def place(S, T, ev, evc, s: int, x: int, y: int) -> bool:
    """Lay colours ``x`` on the first cell of slot ``s`` and ``y`` on its second (known
    legal) and resolve every event in the rulings' order (``events.EventsMixin._place``).
    Returns whether the vase feature was triggered (rulings 13)."""
    a = T[2][s, 0]
    b = T[2][s, 1]
    cinfo = T[1]
    oc = S[O_COLOR]
    S[oc + a] = x
    S[oc + b] = y
    cover_open_slots(S, T, a, b)
    S[DOMS] += 1
    S[S[O_ONBOARD_T] + type_of(x, y)] += 1
    p = S[PLAYER]
    n = S[NPL]
    o_owner = S[O_OWNER]
    o_size = S[O_SIZE]
    o_gaz = S[O_GAZ]
    # rulings 5: per colour group, the nooks and lone squares it meets
    ng = 1 if x == y else 2
    ws = T[6][W_PLACE:W_LEGAL]  # every small table below
    gcol = ws[0:2]
    gnew = ws[2:6]  # per group g: [2g, 2g + 2)
    gnnew = ws[6:8]
    gids = ws[8:24]  # per group g: [8g, 8g + 8)
    gnids = ws[24:26]
    glone = ws[26:42]  # per group g: [8g, 8g + 8)
    gnlone = ws[42:44]
    for g in range(ng):
        ids = gids[8 * g:8 * g + 8]
        lone = glone[8 * g:8 * g + 8]
        if x == y:
            gcol[g] = x
            gnew[2 * g] = a
            gnew[2 * g + 1] = b
            gnnew[g] = 2
        else:
            gcol[g] = x if g == 0 else y
            gnew[2 * g] = a if g == 0 else b
            gnnew[g] = 1
        # one inlined copy of gather (each copy is compiled anew)
        nids, nlone = gather(S, T, gnew[2 * g], b if x == y else -1, a, b, gcol[g], ids, lone)
        gnids[g] = nids
        gnlone[g] = nlone
    changed = ws[44:48]
    nchanged = 0
    doubles = ws[48:52]
    ndoubles = 0
    vb_keys = ws[52:56]
    vb_vals = ws[56:60]
    nvb = 0
    added = ws[60:76]
    # absorbs (rulings 6, 20): winners in turn order from the mover, then the domino square
    order = ws[76:78]
    winner_of = ws[78:80]
    nabs = 0
    weights = ws[80:84]
    for g in range(ng):
        if gnids[g] >= 2:
            for o in range(4):
                weights[o] = 0
            for i in range(gnids[g]):
                k = gids[8 * g + i]
                weights[S[o_owner + k]] += S[o_size + k]
            w = 0
            for o in range(4):
                if weights[o] > weights[w]:
                    w = o
            winner_of[g] = w
            order[nabs] = g
            nabs += 1
    if nabs == 2:
        g0, g1 = order[0], order[1]
        k0 = ((winner_of[g0] - p) % n, gnew[2 * g0])
        k1 = ((winner_of[g1] - p) % n, gnew[2 * g1])
        if k1 < k0:
            order[0], order[1] = g1, g0
    for j in range(nabs):
        g = order[j]
        w = winner_of[g]
        keep = -1
        held = 0
        total = gnnew[g] + gnlone[g]
        for i in range(gnids[g]):
            k = gids[8 * g + i]
            total += S[o_size + k]
            if S[o_owner + k] == w:
                held += S[o_gaz + k]
                if keep < 0 or k < keep:
                    keep = k
        for i in range(gnids[g]):
            k = gids[8 * g + i]
            if S[o_owner + k] == w and S[o_size + k] >= BIG_NOOK:
                keep = k
        kept = min(held, 2 if total >= BIG_NOOK else 1)
        give_back(S, ev, w, held - kept)
        before = S[S[O_VMASK] + keep]
        losers = 0
        for i in range(gnids[g]):
            k = gids[8 * g + i]
            if k == keep:
                continue
            if S[o_owner + k] != w:
                give_back(S, ev, S[o_owner + k], S[o_gaz + k])
                losers |= 1 << S[o_owner + k]
            else:
                before |= S[S[O_VMASK] + k]
            S[S[O_PMASK] + keep] |= S[S[O_PMASK] + k]
            S[S[O_VMASK] + keep] |= S[S[O_VMASK] + k]
            S[o_size + keep] += S[o_size + k]
            S[o_owner + k] = -1
            S[o_size + k] = 0
            S[o_gaz + k] = 0
            relabel(S, k, keep)
        m = group_squares(added, gnew, gnnew, glone, gnlone, g)
        join(S, T, keep, added, m)
        S[o_owner + keep] = w
        S[o_gaz + keep] = kept
        if kept < 2 and total >= BIG_NOOK:
            doubles[ndoubles] = keep
            ndoubles += 1
        changed[nchanged] = keep
        nchanged += 1
        if w == p:
            vb_keys[nvb] = keep
            vb_vals[nvb] = before
            nvb += 1
        S[S[O_TALLY] + 3 * w + 1] += 1
        if S[LOG]:
            log_nook_event(S, ev, evc, EV_ABSORB, w, keep, losers)
    # creates (rulings 5, 22): the mover's, in reading order of their first square
    cre = ws[84:86]
    ncre = 0
    cre_key = ws[86:88]
    for g in range(ng):
        if gnids[g] == 0 and (gnlone[g] > 0 or gnnew[g] > 1):
            first = gnew[2 * g]
            for i in range(gnnew[g]):
                first = min(first, gnew[2 * g + i])
            for i in range(gnlone[g]):
                first = min(first, glone[8 * g + i])
            cre[ncre] = g
            cre_key[ncre] = first
            ncre += 1
    if ncre == 2 and cre_key[1] < cre_key[0]:
        cre[0], cre[1] = cre[1], cre[0]
    for j in range(ncre):
        g = cre[j]
        k = S[NEXT_NOOK]
        S[NEXT_NOOK] = k + 1
        m = group_squares(added, gnew, gnnew, glone, gnlone, g)
        S[o_size + k] = 0
        S[S[O_PMASK] + k] = 0
        S[S[O_VMASK] + k] = 0
        S[S[O_NCOL] + k] = gcol[g]
        join(S, T, k, added, m)
        S[o_owner + k] = p
        S[o_gaz + k] = 1
        changed[nchanged] = k
        nchanged += 1
        vb_keys[nvb] = k
        vb_vals[nvb] = 0
        nvb += 1
        if S[LOG]:
            log_nook_event(S, ev, evc, EV_CREATE, p, k, 0)
        put(S, ev, p, 1)
        if S[PHASE] == OVER:
            return False
        if m >= BIG_NOOK:
            doubles[ndoubles] = k
            ndoubles += 1
    # expands (rulings 5): owners in turn order from the mover, then reading order
    exg = ws[88:90]
    nex = 0
    for g in range(ng):
        if gnids[g] == 1:
            exg[nex] = g
            nex += 1
    if nex == 2:
        g0, g1 = exg[0], exg[1]
        key0 = expand_key(S, gids[8 * g0], gnew[2 * g0:], gnnew[g0], glone[8 * g0:],
                          gnlone[g0], p, n)
        key1 = expand_key(S, gids[8 * g1], gnew[2 * g1:], gnnew[g1], glone[8 * g1:],
                          gnlone[g1], p, n)
        if key1 < key0:
            exg[0], exg[1] = g1, g0
    for j in range(nex):
        g = exg[j]
        k = gids[8 * g]
        old_v = S[S[O_VMASK] + k]
        m = group_squares(added, gnew, gnnew, glone, gnlone, g)
        join(S, T, k, added, m)
        o = S[o_owner + k]
        if S[o_gaz + k] < 2 and S[o_size + k] >= BIG_NOOK:
            doubles[ndoubles] = k
            ndoubles += 1
        changed[nchanged] = k
        nchanged += 1
        if o == p:
            vb_keys[nvb] = k
            vb_vals[nvb] = old_v
            nvb += 1
        if S[LOG]:
            log_nook_event(S, ev, evc, EV_EXPAND, o, k, 0)
    # big-nook doubles (rulings 7): owners in turn order from the mover, then reading order
    if ndoubles == 2:
        k0, k1 = doubles[0], doubles[1]
        if ((S[o_owner + k1] - p) % n, nook_min(S, k1)) < ((S[o_owner + k0] - p) % n,
                                                            nook_min(S, k0)):
            doubles[0], doubles[1] = k1, k0
    for j in range(ndoubles):
        k = doubles[j]
        S[o_gaz + k] = 2
        o = S[o_owner + k]
        if S[LOG]:
            log_nook_event(S, ev, evc, EV_BIG, o, k, 0)
        put(S, ev, o, 1)
        if S[PHASE] == OVER:
            return False
    # patios in reading order (rulings 8-10): those next to a nook made or grown
    dirty = 0
    for j in range(nchanged):
        dirty |= S[S[O_PMASK] + changed[j]]
    if dirty:
        counts = ws[94:98]
        i = 0
        while dirty:
            if dirty & 1:
                settle_patio(S, T, ev, i, counts)
                if S[PHASE] == OVER:
                    return False
            dirty >>= 1
            i += 1
    # zen spaces, pedestals (rulings 12, 13)
    extra = False
    if not S[QIN]:
        for c in (a, b):
            if cinfo[c, C_ZEN]:
                S[ZEN] += 1
                if S[LOG]:
                    log_event(S, ev, EV_ZEN, p, c, 0)
    for c in (a, b):
        if cinfo[c, C_PEDESTAL]:
            extra = True
            if S[LOG]:
                log_event(S, ev, EV_PEDESTAL, p, c, 0)
    # vases (rulings 13): each vase a nook of the mover newly borders
    if S[NVASE]:
        for j in range(nvb):
            after = S[S[O_VMASK] + vb_keys[j]]
            new = after & ~vb_vals[j]
            i = 0
            while new:
                if new & 1:
                    extra = True
                    if S[LOG]:
                        log_event(S, ev, EV_VASE, p, T[5][i], 0)
                new >>= 1
                i += 1
    return extra


