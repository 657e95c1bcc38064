"""Chance in Queen's Garden: bag draws and the state's own generator.

The bag is kept as counts per hexagon and a tile is drawn uniformly when it leaves the bag, so
the hidden "bag order" is the generator itself (its contents follow from everything visible).
The generator is SplitMix64 on one Python int: a snapshot or a clone copies it for free and a
seed gives the same game on every platform. Expansion stacks and the supply are shuffled once
at setup with the same generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gardensim.games.queens.state import QueensState

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK


def next_random(state: int, bound: int) -> tuple[int, int]:
    """(new generator state, a number in ``range(bound)``): one SplitMix64 step."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return state, (z * bound) >> 64


def shuffled(rng: int, items: Sequence[int]) -> tuple[int, list[int]]:
    """(new generator state, ``items`` in a uniformly random order): Fisher-Yates."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        rng, j = next_random(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return rng, out


def draw_tiles(st: QueensState, count: int) -> list[int]:
    """Up to ``count`` tiles from the bag, pouring the tower in when the bag runs dry (spec 9
    shortage); fewer when bag and tower are both empty."""
    out = []
    bag = st.bag
    total = sum(bag)
    for _ in range(count):
        if not total:
            tower = st.tower
            total = sum(tower)
            if not total:
                break
            st.bag = bag = [a + b for a, b in zip(bag, tower, strict=True)]
            st.tower = [0] * len(tower)
        st.rng, r = next_random(st.rng, total)
        for h, n in enumerate(bag):
            if r < n:
                bag[h] = n - 1
                out.append(h)
                break
            r -= n
        total -= 1
    out.sort()
    return out
