"""Chance in Summer Pavilion: the bag, the tower refill and the state's own generator.

The bag is kept as tile counts per colour and a tile is drawn uniformly at the moment it leaves
the bag, so no hidden bag order exists: the bag's contents are public knowledge (everything else
is visible), and only the future draws are unknown. The generator is SplitMix64 on one Python
int, so a state copies, snapshots and restores its chance stream for free, and one seed always
gives the same game on every platform.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gardensim.games.pavilion.state import PavilionState

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Generator state for a seed (any int), scrambled once through a hash: SplitMix64 steps
    its state by a constant, so a state linear in the seed would make seed s + 1 replay seed
    s's stream one draw later."""
    digest = hashlib.blake2b(str(seed).encode(), digest_size=8, person=b"pavilion").digest()
    return int.from_bytes(digest, "little")


def next_random(state: int, bound: int) -> tuple[int, int]:
    """(new generator state, a number in ``range(bound)``): one SplitMix64 step."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return state, (z * bound) >> 64


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
    st.rng, r = next_random(st.rng, total)
    for c, n in enumerate(bag):
        if r < n:
            bag[c] = n - 1
            return c
        r -= n
    raise AssertionError("bag count out of step")


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
