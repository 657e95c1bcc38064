"""Shared checks for bot tests: honesty against reshuffled hidden information."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

from gardensim.core.protocol import Game, GameState


def positions(game: Game, seeds: range, every: int = 1) -> Iterator[GameState]:
    """Live positions of seeded random games (every ``every``-th decision)."""
    for seed in seeds:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state.clone()
            state.apply_action(state.random_action(rng))
            step += 1


def full_picture(state: GameState) -> str:
    """Everything in a state, hidden parts included (the game's own attributes)."""
    fields = {k: v for k, v in vars(state).items() if k not in ("game", "_stack")}
    return json.dumps(fields, sort_keys=True, default=repr)


def honesty_violations(
    bot, states, twins_per_state: int = 2, picture: Callable[[GameState], str] = full_picture
) -> tuple[int, int]:
    """(positions where a reshuffled twin changed the bot's choice, twins that differed).

    A twin is the real state with the mover's unseen information resampled
    (``determinize``): the mover's observation is identical, so an honest bot must choose the
    same action with the same generator seed.
    """
    changed = differing = 0
    for k, state in enumerate(states):
        seat = state.current_player
        for t in range(twins_per_state):
            twin = state.determinize(seat, random.Random(1000 * k + t))
            assert twin.observation(seat) == state.observation(seat)
            if picture(state) == picture(twin):
                continue
            differing += 1
            real = bot.choose_action(state, random.Random(k))
            other = bot.choose_action(twin, random.Random(k))
            changed += real != other
    return changed, differing


def evaluated_turns(monkeypatch, state: GameState, spec: str) -> set[int]:
    """The turns at which the bot ``spec`` scored leaves while choosing a move from ``state``
    (a toy-game state: its class's ``evaluate`` is watched)."""
    from gardensim.core import registry

    turns = []
    cls = type(state)
    original = cls.evaluate

    def recording(self, player):
        turns.append(self.turn)
        return original(self, player)

    monkeypatch.setattr(cls, "evaluate", recording)
    registry.make_bot(spec).choose_action(state, random.Random(0))
    return set(turns)
