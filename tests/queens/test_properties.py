"""Invariants over random games: 108 tiles and 36 expansions conserved after every action,
jokers accounted, storage limits kept, every score recounted independently, and many random
games per player count without an exception.

Phase 2 scores the gardens as they stand once the round's last action is done (spec 8), so the
recount reads them after the action that ended the round: an expansion that action placed face
up shows its pavilion (and its printed hexagon) in that round's scoring."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from gardensim.games.queens import QueensGame
from gardensim.games.queens.garden import is_face_up
from gardensim.games.queens.scoring import (
    BONUSES,
    BUYS,
    DISCARDS,
    FIRST_PASS,
    GROUPS,
    JOKERS,
    JOKERS_GAINED,
    LEFTOVERS,
    PAVILIONS,
    ROUND,
)
from tests.queens.recount import end_groups, wheel_points

GAINS = (ROUND, PAVILIONS, GROUPS, BONUSES, JOKERS)
LOSSES = (LEFTOVERS, BUYS, FIRST_PASS, DISCARDS)


def play_checked(game: QueensGame, seed: int) -> None:
    st = game.new_initial_state(seed)
    rules = st.rules
    rng = random.Random(seed)
    n = game.num_players
    wheel = [0] * n
    pavilions = [0] * n
    jokers_spent = [0] * n
    while not st.is_terminal():
        rnd = st.round
        jokers = st.jokers[:]
        gained = [x[JOKERS_GAINED] for x in st.ledger]
        st.apply_action(st.random_action(rng))
        assert st.tile_count() == 108
        assert st.expansion_ids() == list(range(36))
        for p in range(n):
            assert sum(st.tiles[p]) + st.jokers[p] <= rules.storage_tiles
            assert len(st.exps[p]) <= rules.storage_expansions
            assert st.scores[p] >= rules.score_floor
            jokers_spent[p] += jokers[p] + st.ledger[p][JOKERS_GAINED] - gained[p] - st.jokers[p]
        if st.round != rnd or st.is_terminal():
            for p in range(n):
                wheel[p] += wheel_points(rules, st.side, st.boards[p], rnd)
                pavilions[p] += sum(1 for a in st.areas[p] if is_face_up(a))
    for p in range(n):
        ledger = st.ledger[p]
        assert ledger[ROUND] == wheel[p]
        assert ledger[PAVILIONS] == pavilions[p] * rules.pavilion_round_points
        assert (ledger[GROUPS], ledger[BONUSES]) == end_groups(
            rules, st.side, st.geo.coords, st.boards[p])
        assert ledger[JOKERS] == st.jokers[p] * rules.joker_value
        assert st.scores[p] == rules.start_score + sum(ledger[k] for k in GAINS) - sum(
            ledger[k] for k in LOSSES)
        assert rules.start_jokers + ledger[JOKERS_GAINED] - jokers_spent[p] == st.jokers[p]


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(seed=st_.integers(0, 2**32), players=st_.sampled_from([2, 3, 4]),
       board=st_.sampled_from(["standard", "variant"]))
def test_conservation_and_recount_after_every_action(seed: int, players: int,
                                                     board: str) -> None:
    play_checked(QueensGame(board, players), seed)


@pytest.mark.parametrize("board", ["standard", "variant"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conservation_and_recount_over_fixed_seeds(players: int, board: str) -> None:
    """The same checks over a fixed range of seeds, so the plain suite finds rare positions
    (seed 163 at four players was one) on every run rather than when hypothesis happens to."""
    game = QueensGame(board, players)
    for seed in range(60):
        play_checked(game, seed)


@pytest.mark.parametrize("board", ["standard", "variant"])
def test_expansion_placed_by_the_round_ending_action_scores_its_pavilion(board: str) -> None:
    """Seed 546 at four players: seat 0's face-up placement is round 1's last action (every
    other seat has passed and seat 0 then has nothing left to do), so phase 2 counts its
    pavilion. The old recount read the gardens from before that action and missed it."""
    st = QueensGame(board, 4).new_initial_state(546)
    rng = random.Random(546)
    while st.round == 1:
        before = sum(1 for a in st.areas[0] if is_face_up(a))
        mover = st.player
        st.apply_action(st.random_action(rng))
    after = sum(1 for a in st.areas[0] if is_face_up(a))
    assert (mover, before, after) == (0, 2, 3)
    assert st.ledger[0][PAVILIONS] == after * st.rules.pavilion_round_points
    play_checked(QueensGame(board, 4), 546)


@pytest.mark.parametrize(("players", "games"), [(2, 200), (3, 120), (4, 100)])
def test_many_random_games_end_without_an_exception(players: int, games: int) -> None:
    game = QueensGame(players=players)
    for seed in range(games):
        st = game.new_initial_state(seed)
        rng = random.Random(seed)
        steps = 0
        while not st.is_terminal():
            st.commit(st.random_action(rng))
            steps += 1
            assert steps < 2000
        assert st.round == 4 and abs(sum(st.returns()) - 1) < 1e-9
