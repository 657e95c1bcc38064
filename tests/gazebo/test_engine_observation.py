"""Hidden information (rulings 19): observations hide what a seat may not know, and
determinization depends only on the observation and the generator."""

from __future__ import annotations

import json
import random

import pytest

from gardensim.games.gazebo.rules.game import GazeboGame


def midgame(board: str, players: int, draw: str, seed: int, actions: int = 25):
    state = GazeboGame(board, players, {"draw": draw}).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        state.apply_action(state.random_action(rng))
    assert not state.is_terminal()
    return state


def dump(state) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


@pytest.mark.parametrize("draw", ["gazebo", "qin", "qin-classic"])
def test_observation_shows_own_hand_only(draw):
    state = midgame("aviary", 3, draw, 4)
    obs = state.observation(1)
    assert "hands" not in obs
    assert sorted(obs["hand"]) == sorted(state.observation(-1)["hands"][1])
    assert set(obs) >= {
        "board", "players", "to_move", "turn", "phase", "squares", "nooks", "patios", "supply",
        "on_board", "hand", "hand_counts", "general_pile", "private_piles", "reserve", "pile",
        "zen_credits", "draw_system", "partnership",
    }
    if draw == "gazebo":
        assert obs["hand_counts"] == state.observation(-1)["hand_counts"]
        assert obs["pile"] == 0 and obs["general_pile"] > 0
    else:
        assert obs["hand_counts"][0] is None and obs["hand_counts"][1] is not None
        assert obs["general_pile"] == 0 and obs["pile"] > 0


@pytest.mark.parametrize(("board", "players", "draw"), [
    ("aviary", 2, "gazebo"), ("butterfly", 4, "gazebo"), ("jungle", 3, "qin"),
    ("qin", 2, "qin-classic"),
])
def test_reshuffling_the_unseen_changes_neither_view_nor_determinization(board, players, draw):
    for seed in range(4):
        state = midgame(board, players, draw, seed)
        p = state.current_player
        other_world = state.determinize(p, random.Random(1000 + seed))
        # the hidden parts really differ, the view does not
        assert dump(other_world) != dump(state)
        assert other_world.observation(p) == state.observation(p)
        assert other_world.evaluate(p) == state.evaluate(p)
        assert sorted(other_world.legal_actions()) == sorted(state.legal_actions())
        a = state.determinize(p, random.Random(seed))
        b = other_world.determinize(p, random.Random(seed))
        assert dump(a) == dump(b)


def test_determinize_keeps_public_hand_splits_and_pile_sizes():
    state = midgame("butterfly", 3, "gazebo", 11, actions=40)
    for p in range(3):
        det = state.determinize(p, random.Random(p))
        assert det.hand_counts() == state.hand_counts()
        assert det.hands[p] == state.hands[p]
        assert all(t >= 3 for t in det.general[det.gptr:])  # general pile: doubles only
        assert all(t < 3 for pile in det.private for t in pile)
        assert all(t < 3 for t in det.reserve)


def test_owner_does_not_know_own_private_pile():
    """Rulings 17: a player's private pile is face down even to them, so its order and content
    are resampled for its owner too."""
    state = midgame("aviary", 2, "gazebo", 2, actions=2)
    p = state.current_player
    piles = {state.determinize(p, random.Random(s)).private[p] for s in range(20)}
    assert len(piles) > 1


def test_determinized_state_plays_to_the_end():
    state = midgame("jungle", 4, "gazebo", 5)
    det = state.determinize(state.current_player, random.Random(0))
    rng = random.Random(0)
    while not det.is_terminal():
        det.apply_action(det.random_action(rng))
    assert abs(sum(det.returns()) - 1) < 1e-9


def test_evaluate_is_in_unit_interval_and_rewards_the_winner():
    game = GazeboGame("aviary", 2)
    state = game.new_initial_state(8)
    rng = random.Random(8)
    while not state.is_terminal():
        for p in range(2):
            assert 0.0 <= state.evaluate(p) <= 1.0
        state.apply_action(state.random_action(rng))
    (winner,) = state.winners
    assert state.evaluate(winner) == 1.0 and state.evaluate(1 - winner) == 0.0
