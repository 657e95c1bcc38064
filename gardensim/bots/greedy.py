"""The ``greedy`` bot: one-ply look-ahead on the game's evaluation function.

Honest by construction: it never looks at the real state beyond its legal actions. Each decision
samples ``samples`` determinizations (hidden parts resampled from the bot's observation), applies
every legal action to each, scores the result with :meth:`~gardensim.core.protocol.GameState.value`
for its own seat, undoes it, and plays the action with the best mean score. Exact ties are broken
by the seeded generator, so the same seed gives the same game.

Draw policy: a draw decision (which pile to draw from, taking a reserve draw, declining an extra
domino) is an action like any other. Applying it to a determinized state draws from the
*resampled* pile, so its score is the evaluation after one plausible draw; with ``samples=k`` the
score is averaged over ``k`` independent draws, an estimate of the draw's expected value. The
game's evaluation also credits what remains in the seat's own piles, so the choice weighs what
is taken against what is left.

``epsilon`` plays a uniformly random legal action with that probability (used for exploration in
MCTS rollouts and weight tuning).

``weights`` replaces the game's evaluation weights for this bot only: inline
``term:number;term:number`` pairs (``greedy:weights=exposed:-0.4;singles:0.2``) or the path of a
TOML file of ``term = number`` lines; terms left out keep the game's defaults. The bot hands them
to its determinized copies (``GameState.use_weights``), never to the shared state or a module,
so bots with different weights can sit at one table (``scripts/tune_greedy.py``).
"""

from __future__ import annotations

import random
from operator import add
from typing import Any, ClassVar

from gardensim.bots.base import Bot
from gardensim.bots.spec import parse_weights
from gardensim.core.errors import ConfigError
from gardensim.core.protocol import Action, GameState


def action_scores(state: GameState, player: int, actions: list[Action]) -> list[float]:
    """Score of each action for ``player`` (:meth:`GameState.action_values`: apply, value,
    undo, or the game's faster equivalent)."""
    return state.action_values(player, actions)


def pick_best(actions: list[Action], scores: list[float], rng: random.Random) -> Action:
    """The best-scoring action; exact ties go to the seeded generator."""
    top = max(scores)
    best = [a for a, s in zip(actions, scores, strict=True) if s == top]
    return best[0] if len(best) == 1 else rng.choice(best)


def own_sample(
    state: GameState, player: int, rng: random.Random, weights: dict[str, float]
) -> GameState:
    """A determinization of ``state`` for ``player`` that evaluates with the bot's ``weights``
    (none: the game's own); a copy even when the game has nothing hidden, so the weights never
    reach the shared state."""
    sample = state.determinize(player, rng)
    if weights:
        if sample is state:
            sample = state.clone()
        sample.use_weights(weights)
    return sample


def greedy_step(state: GameState, rng: random.Random, epsilon: float = 0.0) -> Action:
    """One epsilon-greedy choice on a state the caller may fully see (a determinization)."""
    if epsilon > 0 and rng.random() < epsilon:
        return state.random_action(rng)
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    return pick_best(actions, action_scores(state, state.current_player, actions), rng)


class GreedyBot(Bot):
    """One-ply greedy on ``state.evaluate``; parameters ``epsilon`` (0..1), ``samples`` and
    ``weights`` (module docstring)."""

    name = "greedy"
    param_types: ClassVar[dict[str, tuple[type, Any]]] = {
        "epsilon": (float, 0.0),
        "samples": (int, 1),
        "weights": (str, ""),
    }

    def check_params(self) -> None:
        self.weights = parse_weights(self.params["weights"])
        if not 0.0 <= self.params["epsilon"] <= 1.0:
            raise ConfigError(f"bot 'greedy': epsilon={self.params['epsilon']} not in [0, 1]")
        if self.params["samples"] < 1:
            raise ConfigError(f"bot 'greedy': samples={self.params['samples']} must be >= 1")

    def choose_action(self, state: GameState, rng: random.Random) -> Action:
        epsilon = self.params["epsilon"]
        if epsilon > 0 and rng.random() < epsilon:
            return state.random_action(rng)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        player = state.current_player
        weights = self.weights
        totals = action_scores(own_sample(state, player, rng, weights), player, actions)
        for _ in range(self.params["samples"] - 1):
            sample = own_sample(state, player, rng, weights)
            totals = list(map(add, totals, action_scores(sample, player, actions)))
        return pick_best(actions, totals, rng)
