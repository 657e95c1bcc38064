"""Game end and winners (rulebook "Game End", rulings 14).

Boards: ``purple`` and ``claim_fancy`` / ``two_patios`` (see their test modules), ``race``
(flower start B1, foliage start D1) and ``one_row``::

      A B C D E F
    1 . . g . . .      after two dominoes only F1 is open: no domino fits any more
"""

from __future__ import annotations

import random

import pytest

from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.replay import ReplayError

from .rules_helpers import board_path, dumps, events, of_type, patio, play, types

# ----- "The game ends immediately when a player places their last gazebo"


def test_rule_placing_the_last_gazebo_ends_the_game_and_wins() -> None:
    result = play("purple", 2, ["GG@B3S"], options={"gazebos": 1})
    assert (result["over"], result["winners"], result["end_reason"]) == (True, [0], "last-gazebo")
    assert result["to_move"] is None
    assert result["supply"] == [0, 1]
    assert events(result, 1)[-1] == {
        "type": "win", "player": 0, "winners": [0], "reason": "last-gazebo"
    }


def test_rule_no_move_after_the_game_is_over() -> None:
    with pytest.raises(ReplayError) as info:
        play("purple", 2, ["GG@B3S", "FW@C3E"], options={"gazebos": 1})
    assert (info.value.index, info.value.reason) == (2, "game over")


def test_ruling_14_a_player_owed_more_gazebos_than_left_places_the_last_one() -> None:
    """Rulings 14: owed a double (fancy patio) with one gazebo left, the player places it, and so
    places their last gazebo and wins."""
    result = play("claim_fancy", 2, ["WW@B3N"], options={"gazebos": 2})
    assert (result["over"], result["winners"], result["end_reason"]) == (True, [0], "last-gazebo")
    assert result["supply"] == [0, 2]
    assert result["on_board"] == [2, 0]
    assert patio(result, "C3")["owner"] == 0


def test_ruling_14_a_thief_owed_a_double_with_one_gazebo_left_places_it_and_wins() -> None:
    """Rulings 14: stealing a fancy patio costs two gazebos; Green (seat 1) has one left after
    her two nooks, places it and wins. Blue's double returned."""
    moves = ["WW@B3N", "GG@D3N", dumps(1)[0], "FW@D4E"]
    result = play("claim_fancy", 2, moves, options={"gazebos": "24,3"})
    assert of_type(result, 4, "steal") == [
        {"type": "steal", "player": 1, "cell": "C3", "from": 0}
    ]
    assert (result["over"], result["winners"], result["end_reason"]) == (True, [1], "last-gazebo")
    assert result["supply"] == [23, 0]


def test_ruling_14_game_ends_at_the_instant_so_later_patios_stay_free() -> None:
    """Rulings 8 and 14: patios are evaluated in reading order; the claim of B1 places the last
    gazebo, so A2 is never evaluated."""
    result = play("two_patios", 2, ["WF@B3S"], options={"gazebos": 2})
    assert types(result, 1) == ["create", "claim", "win"]
    assert of_type(result, 1, "claim") == [{"type": "claim", "player": 0, "cell": "B1"}]
    assert patio(result, "A2")["owner"] is None
    assert result["winners"] == [0]


def test_ruling_14_patios_in_reading_order_decide_who_places_the_last_gazebo() -> None:
    """Rulings 14: the patio step goes in reading order, not from the active player. Board
    ``patio_race``: seat 1's GF domino on C2 D2 brings seat 0's foliage nook to the patio B2 and
    its own flower nook to E2; both have one gazebo left; B2 comes first, so seat 0 wins."""
    moves = ["GW@C3W", "FW@D3E", dumps(1)[0], "GF@C2E"]
    result = play("patio_race", 2, moves, options={"gazebos": 2})
    assert of_type(result, 4, "claim") == [{"type": "claim", "player": 0, "cell": "B2"}]
    assert (result["winners"], result["end_reason"]) == ([0], "last-gazebo")
    assert patio(result, "E2")["owner"] is None


def test_ruling_7_and_14_a_double_placed_on_another_players_turn_can_be_the_last_gazebo() -> None:
    """Rulings 7 and 14: seat 1 grows seat 0's foliage nook to five squares (board ``expand``);
    seat 0 places the double, its last gazebo, on seat 1's turn and wins."""
    moves = ["GG@B3S", "GW@A2S", dumps(1)[0], "GW@A4S"]
    result = play("expand", 2, moves, options={"gazebos": "2,24"})
    assert of_type(result, 4, "big")[0]["player"] == 0
    assert (result["winners"], result["end_reason"]) == ([0], "last-gazebo")
    assert events(result, 4)[-1] == {
        "type": "win", "player": 0, "winners": [0], "reason": "last-gazebo"
    }


RACE = ["FF@B2S", "GG@D2S", "FW@B4W", "GW@D4E", dumps(1)[0], "FG@C3S"]


