"""The Gazebo engine passes the generic conformance check and is deterministic byte for byte."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from gardensim.core.conformance import check_game
from gardensim.core.registry import make_game
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.rulings import PLACE


@pytest.mark.parametrize(
    ("board", "players", "options"),
    [
        ("aviary", 2, {"draw": "gazebo"}),
        ("butterfly", 3, {"draw": "gazebo"}),
        ("jungle", 4, {"draw": "gazebo"}),
        ("jungle", 4, {"draw": "gazebo", "partnership": True}),
        ("botanical", 2, {"draw": "qin"}),
        ("aviary", 3, {"draw": "qin"}),
        ("qin", 2, {"draw": "qin-classic"}),
        ("qin", 4, {"draw": "qin-classic", "partnership": True}),
        ("butterfly", 2, {"no_move_ends_game": False, "hand_size": 1}),
    ],
)
def test_conformance_check_passes(board, players, options):
    check_game(GazeboGame(board, players, options), seeds=range(2), deep_every=9)


def test_registered_as_gazebo():
    game = make_game("gazebo", board="aviary", players=3, draw="qin")
    assert isinstance(game, GazeboGame) and game.options["draw"] == "qin"
    assert game.describe()["options"]["gazebos"] == [19, 19, 19]


def played_dict(game: GazeboGame, seed: int) -> str:
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(state.random_action(rng))
    return json.dumps(state.to_dict(), sort_keys=True)


@pytest.mark.parametrize("draw", ["gazebo", "qin", "qin-classic"])
def test_same_seed_same_game_byte_for_byte(draw):
    game = GazeboGame("butterfly", 3, {"draw": draw})
    for seed in (0, 7, 12345):
        again = GazeboGame("butterfly", 3, {"draw": draw})
        assert played_dict(game, seed) == played_dict(again, seed)
    assert played_dict(game, 1) != played_dict(game, 2)


def test_same_seed_same_deal_across_arms():
    """Arms of a study share deals: the drawing rules change, the seed's shuffle does not."""
    a = GazeboGame("aviary", 2, {"gazebos": 24}).new_initial_state(5)
    b = GazeboGame("aviary", 2, {"gazebos": 20}).new_initial_state(5)
    assert a.hands == b.hands and a.general == b.general and a.private == b.private


def test_undo_restores_every_position_of_a_game():
    game = GazeboGame("jungle", 2)
    state = game.new_initial_state(3)
    rng = random.Random(3)
    snapshots = []
    while not state.is_terminal():
        snapshots.append(json.dumps(state.to_dict(), sort_keys=True))
        state.apply_action(state.random_action(rng))
    while snapshots:
        state.undo()
        assert json.dumps(state.to_dict(), sort_keys=True) == snapshots.pop()


def test_clone_is_independent_and_plays_the_same():
    game = GazeboGame("aviary", 2)
    state = game.new_initial_state(9)
    rng = random.Random(9)
    for _ in range(10):
        state.apply_action(state.random_action(rng))
    twin = state.clone()
    assert twin.to_dict() == state.to_dict()
    r1, r2 = random.Random(1), random.Random(1)
    while not state.is_terminal():
        state.apply_action(state.random_action(r1))
        twin.apply_action(twin.random_action(r2))
    assert twin.to_dict() == state.to_dict()


def test_random_action_is_uniform_over_legal_actions():
    """Rejection sampling over slots x oriented hand types, with illegal absorbs rejected,
    draws every legal action about equally often and never an illegal one."""
    game = GazeboGame("aviary", 2)
    rng = random.Random(5)
    state = game.sandbox_state()
    while state.phase != PLACE or len(state.legal_actions()) == 9 * len(state.slots):
        if state.is_terminal():
            state = game.sandbox_state()
        state.apply_action(state.random_action(rng))  # until some placement is illegal
    legal = state.legal_actions()
    draws = 60 * len(legal)
    seen = Counter(state.random_action(rng) for _ in range(draws))
    assert set(seen) == set(legal)
    expected = draws / len(legal)
    chi2 = sum((seen[a] - expected) ** 2 / expected for a in legal)
    assert chi2 < len(legal) + 5 * (2 * len(legal)) ** 0.5  # about 5 sigma
