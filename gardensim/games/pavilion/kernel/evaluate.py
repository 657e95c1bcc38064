"""The position evaluation of ``evaluation.py`` restated, to the last bit: the same terms
added in the same order with the same float operations (no fast-math), so greedy's exact ties,
broken by its generator, fall where the readable bot's do.
"""

from __future__ import annotations

import math

from numba import njit

from gardensim.games.pavilion.boards import SPACES, STARS
from gardensim.games.pavilion.kernel import tables as tb
from gardensim.games.pavilion.kernel.layout import (
    BOARD,
    COLOURS,
    CORNER,
    KEEP_LEFT,
    PASSED,
    PAYING,
    PHASE,
    PLAYER,
    POOL,
    ROUND,
    SCORE,
    TOKEN,
    WILD,
)
from gardensim.games.pavilion.kernel.rules import completed_sets, payment_range
from gardensim.games.pavilion.phases import KEEP, OVER, PAY


@njit(cache=True)
def star_worth(S, T, p: int, s: int) -> int:
    """``evaluation.star_worth`` of star ``s`` of seat ``p``."""
    rule = T[tb.RULE + s]
    first = BOARD + p * SPACES + 6 * s
    multi = T[tb.MULTI_VALUE]
    if rule == 0:
        c0 = T[tb.COLOUR + 6 * s]
        for k in range(1, 6):
            if T[tb.COLOUR + 6 * s + k] != c0:
                return multi
        return T[tb.STAR_VALUE + c0]
    if rule == 1:
        return multi
    present = 0
    colour = -1
    distinct = False
    for k in range(6):
        c = S[first + k]
        if c >= 0:
            if present and c != colour:
                distinct = True
            if not present:
                colour = c
            present += 1
    if distinct:
        return multi
    if present >= 2:
        return T[tb.STAR_VALUE + colour]
    if present:
        single = T[tb.STAR_VALUE + colour]
    else:
        single = T[tb.STAR_VALUE]
        for c in range(1, COLOURS):
            single = max(single, T[tb.STAR_VALUE + c])
    return max(single, multi)


@njit(cache=True)
def seat_value(S, T, W, p: int) -> float:
    """``evaluation.seat_value``: terms 1-7 of its module docstring, in its order."""
    board = BOARD + p * SPACES
    power = W[tb.W_POWER]
    star_weight = W[tb.W_STAR]
    value = float(S[SCORE + p])
    for s in range(STARS):
        filled = 0
        for k in range(6):
            if S[board + 6 * s + k] >= 0:
                filled += 1
        if filled:
            worth = star_worth(S, T, p, s)
            if filled == 6:
                value += worth
            else:
                value += star_weight * (filled / 6) ** power * worth
    for g in range(T[tb.N_NUMBERS]):
        points = T[tb.NUMBER_VALUE + g]
        total = 0
        covered = 0
        for i in range(SPACES):
            if T[tb.COST + i] == T[tb.NUMBER + g]:
                total += 1
                if S[board + i] >= 0:
                    covered += 1
        if covered == total:
            value += points
        elif covered:
            value += W[tb.W_NUMBER] * (covered / total) ** power * points
    if T[tb.HAS_SETS]:
        sets, further = completed_sets(S, T, p)
        value += T[tb.SET_VALUE] * (sets + W[tb.W_SETS] * (further / 4))
    pool = POOL + p * COLOURS
    held = 0
    corners = 0
    for c in range(COLOURS):
        held += S[pool + c]
        corners += S[CORNER + p * COLOURS + c]
    wild = S[WILD]
    wilds = S[pool + wild]
    if p == S[PLAYER] and S[PHASE] == PAY:
        space = S[PAYING]
        due = T[tb.COST + space] - 1
        held -= due
        wilds -= payment_range(S, p, S[board + space], wild, due)[0]
    elif p == S[PLAYER] and S[PHASE] == KEEP:
        value -= held - S[KEEP_LEFT]
        held = S[KEEP_LEFT]
    last = S[ROUND] == T[tb.ROUNDS]
    value += (held + corners) * (W[tb.W_TILE_LAST] if last else W[tb.W_TILE])
    if not S[PASSED + p]:
        value += W[tb.W_WILD] * wilds
    if S[TOKEN] == p:
        value += W[tb.W_TOKEN]
    return value


@njit(cache=True)
def wins(S, T, player: int) -> bool:
    """Whether ``player`` has the best final score (alone or tied)."""
    best = S[SCORE]
    for q in range(1, T[tb.PLAYERS]):
        best = max(best, S[SCORE + q])
    return S[SCORE + player] == best


@njit(cache=True)
def value(S, T, W, player: int) -> float:
    """``GameState.value``: 1 or 0 for a finished game, else ``evaluation.evaluate``."""
    if S[PHASE] == OVER:
        return 1.0 if wins(S, T, player) else 0.0
    mine = 0.0
    best_other = -math.inf
    first = True
    for q in range(T[tb.PLAYERS]):
        v = seat_value(S, T, W, q)
        if q == player:
            mine = v
        elif first or v > best_other:
            best_other = v
            first = False
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / W[tb.W_SCALE]))
