"""Telemetry rows (issue 4): the engine's counters agree with what a game's events show."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gardensim.core.registry import make_bot
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.replay import replay_actions
from gardensim.games.gazebo.rules.telemetry import EVENT_TYPES
from gardensim.sim.play import play_game

RUNNER_COLUMNS = {"turn", "seat", "bot", "decision_s", "game"}


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"draw": "qin"}),
                                                  (4, {"partnership": True})])
def test_turn_and_game_rows_follow_the_declared_columns(players, options):
    game = GazeboGame("butterfly", players, options)
    record = play_game(game, [make_bot("random")] * players, 3, 0, telemetry=True)
    for row in record.turn_rows:
        assert set(row) == set(game.turn_columns) | RUNNER_COLUMNS
        for s in range(4):
            assert (row[f"placed_{s}"] is None) == (s >= players)
    assert set(game.game_columns) <= set(record.game)
    for s in range(players):
        placed = sum(r[f"placed_{s}"] - r[f"returned_{s}"] for r in record.turn_rows)
        assert placed == record.game[f"on_board_{s}"]
        assert record.turn_rows[-1][f"supply_{s}"] == record.game[f"supply_{s}"]
    for s in range(players, 4):
        assert record.game[f"supply_{s}"] is None
    moves = " ".join(r["move"] for r in record.turn_rows).split()
    assert moves == record.game["moves"].split()
    assert sum(r["drew_singles"] + r["drew_doubles"] for r in record.turn_rows) == sum(
        len(r["draws"].split(",")) for r in record.turn_rows if r["draws"])


def test_event_counts_and_legal_moves_match_the_game():
    """Counters against the logged events of the same game, and the legal move count
    against a full listing at every turn start."""
    game = GazeboGame("jungle", 2)
    state = game.new_initial_state(4)
    rng = random.Random(4)
    rows, moves = [], []
    while not state.is_terminal():
        mark = state.mark()
        assert mark[-1] == len(state.legal_actions())
        turn, actions = state.turn, []
        while not state.is_terminal() and state.turn == turn:
            actions.append(state.random_action(rng))
            moves.append(state.action_to_string(actions[-1]))
            state.apply_action(actions[-1])
        rows.append(state.turn_row(mark, actions))
    logged = Counter(e["type"] for m in replay_actions(game, 4, moves).records
                     for e in m["events"])
    for kind in EVENT_TYPES[:-1]:
        assert sum(r[f"ev_{kind}"] for r in rows) == logged[kind]
    final = state.game_row()
    assert final["dominoes_placed"] == len(state.dominoes)
    assert final["absorbs_0"] + final["absorbs_1"] == logged["absorb"]
    assert final["steals_0"] + final["steals_1"] == logged["steal"]
    held = Counter(p["owner"] for p in state.summary()["patios"] if p["owner"] is not None)
    assert [final["patios_0"], final["patios_1"]] == [held[0], held[1]]
    assert final["end_reason"] == state.end_reason


@pytest.mark.parametrize(("board", "players", "options"), [
    ("aviary", 2, {}), ("butterfly", 3, {"draw": "qin"}), ("jungle", 4, {"partnership": True}),
    ("botanical", 3, {"no_move_ends_game": False}),
])
def test_batched_turn_table_equals_one_turn_row_per_turn(board, players, options):
    """The play loop's one-pass ``turn_table`` must give exactly the rows ``turn_row`` gives
    turn by turn (protocol: batched_turns)."""
    game = GazeboGame(board, players, options)
    for seed in range(8):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        marks, turns, rows = [], [], []
        while not state.is_terminal():
            marks.append(state.mark())
            turn, actions = state.turn, []
            while not state.is_terminal() and state.turn == turn:
                actions.append(state.random_action(rng))
                state.apply_action(actions[-1])
            turns.append(actions)
            rows.append(state.turn_row(marks[-1], actions))
        marks.append(state.mark())
        table = state.turn_table(marks, turns)
        assert set(table) == set(game.turn_columns)
        assert [dict(zip(table, values, strict=True))
                for values in zip(*table.values(), strict=True)] == rows
