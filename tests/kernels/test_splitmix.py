"""The compiled SplitMix64 step draws what the readable one draws (gardensim.core.chance)."""

from __future__ import annotations

import numpy as np

from gardensim.core import chance
from gardensim.kernels import splitmix


def test_the_compiled_step_matches_the_readable_one_for_every_bound():
    for seed in range(40):
        state = chance.seed_state(seed, b"test")
        compiled = np.uint64(state)
        for bound in (1, 2, 3, 7, 100, 2**16 + 1, 2**31 - 1, 2**32 - 1):
            state, value = chance.next_random(state, bound)
            compiled, drawn = splitmix.next_random(compiled, bound)
            assert (int(compiled), drawn) == (state, value)


def _stream(state: int, count: int) -> list[int]:
    out = []
    for _ in range(count):
        state, value = chance.next_random(state, 1000)
        out.append(value)
    return out


def test_seed_s_plus_one_does_not_replay_seed_s_one_draw_later():
    """SplitMix64 steps its state by a constant: a state linear in the seed would make seed
    s + 1 replay seed s's stream one draw later (the fault the hash removes)."""
    seven = _stream(chance.seed_state(7, b"test"), 6)
    eight = _stream(chance.seed_state(8, b"test"), 5)
    assert eight != seven[1:]
    assert chance.seed_state(7, b"one") != chance.seed_state(7, b"two")
