"""Legal actions of the compiled Gazebo engine (rulings 3, 6, 11, 12; ``legality.py``).

Open slots are the position's bit set (``layout.O_OPEN``), which ``cover_open_slots`` keeps in
step with every placement, read in ascending order a word at a time; a slot where no colour
meets two different nooks around it takes every orientation, and only the others are judged
orientation by orientation (``slot_orients``), as the readable engine's ``slot_orients`` does.
The random bot judges only the placement it drew (``placement_legal``).
The same order of actions as the readable engine: slots ascending, hand types ascending, their
orientations.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit
from numba.extending import intrinsic

from gardensim.games.gazebo.kernel.layout import (
    C_OPEN,
    C_SLOT,
    DRAW,
    EV_ABSORB,
    EV_CREATE,
    EV_EXPAND,
    EVN,
    EXTRA,
    GLEN,
    GPTR,
    NOPEN,
    O_COLOR,
    O_HANDS,
    O_NOOK_OF,
    O_OPEN,
    O_OWNER,
    O_PLENS,
    O_PPTR,
    O_SIZE,
    PHASE,
    PLACE,
    PLAYER,
    QIN,
    RING,
    RLEN,
    RPTR,
    W_LEGAL,
    ZEN,
)
from gardensim.games.gazebo.rules.ruleset import RULES
from gardensim.kernels import pyrandom

DRAW_GENERAL = 1 << 14
DECLINE = DRAW_GENERAL + 3
#: the kernel plays the rule set's default big nook only (``coverage.py``)
BIG_NOOK = RULES.option("big_nook").default
#: oriented colour pairs x * 3 + y of each domino type (dominoes.ORIENTATIONS), -1 padded
ORIENTS = np.array([[0, -1], [4, -1], [8, -1], [1, 3], [2, 6], [5, 7]], dtype=np.int64)
#: most actions a position can have on a board of ``n`` cells: ``max_actions(n)``


def max_actions(n_cells: int) -> int:
    return 2 * n_cells * 9 + 4


# ----- small helpers ---------------------------------------------------------------------
@intrinsic
def popcount(typingctx, src):
    """Set bits of an integer (one machine instruction)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return src(src), codegen


