"""The rules of Summer Pavilion over the kernel's flat position (``layout.py``), restating
the readable engine move for move: ``chance.py`` (draws), ``drafting.py`` (phase 1),
``placing.py`` (phase 2), ``state.py`` (the turn structure) and ``scoring.py``.

Legal actions come in the readable engine's order, since the bots pick from them by index.
The readable engine's mutual calls from one seat to the next round (``_seek_player``,
``_end_round``, ``_start_placing``) are one loop here (:func:`seek_player`): numba compiles
no mutual recursion.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.pavilion.boards import SPACES, STARS
from gardensim.games.pavilion.kernel import tables as tb
from gardensim.games.pavilion.kernel.layout import (
    BAG,
    BOARD,
    CENTRE,
    COLOURS,
    CORNER,
    F_MULTI,
    F_NUMBERS,
    F_SET_COUNT,
    F_SETS,
    F_STARS,
    F_STARS_TOTAL,
    F_TOTAL,
    FINAL,
    FINAL_AT,
    FIRST,
    KEEP_LEFT,
    LEDGER,
    LEDGER_AT,
    OWED,
    PASSED,
    PAYING,
    PHASE,
    PLAYER,
    POOL,
    RNG,
    ROUND,
    SCORE,
    START,
    SUPPLY_AT,
    TAKEN,
    TOKEN,
    TOWER,
    TURN,
    WILD,
    WILDS_PAID,
    WILDS_TAKEN,
)
from gardensim.games.pavilion.kernel.layout import SIZE as STATE_SIZE
from gardensim.games.pavilion.notation import (
    BONUS_BASE,
    DISCARD,
    KEEP_BASE,
    PASS,
    PAY_BASE,
    PLACE_BASE,
)
from gardensim.games.pavilion.phases import BONUS, DRAFT, KEEP, OVER, PAY, PLACE
from gardensim.games.pavilion.scoring import (
    BONUS_TILES,
    DISCARD_LOSS,
    DISCARDED,
    PLACED,
    TOKEN_LOSS,
)
from gardensim.kernels.splitmix import next_random

ALL_COLOURS = (1 << COLOURS) - 1
#: room for every legal action of a position (drafts of ten sources, or every placement)
MAX_ACTIONS = SPACES * COLOURS + 1


@njit(cache=True)
def draw_tile(S) -> int:
    """``chance.draw_tile``: one tile from the bag, the tower poured in when it is empty."""
    total = 0
    for c in range(COLOURS):
        total += S[BAG + c]
    if total == 0:
        for c in range(COLOURS):
            total += S[TOWER + c]
        if total == 0:
            return -1
        for c in range(COLOURS):
            S[BAG + c] = S[TOWER + c]
            S[TOWER + c] = 0
    state, r = next_random(np.uint64(S[RNG]), total)
    S[RNG] = np.int64(state)
    for c in range(COLOURS):
        if r < S[BAG + c]:
            S[BAG + c] -= 1
            return c
        r -= S[BAG + c]
    return -1


@njit(cache=True)
def refill_supply(S, T) -> None:
    for i in range(T[tb.SUPPLY_SPACES]):
        if S[SUPPLY_AT + i] < 0:
            S[SUPPLY_AT + i] = draw_tile(S)


@njit(cache=True)
def fill_factories(S, T) -> None:
    for f in range(1, T[tb.N_FACTORIES] + 1):
        for _ in range(T[tb.TILES_PER_FACTORY]):
            c = draw_tile(S)
            if c < 0:
                return
            S[CENTRE + f * COLOURS + c] += 1


@njit(cache=True)
def new_state(T, rng: int):
    """``PavilionState(game, seed)`` given the generator state ``chance.seed_state(seed)``."""
    S = np.zeros(STATE_SIZE, dtype=np.int64)
    n = T[tb.PLAYERS]
    S[RNG] = rng
    S[ROUND] = 1
    S[WILD] = T[tb.WILD_ORDER]
    S[PHASE] = DRAFT
    for c in range(COLOURS):
        S[BAG + c] = T[tb.TILES_PER_COLOUR]
    for i in range(T[tb.SUPPLY_SPACES]):
        S[SUPPLY_AT + i] = -1
    S[TOKEN] = -1
    S[PAYING] = -1
    for i in range(n * SPACES):
        S[BOARD + i] = -1
    for p in range(n):
        S[SCORE + p] = T[tb.START_SCORE]
    first = T[tb.FIRST_SEAT]
    if first < 0:
        state, first = next_random(np.uint64(S[RNG]), n)
        S[RNG] = np.int64(state)
    S[START] = first
    S[PLAYER] = first
    S[FIRST] = first
    refill_supply(S, T)
    fill_factories(S, T)
    return S


@njit(cache=True)
def drafting_over(S, T) -> bool:
    for i in range((T[tb.N_FACTORIES] + 1) * COLOURS):
        if S[CENTRE + i]:
            return False
    return True


@njit(cache=True)
def lose_points(score: int, amount: int, floor: int, floored: bool) -> int:
    """``scoring.lose_points``; ``floored`` False is its ``floor=None``."""
    if not floored:
        return score - amount
    if score <= floor:
        return score
    return max(floor, score - amount)


@njit(cache=True)
def star_colour_mask(S, T, p: int, s: int) -> int:
    """``placing.star_colour_mask`` of star ``s`` of seat ``p``'s board."""
    used = 0
    count = 0
    first = BOARD + p * SPACES + 6 * s
    for k in range(6):
        c = S[first + k]
        if c >= 0:
            used |= 1 << c
            count += 1
    if T[tb.RULE + s] == 1:
        return ALL_COLOURS & ~used
    if count <= 1:
        return ALL_COLOURS
    if used & (used - 1) == 0:
        return used
    return ALL_COLOURS & ~used


