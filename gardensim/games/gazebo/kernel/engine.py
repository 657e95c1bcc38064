"""The rules of Gazebo compiled with numba: legality, event resolution and the turn flow.

A restatement of the readable engine (``games/gazebo/events.py``, ``legality.py``, ``state.py``,
``rules.py``) over the flat position of ``layout.py``, in the same order of resolution (rulings
14, 22), with the same action codes, so a game played here replays move by move there (the
tests do exactly that). Where the readable engine keeps incremental indexes (open-slot sets,
halos, contact bitboards) this one scans the board: a board has under 200 cells, and a scan in
compiled code costs less than keeping an index in step. Nooks are ids into per-nook arrays;
their cells are the cells labelled with the id, their patios and vases bit masks.

Every function takes the position ``S`` and the board tables ``T`` (``layout.board_tables``)
and, where events happen, the event log ``ev``/``evc`` (written only when ``S[LOG]`` is set,
so look-ahead copies log nothing).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.gazebo.kernel.layout import (
    C_OPEN,
    C_PATIO,
    C_PEDESTAL,
    C_VASE,
    C_ZEN,
    DOMS,
    DRAW,
    ECN,
    END,
    EV_ABSORB,
    EV_BIG,
    EV_CLAIM,
    EV_CREATE,
    EV_DRAW,
    EV_EXPAND,
    EV_PEDESTAL,
    EV_PLACED,
    EV_RETURNED,
    EV_STEAL,
    EV_VASE,
    EV_WIN,
    EV_ZEN,
    EVN,
    EXTRA,
    GLEN,
    GPTR,
    HAND_SIZE,
    LAST,
    LOG,
    MOVE_ENDS,
    NEXT_NOOK,
    NPL,
    NVASE,
    O_COLOR,
    O_GAZ,
    O_GENERAL,
    O_HANDS,
    O_NCOL,
    O_NOOK_OF,
    O_ONBOARD_T,
    O_OWNER,
    O_PGAZ,
    O_PHOLD,
    O_PLENS,
    O_PMASK,
    O_PPTR,
    O_PRIVATE,
    O_PTHR,
    O_RESERVE,
    O_SIZE,
    O_START,
    O_SUPPLY,
    O_VMASK,
    OVER,
    PARTNER,
    PASSES,
    PHASE,
    PLACE,
    PLACED,
    PLAYER,
    PLEN,
    QIN,
    RAISED_TWO,
    RLEN,
    RPTR,
    TURN,
    WINMASK,
    ZEN,
)

DRAW_GENERAL = 1 << 14
DECLINE = DRAW_GENERAL + 3
BIG_NOOK = 5
FANCY, RAISED = 2, 3
#: oriented colour pairs x * 3 + y of each domino type (dominoes.ORIENTATIONS), -1 padded
ORIENTS = np.array([[0, -1], [4, -1], [8, -1], [1, 3], [2, 6], [5, 7]], dtype=np.int64)
#: most actions a position can have on a board of ``n`` cells: ``max_actions(n)``


def max_actions(n_cells: int) -> int:
    return 2 * n_cells * 9 + 4


# ----- small helpers ---------------------------------------------------------------------
@njit(cache=True)
def type_of(x: int, y: int) -> int:
    return x if x == y else 2 + x + y


@njit(cache=True)
def is_free(S, T, c: int) -> bool:
    return T[1][c, C_OPEN] == 1 and S[S[O_COLOR] + c] < 0


@njit(cache=True)
def slot_open(S, T, s: int) -> bool:
    """Rulings 3: both cells open and uncovered, one of them next to a terrain square."""
    slots = T[2]
    a = slots[s, 0]
    if a < 0:
        return False
    b = slots[s, 1]
    if not (is_free(S, T, a) and is_free(S, T, b)):
        return False
    nbr = T[0]
    oc = S[O_COLOR]
    for i in range(4):
        m = nbr[a, i]
        if m >= 0 and S[oc + m] >= 0:
            return True
        m = nbr[b, i]
        if m >= 0 and S[oc + m] >= 0:
            return True
    return False


@njit(cache=True)
def open_slots(S, T, buf, simple, stop_at_simple: bool) -> int:
    """The open slots in ascending order into ``buf`` (``slot_open`` for every code), and in
    ``simple`` whether no placement there can make an absorb, so every orientation of every
    domino is legal (rulings 6): no colour meets two nooks at one cell or different nooks at
    the two (``LegalityMixin.slot_orients``' shortcut). One loop with no calls, as a call
    passing arrays costs more than the test itself. With ``stop_at_simple``, returns -1 at
    the first simple slot (a placement surely exists)."""
    nbr = T[0]
    cinfo = T[1]
    slots = T[2]
    oc = S[O_COLOR]
    onk = S[O_NOOK_OF]
    seen = np.empty(6, dtype=np.int64)
    j = 0
    for s in range(slots.shape[0]):
        a = slots[s, 0]
        if a < 0:
            continue
        b = slots[s, 1]
        if cinfo[a, C_OPEN] != 1 or S[oc + a] >= 0 or cinfo[b, C_OPEN] != 1 or S[oc + b] >= 0:
            continue
        touches = False
        risky = False
        for q in range(6):
            seen[q] = -1
        for side in range(2):
            c = a if side == 0 else b
            other = b if side == 0 else a
            for i in range(4):
                m = nbr[c, i]
                if m < 0 or m == other:
                    continue
                col = S[oc + m]
                if col < 0:
                    continue
                touches = True
                k = S[onk + m]
                if k < 0:
                    continue
                q = side * 3 + col
                if seen[q] < 0:
                    seen[q] = k
                elif seen[q] != k:
                    risky = True
        if not touches:
            continue
        for col in range(3):
            if seen[col] >= 0 and seen[3 + col] >= 0 and seen[col] != seen[3 + col]:
                risky = True
        if stop_at_simple and not risky:
            return -1
        buf[j] = s
        simple[j] = not risky
        j += 1
    return j


@njit(cache=True)
def copy_state(dst, src) -> None:
    """``dst[:] = src`` as a plain loop: numba's slice assignment costs ten times more, and
    every look-ahead copies a position."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


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


@njit(cache=True)
def T_cells(S) -> int:
    return S[O_NOOK_OF] - S[O_COLOR]


@njit(cache=True)
def nook_min(S, k: int) -> int:
    onk = S[O_NOOK_OF]
    for c in range(T_cells(S)):
        if S[onk + c] == k:
            return c
    return -1


@njit(cache=True)
def hand_total(S, p: int) -> int:
    h = S[O_HANDS] + 6 * p
    return S[h] + S[h + 1] + S[h + 2] + S[h + 3] + S[h + 4] + S[h + 5]


# ----- legality --------------------------------------------------------------------------
@njit(cache=True)
def gather(S, T, c1: int, c2: int, ea: int, eb: int, col: int, ids, lone):
    """Distinct nooks of colour ``col`` around ``c1`` (and ``c2``; -1: none), and the lone
    squares of that colour there, leaving out the domino's cells ``ea``, ``eb``."""
    nbr = T[0]
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
            if m < 0 or m == ea or m == eb or S[oc + m] != col:
                continue
            k = S[onk + m]
            if k < 0:
                seen = False
                for q in range(nlone):
                    if lone[q] == m:
                        seen = True
                if not seen:
                    lone[nlone] = m
                    nlone += 1
            else:
                seen = False
                for q in range(nids):
                    if ids[q] == k:
                        seen = True
                if not seen:
                    ids[nids] = k
                    nids += 1
    return nids, nlone


@njit(cache=True)
def absorb_fault(S, ids, nids: int) -> int:
    """Rulings 6 (``rules.absorb_fault``): 0 legal, else 1 two big nooks, 2 a big nook
    absorbed, 3 a tie (rulings 23's order)."""
    weights = np.zeros(4, dtype=np.int64)
    big_owner = -1
    for i in range(nids):
        k = ids[i]
        o = S[S[O_OWNER] + k]
        size = S[S[O_SIZE] + k]
        weights[o] += size
        if size >= BIG_NOOK:
            if big_owner >= 0:
                return 1
            big_owner = o
    best = weights.max()
    tie = 0
    for o in range(4):
        if weights[o] == best:
            tie += 1
    if big_owner >= 0 and (tie > 1 or weights[big_owner] != best):
        return 2
    return 3 if tie > 1 else 0


@njit(cache=True)
def nook_squares_beside(S, T, s: int) -> int:
    """Nook squares next to either cell of slot ``s``: with at most one, no orientation of
    any domino can make an absorb, so every one is legal (rulings 6)."""
    nbr = T[0]
    a = T[2][s, 0]
    b = T[2][s, 1]
    onk = S[O_NOOK_OF]
    squares = 0
    for i in range(4):
        m = nbr[a, i]
        if m >= 0 and m != b and S[onk + m] >= 0:
            squares += 1
        m = nbr[b, i]
        if m >= 0 and m != a and S[onk + m] >= 0:
            squares += 1
    return squares


@njit(cache=True)
def slot_orients(S, T, s: int, h: int, scratch, out) -> int:
    """The orientations ``x * 3 + y`` of the hand at ``S[h:h + 6]`` that may go on open slot
    ``s`` (rulings 6), into ``out`` in ``ORIENTS`` order; returns how many
    (``LegalityMixin.slot_orients``). The nooks around each cell are gathered once per colour,
    then each orientation judged; ``scratch`` holds 40 ints."""
    nbr = T[0]
    a = T[2][s, 0]
    b = T[2][s, 1]
    oc = S[O_COLOR]
    onk = S[O_NOOK_OF]
    for i in range(24, 30):
        scratch[i] = 0
    for side in range(2):
        c = a if side == 0 else b
        other = b if side == 0 else a
        for i in range(4):
            m = nbr[c, i]
            if m < 0 or m == other:
                continue
            k = S[onk + m]
            if k < 0:
                continue
            col = S[oc + m]
            base = (side * 3 + col) * 4
            count = scratch[24 + side * 3 + col]
            seen = False
            for q in range(count):
                if scratch[base + q] == k:
                    seen = True
            if not seen:
                scratch[base + count] = k
                scratch[24 + side * 3 + col] = count + 1
    risky = False
    for col in range(3):
        na = scratch[24 + col]
        nb = scratch[27 + col]
        if na > 1 or nb > 1 or (na == 1 and nb == 1 and scratch[col * 4] != scratch[(3 + col) * 4]):
            risky = True
    j = 0
    for t in range(6):
        if S[h + t] == 0:
            continue
        for q in range(2):
            xy = ORIENTS[t, q]
            if xy < 0:
                continue
            if risky:
                x = xy // 3
                y = xy % 3
                if x == y:
                    n = 0
                    for side in range(2):
                        base = (side * 3 + x) * 4
                        for i in range(scratch[24 + side * 3 + x]):
                            k = scratch[base + i]
                            seen = False
                            for r in range(n):
                                if scratch[30 + r] == k:
                                    seen = True
                            if not seen:
                                scratch[30 + n] = k
                                n += 1
                    if n >= 2 and absorb_fault(S, scratch[30:38], n) != 0:
                        continue
                else:
                    na = scratch[24 + x]
                    if na >= 2 and absorb_fault(S, scratch[x * 4:x * 4 + 4], na) != 0:
                        continue
                    nb = scratch[27 + y]
                    if nb >= 2 and absorb_fault(S, scratch[(3 + y) * 4:(3 + y) * 4 + 4],
                                                nb) != 0:
                        continue
            out[j] = xy
            j += 1
    return j


@njit(cache=True)
def legal_placements(S, T, out, start: int) -> int:
    """Every legal placement of the current hand into ``out[start:]`` in the readable
    engine's order (slots ascending, hand types ascending, their orientations); returns the
    new end."""
    h = S[O_HANDS] + 6 * S[PLAYER]
    buf = np.empty(T[2].shape[0], dtype=np.int64)
    simple = np.empty(T[2].shape[0], dtype=np.bool_)
    scratch = np.empty(40, dtype=np.int64)
    xys = np.empty(12, dtype=np.int64)
    n_open = open_slots(S, T, buf, simple, False)
    j = start
    for i in range(n_open):
        s = buf[i]
        if simple[i]:
            for t in range(6):
                if S[h + t] == 0:
                    continue
                for q in range(2):
                    xy = ORIENTS[t, q]
                    if xy >= 0:
                        out[j] = s * 9 + xy
                        j += 1
            continue
        for q in range(slot_orients(S, T, s, h, scratch, xys)):
            out[j] = s * 9 + xys[q]
            j += 1
    return j


@njit(cache=True)
def count_legal_placements(S, T) -> int:
    """How many legal placements the current hand has: telemetry's ``legal_moves``
    (``LegalityMixin.count_legal_placements``)."""
    h = S[O_HANDS] + 6 * S[PLAYER]
    buf = np.empty(T[2].shape[0], dtype=np.int64)
    simple = np.empty(T[2].shape[0], dtype=np.bool_)
    scratch = np.empty(40, dtype=np.int64)
    xys = np.empty(12, dtype=np.int64)
    n_open = open_slots(S, T, buf, simple, False)
    n_or = 0
    for t in range(6):
        if S[h + t]:
            n_or += 1 if t < 3 else 2
    total = 0
    for i in range(n_open):
        total += n_or if simple[i] else slot_orients(S, T, buf[i], h, scratch, xys)
    return total


@njit(cache=True)
def random_action(S, T, slots_buf, out) -> int:
    """A uniformly random legal action (``LegalityMixin.random_action``): rejection sampling
    over open slots x oriented hand types (and the decline in the extra phase), an absorb
    checked only where two nook squares meet the slot; draws uniform over the options."""
    scratch = np.empty(40, dtype=np.int64)
    xys = np.empty(12, dtype=np.int64)
    phase = S[PHASE]
    if phase == DRAW:
        k = draw_options(S, out, 0)
        return out[np.random.randint(0, k)]
    h = S[O_HANDS] + 6 * S[PLAYER]
    n_or = 0
    orients = np.empty(12, dtype=np.int64)
    for t in range(6):
        if S[h + t]:
            for q in range(2):
                if ORIENTS[t, q] >= 0:
                    orients[n_or] = ORIENTS[t, q]
                    n_or += 1
    simple = np.empty(slots_buf.shape[0], dtype=np.bool_)
    n_open = open_slots(S, T, slots_buf, simple, False)
    placements = n_open * n_or
    space = placements + (1 if phase == EXTRA else 0)
    for _ in range(64):
        i = np.random.randint(0, space)
        if i == placements:
            return DECLINE
        s = slots_buf[i // n_or]
        xy = orients[i % n_or]
        if simple[i // n_or]:
            return s * 9 + xy
        for q in range(slot_orients(S, T, s, h, scratch, xys)):
            if xys[q] == xy:
                return s * 9 + xy
    k = legal_actions(S, T, out)
    return out[np.random.randint(0, k)]


@njit(cache=True)
def slot_takes_a_domino(S, T) -> bool:
    """Whether some legal placement exists for a hand known not to be empty: a slot with at
    most one nook square beside it takes any domino (``legality.slot_takes_a_domino``)."""
    buf = np.empty(T[2].shape[0], dtype=np.int64)
    simple = np.empty(T[2].shape[0], dtype=np.bool_)
    n_open = open_slots(S, T, buf, simple, True)
    if n_open < 0:
        return True
    h = S[O_HANDS] + 6 * S[PLAYER]
    scratch = np.empty(40, dtype=np.int64)
    xys = np.empty(12, dtype=np.int64)
    for i in range(n_open):
        if slot_orients(S, T, buf[i], h, scratch, xys) > 0:
            return True
    return False


@njit(cache=True)
def has_legal_placement(S, T) -> bool:
    if hand_total(S, S[PLAYER]) == 0:
        return False
    return slot_takes_a_domino(S, T)


@njit(cache=True)
def draw_options(S, out, start: int) -> int:
    """Piles the current player may refill from (rulings 11, 12), as action codes."""
    j = start
    p = S[PLAYER]
    if S[GPTR] < S[GLEN]:
        out[j] = DRAW_GENERAL
        j += 1
    if S[QIN]:
        return j
    if S[S[O_PPTR] + p] < S[S[O_PLENS] + p]:
        out[j] = DRAW_GENERAL + 1
        j += 1
    if S[ZEN] > 0 and S[RPTR] < S[RLEN]:
        out[j] = DRAW_GENERAL + 2
        j += 1
    return j


@njit(cache=True)
def legal_actions(S, T, out) -> int:
    """The legal actions into ``out``; returns how many (the readable engine's order)."""
    phase = S[PHASE]
    if phase == PLACE:
        return legal_placements(S, T, out, 0)
    if phase == EXTRA:
        j = legal_placements(S, T, out, 0)
        out[j] = DECLINE
        return j + 1
    if phase == DRAW:
        return draw_options(S, out, 0)
    return 0


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


@njit(cache=True)
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


@njit(cache=True)
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
    S[DOMS] += 1
    S[S[O_ONBOARD_T] + type_of(x, y)] += 1
    p = S[PLAYER]
    n = S[NPL]
    o_owner = S[O_OWNER]
    o_size = S[O_SIZE]
    o_gaz = S[O_GAZ]
    # rulings 5: per colour group, the nooks and lone squares it meets
    ng = 1 if x == y else 2
    ws = np.empty(100, dtype=np.int64)  # one allocation for every small table below
    gcol = ws[0:2]
    gnew = ws[2:6].reshape((2, 2))
    gnnew = ws[6:8]
    gids = ws[8:24].reshape((2, 8))
    gnids = ws[24:26]
    glone = ws[26:42].reshape((2, 8))
    gnlone = ws[42:44]
    for g in range(ng):
        if x == y:
            gcol[g] = x
            gnew[g, 0] = a
            gnew[g, 1] = b
            gnnew[g] = 2
            nids, nlone = gather(S, T, a, b, a, b, x, gids[g], glone[g])
        elif g == 0:
            gcol[g] = x
            gnew[g, 0] = a
            gnnew[g] = 1
            nids, nlone = gather(S, T, a, -1, a, b, x, gids[g], glone[g])
        else:
            gcol[g] = y
            gnew[g, 0] = b
            gnnew[g] = 1
            nids, nlone = gather(S, T, b, -1, a, b, y, gids[g], glone[g])
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
                k = gids[g, i]
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
        k0 = ((winner_of[g0] - p) % n, gnew[g0, 0])
        k1 = ((winner_of[g1] - p) % n, gnew[g1, 0])
        if k1 < k0:
            order[0], order[1] = g1, g0
    for j in range(nabs):
        g = order[j]
        w = winner_of[g]
        keep = -1
        held = 0
        total = gnnew[g] + gnlone[g]
        for i in range(gnids[g]):
            k = gids[g, i]
            total += S[o_size + k]
            if S[o_owner + k] == w:
                held += S[o_gaz + k]
                if keep < 0 or k < keep:
                    keep = k
        for i in range(gnids[g]):
            k = gids[g, i]
            if S[o_owner + k] == w and S[o_size + k] >= BIG_NOOK:
                keep = k
        kept = min(held, 2 if total >= BIG_NOOK else 1)
        give_back(S, ev, w, held - kept)
        before = S[S[O_VMASK] + keep]
        losers = 0
        for i in range(gnids[g]):
            k = gids[g, i]
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
        m = 0
        for i in range(gnnew[g]):
            added[m] = gnew[g, i]
            m += 1
        for i in range(gnlone[g]):
            added[m] = glone[g, i]
            m += 1
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
        if S[LOG]:
            log_nook_event(S, ev, evc, EV_ABSORB, w, keep, losers)
    # creates (rulings 5, 22): the mover's, in reading order of their first square
    cre = ws[84:86]
    ncre = 0
    cre_key = ws[86:88]
    for g in range(ng):
        if gnids[g] == 0 and (gnlone[g] > 0 or gnnew[g] > 1):
            first = gnew[g, 0]
            for i in range(gnnew[g]):
                first = min(first, gnew[g, i])
            for i in range(gnlone[g]):
                first = min(first, glone[g, i])
            cre[ncre] = g
            cre_key[ncre] = first
            ncre += 1
    if ncre == 2 and cre_key[1] < cre_key[0]:
        cre[0], cre[1] = cre[1], cre[0]
    for j in range(ncre):
        g = cre[j]
        k = S[NEXT_NOOK]
        S[NEXT_NOOK] = k + 1
        m = 0
        for i in range(gnnew[g]):
            added[m] = gnew[g, i]
            m += 1
        for i in range(gnlone[g]):
            added[m] = glone[g, i]
            m += 1
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
    ex_a = ws[90:92]
    ex_b = ws[92:94]
    for g in range(ng):
        if gnids[g] == 1:
            k = gids[g, 0]
            first = nook_min(S, k)
            for i in range(gnnew[g]):
                first = min(first, gnew[g, i])
            for i in range(gnlone[g]):
                first = min(first, glone[g, i])
            exg[nex] = g
            ex_a[nex] = (S[o_owner + k] - p) % n
            ex_b[nex] = first
            nex += 1
    if nex == 2 and (ex_a[1], ex_b[1]) < (ex_a[0], ex_b[0]):
        exg[0], exg[1] = exg[1], exg[0]
    for j in range(nex):
        g = exg[j]
        k = gids[g, 0]
        old_v = S[S[O_VMASK] + k]
        m = 0
        for i in range(gnnew[g]):
            added[m] = gnew[g, i]
            m += 1
        for i in range(gnlone[g]):
            added[m] = glone[g, i]
            m += 1
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


# ----- the turn --------------------------------------------------------------------------
@njit(cache=True)
def draw(S, ev, source: int) -> None:
    """Draw one domino from pile ``source`` (0 general, 1 private, 2 reserve)."""
    p = S[PLAYER]
    if source == 0:
        t = S[S[O_GENERAL] + S[GPTR]]
        S[GPTR] += 1
    elif source == 1:
        i = S[O_PPTR] + p
        t = S[S[O_PRIVATE] + p * S[PLEN] + S[i]]
        S[i] += 1
    else:
        t = S[S[O_RESERVE] + S[RPTR]]
        S[RPTR] += 1
        S[ZEN] -= 1
    S[S[O_HANDS] + 6 * p + t] += 1
    if S[LOG]:
        log_event(S, ev, EV_DRAW, p, source, t)


@njit(cache=True)
def start_turn(S, T, ev) -> None:
    """Rulings 14: no domino or no legal placement ends the game (or, with the option off,
    passes; a full round of passes ends it)."""
    while True:
        p = S[PLAYER]
        if hand_total(S, p) == 0:
            reason = 2
        elif not slot_takes_a_domino(S, T):
            reason = 3
        else:
            S[PHASE] = PLACE
            return
        if S[MOVE_ENDS]:
            finish(S, ev, reason, -1)
            return
        S[PASSES] += 1
        if S[PASSES] >= S[NPL]:
            finish(S, ev, 4, -1)
            return
        S[PLAYER] = (p + 1) % S[NPL]
        S[TURN] += 1


@njit(cache=True)
def end_turn(S, T, ev) -> None:
    S[ZEN] = 0
    S[PLACED] = 0
    S[PLAYER] = (S[PLAYER] + 1) % S[NPL]
    S[TURN] += 1
    start_turn(S, T, ev)


@njit(cache=True)
def refill(S, T, ev) -> None:
    """Draw until the hand is full (rulings 11); a choice between piles waits for the player
    (phase DRAW), a single possibility is applied at once."""
    p = S[PLAYER]
    while hand_total(S, p) < S[HAND_SIZE]:
        general = S[GPTR] < S[GLEN]
        if S[QIN]:
            if not general:
                break
            draw(S, ev, 0)
            continue
        private = S[S[O_PPTR] + p] < S[S[O_PLENS] + p]
        reserve = S[ZEN] > 0 and S[RPTR] < S[RLEN]
        if int(general) + int(private) + int(reserve) > 1:
            S[PHASE] = DRAW
            return
        if general:
            draw(S, ev, 0)
        elif private:
            draw(S, ev, 1)
        elif reserve:
            draw(S, ev, 2)
        else:
            break
    end_turn(S, T, ev)


@njit(cache=True)
def apply_action(S, T, ev, evc, action: int) -> None:
    """Play a legal ``action`` (``state.GazeboState._apply``)."""
    if action >= DRAW_GENERAL:
        if action != DECLINE:
            draw(S, ev, action - DRAW_GENERAL)
        refill(S, T, ev)
        return
    s = action // 9
    xy = action % 9
    x = xy // 3
    y = xy % 3
    p = S[PLAYER]
    S[S[O_HANDS] + 6 * p + type_of(x, y)] -= 1
    S[PASSES] = 0
    S[PLACED] += 1
    extra = place(S, T, ev, evc, s, x, y)
    if S[PHASE] == OVER:
        return
    if extra and S[PLACED] == 1 and has_legal_placement(S, T):
        S[PHASE] = EXTRA
    else:
        refill(S, T, ev)


@njit(cache=True)
def begin(S, T, ev) -> None:
    """The first turn's start (``GazeboState.__init__`` ends with it)."""
    start_turn(S, T, ev)
