"""The kernel's mcts bot plays the readable mcts bot's games: the same seed gives the same moves.

Whole games with small budgets (every rollout policy, both expansions, widening on and off, a
fixed horizon and play-outs, non-default ``c``, ``epsilon`` and weights) on Aviary and the Qin
board, 2-4 players, a partnership, Gazebo and Qin drawing, mcts seats beside random and greedy
ones: the game the kernel plays (``engine="auto"``) equals the readable engine's, move for move.
Single decisions at the default budget (where widening orders outgrow their first ranking and
the order pool grows) are compared on positions of seeded games."""

from __future__ import annotations

import random

import pytest

from gardensim.bots.mcts import MCTSBot
from gardensim.core.registry import make_bot
from gardensim.games.gazebo.kernel import KernelGame, kernel_bot, mcts, play
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.sim.play import engine_name, play_game

GAMES = [
    ("aviary", 2, {}, ["mcts:iters=8"] * 2),
    ("qin", 3, {"draw": "qin"}, ["mcts:iters=8"] * 3),
    ("qin", 2, {}, ["mcts:iters=12,rollout=random,depth=0,widen=0,c=0.7"] * 2),
    ("aviary", 3, {"draw": "qin"}, ["mcts:iters=10,expand=greedy"] * 3),
    ("aviary", 4, {"partnership": True}, ["mcts:iters=10,rollout=none"] * 4),
    ("qin", 4, {"draw": "qin", "partnership": True},
     ["mcts:iters=10,rollout=none", "greedy", "mcts:iters=12,rollout=random,depth=0,widen=0,c=0.7",
      "random"]),
    ("aviary", 2, {"draw": "qin"},
     ["mcts:iters=6,epsilon=0.3,expand=greedy,widen=0,weights=exposed:-0.4;singles:0.2",
      "mcts:iters=10,expand=greedy"]),
    ("qin", 4, {}, ["mcts:iters=8,depth=1", "mcts:iters=8", "random", "greedy:epsilon=0.2"]),
]


@pytest.mark.parametrize(("board", "players", "options", "specs"), GAMES)
def test_a_kernel_mcts_game_is_the_readable_engines_game(
    board: str, players: int, options: dict, specs: list[str]
) -> None:
    game = GazeboGame(board, players, options)
    bots = [make_bot(s) for s in specs]
    assert engine_name(game, bots, "auto") == "gazebo-fast"
    fast = play_game(game, bots, 7, 1, telemetry=False, engine="auto").game
    readable = play_game(game, bots, 7, 1, telemetry=False, engine="python").game
    assert fast["moves"] == readable["moves"]
    assert fast["winners"] == readable["winners"]


def test_a_clock_budget_keeps_the_readable_engine() -> None:
    game = GazeboGame("aviary", 2, {})
    timed = make_bot("mcts:seconds=0.01")
    assert kernel_bot(timed, game) is None
    assert engine_name(game, [timed, make_bot("random")], "auto") == "python"


def test_the_default_horizon_is_resolved_per_player_count() -> None:
    bot = make_bot("mcts")
    for players, turns in ((2, 2), (3, 4), (4, 5)):
        kbot = kernel_bot(bot, GazeboGame("aviary", players, {}))
        assert kbot is not None and kbot.kind == play.MCTS
        assert kbot.mcts[mcts.P_DEPTH] == turns


@pytest.mark.parametrize("spec", ["mcts", "mcts:expand=greedy,c=0.3,depth=3"])
def test_a_decision_at_the_default_budget_is_the_readable_bots(spec: str) -> None:
    game = GazeboGame("aviary", 2, {})
    kernel = KernelGame(game)
    bot = make_bot(spec)
    assert isinstance(bot, MCTSBot)
    kbot = kernel_bot(bot, game)
    greedy = [kernel_bot(make_bot("greedy"), game)] * 2
    moves = kernel.play(3, greedy, log=False).actions
    state = game.new_initial_state(3)
    S = kernel.deal(3, log=False)
    kernel.begin(S)
    checked = 0
    for i, action in enumerate(moves[:40]):
        if i % 8 == 0 and len(state.legal_actions()) > 1:
            expected = bot.choose_action(state.clone(), random.Random(i))
            assert mcts.choose_action(kernel, S.copy(), kbot, i) == expected
            checked += 1
        state.apply_action(action)
        kernel.apply(S, action)
    assert checked >= 3
