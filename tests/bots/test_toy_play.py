"""Every bot on the toy game: legal, reproducible, stateless, and the greedy/MCTS logic itself."""

import random

import pytest

from gardensim.core import registry
from gardensim.sim.play import play_game
from tests.bots.helpers import evaluated_turns, honesty_violations, positions
from tests.support.toygame import ToyState

PLAYOUT = "rollout=random,depth=0,widen=0,c=0.7"  # classic ISMCTS: random play to the end
SPECS = ["random", "greedy", "greedy:epsilon=0.3,samples=2", "mcts:iters=20",
         f"mcts:iters=30,{PLAYOUT}", "mcts:iters=20,rollout=greedy,depth=2,expand=greedy,widen=0",
         "mcts:iters=20,rollout=none,widen=1"]


def toy_position(hands, line, scores, player=0, deck=()):
    game = registry.make_game("toy", players=len(hands))
    state = ToyState(game, [list(h) for h in hands], list(deck))
    state.line, state.scores, state._player = list(line), list(scores), player
    return state


def rest_of_deck(*used):
    cards = [v for v in range(1, 7) for _ in range(3)]
    for c in used:
        cards.remove(c)
    return cards


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_plays_legal_actions_and_same_seed_same_game(spec, players):
    game = registry.make_game("toy", players=players)
    bots = [registry.make_bot(spec) for _ in range(players)]
    for g in range(3):
        a = play_game(game, bots, master_seed=5, game_index=g, telemetry=False)
        b = play_game(game, bots, master_seed=5, game_index=g, telemetry=False)
        assert a.game["moves"] == b.game["moves"]
        replay = game.new_initial_state(a.game["seed"])
        for move in a.game["moves"].split():
            replay.play(move)  # raises IllegalMoveError on an illegal move
        assert replay.is_terminal()


@pytest.mark.parametrize("spec", SPECS)
def test_bot_keeps_no_state_between_decisions(spec):
    bot = registry.make_bot(spec)
    states = list(positions(registry.make_game("toy", players=2), range(2), every=3))
    first = [bot.choose_action(s, random.Random(9)) for s in states]
    again = [bot.choose_action(s, random.Random(9)) for s in reversed(states)]
    assert first == again[::-1]


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("players", [2, 3])
def test_reshuffling_opponents_hidden_cards_never_changes_a_choice(spec, players):
    states = positions(registry.make_game("toy", players=players), range(4), every=2)
    changed, differing = honesty_violations(registry.make_bot(spec), states)
    assert differing >= 10, "the twins must actually differ in hidden cards"
    assert changed == 0


def test_honesty_check_catches_a_bot_that_peeks_at_the_opponents_hand():
    class PeekingBot:
        def choose_action(self, state, rng):
            legal = state.legal_actions()
            opponent = state.hands[(state.current_player + 1) % len(state.hands)]
            return legal[sum(opponent) % len(legal)]

    states = positions(registry.make_game("toy", players=2), range(4), every=2)
    changed, _ = honesty_violations(PeekingBot(), states)
    assert changed > 0


def test_greedy_plays_the_card_with_the_best_evaluation():
    state = toy_position([[2, 5], [3, 3]], rest_of_deck(2, 5, 3, 3, 1) + [1], [0, 3])
    bot = registry.make_bot("greedy")
    assert {bot.choose_action(state, random.Random(s)) for s in range(10)} == {5}


def test_greedy_breaks_exact_ties_with_its_generator():
    # Neither card beats the 6 on the line: both leave the evaluation unchanged.
    state = toy_position([[1, 2], [3, 3]], rest_of_deck(1, 2, 3, 3, 6) + [6], [0, 0])
    bot = registry.make_bot("greedy")
    assert {bot.choose_action(state, random.Random(s)) for s in range(20)} == {1, 2}


def test_greedy_with_epsilon_one_plays_at_random():
    state = toy_position([[2, 5], [3, 3]], rest_of_deck(2, 5, 3, 3, 1) + [1], [0, 3])
    bot = registry.make_bot("greedy:epsilon=1")
    assert {bot.choose_action(state, random.Random(s)) for s in range(30)} == {2, 5}


@pytest.mark.parametrize("spec", [f"mcts:iters=300,{PLAYOUT}",
                                  "mcts:iters=300,rollout=greedy,depth=0,widen=0,c=0.7",
                                  "mcts:iters=300,rollout=none,widen=1,depth=0"])
def test_mcts_sees_past_the_greedy_trap(spec):
    # Playing 5 now scores most but loses (seat 1 then scores 3 on the 2); holding the 5 for
    # the last trick wins 7-6. The deck is empty, so seat 0 can infer seat 1's hand exactly.
    state = toy_position([[2, 5], [3, 3]], rest_of_deck(2, 5, 3, 3, 1) + [1], [0, 3])
    assert registry.make_bot("greedy").choose_action(state, random.Random(0)) == 5
    bot = registry.make_bot(spec)
    assert [bot.choose_action(state, random.Random(s)) for s in range(3)] == [2, 2, 2]


def test_mcts_seconds_budget_still_plays_a_legal_action():
    state = toy_position([[2, 5], [3, 3]], rest_of_deck(2, 5, 3, 3, 1) + [1], [0, 3])
    bot = registry.make_bot(f"mcts:seconds=0.05,{PLAYOUT}")
    # how many iterations fit in 50 ms depends on the machine's load, so only legality is sure
    assert bot.choose_action(state, random.Random(0)) in state.legal_actions()


@pytest.mark.parametrize("spec, games", [("greedy", 200), (f"mcts:iters=40,{PLAYOUT}", 120)])
def test_look_ahead_beats_random_play_on_the_toy_game(spec, games):
    from gardensim.tournament import run_tournament

    result = run_tournament("toy", ["random", spec], games=games, seed=3, n_boot=20)
    assert result.bots[1]["ci95"][0] > 0.5, result.bots[1]


def test_mcts_scores_every_leaf_at_the_same_horizon(monkeypatch):
    # Leaves evaluated right after my move and after the reply would not be comparable, so
    # every evaluation must happen exactly `depth` turns after the decision.
    state = toy_position([[2, 5], [3, 4]], rest_of_deck(2, 5, 3, 4, 1, 6, 6) + [1],
                         [0, 0], deck=[6, 6])
    spec = "mcts:iters=50,rollout=random,widen=0,depth=2"
    assert evaluated_turns(monkeypatch, state, spec) == {state.turn + 2}
