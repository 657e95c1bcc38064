"""The Queen's Garden evaluation in the kernel (``queens.evaluation``), term by term in the
readable engine's order, so greedy's comparisons (and its exact ties) come out the same to
the last bit. The weights are the readable engine's (``evaluation.load_weights``), handed in
as an array in :data:`WEIGHT_NAMES` order.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from gardensim.games.queens.evaluation import load_weights
from gardensim.games.queens.geometry import AREAS, CELLS
from gardensim.games.queens.kernel.engine import face_up_areas, wheel_points
from gardensim.games.queens.kernel.garden import X_END, X_FIRST, centre_of, groups
from gardensim.games.queens.kernel.layout import (
    AREAS_AT,
    BOARDS,
    DOWN,
    EXPN,
    G_BONUS,
    G_MIN_GROUP,
    G_NBR,
    G_NNBR,
    G_PAVILION_POINTS,
    G_PAVILION_REWARD,
    G_PLAYERS,
    G_REWARD,
    G_ROUNDS,
    G_VALUES,
    JOKERS,
    PENDING,
    PHASE,
    PLAYER,
    REWARDED,
    ROUND,
    SCORES,
    TILES,
    W_FREE,
    W_PAYS,
)
from gardensim.games.queens.state import OVER

WEIGHT_NAMES = ("wheel", "pair", "joker", "tile", "tile_value", "leftover_last", "expansion",
                "structure", "structure_power", "scale", "pay_item")
(WHEEL, PAIR, JOKER, TILE, TILE_VALUE, LEFTOVER_LAST, EXPANSION, STRUCTURE, STRUCTURE_POWER,
 SCALE, PAY_ITEM) = range(len(WEIGHT_NAMES))


def weights() -> np.ndarray:
    """The evaluation weights of the game's data file, in :data:`WEIGHT_NAMES` order."""
    w = load_weights()
    if set(w) != set(WEIGHT_NAMES):
        raise AssertionError("queens kernel: the evaluation's weights are not WEIGHT_NAMES")
    return np.array([w[name] for name in WEIGHT_NAMES], dtype=np.float64)


@njit(cache=True)
def _filled(S, G, p, cell) -> int:
    b = BOARDS + p * CELLS
    filled = 0
    for i in range(G[G_NNBR + cell]):
        if S[b + G[G_NBR + cell * 6 + i]] >= 0:
            filled += 1
    return filled


@njit(cache=True)
def seat_value(S, G, p, wt, W) -> float:
    """``evaluation.seat_value``: seat ``p``'s expected final score."""
    value = float(S[SCORES + p])
    faceup = face_up_areas(S, p)
    for rnd in range(S[ROUND], G[G_ROUNDS] + 1):
        value += wt[WHEEL] * wheel_points(S, G, p, rnd)
        value += G[G_PAVILION_POINTS] * faceup
    sizes = W[W_FREE:W_FREE + CELLS]
    worths = W[W_PAYS:W_PAYS + CELLS]
    for by_colour in (True, False):
        k = groups(S, G, p, by_colour, sizes, worths, W)
        for i in range(k):
            size = sizes[i]
            if size >= 2:
                worth = worths[i]
                if size >= G[G_MIN_GROUP]:
                    value += worth + G[G_BONUS + size]
                else:
                    value += wt[PAIR] * worth
    if p == S[PLAYER] and S[PENDING] >= 0:
        value -= wt[PAY_ITEM] * (G[G_VALUES + S[PENDING] % 6] - 1)
    last = S[ROUND] == G[G_ROUNDS]
    for h in range(36):
        n = S[TILES + p * 36 + h]
        if n:
            v = G[G_VALUES + h % 6]
            value += n * (-wt[LEFTOVER_LAST] * v if last else wt[TILE] + wt[TILE_VALUE] * v)
    value += wt[JOKER] * S[JOKERS + p] + wt[EXPANSION] * S[EXPN + p]
    rewarded = S[REWARDED + p]
    for cell in range(X_END):
        if 0 < cell < X_FIRST or rewarded >> cell & 1:
            continue
        filled = _filled(S, G, p, cell)
        if filled:
            value += wt[STRUCTURE] * G[G_REWARD + cell] * (filled / 6) ** wt[STRUCTURE_POWER]
    for a in range(AREAS):
        status = S[AREAS_AT + p * AREAS + a]
        centre = centre_of(a)
        if 0 <= status < DOWN and not rewarded >> centre & 1:
            filled = _filled(S, G, p, centre)
            if filled:
                value += (wt[STRUCTURE] * G[G_PAVILION_REWARD]
                          * (filled / 6) ** wt[STRUCTURE_POWER])
    return value


@njit(cache=True)
def evaluate(S, G, player, wt, W) -> float:
    """``evaluation.evaluate`` of a live position: the lead over the best opponent, squashed."""
    mine = 0.0
    best = -np.inf
    for p in range(G[G_PLAYERS]):
        v = seat_value(S, G, p, wt, W)
        if p == player:
            mine = v
        elif v > best:
            best = v
    return 1.0 / (1.0 + math.exp(-(mine - best) / wt[SCALE]))


@njit(cache=True)
def value(S, G, player, wt, W) -> float:
    """``GameState.value``: a finished game is a win (1, ties shared count) or a loss (0)."""
    if S[PHASE] == OVER:
        top = S[SCORES]
        for p in range(1, G[G_PLAYERS]):
            top = max(top, S[SCORES + p])
        return 1.0 if S[SCORES + player] == top else 0.0
    return evaluate(S, G, player, wt, W)