@njit(cache=True)
def legal_actions(S, T, out) -> int:
    """The legal actions, in the readable engine's order, into ``out``; returns how many."""
    phase = S[PHASE]
    p = S[PLAYER]
    wild = S[WILD]
    n = 0
    if phase == DRAFT:
        for s in range(T[tb.N_FACTORIES] + 1):
            src = CENTRE + s * COLOURS
            found = False
            for c in range(COLOURS):
                if S[src + c] and c != wild:
                    out[n] = s * COLOURS + c
                    n += 1
                    found = True
            if not found and S[src + wild]:
                out[n] = s * COLOURS + wild
                n += 1
    elif phase == PLACE:
        pool = POOL + p * COLOURS
        board = BOARD + p * SPACES
        wilds = S[pool + wild]
        budget = np.zeros(COLOURS, dtype=np.int64)
        for c in range(COLOURS):
            held = S[pool + c]
            budget[c] = 0 if not held else held if c == wild else held + wilds
        for c in range(COLOURS):
            if budget[c]:
                for i in range(SPACES):
                    if T[tb.COLOUR + i] == c and S[board + i] < 0 and T[tb.COST + i] <= budget[c]:
                        out[n] = PLACE_BASE + i * COLOURS + c
                        n += 1
        for s in range(STARS):
            if T[tb.RULE + s] == 0:
                continue
            first = 6 * s
            empty = False
            for k in range(6):
                if S[board + first + k] < 0:
                    empty = True
            if not empty:
                continue
            mask = star_colour_mask(S, T, p, s)
            for c in range(COLOURS):
                if budget[c] and mask >> c & 1:
                    for k in range(6):
                        i = first + k
                        if S[board + i] < 0 and T[tb.COST + i] <= budget[c]:
                            out[n] = PLACE_BASE + i * COLOURS + c
                            n += 1
        out[n] = PASS
        n += 1
    elif phase == PAY:
        space = S[PAYING]
        colour = S[BOARD + p * SPACES + space]
        low, high = payment_range(S, p, colour, wild, T[tb.COST + space] - 1)
        for w in range(low, high + 1):
            out[n] = PAY_BASE + w
            n += 1
    elif phase == BONUS:
        for c in range(COLOURS):
            for i in range(T[tb.SUPPLY_SPACES]):
                if S[SUPPLY_AT + i] == c:
                    out[n] = BONUS_BASE + c
                    n += 1
                    break
    elif phase == KEEP:
        for c in range(COLOURS):
            if S[POOL + p * COLOURS + c]:
                out[n] = KEEP_BASE + c
                n += 1
        out[n] = DISCARD
        n += 1
    return n


