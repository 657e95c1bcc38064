"""The generic protocol check (gardensim.core.conformance) for every board side and player count,
plus the determinism promises: same seed, same game byte for byte; clone copies the generator;
determinize keeps the view and resamples only future draws."""

from __future__ import annotations

import json
import random

import pytest

from gardensim.core.conformance import check_game, play_random_game
from gardensim.core.registry import make_game
from gardensim.games.pavilion.game import PavilionGame
from tests.pavilion.support import BOARDS


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", BOARDS)
def test_check_game(board: str, players: int) -> None:
    check_game(PavilionGame(board, players), seeds=range(3))


def test_check_game_with_every_option_changed() -> None:
    options = {"discard_floor": False, "no_token_start": "next", "bonus_shortfall": "forfeit",
               "purple_star_values": "bga", "first_player": 1}
    check_game(PavilionGame("glazed-purple", 4, options), seeds=range(2))


def replay_log(game: PavilionGame, seed: int) -> str:
    """Every position of a seeded random game as JSON, one line per step."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    lines = [json.dumps(state.to_dict(), sort_keys=True)]
    while not state.is_terminal():
        action = state.random_action(rng)
        lines.append(state.action_to_string(action))
        state.apply_action(action)
        lines.append(json.dumps(state.to_dict(), sort_keys=True))
    return "\n".join(lines)


@pytest.mark.parametrize("board", BOARDS)
def test_same_seed_same_game_byte_for_byte(board: str) -> None:
    first = replay_log(PavilionGame(board, 3), 7)
    second = replay_log(PavilionGame(board, 3), 7)
    assert first.encode() == second.encode()
    assert first != replay_log(PavilionGame(board, 3), 8)


def test_registry_builds_pavilion_by_name() -> None:
    game = make_game("pavilion", board="glazed-purple", players=3)
    assert isinstance(game, PavilionGame)
    assert game.describe()["board"] == "glazed-purple"
    assert play_random_game(game, 1)


def test_clone_copies_the_chance_generator() -> None:
    game = PavilionGame("base", 2)
    state = game.new_initial_state(3)
    rng = random.Random(0)
    while state.round == 1:
        last = state.random_action(rng)
        state.apply_action(last)
    # one step back, the next action ends the round and fills the factories from the bag:
    # the original and its clone must draw the same tiles
    state.undo()
    twin = state.clone()
    state.apply_action(last)
    twin.apply_action(last)
    assert state.round == twin.round == 2
    assert state.to_dict() == twin.to_dict()


def test_determinize_resamples_future_draws_only() -> None:
    game = PavilionGame("base", 2)
    state = game.new_initial_state(5)
    rng = random.Random(5)
    for _ in range(12):
        state.apply_action(state.random_action(rng))
    samples = [state.determinize(0, random.Random(k)) for k in range(6)]
    assert all(s.observation(0) == state.observation(0) for s in samples)
    assert all(s.observation(1) == state.observation(1) for s in samples)
    # the generator is the only hidden part, and it is resampled from the caller's rng
    assert len({s.rng for s in samples}) == 6
    again = state.determinize(0, random.Random(3))
    assert again.rng == samples[3].rng
    assert "rng" not in state.observation(0)
