"""The Queen's Garden rules in the kernel: setup (spec 3), legal actions in the readable
engine's order and codes (``queens.moves``, ``QueensState.legal_actions``), applying an
action with the turn structure (forced passes, rounds, spec 4, 8, 9) and the final scoring
(spec 10), each a restatement of the ``QueensState`` method it names.

Functions take the state ``S``, its bag generator ``R``, the game table ``G`` and a scratch
array ``W`` (``layout``).
"""

from __future__ import annotations

from numba import njit

from gardensim.games.queens import notation as nt
from gardensim.games.queens.geometry import AREAS, CELLS
from gardensim.games.queens.kernel.display import acquires, refill_top, take
from gardensim.games.queens.kernel.garden import (
    free_cells,
    group_ok,
    groups,
    held_tiles,
    reward_surrounds,
    ring_cell,
)
from gardensim.games.queens.kernel.layout import (
    AREAS_AT,
    BAG,
    BOARDS,
    DEXP,
    DN,
    DOWN,
    DT,
    DTN,
    EMAX,
    EXPN,
    EXPS,
    FINAL,
    FIRST,
    G_BONUS,
    G_BUY_COST,
    G_BUY_THRESHOLD,
    G_COPIES,
    G_DISCARD_VALUE,
    G_EXPANSIONS,
    G_FIRST_PASS,
    G_FIRST_RANDOM,
    G_FIRST_SEAT,
    G_FLOOR,
    G_INVERT,
    G_JOKER_VALUE,
    G_MIN_GROUP,
    G_PAVILION_POINTS,
    G_PLAYERS,
    G_ROUNDS,
    G_STACK_SIZE,
    G_START_JOKERS,
    G_START_SCORE,
    G_STORE_EXPS,
    G_STORE_TILES,
    G_VALUES,
    G_WHEEL,
    G_WHEELN,
    JOKERS,
    LEDGER_AT,
    MARKER,
    NLEDGER,
    NPL,
    PASSED,
    PENDING,
    PHASE,
    PLAYER,
    RMAX,
    ROUND,
    SCORES,
    SMAX,
    STACKN,
    STACKS,
    START,
    SUPN,
    SUPPLY,
    TILES,
    TOP,
    TOPN,
    TOWER,
    TURN,
    UNPLACED,
    W_FREE,
    W_PAYS,
)
from gardensim.games.queens.kernel.payment import can_pay, payments, spend
from gardensim.games.queens.scoring import (
    BONUSES,
    BUYS,
    DISCARDS,
    FACE_DOWN,
    FACE_UP,
    FIRST_PASS,
    GROUPS,
    LEFTOVERS,
    PASSES,
    PAVILIONS,
    TILES_PLACED,
)
from gardensim.games.queens.scoring import (
    JOKERS as LEDGER_JOKERS,
)
from gardensim.games.queens.scoring import (
    ROUND as LEDGER_ROUND,
)
from gardensim.games.queens.state import ACT, DISCARD, OVER, PAY
from gardensim.kernels.splitmix import next_random

PASS = nt.PASS
DONE = nt.DONE
DISCARD_BASE = nt.DISCARD_BASE
BUY_BASE = nt.BUY_BASE
PLACE_BASE = nt.PLACE_BASE
EXPAND_BASE = nt.EXPAND_BASE
PAY_BASE = nt.PAY_BASE
PAY_CODE_BITS = nt.PAY_CODE_BITS
PAY_MASK = (1 << PAY_CODE_BITS) - 1
ACQ_BASE = nt.ACQ_BASE
TERMINAL = -1