@njit(cache=True)
def payment_range(S, p: int, colour: int, wild: int, due: int):
    """``placing.payment_range``: fewest and most wild tiles that can pay ``due`` more."""
    if colour == wild:
        return 0, 0
    low = due - S[POOL + p * COLOURS + colour]
    wilds = S[POOL + p * COLOURS + wild]
    return (low if low > 0 else 0), (wilds if wilds < due else due)


@njit(cache=True)
def apply_draft(S, T, source: int, colour: int) -> None:
    p = S[PLAYER]
    pool = POOL + p * COLOURS
    src = CENTRE + source * COLOURS
    wild = S[WILD]
    taken = 1 if colour == wild else S[src + colour]
    S[pool + colour] += taken
    S[src + colour] -= taken
    S[WILDS_TAKEN] = 1 if colour == wild else 0
    if colour != wild and S[src + wild]:
        S[src + wild] -= 1
        S[pool + wild] += 1
        taken += 1
        S[WILDS_TAKEN] = 1
    S[TAKEN] = taken
    if source:
        for c in range(COLOURS):
            S[CENTRE + c] += S[src + c]
            S[src + c] = 0
    elif S[TOKEN] < 0:
        S[TOKEN] = p
        before = S[SCORE + p]
        S[SCORE + p] = lose_points(before, taken, T[tb.FLOOR], True)
        S[LEDGER_AT + p * LEDGER + TOKEN_LOSS] += before - S[SCORE + p]


@njit(cache=True)
def run_points(S, p: int, space: int) -> int:
    """``scoring.run_points``: the run of the star's cycle holding ``space``."""
    board = BOARD + p * SPACES
    first = space - space % 6
    k = space - first
    n = 1
    j = (k + 1) % 6
    while n < 6 and S[board + first + j] >= 0:
        n += 1
        j = (j + 1) % 6
    if n < 6:
        j = (k - 1) % 6
        while S[board + first + j] >= 0:
            n += 1
            j = (j - 1) % 6
    return n


@njit(cache=True)
def structure_done(S, T, p: int, j: int) -> bool:
    board = BOARD + p * SPACES
    for k in range(tb.STRUCTURE_SPACES):
        sp = T[tb.STRUCTURE + j * tb.STRUCTURE_SPACES + k]
        if sp >= 0 and S[board + sp] < 0:
            return False
    return True


@njit(cache=True)
def apply_place(S, T, space: int, colour: int) -> int:
    """``placing.apply_place``: returns the bonus tiles owed."""
    p = S[PLAYER]
    S[POOL + p * COLOURS + colour] -= 1
    S[BOARD + p * SPACES + space] = colour
    points = run_points(S, p, space)
    S[SCORE + p] += points
    S[LEDGER_AT + p * LEDGER + PLACED] += points
    owed = 0
    for k in range(tb.STRUCTURES_PER_SPACE):
        j = T[tb.STRUCTURES_OF + space * tb.STRUCTURES_PER_SPACE + k]
        if j >= 0 and structure_done(S, T, p, j):
            owed += T[tb.BONUS + j]
    if owed:
        available = 0
        for i in range(T[tb.SUPPLY_SPACES]):
            if S[SUPPLY_AT + i] >= 0:
                available += 1
        if available < owed:
            owed = 0 if T[tb.FORFEIT] else available
    return owed


@njit(cache=True)
def apply_payment(S, colour: int, due: int, wilds: int) -> None:
    p = S[PLAYER]
    pool = POOL + p * COLOURS
    wild = S[WILD]
    S[pool + colour] -= due - wilds
    S[TOWER + colour] += due - wilds
    S[pool + wild] -= wilds
    S[TOWER + wild] += wilds
    S[WILDS_PAID] = wilds


