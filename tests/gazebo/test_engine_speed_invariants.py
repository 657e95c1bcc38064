"""The speed caches of the Gazebo engine agree with a recomputation from scratch.

``state.contacts`` (per colour, where two of its nooks meet; legality.py) is filled lazily and
marked stale by event resolution only for the colours a placement touched; a stale mark missed
there would leave a wrong entry that makes legal-move counts and listings wrong. So after every
action, apply/undo look-ahead and clone, each cached entry must equal a pair-by-pair measurement
written here, apart from the engine's. The same goes for the kept order of the open slots
(``slot_list``), which committed moves update in place and undoable ones drop until asked for.
"""

from __future__ import annotations

import json
import random

import pytest

from gardensim.core.protocol import TERMINAL
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.notation import parse_action
from gardensim.games.gazebo.rules.replay import play_token
from gardensim.games.gazebo.rules.rulings import EXTRA, OVER, PLACE

from .rules_helpers import board_path, dumps


def fresh_contacts(state) -> list:
    """Per colour, every pair of its nooks that may not always join (different owners, or
    both big: rulings 6), their halos met cell by cell and side by side."""
    width = state.geo.width
    out = []
    for col in range(3):
        nooks = [r for r in state.nooks.values() if r.colour == col]
        twice = pairs = vertical = 0
        for i, n1 in enumerate(nooks):
            o1, c1, h1 = n1.owner, n1.cells, n1.halo
            for n2 in nooks[:i]:
                o2, c2, h2 = n2.owner, n2.cells, n2.halo
                if o1 != o2 or (len(c1) >= 5 and len(c2) >= 5):
                    twice |= h1 & h2
                    pairs |= (h1 & (h2 >> 1)) | (h2 & (h1 >> 1))
                    vertical |= (h1 & (h2 >> width)) | (h2 & (h1 >> width))
        out.append((twice, pairs & state.geo.has_east, vertical))
    return out


def assert_cache_matches(state) -> None:
    fresh = fresh_contacts(state)
    for col, cached in enumerate(state.contacts):
        assert cached is None or cached == fresh[col], f"colour {col} contacts are stale"


@pytest.mark.parametrize(("board", "players", "options"), [
    ("aviary", 2, {}),
    ("jungle", 3, {"draw": "qin"}),
    ("butterfly", 4, {"partnership": True}),
])
def test_nook_contact_cache_matches_recomputation_through_play_and_undo(board, players,
                                                                        options):
    game = GazeboGame(board, players, options)
    for seed in range(6):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.count_legal_placements()  # fills the cache at this position
            assert_cache_matches(state)
            actions = state.legal_actions()
            for action in rng.sample(actions, min(4, len(actions))):
                state.apply_action(action)
                if not state.is_terminal():
                    state.count_legal_placements()  # fills it one ply ahead
                    assert_cache_matches(state)
                state.undo()
                assert_cache_matches(state)
                assert state.count_legal_placements() == len(state.legal_placements())
            state.apply_action(rng.choice(actions))
            assert_cache_matches(state)


def test_a_clone_keeps_a_valid_cache_of_its_own():
    game = GazeboGame("aviary", 2)
    state = game.new_initial_state(3)
    rng = random.Random(3)
    for _ in range(30):
        state.apply_action(state.random_action(rng))
    state.count_legal_placements()
    copy = state.clone()
    copy.apply_action(copy.random_action(rng))
    copy.count_legal_placements()
    assert_cache_matches(state)
    assert_cache_matches(copy)
    assert copy.count_legal_placements() == len(copy.legal_placements())


def assert_order_kept(state) -> None:
    assert state.slot_list is None or state.slot_list == sorted(state.slots)
    assert state.open_slots() == sorted(state.slots)
    # current_player is a kept slot too, set where a turn starts or the game ends
    assert state.current_player == (TERMINAL if state.phase == OVER else state.player)


@pytest.mark.parametrize(("board", "players", "options"), [
    ("aviary", 2, {}),
    ("jungle", 3, {"draw": "qin"}),
    ("butterfly", 4, {"partnership": True}),
    ("aviary", 3, {"no_move_ends_game": False}),  # seats pass without a placement
])
def test_kept_slot_order_follows_commits_look_ahead_undo_and_clones(board, players, options):
    """Random moves are drawn from ``open_slots()`` by index, so a stale or unsorted list
    would change games silently; after every commit (in place), look-ahead and undo (dropped,
    put back) and in clones, it must be the sorted open slots. The seat to move is kept the
    same way and checked at the same points."""
    game = GazeboGame(board, players, options)
    in_place = 0
    for seed in range(8):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            kept = state.slot_list
            actions = state.legal_actions()
            for action in rng.sample(actions, min(3, len(actions))):
                state.apply_action(action)
                assert state.slot_list is None  # dropped, not updated
                if not state.is_terminal():
                    assert_order_kept(state)
                state.undo()
                assert state.slot_list is kept
                assert_order_kept(state)
            if rng.random() < 0.2:
                copy = state.clone()
                copy.commit(copy.random_action(rng))
                assert_order_kept(copy)
                assert_order_kept(state)
            state.commit(state.random_action(rng))
            in_place += state.slot_list is not None
            assert_order_kept(state)
    assert in_place > 100  # commits keep the list rather than dropping it


@pytest.mark.parametrize(("board", "players", "options"), [
    ("aviary", 2, {}),
    ("botanical", 3, {"draw": "qin"}),
    ("butterfly", 4, {"partnership": True}),
])
def test_listing_skips_only_slots_where_every_placement_is_legal(board, players, options):
    """``absorb_slots`` leaves out slots where nooks of one owner (at most one big) meet, as
    rulings 6 never forbids joining those; every slot x orientation judged one by one must
    give the same placements and count."""
    game = GazeboGame(board, players, options)
    for seed in range(8):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase in (PLACE, EXTRA):
                one_by_one = sorted(
                    slot * 9 + xy
                    for slot in state.slots
                    for xy in state.hand_orients()
                    if state.placement_problem(slot, xy // 3, xy % 3) is None
                )
                assert sorted(state.legal_placements()) == one_by_one
                assert state.count_legal_placements() == len(one_by_one)
            state.apply_action(state.random_action(rng))


def test_listing_leaves_out_a_join_of_two_big_nooks_of_one_owner():
    """Rulings 6: two big nooks may not be joined even when one player owns both, so the
    slot between them is judged although no rival owner is near (the example of
    test_rules_absorb: Blue's big nooks west and east of D3 E3)."""
    game = GazeboGame(board_path("absorb"), 2)
    state = game.sandbox_state()
    state.records = []
    moves = ["FF@B3E", dumps(1)[0], "FF@A4E", dumps(2)[1], "FF@G3E", dumps(3)[2], "FF@F4S"]
    for index, token in enumerate(moves, start=1):
        play_token(state, index, token)
    join = parse_action(state.geo, "FF@D3E")
    assert join // 9 in state.slots
    assert join not in state.legal_placements()
    assert state.count_legal_placements() == len(state.legal_placements())


def snapshot(state) -> tuple:
    return (json.dumps(state.observation(-1), sort_keys=True), sorted(state.slots),
            state.freemask, state.nookmask, state.standing[:], len(state.events), len(state.trail))
