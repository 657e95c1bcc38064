"""The kernel's position as one int32 array, and the board as a few read-only int arrays.

One flat array, not a record of arrays: copying a position (what every one-ply look-ahead and
every MCTS playout does) is then one memcpy, and a compiled function takes two arguments
instead of twenty. Scalars sit at the fixed indices below; the variable parts (per cell, per
nook, per patio, per seat, the piles) start at offsets the header itself stores, so one layout
serves every board and player count. The open slots (both cells free, one of them next to a
coloured square: rulings 3) are a bit set over slot codes (``O_OPEN``, ``NOPEN`` of them) that
placing a domino keeps in step: legality reads them in ascending order without scanning the
board, and a copy of the position carries them. The deal is computed by the readable engine's
own code (``dominoes.deal``), so a seed deals the same piles to both engines.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gardensim.games.gazebo.rules.dominoes import Deal, deal
from gardensim.games.gazebo.rules.geometry import Geometry

#: Patios, and vases, a board may have: each nook keeps those it borders as one int32 bit mask
#: (``coverage.board_limits`` sends a bigger board to the readable engine).
MASK_BITS = 31

# ----- scalar slots of the header -------------------------------------------------------
PHASE, PLAYER, TURN, PLACED, ZEN, PASSES, NEXT_NOOK, END, LAST, WINMASK = range(10)
GPTR, RPTR, NPL, GLEN, RLEN, NCELL, HAND_SIZE, QIN, RAISED_TWO, MOVE_ENDS = range(10, 20)
PARTNER, PLEN, NPATIO, NVASE, DOMS, LOG, EVN, ECN, NOPEN = range(20, 29)
# offsets of the variable parts
O_COLOR, O_NOOK_OF, O_OWNER, O_NCOL, O_SIZE, O_GAZ, O_VMASK, O_PMASK = range(32, 40)
O_PHOLD, O_PGAZ, O_PTHR, O_SUPPLY, O_START, O_HANDS, O_GENERAL, O_PRIVATE = range(40, 48)
O_PPTR, O_PLENS, O_RESERVE, O_SET, O_ONBOARD_T, O_OPEN, O_TALLY = range(48, 55)
HEADER = 64

#: phases, as ``rules.Phase``
PLACE, EXTRA, DRAW, OVER = 0, 1, 2, 3
#: end reasons (0: none), in the contract's words
END_REASONS = (None, "last-gazebo", "no-domino", "no-placement", "all-passed")

#: event codes of the kernel's log (``EV_PLACED``/``EV_RETURNED`` are the gazebo ledger)
EVENT_NAMES = ("create", "expand", "absorb", "big", "claim", "steal", "zen", "pedestal",
               "vase", "win", "placed", "returned", "draw")
(EV_CREATE, EV_EXPAND, EV_ABSORB, EV_BIG, EV_CLAIM, EV_STEAL, EV_ZEN, EV_PEDESTAL, EV_VASE,
 EV_WIN, EV_PLACED, EV_RETURNED, EV_DRAW) = range(13)
#: columns of an event row: code, player, cell (or count), extra (seat mask), cells start, count
EV_COLS = 6

# columns of the per-cell board table
C_OPEN, C_ZEN, C_PEDESTAL, C_PATIO, C_VASE, C_START, C_KIND, C_SLOT = range(8)
#: the board tables' work row: event resolution's small tables, then legality's
W_PLACE, W_LEGAL, WORK = 0, 128, 192
#: most cells around a slot (its ring, in the slot table after its two cells)
RING = 6


def board_tables(geo: Geometry) -> tuple[Any, ...]:
    """(nbr, cinfo, slots, patio_cell, patio_kind, vase_cell, work): the board as int arrays.

    ``nbr[c]`` the edge neighbours of ``c`` (-1 padded); ``cinfo[c]`` open, zen, pedestal,
    patio index (reading order, -1), vase index (-1), printed start colour (-1), patio kind,
    then per neighbour ``nbr[c, i]`` the slot code of the pair (-1: no slot); ``slots[s]`` the
    two cells of slot code ``s`` (-1 for codes that are no slot), then its ring: the cells next
    to either, neither of them (-1 padded), what a placement there meets
    (``Geometry.slot_rings``). ``work`` is the one writable row: scratch for the rules
    (``W_PLACE``, ``W_LEGAL``), which then allocate nothing. New tables go into columns of
    these: an eighth array in the tuple that every rule takes made each call markedly slower."""
    n = geo.size
    nbr = np.full((n, 4), -1, dtype=np.int32)
    for c in range(n):
        for i, m in enumerate(geo.nbrs[c]):
            nbr[c, i] = m
    patios = list(geo.patios)
    vases = list(geo.vases)
    cinfo = np.full((n, C_SLOT + 4), -1, dtype=np.int32)
    for c in range(n):
        cinfo[c, C_OPEN] = int(geo.is_open[c])
        cinfo[c, C_ZEN] = int(geo.zen[c])
        cinfo[c, C_PEDESTAL] = int(geo.pedestal[c])
        cinfo[c, C_PATIO] = patios.index(c) if c in patios else -1
        cinfo[c, C_VASE] = vases.index(c) if c in vases else -1
        cinfo[c, C_START] = geo.start_colors[c]
        cinfo[c, C_KIND] = geo.patio_kind[c]
        for i, m in enumerate(geo.nbrs[c]):
            if geo.is_open[c] and geo.is_open[m]:
                cinfo[c, C_SLOT + i] = geo.slot_of(c, m)
    slots = np.full((2 * n, 2 + RING), -1, dtype=np.int32)
    for s, pair in enumerate(geo.slot_cells):
        rings = geo.slot_rings[s]
        if pair is not None and rings is not None:
            slots[s, 0], slots[s, 1] = pair
            slots[s, 2:2 + len(rings[2])] = rings[2]
    patio_cell = np.array(patios + [-1], dtype=np.int32)
    patio_kind = np.array([geo.patio_kind[c] for c in patios] + [0], dtype=np.int32)
    vase_cell = np.array(vases + [-1], dtype=np.int32)
    if len(patios) > MASK_BITS or len(vases) > MASK_BITS:
        raise ValueError(f"the kernel keeps patios and vases as bit masks of {MASK_BITS} bits")
    return nbr, cinfo, slots, patio_cell, patio_kind, vase_cell, np.zeros(WORK, dtype=np.int64)


def open_words(n_cells: int) -> int:
    """32-bit words of the open-slot bit set: one bit per slot code (two per cell)."""
    return (2 * n_cells + 31) // 32


def open_slot_words(geo: Geometry) -> list[int]:
    """The open-slot bit set before the first move: the slots beside a printed start square
    (rulings 2, 3), as 32-bit words (high bits as negative int32)."""
    color = geo.start_colors
    words = [0] * open_words(geo.size)
    for s, pair in enumerate(geo.slot_cells):
        if pair is None or color[pair[0]] >= 0 or color[pair[1]] >= 0:
            continue
        a, b = pair
        if any(color[m] >= 0 for c in pair for m in geo.nbrs[c] if m not in (a, b)):
            words[s >> 5] |= 1 << (s & 31)
    return [w - (1 << 32) if w >= 1 << 31 else w for w in words]


def state_size(n_cells: int, players: int, n_patios: int, plen: int) -> int:
    return HEADER + 8 * n_cells + 3 * n_patios + 2 * players + 6 * players + 81 + 81 \
        + players * plen + 2 * players + 81 + 6 + 6 + open_words(n_cells) + 3 * players


def new_state(game: Any, seed: int) -> np.ndarray:
    """The kernel position of ``game`` dealt with ``seed``: the readable engine's deal."""
    o = game.options
    dealt = deal(o["draw"], game.num_players, o["hand_size"], o["private_singles"], seed)
    return state_from_deal(game, dealt)