@njit(cache=True)
def discard_pool(S, T, p: int) -> None:
    pool = POOL + p * COLOURS
    count = 0
    for c in range(COLOURS):
        count += S[pool + c]
    if not count:
        return
    for c in range(COLOURS):
        S[TOWER + c] += S[pool + c]
        S[pool + c] = 0
    before = S[SCORE + p]
    S[SCORE + p] = lose_points(before, count, T[tb.FLOOR], T[tb.DISCARD_FLOOR] != 0)
    S[LEDGER_AT + p * LEDGER + DISCARD_LOSS] += before - S[SCORE + p]
    S[LEDGER_AT + p * LEDGER + DISCARDED] += count


@njit(cache=True)
def final_scoring(S, T) -> None:
    """``scoring.final_breakdown`` of every seat into the position, added to the scores."""
    for p in range(T[tb.PLAYERS]):
        board = BOARD + p * SPACES
        out = FINAL_AT + p * FINAL
        for s in range(STARS):
            first = board + 6 * s
            full = True
            same = True
            for k in range(6):
                if S[first + k] < 0:
                    full = False
                if S[first + k] != S[first]:
                    same = False
            if not full:
                continue
            if same:
                S[out + F_STARS + S[first]] += T[tb.STAR_VALUE + S[first]]
            else:
                S[out + F_MULTI] += T[tb.MULTI_VALUE]
        stars = S[out + F_MULTI]
        for c in range(COLOURS):
            stars += S[out + F_STARS + c]
        S[out + F_STARS_TOTAL] = stars
        numbers = 0
        for g in range(T[tb.N_NUMBERS]):
            covered = True
            for i in range(SPACES):
                if T[tb.COST + i] == T[tb.NUMBER + g] and S[board + i] < 0:
                    covered = False
            if covered:
                numbers += T[tb.NUMBER_VALUE + g]
        S[out + F_NUMBERS] = numbers
        sets = completed_sets(S, T, p)[0] if T[tb.HAS_SETS] else 0
        S[out + F_SET_COUNT] = sets
        S[out + F_SETS] = sets * T[tb.SET_VALUE]
        S[out + F_TOTAL] = stars + numbers + S[out + F_SETS]
        S[SCORE + p] += S[out + F_TOTAL]
    S[PHASE] = OVER
    S[PLAYER] = -1


@njit(cache=True)
def completed_sets(S, T, p: int):
    """(complete sets, kinds with more surrounded structures than that): the least count of
    surrounded structures over the four kinds, as ``scoring.completed_structures`` counts."""
    done = np.zeros(4, dtype=np.int64)
    for j in range(T[tb.N_STRUCTURES]):
        if structure_done(S, T, p, j):
            done[T[tb.KIND + j]] += 1
    sets = done.min()
    further = 0
    for k in range(4):
        if done[k] > sets:
            further += 1
    return sets, further


@njit(cache=True)
def seek_player(S, T, first: int) -> None:
    """``_seek_player`` with ``_end_round`` and ``_start_placing`` (spec 4.1, 5, 6): the next
    seat still placing, empty pools passing; else the next round, or the final scoring."""
    n = T[tb.PLAYERS]
    while True:
        for i in range(n):
            q = (first + i) % n
            if S[PASSED + q]:
                continue
            held = 0
            for c in range(COLOURS):
                held += S[POOL + q * COLOURS + c]
            if not held:
                S[PASSED + q] = 1
                continue
            S[PLAYER] = q
            return
        if S[ROUND] == T[tb.ROUNDS]:
            final_scoring(S, T)
            return
        S[ROUND] += 1
        S[WILD] = T[tb.WILD_ORDER + S[ROUND] - 1]
        if S[TOKEN] >= 0:
            S[START] = S[TOKEN]
        elif T[tb.NEXT_STARTS]:
            S[START] = (S[START] + 1) % n
        S[TOKEN] = -1
        for q in range(n):
            S[PASSED + q] = 0
            for c in range(COLOURS):
                S[POOL + q * COLOURS + c] += S[CORNER + q * COLOURS + c]
                S[CORNER + q * COLOURS + c] = 0
        fill_factories(S, T)
        S[PHASE] = DRAFT
        S[PLAYER] = S[START]
        if not drafting_over(S, T):
            return
        start_placing(S, T)
        first = S[PLAYER]


