"""The conformance check itself, exercised on the toy game; and seed derivation."""

import random

import pytest

from gardensim.core import registry, seeding
from gardensim.core.conformance import check_game
from gardensim.core.errors import ConfigError


def test_toy_game_passes_conformance():
    check_game(registry.make_game("toy", players=3), seeds=range(10))


def test_conformance_catches_a_broken_undo():
    game = registry.make_game("toy", players=2)
    original = game.new_initial_state

    def broken(seed):
        state = original(seed)
        real_undo = state.undo

        def undo():
            real_undo()
            state.scores[0] += 1

        state.undo = undo
        return state

    game.new_initial_state = broken
    with pytest.raises(AssertionError, match="undo"):
        check_game(game, seeds=[0])


def test_conformance_catches_a_commit_unlike_apply():
    game = registry.make_game("toy", players=2)
    original = game.new_initial_state

    def broken(seed):
        state = original(seed)

        def commit(action):
            state.apply_action(action)
            state.scores[0] += 1

        state.commit = commit
        return state

    game.new_initial_state = broken
    with pytest.raises(AssertionError, match="commit"):
        check_game(game, seeds=[0])


def test_unknown_game_lists_known_games():
    with pytest.raises(ConfigError, match="known games: .*gazebo"):
        registry.make_game("chess")


def test_seeds_depend_only_on_master_and_index():
    assert seeding.game_seed(1, 5) == seeding.game_seed(1, 5)
    assert seeding.game_seed(1, 5) != seeding.game_seed(1, 6)
    assert seeding.game_seed(1, 5) != seeding.game_seed(2, 5)
    a = seeding.bot_rng(1, 5, 0).random()
    assert a == seeding.bot_rng(1, 5, 0).random() != seeding.bot_rng(1, 5, 1).random()
    assert isinstance(seeding.bot_rng(0, 0, 0), random.Random)
