"""The mcts horizon at 3-4 players (docs/mcts-multiplayer.md): by default one round, as many
turns as there are players, which at 2 players is the fixed ``depth=2`` of before, move for
move."""

import random

import pytest

from gardensim.bots.mcts import ROUND, MCTSBot
from gardensim.core import registry
from gardensim.core.errors import ConfigError
from tests.bots.helpers import evaluated_turns, positions


def gazebo_positions(players: int, count: int) -> list:
    """``count`` positions of seeded random Aviary games with a real choice to make."""
    game = registry.make_game("gazebo", "aviary", players)
    found = [s for s in positions(game, range(2), every=11) if len(s.legal_actions()) > 1]
    assert len(found) >= count
    return found[:count]


def choices(spec: str, states: list) -> list:
    bot = registry.make_bot(spec)
    return [bot.choose_action(s.clone(), random.Random(k)) for k, s in enumerate(states)]


def test_default_horizon_is_one_round_and_spec_strings_keep_their_meaning():
    assert MCTSBot.param_types["depth"] == (int, ROUND)
    assert registry.make_bot("mcts").spec == "mcts"
    assert registry.make_bot("mcts:depth=2").params["depth"] == 2
    with pytest.raises(ConfigError, match="depth=-2 must be >= 0, or -1 for one round"):
        registry.make_bot("mcts:depth=-2")


def test_two_player_play_is_the_fixed_two_turn_horizon_of_before():
    # the 2-player figures (85.5% against greedy, the budget ladder) were measured with depth=2
    states = gazebo_positions(2, 8)
    assert choices("mcts", states) == choices("mcts:depth=2", states)


@pytest.mark.parametrize("players", [3, 4])
def test_at_three_and_four_players_the_default_looks_one_full_round_ahead(players):
    states = gazebo_positions(players, 6)
    default = choices("mcts:iters=40", states)
    assert default == choices(f"mcts:iters=40,depth={players}", states)
    assert default != choices("mcts:iters=40,depth=2", states), "the horizon must matter here"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_leaf_is_scored_after_one_round(monkeypatch, players):
    # the leaf is the bot's own turn again: every rival has replied once
    state = registry.make_game("toy", players=players).new_initial_state(4)
    spec = "mcts:iters=30,rollout=random,widen=0"
    assert evaluated_turns(monkeypatch, state, spec) == {state.turn + players}