@njit(cache=True)
def setup(S, R, G, seed_state, W) -> None:
    """``QueensState.__init__``: the stacks and supply shuffled with the game's stream, the
    first player, the first stack top drawn, and the first seat able to move."""
    S[:] = 0
    R[0] = seed_state
    n = G[G_PLAYERS]
    S[NPL] = n
    S[ROUND] = 1
    S[PHASE] = ACT
    S[MARKER] = -1
    S[PENDING] = -1
    for h in range(36):
        S[BAG + h] = G[G_COPIES]
    for p in range(n):
        S[JOKERS + p] = G[G_START_JOKERS]
        S[SCORES + p] = G[G_START_SCORE]
        for c in range(CELLS):
            S[BOARDS + p * CELLS + c] = -1
        for a in range(AREAS):
            S[AREAS_AT + p * AREAS + a] = UNPLACED
    order = W[W_FREE:W_FREE + 36]
    for i in range(36):
        order[i] = G[G_EXPANSIONS + i]
    for i in range(35, 0, -1):
        state, j = next_random(R[0], i + 1)
        R[0] = state
        order[i], order[j] = order[j], order[i]
    size = G[G_STACK_SIZE]
    rounds = G[G_ROUNDS]
    for r in range(rounds):
        for i in range(size):
            S[STACKS + r * SMAX + i] = order[r * size + i]
    S[STACKN] = size
    k = 0
    for i in range(rounds * size, 36):
        S[SUPPLY + k] = order[i]
        k += 1
    S[SUPN] = k
    first = G[G_FIRST_SEAT]
    if G[G_FIRST_RANDOM]:
        state, first = next_random(R[0], n)
        R[0] = state
    S[START] = first
    S[PLAYER] = first
    S[FIRST] = first
    refill_top(S, R, G, W)
    seek_player(S, R, G, first, W)


@njit(cache=True)
def room_tiles(S, G, p) -> int:
    return G[G_STORE_TILES] - held_tiles(S, p) - S[JOKERS + p]


@njit(cache=True)
def legal_act(S, G, p, out, first, W) -> int:
    """``moves.action_phase_moves`` into ``out``; returns how many. With ``first`` it
    returns as soon as any move but pass is found (and then does not list pass)."""
    count = acquires(S, room_tiles(S, G, p), G[G_STORE_EXPS] - S[EXPN + p], out, 0, first, W)
    if first and count:
        return count
    cells = free_cells(S, p, W)
    for h in range(36):
        if not S[TILES + p * 36 + h]:
            continue
        if can_pay(S, p, h, G[G_VALUES + h % 6]):
            for i in range(cells):
                c = W[W_FREE + i]
                if group_ok(S, G, p, c, h, W):
                    out[count] = PLACE_BASE + h * CELLS + c
                    count += 1
                    if first:
                        return count
    n = S[EXPN + p]
    for i in range(n):
        e = S[EXPS + p * EMAX + i]
        dup = False
        for j in range(i):
            if S[EXPS + p * EMAX + j] == e:
                dup = True
        if dup or not can_pay(S, p, e, G[G_VALUES + e % 6]):
            continue
        for a in range(AREAS):
            if S[AREAS_AT + p * AREAS + a] != UNPLACED:
                continue
            for j in range(6):
                if group_ok(S, G, p, ring_cell(a, j), e, W):
                    out[count] = EXPAND_BASE + e * 36 + a * 6 + j
                    count += 1
                    if first:
                        return count
    if S[SUPN] and S[SCORES + p] >= G[G_BUY_THRESHOLD]:
        for a in range(AREAS):
            if S[AREAS_AT + p * AREAS + a] == UNPLACED:
                out[count] = BUY_BASE + a
                count += 1
                if first:
                    return count
    if first:
        return 0
    out[count] = PASS
    return count + 1


@njit(cache=True)
def legal_actions(S, G, out, W) -> int:
    """``QueensState.legal_actions`` into ``out``; returns how many."""
    phase = S[PHASE]
    p = S[PLAYER]
    if phase == ACT:
        return legal_act(S, G, p, out, False, W)
    if phase == PAY:
        h = S[PENDING]
        k = payments(S, p, h, G[G_VALUES + h % 6], out, W)
        for i in range(k):
            out[i] = PAY_BASE + (h << PAY_CODE_BITS | out[i])
        return k
    if phase == DISCARD:
        out[0] = DONE
        k = 1
        for h in range(36):
            if S[TILES + p * 36 + h]:
                out[k] = DISCARD_BASE + h
                k += 1
        return k
    return 0


@njit(cache=True)
def lose(S, G, p, points, entry) -> None:
    """``scoring.lose``: never below the floor."""
    lost = max(0, min(points, S[SCORES + p] - G[G_FLOOR]))
    S[SCORES + p] -= lost
    S[LEDGER_AT + p * NLEDGER + entry] += lost


