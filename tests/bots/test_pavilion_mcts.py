"""The Summer Pavilion mcts spec of benchmarks/strength.py (issue 6): it parses to the documented
parameters and plays Pavilion positions legally and deterministically."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from gardensim.core.registry import make_bot, make_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def spec() -> str:
    path = ROOT / "benchmarks" / "strength.py"
    loader = importlib.util.spec_from_file_location("strength", path)
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return module.PAVILION_MCTS


def test_the_spec_sets_only_search_parameters_and_is_documented(spec: str) -> None:
    bot = make_bot(spec)
    default = make_bot("mcts").params
    assert {k for k in bot.params if bot.params[k] != default[k]} == {"c", "depth"}
    assert bot.params["c"] == 0.05 and bot.params["depth"] == 3
    assert make_bot(bot.spec).params == bot.params
    assert f"`{spec}`" in (ROOT / "docs" / "pavilion.md").read_text()


def _positions(seed: int, every: int) -> list:
    """Positions of a seeded random 2-player base game with more than one legal action."""
    game = make_game("pavilion", "base", 2, {})
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    found, step = [], 0
    while not state.is_terminal():
        if step % every == 0 and len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(state.random_action(rng))
        step += 1
    return found


def test_the_spec_plays_pavilion_positions_legally_and_deterministically(spec: str) -> None:
    bot = make_bot(spec)
    positions = _positions(seed=3, every=25)[:6]
    assert len(positions) >= 4
    for k, state in enumerate(positions):
        first = bot.choose_action(state, random.Random(k))
        assert first in state.legal_actions()
        assert bot.choose_action(state, random.Random(k)) == first


def test_a_small_budget_of_the_spec_plays_a_whole_game_the_same_twice(spec: str) -> None:
    def moves() -> list[int]:
        game = make_game("pavilion", "base", 2, {})
        state = game.new_initial_state(11)
        bots = [make_bot("greedy"), make_bot(spec + ",iters=6")]
        rngs = [random.Random(1), random.Random(2)]
        played = []
        while not state.is_terminal():
            seat = state.current_player
            action = bots[seat].choose_action(state, rngs[seat])
            played.append(action)
            state.apply_action(action)
        return played

    assert moves() == moves()
