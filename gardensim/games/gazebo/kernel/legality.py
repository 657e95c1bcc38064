"""Legal actions of the compiled Gazebo engine (rulings 3, 6, 11, 12; ``legality.py``).

Open slots come from one scan of the slot codes (``open_slots``: a call passing arrays costs
more than the test, so the scan makes none); a slot where no colour meets two nooks at one cell
or different nooks at its two cells takes every orientation, and only the others are judged
orientation by orientation (``slot_orients``), as the readable engine's ``slot_orients`` does.
The same order of actions as the readable engine: slots ascending, hand types ascending, their
orientations.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.gazebo.kernel import pyrandom
from gardensim.games.gazebo.kernel.layout import (
    C_OPEN,
    DRAW,
    EXTRA,
    GLEN,
    GPTR,
    O_COLOR,
    O_HANDS,
    O_NOOK_OF,
    O_OWNER,
    O_PLENS,
    O_PPTR,
    O_SIZE,
    PHASE,
    PLACE,
    PLAYER,
    QIN,
    RLEN,
    RPTR,
    ZEN,
)

DRAW_GENERAL = 1 << 14
DECLINE = DRAW_GENERAL + 3
BIG_NOOK = 5
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
def random_action(S, T, slots_buf, out, R) -> int:
    """A uniformly random legal action (``LegalityMixin.random_action``) drawn from the
    generator ``R`` exactly as the readable engine draws it: rejection sampling over open slots
    x oriented hand types (and the decline in the extra phase) with ``random()``, an absorb
    checked only where two nook squares meet the slot; ``choice`` among the draw options."""
    scratch = np.empty(40, dtype=np.int64)
    xys = np.empty(12, dtype=np.int64)
    phase = S[PHASE]
    if phase == DRAW:
        k = draw_options(S, out, 0)
        return out[pyrandom.randbelow(R, k)]
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
        i = int(pyrandom.random(R) * space)
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
    return out[pyrandom.randbelow(R, k)]


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


