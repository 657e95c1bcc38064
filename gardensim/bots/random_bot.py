"""The ``random`` bot: uniform over legal actions (draws included)."""

from __future__ import annotations

import random

from gardensim.bots.base import Bot
from gardensim.core.protocol import Action, GameState


class RandomBot(Bot):
    """Uniform over the legal actions; games may sample without listing them all."""

    name = "random"

    def choose_action(self, state: GameState, rng: random.Random) -> Action:
        return state.random_action(rng)
