"""A game's own chance stream: SplitMix64 on one Python int, seeded through a hash.

A state that keeps its generator as one int copies, snapshots and restores it for free, and one
seed gives the same game on every platform; a compiled engine restates the step in a few lines
(:mod:`gardensim.kernels.splitmix`) and is handed the state seeding made, so both engines deal
the same. Games whose rules draw from a bag (both Azul games) use it; the seed is scrambled once
through BLAKE2b, because SplitMix64 steps its state by a constant, so a state linear in the seed
would make seed s + 1 replay seed s's stream one draw later.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

_MASK = (1 << 64) - 1


def seed_state(seed: int, salt: bytes) -> int:
    """Generator state for a seed (any int); ``salt`` (at most 16 bytes, a game's own) keeps
    two games' streams of one seed apart."""
    digest = hashlib.blake2b(str(seed).encode(), digest_size=8, person=salt).digest()
    return int.from_bytes(digest, "little")


def next_random(state: int, bound: int) -> tuple[int, int]:
    """(new generator state, a number in ``range(bound)``): one SplitMix64 step, bound by the
    high half of a 128-bit product, for ``1 <= bound < 2**32``."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return state, (z * bound) >> 64


def draw_index(state: int, counts: Sequence[int], total: int) -> tuple[int, int]:
    """(new state, the kind drawn) from a bag holding ``counts[k]`` pieces of kind ``k``
    (``total`` of them, at least one): each piece equally likely."""
    state, r = next_random(state, total)
    for kind, n in enumerate(counts):
        if r < n:
            return state, kind
        r -= n
    raise AssertionError("bag counts do not add up to the total")


def shuffled(state: int, items: Sequence[int]) -> tuple[int, list[int]]:
    """(new generator state, ``items`` in a uniformly random order): Fisher-Yates."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = next_random(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return state, out
