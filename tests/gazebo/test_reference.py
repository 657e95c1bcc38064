"""The tuned engine against the plain reference resolver (``tests/gazebo/oracle/reference.py``).

Random games over every board, 2-4 players, partnership, the three drawing systems and the rule
options; at every placement both must agree that it is legal, log the same events in the same
order, award the same extra domino and leave the same nooks, patios and supplies; every few
decisions (and at every game end for want of a placement) both list the same legal placements;
a game that ends has the same winners. The engine's turn flow (hands, draws, passes) drives the
reference, which only resolves placements.
"""

from __future__ import annotations

import random

import pytest

from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.geometry import DRAW_GENERAL
from gardensim.games.gazebo.rules.observation import LEDGER
from gardensim.games.gazebo.rules.rulings import EXTRA, PLACE
from gardensim.games.gazebo.rules.state import GazeboState
from tests.gazebo.oracle import reference

BOARDS = ("aviary", "botanical", "butterfly", "jungle", "qin")
GAMES = 300
#: the full legal sets are compared at one decision in this many (the reference lists them
#: slowly), and always when a game ends for want of a placement
LEGAL_EVERY = 3


RAISED_BOARDS = ("botanical",)


def config(seed: int) -> GazeboGame:
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4))
    options = {
        "draw": rng.choice(("gazebo", "gazebo", "qin", "qin-classic")),
        "raised_steal_needs_two": rng.random() < 0.3,
        "no_move_ends_game": rng.random() < 0.7,
        "gazebos": rng.choice((None, 4, 8)),
    }
    if players == 4:
        options["partnership"] = rng.random() < 0.5
    if options["gazebos"] is None:
        del options["gazebos"]
    board = rng.choice(BOARDS)
    if board not in RAISED_BOARDS:
        del options["raised_steal_needs_two"]  # refused where no patio is raised
    return GazeboGame(board, players, options)


def engine_legal(state: GazeboState) -> set[tuple[int, int, int, int]]:
    out = set()
    for action in state.legal_actions():
        if action < DRAW_GENERAL:
            slot, xy = divmod(action, 9)
            a, b = state.geo.slot_cells[slot]
            out.add((a, b, *divmod(xy, 3)))
    return out


def compare_legal(state: GazeboState, pos: reference.Position) -> None:
    hand = state.hands[state.player]
    assert engine_legal(state) == reference.legal_placements(pos, hand)


def compare_position(state: GazeboState, pos: reference.Position) -> None:
    mine = reference.summary(pos)
    theirs = state.summary()
    assert {k: theirs[k] for k in mine} == mine


def play(seed: int) -> int:
    """One random game checked move by move; returns the placements checked."""
    game = config(seed)
    state = game.new_initial_state(seed)
    pos = reference.Position.start(state.geo, game.num_players, game.options)
    rng = random.Random(seed)
    placements = 0
    step = 0
    while not state.is_terminal():
        step += 1
        if state.phase in (PLACE, EXTRA) and step % LEGAL_EVERY == 0:
            compare_legal(state, pos)
        action = state.random_action(rng)
        if action >= DRAW_GENERAL:
            state.commit(action)
            continue
        placements += 1
        slot, xy = divmod(action, 9)
        a, b = state.geo.slot_cells[slot]
        x, y = divmod(xy, 3)
        assert reference.placement_fault(pos, a, b, x, y) is None
        mover, first = state.player, state.placed_this_turn == 0
        hand = state.hands[mover][:]
        hand[state.geo.placement_parts[action][5]] -= 1
        start = len(state.events)
        state.commit(action)
        events, extra = reference.resolve(pos, mover, a, b, x, y)
        logged = [e for e in state.events[start:] if e[0] not in LEDGER]
        assert [state.event_dict(e) for e in logged[: len(events)]] == [
            state.event_dict(e) for e in events
        ], state.action_to_string(action)
        compare_position(state, pos)
        if pos.over:
            assert state.is_terminal() and state.end_reason == pos.end_reason
            assert list(state.winners) == sorted(pos.winners)
            assert len(logged) == len(events)
            break
        earned = extra and first and reference.has_placement(pos, hand)
        assert (state.phase == EXTRA and state.player == mover) == earned
        for event in logged[len(events):]:  # the turn flow ended the game
            assert event[0] == "win" and event[3] != "last-gazebo"
    if state.end_reason == "no-placement":
        seat = state.turn % game.num_players
        assert not reference.has_placement(pos, state.hands[seat])
    if state.end_reason in ("no-placement", "no-domino", "all-passed"):
        assert list(state.winners) == sorted(reference.winners(pos, None))
    return placements


@pytest.mark.parametrize("block", range(3))
def test_engine_and_reference_agree_on_random_games(block: int) -> None:
    seeds = range(block * GAMES // 3, (block + 1) * GAMES // 3)
    assert sum(play(seed) for seed in seeds) > 10 * len(seeds)