@njit(cache=True)
def apply(S, R, G, action, W) -> None:
    """``QueensState._apply`` for a legal action."""
    p = S[PLAYER]
    phase = S[PHASE]
    ledger = LEDGER_AT + p * NLEDGER
    if phase == ACT:
        if action >= ACQ_BASE:
            take(S, R, G, p, action - ACQ_BASE, W)
            end_turn(S, R, G, p, W)
        elif action >= PAY_BASE:
            raise ValueError("queens kernel: a payment outside the payment phase")
        elif action >= EXPAND_BASE:
            h = (action - EXPAND_BASE) // 36
            rest = (action - EXPAND_BASE) % 36
            a = rest // 6
            n = S[EXPN + p]
            at = EXPS + p * EMAX
            for i in range(n):
                if S[at + i] == h:
                    for j in range(i, n - 1):
                        S[at + j] = S[at + j + 1]
                    break
            S[EXPN + p] = n - 1
            S[AREAS_AT + p * AREAS + a] = h
            S[ledger + FACE_UP] += 1
            placed(S, R, G, p, h, ring_cell(a, rest % 6), W)
        elif action >= PLACE_BASE:
            h = (action - PLACE_BASE) // CELLS
            S[TILES + p * 36 + h] -= 1
            placed(S, R, G, p, h, (action - PLACE_BASE) % CELLS, W)
        elif action >= BUY_BASE:
            lose(S, G, p, G[G_BUY_COST], BUYS)
            S[AREAS_AT + p * AREAS + action - BUY_BASE] = DOWN + S[SUPPLY]
            n = S[SUPN]
            for i in range(n - 1):
                S[SUPPLY + i] = S[SUPPLY + i + 1]
            S[SUPN] = n - 1
            S[ledger + FACE_DOWN] += 1
            after_placement(S, R, G, p, W)
        elif action == PASS:
            mark_passed(S, G, p)
            if held_tiles(S, p):
                S[PHASE] = DISCARD
            else:
                end_turn(S, R, G, p, W)
        else:
            raise ValueError("queens kernel: not an action of the action phase")
    elif phase == PAY:
        pay(S, R, G, p, (action - PAY_BASE) & PAY_MASK, W)
    elif phase == DISCARD:
        if action == DONE:
            end_turn(S, R, G, p, W)
        else:
            h = action - DISCARD_BASE
            S[TILES + p * 36 + h] -= 1
            S[TOWER + h] += 1
            lose(S, G, p, G[G_VALUES + h % 6] if G[G_DISCARD_VALUE] else 1, DISCARDS)
            if not held_tiles(S, p):
                end_turn(S, R, G, p, W)
    else:
        raise ValueError("queens kernel: the game is over")


@njit(cache=True)
def placed(S, R, G, p, h, cell, W) -> None:
    """``QueensState._placed``: on the garden; the payment follows, asked only when more
    than one set is legal."""
    S[BOARDS + p * CELLS + cell] = h
    S[LEDGER_AT + p * NLEDGER + TILES_PLACED] += 1
    S[PENDING] = h
    k = payments(S, p, h, G[G_VALUES + h % 6], W[W_PAYS:], W)
    if k == 1:
        pay(S, R, G, p, W[W_PAYS], W)
    else:
        S[PHASE] = PAY


@njit(cache=True)
def pay(S, R, G, p, code, W) -> None:
    h = S[PENDING]
    spend(S, p, h, G[G_VALUES + h % 6], code)
    S[PENDING] = -1
    S[PHASE] = ACT
    after_placement(S, R, G, p, W)


@njit(cache=True)
def after_placement(S, R, G, p, W) -> None:
    reward_surrounds(S, G, p, W)
    end_turn(S, R, G, p, W)


@njit(cache=True)
def mark_passed(S, G, p) -> None:
    """``QueensState._mark_passed``: the first passer takes the marker and its penalty."""
    S[PASSED + p] = 1
    S[LEDGER_AT + p * NLEDGER + PASSES] += 1
    if S[MARKER] < 0:
        S[MARKER] = p
        lose(S, G, p, G[G_FIRST_PASS], FIRST_PASS)


@njit(cache=True)
def end_turn(S, R, G, p, W) -> None:
    S[PHASE] = ACT
    S[TURN] += 1
    seek_player(S, R, G, (p + 1) % S[NPL], W)


@njit(cache=True)
def _can_buy(S, G, q) -> bool:
    if not S[SUPN] or S[SCORES + q] < G[G_BUY_THRESHOLD]:
        return False
    for a in range(AREAS):
        if S[AREAS_AT + q * AREAS + a] == UNPLACED:
            return True
    return False


