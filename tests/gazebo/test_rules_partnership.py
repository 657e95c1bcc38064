"""Four-player partnership mode (rulebook "Four-Player Partnership Mode", rulings 15).

Seats 0..3 play in turn order; partners are {0, 3} and {1, 2}, so each pair plays back to back
and seat 0 -- the second player of its pair -- starts. Boards: ``expand`` (foliage start B2, dump
strip row 7) and ``one_row`` (see test_rules_game_end.py).
"""

from __future__ import annotations

import random

import pytest

from gardensim.core.errors import ConfigError
from gardensim.games.gazebo.rules.game import GazeboGame

from .rules_helpers import board_path, dumps, play

NOOK = "GG@B3S"  # one new nook on ``expand``: one gazebo


def partnership_replay(moves: list[str], gazebos: str) -> dict:
    return play("expand", 4, moves, partnership=True, options={"gazebos": gazebos})


def test_rule_partnership_with_fewer_remaining_gazebos_wins_the_last_gazebo_end() -> None:
    """Seat 1 places its last gazebo: {1, 2} keep 0 + 2, {0, 3} keep 9 + 9."""
    result = partnership_replay([dumps(1)[0], NOOK], "9,1,2,9")
    assert (result["end_reason"], result["winners"]) == ("last-gazebo", [1, 2])


def test_rule_last_gazebo_does_not_win_for_a_partnership_with_more_left() -> None:
    """"The partnership with fewer remaining gazebos wins": seat 0 places its last gazebo, but
    {0, 3} keep 0 + 5 while {1, 2} keep 1 + 1."""
    result = partnership_replay([NOOK], "1,1,1,5")
    assert (result["over"], result["end_reason"], result["winners"]) == (
        True, "last-gazebo", [1, 2]
    )


def test_rule_partnership_tie_goes_to_the_partnership_that_placed_the_last_gazebo() -> None:
    """"If there is a tie, the partnership with the player who placed their last gazebo wins":
    seat 1 places its last; {1, 2} keep 0 + 9, {0, 3} keep 5 + 4."""
    result = partnership_replay([dumps(1)[0], NOOK], "5,1,9,4")
    assert result["supply"] == [5, 0, 9, 4]
    assert result["winners"] == [1, 2]


def test_rule_partnership_tie_goes_to_the_placer_even_on_another_players_turn() -> None:
    """Rulings 7 and 15: seat 1 turns seat 0's nook big, so seat 0 places its last gazebo during
    seat 1's turn; {0, 3} keep 0 + 10, {1, 2} keep 5 + 5: the tie goes to seat 0's partnership."""
    moves = [NOOK, "GW@A2S", dumps(1)[0], dumps(2)[1], dumps(3)[2], "GW@A4S"]
    result = partnership_replay(moves, "2,5,5,10")
    assert result["supply"] == [0, 5, 5, 10]
    assert (result["end_reason"], result["winners"]) == ("last-gazebo", [0, 3])


def test_ruling_15_partners_are_seats_0_and_3() -> None:
    """Seat 0 starts and is the second player of its pair: its partner is seat 3."""
    result = partnership_replay([NOOK], "1,9,9,9")
    assert result["winners"] == [0, 3]


def test_ruling_15_other_ends_fewer_left_wins() -> None:
    """Rulings 15: any other end, the partnership with fewer gazebos left wins (29 < 30)."""
    result = play("one_row", 4, ["GG@B1W", "FW@D1E"], partnership=True)
    assert (result["end_reason"], result["winners"]) == ("no-placement", [0, 3])


def test_ruling_15_other_ends_tie_is_shared_by_all_four() -> None:
    result = play("one_row", 4, ["GG@B1W", "WW@D1E"], partnership=True)
    assert (result["end_reason"], result["winners"]) == ("no-placement", [0, 1, 2, 3])


def test_rule_partners_start_with_fifteen_gazebos_and_own_private_piles() -> None:
    """Rulebook: partners "play with their own gazebos ... starting with 15 each. Each player also
    has their own private stack of single-colored dominoes."""
    game = GazeboGame(board="aviary", players=4, options={"partnership": True})
    state = game.new_initial_state(1)
    seen = state.observation(0)
    assert seen["partnership"] is True
    assert seen["supply"] == [15, 15, 15, 15]
    assert seen["private_piles"] == [5, 5, 5, 5]
    assert state.current_player == 0


@pytest.mark.parametrize("players", [2, 3])
def test_ruling_15_partnership_needs_four_players(players: int) -> None:
    with pytest.raises(ConfigError, match="partnership"):
        GazeboGame(board="aviary", players=players, options={"partnership": True})


@pytest.mark.parametrize("seed", range(6))
def test_rule_both_partners_share_the_win(seed: int) -> None:
    """Protocol: both partners of the winning partnership get 1/2. With one gazebo each, the first
    gazebo placed ends the game and its partnership has fewer left."""
    game = GazeboGame(
        board=board_path("game_vase"), players=4, options={"partnership": True, "gazebos": 1}
    )
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    final = state.to_dict()
    placer = final["supply"].index(0)
    team = sorted({0: [0, 3], 3: [0, 3], 1: [1, 2], 2: [1, 2]}[placer])
    assert final["winners"] == team
    assert state.returns() == [0.5 if p in team else 0.0 for p in range(4)]
