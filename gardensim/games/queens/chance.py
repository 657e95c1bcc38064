"""Chance in Queen's Garden: bag draws and the state's own generator.

The bag is kept as counts per hexagon and a tile is drawn uniformly when it leaves the bag, so
the hidden "bag order" is the generator itself (its contents follow from everything visible).
The generator is the game's own stream of :mod:`gardensim.core.chance` (SplitMix64 on one int,
seeded through a hash): a snapshot or a clone copies it for free, a seed gives the same game on
every platform, and a compiled engine restates the step from :mod:`gardensim.kernels.splitmix`.
Expansion stacks and the supply are shuffled once at setup with the same generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gardensim.core.chance import draw_index, next_random, shuffled
from gardensim.core.chance import seed_state as _seed_state

if TYPE_CHECKING:
    from gardensim.games.queens.state import QueensState

__all__ = ["draw_tiles", "next_random", "seed_state", "shuffled"]


def seed_state(seed: int) -> int:
    """The game's generator state for a seed (any int), hashed with the game's own salt so
    seed s + 1 does not replay seed s one draw later (decisions, Queen's Garden)."""
    return _seed_state(seed, b"queens")


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
        st.rng, h = draw_index(st.rng, bag, total)
        bag[h] -= 1
        out.append(h)
        total -= 1
    out.sort()
    return out
