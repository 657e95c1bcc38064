"""The toy game, slowed down (a few milliseconds per deal) so a run can be killed mid-way."""

from __future__ import annotations

import time

from gardensim.core.spec import GameSpec
from tests.support.toygame import ToyGame, ToyState


class SlowToyGame(ToyGame):
    name = "slowtoy"

    def new_initial_state(self, seed: int) -> ToyState:
        time.sleep(0.01)
        return super().new_initial_state(seed)


SPEC = GameSpec(name="slowtoy", title="Slow toy", game="tests.sim.slowtoy:SlowToyGame",
                min_players=2, max_players=4)
