"""Perft-style counts of legal placements from fixed positions (data/perft.json), in the
python-chess manner: the engine must match the stored counts, and an independent brute force
over every cell pair and colour pair (rulings 3 and 6 written afresh) must match the engine."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from gardensim.games.gazebo.rules.board import GAZEBO_DIR
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.replay import play_token, replay_actions
from gardensim.games.gazebo.rules.rulings import PLACE

POSITIONS = json.loads((GAZEBO_DIR / "perft.json").read_text())
IDS = [f"{e['board']}-{len(e['moves'].split())}" for e in POSITIONS]


def position(entry):
    game = GazeboGame(entry["board"], entry["players"], entry["options"])
    state = game.sandbox_state()
    state.records = []
    for i, token in enumerate(entry["moves"].split(), start=1):
        play_token(state, i, token)
    return state


def perft(state, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        state.apply_action(action)
        total += perft(state, depth - 1)
        state.undo()
    return total


def brute_force_placements(state) -> int:
    """Every (cell, neighbour, colour, colour) that rulings 3 and 6 allow, from the squares
    and the nooks' owners only."""
    board = state.geo.board
    color = state.color
    group = [-1] * len(color)
    sizes = []
    for start, col in enumerate(color):
        if col < 0 or group[start] >= 0:
            continue
        gid = len(sizes)
        group[start], stack, size = gid, [start], 0
        while stack:
            c = stack.pop()
            size += 1
            for m in board.neighbours[c]:
                if group[m] < 0 and color[m] == col:
                    group[m] = gid
                    stack.append(m)
        sizes.append(size)
    owner = {group[c]: state.nooks[state.nook_of[c]].owner for c in range(len(color))
             if state.nook_of[c] >= 0}
    free = [board.cells[c] in ".ZE" and color[c] < 0 for c in range(len(color))]

    def legal_absorb(touched: set[int]) -> bool:
        nooks = [g for g in touched if sizes[g] >= 2]
        if len(nooks) < 2:
            return True
        weight = Counter()
        for g in nooks:
            weight[owner[g]] += sizes[g]
        best = max(weight.values())
        leaders = [p for p, w in weight.items() if w == best]
        bigs = [g for g in nooks if sizes[g] >= 5]
        return len(leaders) == 1 and len(bigs) <= 1 and all(owner[g] == leaders[0] for g in bigs)

    count = 0
    for a in range(len(color)):
        for b in board.neighbours[a]:
            if a > b or not (free[a] and free[b]):
                continue
            touching = [m for c in (a, b) for m in board.neighbours[c] if color[m] >= 0]
            if not touching:
                continue
            for x in range(3):
                for y in range(3):
                    groups = [((a, b), x)] if x == y else [((a,), x), ((b,), y)]
                    count += all(
                        legal_absorb({group[m] for c in cells for m in board.neighbours[c]
                                      if color[m] == col})
                        for cells, col in groups
                    )
    return count


@pytest.mark.parametrize("entry", POSITIONS, ids=IDS)
def test_perft_counts_match_the_stored_data(entry):
    state = position(entry)
    for depth, expected in enumerate(entry["perft"], start=1):
        assert perft(state, depth) == expected


@pytest.mark.parametrize("entry", POSITIONS, ids=IDS)
def test_engine_placements_match_an_independent_brute_force(entry):
    state = position(entry)
    assert len(state.legal_placements()) == brute_force_placements(state)
    assert state.count_legal_placements() == len(state.legal_placements())


def test_stored_games_replay_from_their_seed():
    """A real game's move list (draw tokens included) replays to the same position."""
    game = GazeboGame("butterfly", 3)
    state = game.new_initial_state(21)
    rng = random.Random(21)
    moves = []
    while not state.is_terminal():
        action = state.random_action(rng)
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    again = replay_actions(game, 21, moves).to_dict()
    assert len(again.pop("moves")) == len(moves)
    mine = state.to_dict()
    mine.pop("moves")
    assert again == mine


@pytest.mark.parametrize("board", ["aviary", "butterfly", "botanical", "jungle", "qin"])
def test_brute_force_agrees_along_random_sandbox_games(board):
    """Sandbox games lay any domino anywhere, so nooks crowd and absorbs are often illegal:
    the engine's fast filter must never skip an illegal placement."""
    game = GazeboGame(board, 3)
    checked = with_illegal = 0
    for seed in range(3):
        state = game.sandbox_state()
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 4 == 0 and state.phase == PLACE:
                assert len(state.legal_placements()) == brute_force_placements(state)
                assert state.count_legal_placements() == len(state.legal_placements())
                checked += 1
                with_illegal += len(state.legal_placements()) < 9 * len(state.slots)
            state.apply_action(state.random_action(rng))
            step += 1
    assert checked > 20 and with_illegal > 0
