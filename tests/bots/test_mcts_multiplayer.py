"""The mcts horizon (docs/mcts-multiplayer.md): by default the fixed ``depth=2`` of before at 2
players, move for move, and one round plus one turn at 3-4 players."""

import random

import pytest

from gardensim.bots.mcts import AUTO, MCTSBot, horizon_turns
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


def test_default_horizon_and_spec_strings_keep_their_meaning():
    assert MCTSBot.param_types["depth"] == (int, AUTO)
    assert [horizon_turns(n) for n in (2, 3, 4)] == [2, 4, 5]
    assert registry.make_bot("mcts").spec == "mcts"
    assert registry.make_bot("mcts:depth=2").params["depth"] == 2
    with pytest.raises(ConfigError, match="depth=-2 must be >= 0, or -1 for the default horizon"):
        registry.make_bot("mcts:depth=-2")


def test_two_player_play_is_the_fixed_two_turn_horizon_of_before():
    # the 2-player figures (85.5% against greedy, the budget ladder) were measured with depth=2
    states = gazebo_positions(2, 8)
    assert choices("mcts", states) == choices("mcts:depth=2", states)


@pytest.mark.parametrize("players", [3, 4])
def test_at_three_and_four_players_the_default_looks_a_round_and_a_turn_ahead(players):
    states = gazebo_positions(players, 6)
    default = choices("mcts:iters=40", states)
    assert default == choices(f"mcts:iters=40,depth={players + 1}", states)
    assert default != choices(f"mcts:iters=40,depth={players}", states), "the horizon must matter"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_leaf_is_scored_at_the_default_horizon(monkeypatch, players):
    # 2 players: after the reply; 3-4: every rival has replied and the bot has moved again
    state = registry.make_game("toy", players=players).new_initial_state(4)
    spec = "mcts:iters=30,rollout=random,widen=0"
    expected = 2 if players == 2 else players + 1
    assert evaluated_turns(monkeypatch, state, spec) == {state.turn + expected}