def test_ruling_14_within_a_step_the_active_player_goes_first() -> None:
    """Rulings 14: within a step, players in turn order from the active one. Seat 1's FG domino
    turns seat 0's flower nook and seat 1's foliage nook big at once; both have one gazebo left,
    so seat 1 (active) places the double first and wins; seat 0's double is never placed."""
    result = play("race", 2, RACE, options={"gazebos": "2,2"})
    assert [e["player"] for e in of_type(result, 6, "expand")] == [1, 0]
    assert [e["player"] for e in of_type(result, 6, "big")] == [1]
    assert (result["winners"], result["end_reason"]) == ([1], "last-gazebo")
    assert result["supply"] == [1, 0]


def test_ruling_14_events_resolve_in_the_fixed_order() -> None:
    """Rulings 14 / contract: absorbs, creates, expands, big-nook doubles, patios, zen, pedestal,
    vase. Without a gazebo limit both doubles of the race are placed, active player first."""
    result = play("race", 2, RACE)
    assert types(result, 6) == ["expand", "expand", "big", "big"]
    assert [e["player"] for e in of_type(result, 6, "big")] == [1, 0]


# ----- "or when there are no spaces left on the board where a domino could be placed"


def test_rule_no_placement_left_ends_the_game_and_most_gazebos_on_board_wins() -> None:
    result = play("one_row", 2, ["GG@B1W", "FW@D1E"])
    assert (result["over"], result["end_reason"], result["winners"]) == (True, "no-placement", [0])
    assert result["to_move"] is None


def test_rule_tie_for_most_gazebos_shares_the_victory() -> None:
    """Rulebook: "If there is a tie, the victory is shared" (one nook each)."""
    result = play("one_row", 2, ["GG@B1W", "WW@D1E"])
    assert result["on_board"] == [1, 1]
    assert (result["end_reason"], result["winners"]) == ("no-placement", [0, 1])


def test_ruling_14_option_no_move_ends_game_off_passes_until_a_full_round_passed() -> None:
    """Rulings 14 (option `no_move_ends_game`=off): a player without a placement passes; a full
    round of passes ends the game, scored like any other end."""
    result = play("one_row", 2, ["GG@B1W", "FW@D1E"], options={"no_move_ends_game": "off"})
    assert (result["over"], result["end_reason"], result["winners"]) == (True, "all-passed", [0])


# ----- full games through GazeboGame


def random_playout(game: GazeboGame, seed: int):
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(2000):
        if state.is_terminal():
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("game did not end")


def test_rule_game_ends_when_a_player_starts_a_turn_with_no_domino() -> None:
    """Rulebook: "The game also ends immediately when a player starts their turn with no dominoes
    in hand" -- and, rulings 11, with both piles exhausted nobody draws. On a wide open field with
    ample gazebos the dominoes run out first: every domino of the general pile was placed."""
    game = GazeboGame(board=board_path("open_field"), players=2, options={"gazebos": 96})
    state = random_playout(game, 3)
    final = state.to_dict()
    assert final["end_reason"] == "no-domino"
    seen = state.observation(-1)
    assert seen["general_pile"] == 0
    on_board = final["on_board"]
    assert final["winners"] == [p for p in range(2) if on_board[p] == max(on_board)]


def test_rule_nobody_has_won_before_the_end() -> None:
    """Protocol: returns are all zero before a terminal state."""
    state = GazeboGame(board=board_path("one_row"), players=2).new_initial_state(0)
    assert not state.is_terminal()
    assert state.returns() == [0.0, 0.0]


NO_FIT_ENDS = [(True, "no-placement"), (False, "all-passed")]


@pytest.mark.parametrize(("no_move_ends", "reason"), NO_FIT_ENDS)
def test_rule_a_real_game_ends_when_no_domino_fits(no_move_ends: bool, reason: str) -> None:
    """Rulings 14 in a real game: on ``one_row`` two dominoes leave no placement for anyone."""
    game = GazeboGame(
        board=board_path("one_row"), players=2, options={"no_move_ends_game": no_move_ends}
    )
    final = random_playout(game, 4).to_dict()
    assert len(final["dominoes"]) == 2
    assert final["end_reason"] == reason


@pytest.mark.parametrize("seed", range(12))
def test_rule_returns_share_the_win_among_the_winners(seed: int) -> None:
    """Protocol: each of k winners gets 1/k; on ``one_row`` two dominoes end the game."""
    game = GazeboGame(board=board_path("one_row"), players=2)
    state = random_playout(game, seed)
    final = state.to_dict()
    assert final["end_reason"] == "no-placement"
    on_board = final["on_board"]
    winners = [p for p in range(2) if on_board[p] == max(on_board)]
    assert final["winners"] == winners
    assert state.returns() == [1 / len(winners) if p in winners else 0.0 for p in range(2)]
