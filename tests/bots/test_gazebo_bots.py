"""The bots on Gazebo: legal, reproducible, and blind to the opponents' hidden dominoes."""

import random

import pytest

pytest.importorskip("gardensim.games.gazebo.rules.game")

from gardensim.core import registry  # noqa: E402
from gardensim.sim.play import play_game  # noqa: E402
from tests.bots.helpers import honesty_violations, positions  # noqa: E402

SPECS = ["random", "greedy", "greedy:samples=2,epsilon=0.2", "mcts:iters=10",
         "mcts:iters=10,rollout=none,expand=greedy",
         "mcts:iters=3,rollout=greedy,depth=1,widen=1"]


def hidden_dominoes(state) -> str:
    """Hands, piles and reserve: everything a seat cannot (fully) see."""
    return repr((state.hands, state.general, state.private, state.reserve))


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("players", [2, 3])
def test_reshuffling_opponents_hidden_dominoes_never_changes_a_choice(spec, players):
    game = registry.make_game("gazebo", "aviary", players)
    states = positions(game, range(2), every=9)
    changed, differing = honesty_violations(registry.make_bot(spec), states, twins_per_state=1,
                                            picture=hidden_dominoes)
    assert differing >= 5, "the twins must actually differ in hidden dominoes"
    assert changed == 0


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iters=4,depth=1"])
def test_same_seed_same_gazebo_game_with_legal_moves(spec):
    game = registry.make_game("gazebo", "aviary", 2)
    bots = [registry.make_bot(spec), registry.make_bot("random")]
    a = play_game(game, bots, master_seed=3, game_index=1, telemetry=False)
    b = play_game(game, bots, master_seed=3, game_index=1, telemetry=False)
    assert a.game["moves"] == b.game["moves"]
    replay = game.new_initial_state(a.game["seed"])
    for move in a.game["moves"].split():
        replay.play(move)
    assert replay.is_terminal()


def test_greedy_takes_a_move_no_other_move_evaluates_higher():
    game = registry.make_game("gazebo", "aviary", 2)
    for state in positions(game, range(1), every=7):
        seat = state.current_player
        choice = registry.make_bot("greedy").choose_action(state, random.Random(0))
        sample = state.determinize(seat, random.Random(0))
        values = {}
        for a in sample.legal_actions():
            sample.apply_action(a)
            values[a] = sample.evaluate(seat) if not sample.is_terminal() else \
                float(sample.returns()[seat] > 0)
            sample.undo()
        assert values[choice] == max(values.values())
