"""The Python side of the kernel: a game's tables built once (``layout.game_table``, the
evaluation weights), a line-up's bots as the kernel plays them, and a batch played in one
compiled call (``play.play_many``) whose logs are cut back into games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gardensim.games.queens import chance
from gardensim.games.queens.kernel import play
from gardensim.games.queens.kernel.bots import GREEDY, RANDOM
from gardensim.games.queens.kernel.evaluate import weights
from gardensim.games.queens.kernel.layout import game_table
from gardensim.games.queens.kernel.reseed import check_salt


@dataclass(frozen=True)
class KernelBot:
    """A bot as the kernel plays it: its kind and parameters."""

    kind: int
    epsilon: float = 0.0
    samples: int = 1


def kernel_bot(bot: Any) -> KernelBot | None:
    """The kernel's version of a readable bot, or None when it has none (the coverage
    declaration, ``coverage.py``, decides which bots reach here)."""
    name = getattr(bot, "name", "")
    params = getattr(bot, "params", {})
    if name == "random":
        return KernelBot(RANDOM)
    if name == "greedy" and not params.get("weights"):
        return KernelBot(GREEDY, float(params["epsilon"]), int(params["samples"]))
    return None


@dataclass
class KernelGameLog:
    """One kernel game: its actions, its turn records (``play.TURN_FIELDS``) and its facts
    (``play.FACT_FIELDS``)."""

    actions: np.ndarray
    turns: np.ndarray
    facts: np.ndarray


class KernelGame:
    """The kernel's tables of one game object and its batch call."""

    def __init__(self, game: Any) -> None:
        check_salt()
        self.game = game
        self.n = game.num_players
        self.table = game_table(game)
        self.weights = weights()

    def play_many(self, seeds: Sequence[int], bot_seeds: np.ndarray,
                  lineups: Sequence[Sequence[KernelBot]], marks: bool) -> list[KernelGameLog]:
        """Play one game per deal seed ``seeds[g]`` with seats' generators seeded from
        ``bot_seeds[g]`` and bots ``lineups[g]``."""
        states = np.array([chance.seed_state(s) for s in seeds], dtype=np.uint64)
        kinds = np.array([[b.kind for b in lineup] for lineup in lineups], dtype=np.int64)
        eps = np.array([[b.epsilon for b in lineup] for lineup in lineups], dtype=np.float64)
        samples = np.array([[b.samples for b in lineup] for lineup in lineups], dtype=np.int64)
        actions, turns, facts = play.play_many(self.table, self.weights, states,
                                               np.asarray(bot_seeds, dtype=np.int64), kinds,
                                               eps, samples, marks)
        out = []
        a = t = 0
        for f in facts:
            na, nt = int(f[play.F_ACTIONS]), int(f[play.F_TURNS])
            out.append(KernelGameLog(actions[a:a + na], turns[t:t + nt], f))
            a += na
            t += nt
        return out