@njit(cache=True)
def seek_player(S, R, G, first, W) -> None:
    """``QueensState._seek_player``: the next seat that has not passed; a seat whose only
    move is pass passes by itself (and still chooses its discards)."""
    n = S[NPL]
    out = W[W_PAYS:]
    while True:
        for i in range(n):
            q = (first + i) % n
            if S[PASSED + q]:
                continue
            S[PLAYER] = q
            if _can_buy(S, G, q) or legal_act(S, G, q, out, True, W):
                return
            mark_passed(S, G, q)
            if held_tiles(S, q):
                S[PHASE] = DISCARD
                return
        end_round(S, R, G, W)
        if S[PHASE] == OVER:
            return
        first = S[START]


@njit(cache=True)
def hex_points(G, h, category) -> int:
    """``scoring.hex_points``."""
    v = G[G_VALUES + h % 6]
    if category < 6:
        return v if h // 6 == category else 0
    if h % 6 != category - 6:
        return 0
    return 7 - v if G[G_INVERT] else v


@njit(cache=True)
def face_up_areas(S, p) -> int:
    k = 0
    for a in range(AREAS):
        status = S[AREAS_AT + p * AREAS + a]
        if 0 <= status < DOWN:
            k += 1
    return k


@njit(cache=True)
def wheel_points(S, G, p, rnd) -> int:
    """The wheel part of ``scoring.round_points`` for round ``rnd``."""
    total = 0
    for c in range(CELLS):
        h = S[BOARDS + p * CELLS + c]
        if h < 0:
            continue
        for i in range(G[G_WHEELN + rnd - 1]):
            total += hex_points(G, h, G[G_WHEEL + (rnd - 1) * 12 + i])
    return total


@njit(cache=True)
def end_round(S, R, G, W) -> None:
    """``QueensState._end_round``: Phase 2, then the final scoring or the preparation (its
    caller, :func:`seek_player`, then looks for the new round's first seat, as
    ``_end_round`` does)."""
    n = S[NPL]
    for q in range(n):
        wheel = wheel_points(S, G, q, S[ROUND])
        pavilions = G[G_PAVILION_POINTS] * face_up_areas(S, q)
        S[SCORES + q] += wheel + pavilions
        S[LEDGER_AT + q * NLEDGER + LEDGER_ROUND] += wheel
        S[LEDGER_AT + q * NLEDGER + PAVILIONS] += pavilions
    if S[ROUND] == G[G_ROUNDS]:
        final_scoring(S, G, W)
        S[FINAL] = 1
        S[PHASE] = OVER
        S[PLAYER] = TERMINAL
        return
    if S[STACKN]:
        for i in range(S[TOPN]):
            S[TOWER + S[TOP + i]] += 1
    for d in range(S[DN]):
        for i in range(S[DTN + d]):
            S[TOWER + S[DT + d * RMAX + i]] += 1
    k = S[SUPN]
    for d in range(S[DN]):
        S[SUPPLY + k] = S[DEXP + d]
        k += 1
    for i in range(S[STACKN]):
        S[SUPPLY + k] = S[STACKS + (S[ROUND] - 1) * SMAX + i]
        k += 1
    S[SUPN] = k
    S[DN] = 0
    S[TOPN] = 0
    S[ROUND] += 1
    S[STACKN] = G[G_STACK_SIZE]
    for q in range(n):
        S[PASSED + q] = 0
    S[START] = S[MARKER]
    S[PLAYER] = S[MARKER]
    S[MARKER] = -1
    refill_top(S, R, G, W)


@njit(cache=True)
def final_scoring(S, G, W) -> None:
    """``scoring.final_scoring``: jokers, stored items (floored), then groups."""
    sizes = W[W_FREE:W_FREE + CELLS]
    worths = W[W_PAYS:W_PAYS + CELLS]
    for p in range(S[NPL]):
        ledger = LEDGER_AT + p * NLEDGER
        gain = G[G_JOKER_VALUE] * S[JOKERS + p]
        S[SCORES + p] += gain
        S[ledger + LEDGER_JOKERS] += gain
        held = 0
        for h in range(36):
            held += G[G_VALUES + h % 6] * S[TILES + p * 36 + h]
        for i in range(S[EXPN + p]):
            held += G[G_VALUES + S[EXPS + p * EMAX + i] % 6]
        lose(S, G, p, held, LEFTOVERS)
        points = 0
        bonus = 0
        for by_colour in (True, False):
            k = groups(S, G, p, by_colour, sizes, worths, W)
            for i in range(k):
                if sizes[i] >= G[G_MIN_GROUP]:
                    points += worths[i]
                    bonus += G[G_BONUS + sizes[i]]
        S[SCORES + p] += points + bonus
        S[ledger + GROUPS] += points
        S[ledger + BONUSES] += bonus
