"""The game-agnostic bots play Queen's Garden unchanged, through the protocol only, and the
evaluation carries enough signal for one-ply greedy play to beat random play. The strength
figures of docs/queens.md come from tests/queens/strength.py, not from here."""

from __future__ import annotations

import random

import pytest

from gardensim.core.registry import make_bot
from gardensim.games.queens import QueensGame


def play(game: QueensGame, specs: list[str], seed: int) -> list[float]:
    bots = [make_bot(s) for s in specs]
    rngs = [random.Random(seed * 31 + i) for i in range(len(specs))]
    st = game.new_initial_state(seed)
    while not st.is_terminal():
        p = st.current_player
        action = bots[p].choose_action(st, rngs[p])
        assert action in st.legal_actions()
        st.apply_action(action)
    return st.returns()


@pytest.mark.parametrize("players", [2, 3])
def test_random_greedy_and_mcts_play_a_game(players: int) -> None:
    specs = ["greedy", "mcts:iters=8"] if players == 2 else [
        "random", "greedy", "mcts:iters=4,depth=1"]
    returns = play(QueensGame(players=players), specs, 1)
    assert sum(returns) == pytest.approx(1.0)


def test_one_ply_greedy_beats_random_play() -> None:
    game = QueensGame()
    wins = sum(play(game, ["greedy", "random"] if s % 2 == 0 else ["random", "greedy"], s)[s % 2]
               for s in range(8))
    assert wins >= 6
