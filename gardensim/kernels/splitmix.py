"""The SplitMix64 step compiled: the chance stream of games whose readable engine draws with
:func:`gardensim.core.chance.next_random`, so a kernel of such a game deals the very same tiles.

A generator is one ``uint64`` (numba's unsigned arithmetic wraps modulo 2**64 as the readable
engine's masks do); the signature is fixed, so a state passed as a Python int is converted rather
than typed as ``int64``, which would mix with the ``uint64`` constants into floats. Seeding stays
in Python (:func:`gardensim.core.chance.seed_state`, a hash), so a kernel is handed the state the
readable engine starts from.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@njit("Tuple((uint64, int64))(uint64, int64)", cache=True)
def next_random(state: np.uint64, bound: int) -> tuple[np.uint64, int]:
    """(new state, a number in ``range(bound)``): one step, the readable engine's
    ``next_random``, bound by the high half of a 128-bit product (``(z * bound) >> 64``)."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    z = z ^ (z >> np.uint64(31))
    # (z * bound) >> 64 without 128-bit integers: bound < 2**32, so split z in 32-bit halves
    b = np.uint64(bound)
    hi = (z >> np.uint64(32)) * b
    lo = (z & np.uint64(0xFFFFFFFF)) * b
    return state, int((hi + (lo >> np.uint64(32))) >> np.uint64(32))