def state_from_deal(game: Any, dealt: Deal) -> np.ndarray:
    """The kernel position at the start of a game with the piles of ``dealt``."""
    geo: Geometry = game.geometry
    o = game.options
    n, p = geo.size, game.num_players
    n_patios = len(geo.patios)
    plen = max([len(x) for x in dealt.private] + [1])
    S = np.zeros(state_size(n, p, n_patios, plen), dtype=np.int32)
    off = HEADER
    for slot, size in ((O_COLOR, n), (O_NOOK_OF, n), (O_OWNER, n), (O_NCOL, n), (O_SIZE, n),
                       (O_GAZ, n), (O_VMASK, n), (O_PMASK, n), (O_PHOLD, n_patios),
                       (O_PGAZ, n_patios), (O_PTHR, n_patios), (O_SUPPLY, p), (O_START, p),
                       (O_HANDS, 6 * p), (O_GENERAL, 81), (O_PRIVATE, p * plen),
                       (O_PPTR, p), (O_PLENS, p), (O_RESERVE, 81), (O_SET, 6),
                       (O_ONBOARD_T, 6), (O_OPEN, open_words(n)), (O_TALLY, 3 * p)):
        S[slot] = off
        off += size
    S[S[O_COLOR]:S[O_COLOR] + n] = geo.start_colors
    S[S[O_NOOK_OF]:S[O_NOOK_OF] + n] = -1
    S[S[O_PHOLD]:S[O_PHOLD] + n_patios] = -1
    S[S[O_PTHR]:S[O_PTHR] + n_patios] = -1
    start = list(o["gazebos"])
    S[S[O_SUPPLY]:S[O_SUPPLY] + p] = start
    S[S[O_START]:S[O_START] + p] = start
    for seat, hand in enumerate(dealt.hands):
        S[S[O_HANDS] + 6 * seat:S[O_HANDS] + 6 * seat + 6] = hand
    S[S[O_GENERAL]:S[O_GENERAL] + len(dealt.general)] = dealt.general
    for seat, pile in enumerate(dealt.private):
        base = S[O_PRIVATE] + seat * plen
        S[base:base + len(pile)] = pile
        S[S[O_PLENS] + seat] = len(pile)
    S[S[O_RESERVE]:S[O_RESERVE] + len(dealt.reserve)] = dealt.reserve
    S[S[O_SET]:S[O_SET] + 6] = dealt.dominoes
    S[NPL] = p
    S[GLEN] = len(dealt.general)
    S[RLEN] = len(dealt.reserve)
    S[NCELL] = n
    S[HAND_SIZE] = o["hand_size"]
    S[QIN] = int(o["draw"] != "gazebo")
    S[RAISED_TWO] = int(o["raised_steal_needs_two"])
    S[MOVE_ENDS] = int(o["no_move_ends_game"])
    S[PARTNER] = int(o["partnership"])
    S[PLEN] = plen
    S[NPATIO] = n_patios
    S[NVASE] = len(geo.vases)
    S[LAST] = -1
    words = open_slot_words(geo)
    S[S[O_OPEN]:S[O_OPEN] + len(words)] = words
    S[NOPEN] = sum(bin(w & 0xFFFFFFFF).count("1") for w in words)
    return S
