"""The random and greedy bots in the kernel (``bots.random_bot``, ``bots.greedy``) and the
determinization greedy samples (``queens.observation.determinize``), making the readable
bots' generator calls in the same order on Python's generator restated
(``gardensim.kernels.pyrandom``): ``choice`` is ``_randbelow`` of the list's length,
``getrandbits(64)`` two words, low first, ``shuffle`` Fisher-Yates.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.queens.kernel.engine import apply, legal_actions
from gardensim.games.queens.kernel.evaluate import value
from gardensim.games.queens.kernel.layout import (
    AREAS_AT,
    DEXP,
    DN,
    DOWN,
    DTN,
    G_PLAYERS,
    G_ROUNDS,
    G_STACK_SIZE,
    PLAYER,
    REVEALED,
    ROUND,
    SMAX,
    STACKN,
    STACKS,
    SUPN,
    SUPPLY,
    W_DEAL,
)
from gardensim.games.queens.kernel.reseed import hashed_seed
from gardensim.kernels import pyrandom

RANDOM, GREEDY, MCTS = 0, 1, 2


@njit(cache=True)
def getrandbits64(M) -> np.uint64:
    low = np.uint64(pyrandom.next_u32(M))
    high = np.uint64(pyrandom.next_u32(M))
    return low | (high << np.uint64(32))


@njit(cache=True)
def determinize(S, G, M, T, TR, W) -> None:
    """A sample of the hidden parts into ``T`` (its bag generator ``TR``) from what every
    seat sees, drawing from the bot's generator ``M`` (``observation.determinize``)."""
    T[:] = S
    TR[0] = hashed_seed(getrandbits64(M))
    known = S[REVEALED]
    unknown = W[W_DEAL:W_DEAL + 36]
    k = 0
    for e in range(36):
        if not known >> e & 1:
            unknown[k] = e
            k += 1
    pyrandom.shuffle(M, unknown, k)
    used = 0
    size = G[G_STACK_SIZE]
    for r in range(S[ROUND], G[G_ROUNDS]):
        for i in range(size):
            T[STACKS + r * SMAX + i] = unknown[used]
            used += 1
    for i in range(S[STACKN]):
        T[STACKS + (S[ROUND] - 1) * SMAX + i] = unknown[used]
        used += 1
    for d in range(S[DN]):
        if S[DTN + d]:
            T[DEXP + d] = unknown[used]
            used += 1
    mask = 0
    for i in range(used, k):
        mask |= 1 << unknown[i]
    n = G[G_PLAYERS]
    for p in range(n):
        for a in range(6):
            status = S[AREAS_AT + p * 6 + a]
            if status >= DOWN and known >> (status - DOWN) & 1:
                mask |= 1 << (status - DOWN)
    for i in range(S[SUPN]):
        e = S[SUPPLY + i]
        if known >> e & 1:
            mask |= 1 << e
    rest = W[W_DEAL + 36:W_DEAL + 72]
    m = 0
    for e in range(36):
        if mask >> e & 1:
            rest[m] = e
            m += 1
    pyrandom.shuffle(M, rest, m)
    j = 0
    for p in range(n):
        for a in range(6):
            if S[AREAS_AT + p * 6 + a] >= DOWN:
                T[AREAS_AT + p * 6 + a] = DOWN + rest[j]
                j += 1
    for i in range(m - j):
        T[SUPPLY + i] = rest[j + i]
    T[SUPN] = m - j


@njit(cache=True)
def random_choice(S, G, M, acts, W) -> int:
    """``rng.choice(state.legal_actions())``."""
    n = legal_actions(S, G, acts, W)
    return acts[pyrandom.randbelow(M, n)]


@njit(cache=True)
def greedy_choice(S, R, G, M, epsilon, samples, wt, acts, totals, T, TR, U, UR, W) -> int:
    """``GreedyBot.choose_action``: epsilon-random, else the best mean value over
    ``samples`` determinizations of each legal action, exact ties to the generator."""
    if epsilon > 0 and pyrandom.random(M) < epsilon:
        return random_choice(S, G, M, acts, W)
    n = legal_actions(S, G, acts, W)
    if n == 1:
        return acts[0]
    player = S[PLAYER]
    for i in range(n):
        totals[i] = 0.0
    for _ in range(samples):
        determinize(S, G, M, T, TR, W)
        for i in range(n):
            U[:] = T
            UR[0] = TR[0]
            apply(U, UR, G, acts[i], W)
            totals[i] += value(U, G, player, wt, W)
    top = totals[0]
    for i in range(1, n):
        if totals[i] > top:
            top = totals[i]
    ties = 0
    for i in range(n):
        if totals[i] == top:
            ties += 1
    if ties == 1:
        for i in range(n):
            if totals[i] == top:
                return acts[i]
    pick = pyrandom.randbelow(M, ties)
    for i in range(n):
        if totals[i] == top:
            if pick == 0:
                return acts[i]
            pick -= 1
    return acts[0]
