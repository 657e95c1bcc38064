"""The conformance check itself, exercised on the toy game; and seed derivation."""

import random

import pytest

from gardensim.core import registry, seeding
from gardensim.core.conformance import check_game
from gardensim.core.errors import ConfigError


def test_toy_game_passes_conformance():
    check_game(registry.make_game("toy", players=3), seeds=range(10))


@pytest.mark.parametrize("method", ["undo", "commit"])
def test_conformance_catches_a_method_that_changes_the_score(method):
    """An ``undo`` or a ``commit`` that also adds a point must fail the check, by name."""
    game = registry.make_game("toy", players=2)
    original = game.new_initial_state

    def broken(seed):
        state = original(seed)
        real = getattr(state, method)

        def sabotaged(*args):
            real(*args)
            state.scores[0] += 1

        setattr(state, method, sabotaged)
        return state

    game.new_initial_state = broken
    with pytest.raises(AssertionError, match=method):
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
