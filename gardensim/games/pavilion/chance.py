"""Chance in Summer Pavilion: the bag, the tower refill and the state's own generator.

The bag is kept as tile counts per colour and a tile is drawn uniformly at the moment it leaves
the bag, so no hidden bag order exists: the bag's contents are public knowledge (everything else
is visible), and only the future draws are unknown. The generator is the game's own stream of
:mod:`gardensim.core.chance` (SplitMix64 on one int, seeded through a hash).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gardensim.core.chance import draw_index, next_random
from gardensim.core.chance import seed_state as _seed_state

if TYPE_CHECKING:
    from gardensim.games.pavilion.state import PavilionState

__all__ = ["draw_tile", "fill_factories", "next_random", "refill_supply", "seed_state"]


def seed_state(seed: int) -> int:
    """The game's generator state for a seed (any int)."""
    return _seed_state(seed, b"pavilion")


def draw_tile(st: PavilionState) -> int:
    """Draw one tile from the bag, pouring the whole tower in first when the bag is empty
    (spec 4.4, 5.2). Returns its colour, or -1 when bag and tower are both empty."""
    bag = st.bag
    total = sum(bag)
    if not total:
        tower = st.tower
        total = sum(tower)
        if not total:
            return -1
        for c in range(len(bag)):
            bag[c] = tower[c]
            tower[c] = 0
    st.rng, c = draw_index(st.rng, bag, total)
    bag[c] -= 1
    return c


def refill_supply(st: PavilionState) -> None:
    """Fill every empty supply space from the bag, in space order (spec 4.4)."""
    supply = st.supply
    for i, c in enumerate(supply):
        if c < 0:
            supply[i] = draw_tile(st)


def fill_factories(st: PavilionState, per_factory: int) -> None:
    """Fill each factory in turn; if bag and tower run dry, the rest stay empty (spec 5.2).
    Factories are replaced, not changed in place, since snapshots share them."""
    factories = st.factories = [f[:] for f in st.factories]
    for factory in factories:
        for _ in range(per_factory):
            c = draw_tile(st)
            if c < 0:
                return
            factory[c] += 1