@intrinsic
def lowest_bit(typingctx, src):
    """Index of the lowest set bit of a non-zero integer (one machine instruction)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return src(src), codegen


@njit(cache=True, inline="always")
def type_of(x: int, y: int) -> int:
    return x if x == y else 2 + x + y


# ----- the open slots --------------------------------------------------------------------
@njit(cache=True, inline="always")
def open_word(S, w: int) -> int:
    """Word ``w`` of the open-slot bit set as a non-negative int (bit ``i``: slot ``32w+i``)."""
    return S[S[O_OPEN] + w] & 0xFFFFFFFF


@njit(cache=True, inline="always")
def n_open_words(T) -> int:
    return (T[2].shape[0] + 31) >> 5


@njit(cache=True, inline="always")
def nth_open_slot(S, T, j: int) -> int:
    """The ``j``-th open slot in ascending order: a count of bits per word, then the
    ``j``-th bit of the word that holds it."""
    for w in range(n_open_words(T)):
        word = open_word(S, w)
        c = popcount(word)
        if j < c:
            for _ in range(j):
                word &= word - 1
            return (w << 5) + lowest_bit(word)
        j -= c
    return -1


@njit(cache=True, inline="always")
def cover_open_slots(S, T, a: int, b: int) -> None:
    """Keep the open slots in step once cells ``a`` and ``b`` are coloured: the slots with
    either cell close, the free pairs beside them open (rulings 3). Bits are set and cleared
    without asking whether they were (those tests mispredict), and the count is recounted."""
    nbr = T[0]
    cinfo = T[1]
    oc = S[O_COLOR]
    base = S[O_OPEN]
    for side in range(2):
        c = a if side == 0 else b
        for i in range(4):
            m = nbr[c, i]
            if m < 0:
                continue
            t = cinfo[c, C_SLOT + i]
            if t >= 0:
                S[base + (t >> 5)] &= ~(1 << (t & 31))
            if cinfo[m, C_OPEN] != 1 or S[oc + m] >= 0:
                continue
            for q in range(4):
                o = nbr[m, q]
                if o < 0 or S[oc + o] >= 0:
                    continue
                t = cinfo[m, C_SLOT + q]
                if t >= 0:
                    S[base + (t >> 5)] |= 1 << (t & 31)
    n = 0
    for w in range(n_open_words(T)):
        n += popcount(open_word(S, w))
    S[NOPEN] = n


@njit(cache=True, inline="always")
def slot_is_simple(S, T, s: int) -> bool:
    """Whether every orientation of every domino may go on open slot ``s``: no colour has two
    different nooks around it, so no placement there absorbs (rulings 6;
    ``LegalityMixin.slot_orients``' shortcut). Scalars, not a table: this runs per slot."""
    slots = T[2]
    oc = S[O_COLOR]
    onk = S[O_NOOK_OF]
    k0 = -1
    k1 = -1
    k2 = -1
    for i in range(2, 2 + RING):
        m = slots[s, i]
        if m < 0:
            break
        k = S[onk + m]
        if k < 0:
            continue
        col = S[oc + m]
        if col == 0:
            if k0 < 0:
                k0 = k
            elif k0 != k:
                return False
        elif col == 1:
            if k1 < 0:
                k1 = k
            elif k1 != k:
                return False
        elif k2 < 0:
            k2 = k
        elif k2 != k:
            return False
    return True


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


@njit(cache=True, inline="always")
def hand_total(S, p: int) -> int:
    h = S[O_HANDS] + 6 * p
    return S[h] + S[h + 1] + S[h + 2] + S[h + 3] + S[h + 4] + S[h + 5]


# ----- legality --------------------------------------------------------------------------
@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def absorb_fault(S, ids, nids: int) -> int:
    """Rulings 6 (``rules.absorb_fault``): 0 legal, else 1 two big nooks, 2 a big nook
    absorbed, 3 a tie (rulings 23's order). The four seats' weights are scalars: a table
    allocated per check would cost more than the check."""
    w0 = 0
    w1 = 0
    w2 = 0
    w3 = 0
    big_owner = -1
    for i in range(nids):
        k = ids[i]
        o = S[S[O_OWNER] + k]
        size = S[S[O_SIZE] + k]
        if o == 0:
            w0 += size
        elif o == 1:
            w1 += size
        elif o == 2:
            w2 += size
        else:
            w3 += size
        if size >= BIG_NOOK:
            if big_owner >= 0:
                return 1
            big_owner = o
    best = max(max(w0, w1), max(w2, w3))
    tie = int(w0 == best) + int(w1 == best) + int(w2 == best) + int(w3 == best)
    if big_owner >= 0:
        held = w0 if big_owner == 0 else w1 if big_owner == 1 else w2 if big_owner == 2 else w3
        if tie > 1 or held != best:
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


@njit(cache=True, inline="always")
def meets_two_nooks(S, T, c1: int, c2: int, ea: int, eb: int, col: int) -> bool:
    """Whether two different nooks of colour ``col`` touch ``c1`` (or ``c2``; -1: none),
    leaving out the domino's cells: only then can a placement absorb (rulings 6). Scalars
    only, as the random bot asks it for every placement it draws."""
    nbr = T[0]
    oc = S[O_COLOR]
    onk = S[O_NOOK_OF]
    first = -1
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
                continue
            if first < 0:
                first = k
            elif k != first:
                return True
    return False


@njit(cache=True, inline="always")
def group_legal(S, T, c1: int, c2: int, ea: int, eb: int, col: int, scratch) -> bool:
    """Whether the colour group ``col`` on ``c1`` (and ``c2``) makes no illegal absorb."""
    if not meets_two_nooks(S, T, c1, c2, ea, eb, col):
        return True
    ids = scratch[0:8]
    nids, _ = gather(S, T, c1, c2, ea, eb, col, ids, scratch[8:16])
    return absorb_fault(S, ids, nids) == 0


@njit(cache=True)
def placement_legal(S, T, s: int, x: int, y: int, scratch) -> bool:
    """Whether colours ``x``, ``y`` may go on open slot ``s`` (rulings 6): each colour group
    that meets two nooks of its colour makes a legal absorb (``slot_orients`` for one
    orientation); ``scratch`` holds 16 ints."""
    a = T[2][s, 0]
    b = T[2][s, 1]
    # a double is one group over both cells; group_legal is named once (jit.py: compile time)
    for half in range(1 if x == y else 2):
        cell, col = (b, y) if half else (a, x)
        if not group_legal(S, T, cell, b if x == y else -1, a, b, col, scratch):
            return False
    return True


@njit(cache=True)
def legal_placements(S, T, out, start: int) -> int:
    """Every legal placement of the current hand into ``out[start:]`` in the readable
    engine's order (slots ascending, hand types ascending, their orientations); returns the
    new end."""
    h = S[O_HANDS] + 6 * S[PLAYER]
    scratch = T[6][W_LEGAL:W_LEGAL + 52]
    xys = scratch[40:52]
    j = start
    for w in range(n_open_words(T)):
        word = open_word(S, w)
        while word:
            s = (w << 5) + lowest_bit(word)
            word &= word - 1
            if slot_is_simple(S, T, s):
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
def count_legal_placements(S, T, ev, evc, since: int, seen, dirty) -> int:
    """How many legal placements the current hand has: telemetry's ``legal_moves``
    (``LegalityMixin.count_legal_placements``), counted at every turn of a game with turn
    columns (so with the event log on).

    Every orientation goes on a slot where no colour meets two different nooks
    (``slot_is_simple``), and whether a slot is simple depends only on the nooks of its
    ring. So the count carries, from one turn of a game to the next, the nook of every cell
    at the last count (``seen``) and a bit per slot code to judge again (``dirty``, 32 to a
    word). A cell changes nook only in a create, expand or absorb, whose event lists the
    nook's cells: each listed cell (of the events from ``since`` on) whose nook changed
    dirties the slots with a cell next to it, those whose ring holds it. A dirty slot found
    simple is cleared; the others stay dirty, as their placements depend on the hand.
    Between two turns about one cell changes nook, so a count judges a handful of slots, not
    all forty open ones. ``start_count`` makes ``seen`` and ``dirty`` for a game's (or a
    lone) position."""
    nbr = T[0]
    cinfo = T[1]
    onk = S[O_NOOK_OF]
    for e in range(since, S[EVN]):
        code = ev[e, 0]
        if code != EV_CREATE and code != EV_EXPAND and code != EV_ABSORB:
            continue
        for i in range(ev[e, 4], ev[e, 4] + ev[e, 5]):
            c = evc[i]
            k = S[onk + c]
            if k == seen[c]:
                continue
            seen[c] = k
            for q in range(4):
                m = nbr[c, q]
                if m < 0:
                    continue
                for j in range(4):
                    t = cinfo[m, C_SLOT + j]
                    if t >= 0:
                        dirty[t >> 5] |= 1 << (t & 31)
    h = S[O_HANDS] + 6 * S[PLAYER]
    n_or = 0
    for t in range(6):
        if S[h + t]:
            n_or += 1 if t < 3 else 2
    total = S[NOPEN] * n_or
    scratch = T[6][W_LEGAL:W_LEGAL + 52]
    for w in range(n_open_words(T)):
        word = dirty[w] & open_word(S, w)
        while word:
            s = (w << 5) + lowest_bit(word)
            word &= word - 1
            if slot_is_simple(S, T, s):
                dirty[w] &= ~(1 << (s & 31))
            else:
                total += slot_orients(S, T, s, h, scratch, scratch[40:52]) - n_or
    return total


@njit(cache=True)
def start_count(S, seen, dirty) -> None:
    """``count_legal_placements``' memory for position ``S``: its nooks, every slot dirty."""
    onk = S[O_NOOK_OF]
    for c in range(T_cells(S)):
        seen[c] = S[onk + c]
    for w in range(dirty.shape[0]):
        dirty[w] = 0xFFFFFFFF


@njit(cache=True, inline="always")
def nth_orient(S, h: int, j: int) -> int:
    """The ``j``-th oriented colour pair of the hand at ``S[h:h + 6]`` (types ascending, then
    ``ORIENTS`` order)."""
    for t in range(6):
        if S[h + t] == 0:
            continue
        if t < 3:
            if j == 0:
                return ORIENTS[t, 0]
            j -= 1
        else:
            if j < 2:
                return ORIENTS[t, j]
            j -= 2
    return -1


@njit(cache=True)
def random_action(S, T, slots_buf, out, R) -> int:
    """A uniformly random legal action (``LegalityMixin.random_action``) drawn from the
    generator ``R`` exactly as the readable engine draws it: rejection sampling over open slots
    x oriented hand types (and the decline in the extra phase) with ``random()``, an absorb
    checked only for the drawn placement; ``choice`` among the draw options. ``slots_buf``
    (at least 16 ints) is scratch."""
    phase = S[PHASE]
    if phase == DRAW:
        k = draw_options(S, out, 0)
        return out[pyrandom.randbelow(R, k)]
    h = S[O_HANDS] + 6 * S[PLAYER]
    n_or = 0
    for t in range(6):
        if S[h + t]:
            n_or += 1 if t < 3 else 2
    placements = S[NOPEN] * n_or
    space = placements + (1 if phase == EXTRA else 0)
    for _ in range(64):
        i = int(pyrandom.random(R) * space)
        if i == placements:
            return DECLINE
        s = nth_open_slot(S, T, i // n_or)
        xy = nth_orient(S, h, i % n_or)
        if placement_legal(S, T, s, xy // 3, xy % 3, slots_buf):
            return s * 9 + xy
    k = legal_actions(S, T, out)
    return out[pyrandom.randbelow(R, k)]


@njit(cache=True)
def slot_takes_a_domino(S, T) -> bool:
    """Whether some legal placement exists for a hand known not to be empty: a slot where no
    placement absorbs takes any domino (``legality.slot_takes_a_domino``); only without one
    are the hand's orientations judged."""
    nw = n_open_words(T)
    for w in range(nw):
        word = open_word(S, w)
        while word:
            if slot_is_simple(S, T, (w << 5) + lowest_bit(word)):
                return True
            word &= word - 1
    h = S[O_HANDS] + 6 * S[PLAYER]
    scratch = T[6][W_LEGAL:W_LEGAL + 52]
    for w in range(nw):
        word = open_word(S, w)
        while word:
            if slot_orients(S, T, (w << 5) + lowest_bit(word), h, scratch, scratch[40:52]) > 0:
                return True
            word &= word - 1
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


