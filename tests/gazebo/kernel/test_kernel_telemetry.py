"""Kernel telemetry equals the readable engine's on the same games.

Each kernel game is replayed through the readable engine with the play loop's turn
segmentation (a mark at each turn's start, ``turn_table`` at the end, ``game_row``), and every
turn column and the game row must be equal.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pyarrow as pa
import pytest

from gardensim.games.gazebo.kernel import KernelGame
from gardensim.games.gazebo.kernel import telemetry as ktel
from gardensim.games.gazebo.kernel.facts import game_row
from gardensim.games.gazebo.rules.game import GazeboGame
from tests.gazebo.kernel.test_kernel_replay import bots_for

CONFIGS = [
    ("aviary", 2, {}),
    ("butterfly", 3, {"draw": "qin"}),
    ("jungle", 4, {"partnership": True}),
    ("botanical", 3, {"no_move_ends_game": False, "hand_size": 2}),
    ("qin", 4, {"draw": "qin-classic"}),
    ("jungle", 2, {"hand_size": 1}),
]


#: the play loop's own turn columns, ahead of the game's
RUNNER_COLUMNS = ("game", "turn", "seat", "bot", "decision_s")


def listed(columns: Mapping) -> dict:
    return {k: (v if isinstance(v, list) else v.tolist()) for k, v in columns.items()}


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
    names = pa.array(ktel.notation(game.geometry).tolist())
    for seed in range(6):
        record = kernel.play(seed, bots_for(game, seed))
        turns, row = readable_telemetry(game, seed, record.actions)
        table = ktel.KernelTurns(record, names, seed, 0.0,
                                 np.array(["bot"] * players, dtype=object))
        own = {k: v for k, v in table.items() if k not in RUNNER_COLUMNS}
        assert listed(own) == turns, f"seed {seed}"
        telemetry_row, winners, turn = game_row(record.facts.tolist(), players)
        assert telemetry_row == row, f"seed {seed}"
        outcome = kernel.outcome(record.state)
        # the turns played: the state's turn counter, and the turn a last gazebo ends
        ended_within = int(outcome["end_reason"] == "last-gazebo")
        assert (winners, turn) == (outcome["winners"], outcome["turn"] + ended_within), seed


@pytest.mark.parametrize(("board", "players", "options"), CONFIGS[:3])
def test_a_batch_of_kernel_games_joins_to_their_columns_end_to_end(board: str, players: int,
                                                                     options: dict) -> None:
    """``KernelTurns.join_parts`` (what the runner stores, one call per batch) gives each
    game's columns end to end, an absent seat's left out (stored as nulls)."""
    game = GazeboGame(board, players, options)
    kernel = KernelGame(game)
    names = pa.array(ktel.notation(game.geometry).tolist())
    specs = np.array([f"bot{s}" for s in range(players)], dtype=object)
    parts = []
    for seed in range(5):
        record = kernel.play(seed, bots_for(game, seed))
        parts.append(ktel.KernelTurns(record, names, seed, seed / 10, np.roll(specs, seed)))
    games = [listed(part) for part in parts]
    joined = listed(ktel.KernelTurns.join_parts(parts))
    live = [k for k in games[0] if any(v is not None for v in games[0][k])]
    assert list(joined) == live
    for column in live:
        assert joined[column] == [v for one in games for v in one[column]], column


def test_a_turn_count_too_wide_for_its_column_is_an_error_not_a_wrapped_number() -> None:
    """The compiled pass writes the schema's int8/int16 widths itself, so it checks them."""
    game = GazeboGame("aviary", 2, {})
    record = KernelGame(game).play(0, bots_for(game, 0))
    names = pa.array(ktel.notation(game.geometry).tolist())
    record.turns[1, 3] = 300  # a hand of 300 singles at the second turn
    part = ktel.KernelTurns(record, names, 0, 0.0, np.array(["bot"] * 2, dtype=object))
    with pytest.raises(ValueError, match="does not fit"):
        ktel.KernelTurns.join_parts([part])
