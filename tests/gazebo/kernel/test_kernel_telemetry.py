"""Kernel telemetry equals the readable engine's on the same games.

Each kernel game is replayed through the readable engine with the play loop's turn
segmentation (a mark at each turn's start, ``turn_table`` at the end, ``game_row``), and every
turn column and the game row must be equal.
"""

from __future__ import annotations

import numpy as np
import pytest

from gardensim.games.gazebo.game import GazeboGame
from gardensim.games.gazebo.kernel import KernelGame
from gardensim.games.gazebo.kernel import telemetry as ktel
from tests.gazebo.kernel.test_kernel_replay import bots_for

CONFIGS = [
    ("aviary", 2, {}),
    ("butterfly", 3, {"draw": "qin"}),
    ("jungle", 4, {"partnership": True}),
    ("botanical", 3, {"no_move_ends_game": False, "hand_size": 2}),
    ("qin", 4, {"draw": "qin-classic"}),
    ("jungle", 2, {"hand_size": 1}),
]


def readable_telemetry(game: GazeboGame, seed: int, actions: list[int]) -> tuple[dict, dict]:
    state = game.new_initial_state(seed)
    marks, turn_actions = [], []
    i = 0
    while not state.is_terminal():
        turn = state.turn
        marks.append(state.mark())
        played = []
        while True:
            state.apply_action(actions[i])
            played.append(actions[i])
            i += 1
            if state.is_terminal() or state.turn != turn:
                break
        turn_actions.append(played)
    assert i == len(actions)
    marks.append(state.mark())
    return state.turn_table(marks, turn_actions), state.game_row()


@pytest.mark.parametrize(("board", "players", "options"), CONFIGS)
def test_kernel_telemetry_equals_the_readable_engines(board: str, players: int,
                                                      options: dict) -> None:
    game = GazeboGame(board, players, options)
    kernel = KernelGame(game)
    names = game.geometry.names
    for seed in range(6):
        record = kernel.play(seed, bots_for(game, seed))
        turns, row = readable_telemetry(game, seed, record.actions)
        moved = [names[a] for a in record.moves[:, 0].tolist()]
        table = ktel.turn_table(record, moved, players)
        assert {k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in table.items()} \
            == turns, f"seed {seed}"
        telemetry_row, winners, turn = ktel.game_row(record)
        assert telemetry_row == row, f"seed {seed}"
        outcome = kernel.outcome(record.state)
        assert (winners, turn) == (outcome["winners"], outcome["turn"]), f"seed {seed}"