@njit(cache=True)
def start_placing(S, T) -> None:
    """Phase 2 begins with the token's holder or the start player; ``S[PLAYER]`` is set to
    that seat for :func:`seek_player` to start from."""
    S[PHASE] = PLACE
    for q in range(T[tb.PLAYERS]):
        S[PASSED + q] = 0
    S[PLAYER] = S[TOKEN] if S[TOKEN] >= 0 else S[START]


@njit(cache=True)
def end_turn(S, T, p: int) -> None:
    S[PHASE] = PLACE
    refill_supply(S, T)
    S[TURN] += 1
    seek_player(S, T, (p + 1) % T[tb.PLAYERS])


@njit(cache=True)
def apply_action(S, T, action: int) -> None:
    """``PavilionState.apply_action`` (the action assumed legal)."""
    phase = S[PHASE]
    p = S[PLAYER]
    if phase == DRAFT:
        apply_draft(S, T, action // COLOURS, action % COLOURS)
        S[TURN] += 1
        if drafting_over(S, T):
            start_placing(S, T)
            seek_player(S, T, S[PLAYER])
        else:
            S[PLAYER] = (p + 1) % T[tb.PLAYERS]
    elif phase == PLACE:
        if action == PASS:
            S[PASSED + p] = 1
            if S[ROUND] == T[tb.ROUNDS]:
                discard_pool(S, T, p)
                end_turn(S, T, p)
                return
            held = 0
            for c in range(COLOURS):
                held += S[POOL + p * COLOURS + c]
            if not held:
                end_turn(S, T, p)
                return
            S[KEEP_LEFT] = min(held, T[tb.CORNERS])
            S[PHASE] = KEEP
            return
        space = (action - PLACE_BASE) // COLOURS
        colour = (action - PLACE_BASE) % COLOURS
        S[OWED] = apply_place(S, T, space, colour)
        due = T[tb.COST + space] - 1
        low, high = payment_range(S, p, colour, S[WILD], due)
        if low == high:
            apply_payment(S, colour, due, low)
            after_payment(S, T, p)
        else:
            S[PHASE] = PAY
            S[PAYING] = space
    elif phase == PAY:
        space = S[PAYING]
        S[PAYING] = -1
        apply_payment(S, S[BOARD + p * SPACES + space], T[tb.COST + space] - 1,
                      action - PAY_BASE)
        after_payment(S, T, p)
    elif phase == BONUS:
        colour = action - BONUS_BASE
        for i in range(T[tb.SUPPLY_SPACES]):
            if S[SUPPLY_AT + i] == colour:
                S[SUPPLY_AT + i] = -1
                break
        S[POOL + p * COLOURS + colour] += 1
        S[LEDGER_AT + p * LEDGER + BONUS_TILES] += 1
        S[OWED] -= 1
        left = False
        for i in range(T[tb.SUPPLY_SPACES]):
            if S[SUPPLY_AT + i] >= 0:
                left = True
        if not S[OWED] or not left:
            S[OWED] = 0
            end_turn(S, T, p)
    elif phase == KEEP:
        if action == DISCARD:
            discard_pool(S, T, p)
            end_turn(S, T, p)
        else:
            colour = action - KEEP_BASE
            S[POOL + p * COLOURS + colour] -= 1
            S[CORNER + p * COLOURS + colour] += 1
            S[KEEP_LEFT] -= 1
            if not S[KEEP_LEFT]:
                discard_pool(S, T, p)
                end_turn(S, T, p)


@njit(cache=True)
def after_payment(S, T, p: int) -> None:
    if S[OWED]:
        S[PHASE] = BONUS
    else:
        end_turn(S, T, p)
