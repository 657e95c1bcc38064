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


def _broken_toy(**methods):
    """The toy game whose states override some methods, as a game declaring a capability
    (or breaking a promise) would."""
    from tests.support.toygame import ToyGame, ToyState

    broken_state = type("BrokenState", (ToyState,), methods)

    class BrokenGame(ToyGame):
        def new_initial_state(self, seed):
            state = super().new_initial_state(seed)
            state.__class__ = broken_state
            return state

    return BrokenGame(players=2)


def test_the_toy_declares_telemetry_rows_and_no_speed_capability():
    from gardensim.core.protocol import capabilities

    state = registry.make_game("toy").new_initial_state(0)
    assert capabilities(state) == {"turn_row", "game_row"}
    assert "action_values" in capabilities(
        _broken_toy(action_values=lambda self, p, actions: [0.5] * len(actions))
        .new_initial_state(0))


def _peeking_determinize(self, player, rng):
    """Resamples the hidden cards, but from a generator nudged by the true deck's next card."""
    from tests.support.toygame import ToyState

    peek = random.Random(rng.random() + (self.deck[0] if self.deck else 0))
    return ToyState.determinize(self, player, peek)


@pytest.mark.parametrize("methods, message", [
    ({"action_values": lambda self, p, actions: [0.5] * len(actions)}, "action_values differs"),
    ({"evaluate": lambda self, p: 1.5}, r"outside \[0, 1\]"),
    ({"action_to_string": lambda self, a: f"card {a}",
      "string_to_action": lambda self, text: int(text.split()[1])}, "holds a space"),
    ({"determinize": _peeking_determinize}, "cannot see"),
    ({"turn_row": lambda self, mark, actions: {"card": actions[-1]}}, "turn_row keys"),
], ids=["action_values", "evaluate", "notation", "determinize", "turn_row"])
def test_conformance_catches_a_broken_promise_by_name(methods, message):
    with pytest.raises(AssertionError, match=message):
        check_game(_broken_toy(**methods), seeds=[0, 1, 2])
