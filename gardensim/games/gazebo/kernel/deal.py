"""The deal in the kernel: ``dominoes.deal`` restated over the flat position.

Dealing in Python and copying the piles into the position cost as much as playing a random
game in the kernel, so the kernel shuffles and deals itself, with the readable engine's
generator (``pyrandom``) and its order of shuffles: the same seed deals the same piles. A
template position (``layout.new_state`` of any seed) holds everything a deal does not touch.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.gazebo.kernel.engine import copy_state
from gardensim.games.gazebo.kernel.layout import (
    GLEN,
    HAND_SIZE,
    NPL,
    O_GENERAL,
    O_HANDS,
    O_PLENS,
    O_PRIVATE,
    O_RESERVE,
    O_SET,
    PLEN,
    QIN,
    RLEN,
)
from gardensim.kernels import pyrandom


@njit(cache=True)
def deal_into(S, template, seed: int, private_singles: int, R) -> None:
    """``S``: ``template`` dealt with ``random.Random(seed)`` (``deal_with``)."""
    pyrandom.seed(R, seed)
    deal_with(S, template, private_singles, R)


@njit(cache=True)
def deal_with(S, template, private_singles: int, R) -> None:
    """``S``: ``template`` dealt with the generator ``R`` as seeded (rulings 17, 18) as
    ``dominoes.deal`` deals: Gazebo drawing shuffles the singles then the doubles, hands
    come from the doubles, each seat's private pile and then the reserve from the singles; Qin
    drawing shuffles one pile that gives the hands and the general pile."""
    copy_state(S, template)
    n = S[NPL]
    hs = S[HAND_SIZE]
    counts = S[O_SET]
    singles = np.empty(81, dtype=np.int64)
    pile = np.empty(81, dtype=np.int64)
    ns = 0
    m = 0
    for t in range(6):
        for _ in range(S[counts + t]):
            if S[QIN] or t >= 3:
                pile[m] = t
                m += 1
            else:
                singles[ns] = t
                ns += 1
    if not S[QIN]:
        pyrandom.shuffle(R, singles, ns)
    pyrandom.shuffle(R, pile, m)
    plen = S[PLEN]
    for p in range(n):
        size = private_singles if not S[QIN] else 0
        base = S[O_PRIVATE] + p * plen
        for i in range(size):
            S[base + i] = singles[p * private_singles + i]
        S[S[O_PLENS] + p] = size
    r = 0
    if not S[QIN]:
        for i in range(n * private_singles, ns):
            S[S[O_RESERVE] + r] = singles[i]
            r += 1
    S[RLEN] = r
    h = S[O_HANDS]
    for i in range(6 * n):
        S[h + i] = 0
    for p in range(n):
        for i in range(p * hs, min((p + 1) * hs, m)):
            S[h + 6 * p + pile[i]] += 1
    g = 0
    for i in range(n * hs, m):
        S[S[O_GENERAL] + g] = pile[i]
        g += 1
    S[GLEN] = g
