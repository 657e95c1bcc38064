"""Engine-level checks of the turn flow and events on tiny gardens (rulings 5-15), written
through the public replay and state APIs."""

from __future__ import annotations

from pathlib import Path

import pytest

from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.geometry import DRAW_GENERAL, DRAW_PRIVATE, DRAW_RESERVE
from gardensim.games.gazebo.rules.replay import ReplayError, replay


def garden(tmp_path: Path, rows: str, name: str = "g") -> str:
    path = tmp_path / f"{name}.txt"
    path.write_text(f"name: {name}\nplayers: 2-4\n---\n{rows}\n")
    return str(path)


TWO_STARTS = ". . . . .\nf . . . f\n. . . . .\n. . . . ."


def test_absorb_by_majority_returns_gazebos_and_builds_a_big_nook(tmp_path):
    """Rulings 6: 4 squares against 2; the loser's gazebo returns, the winner doubles."""
    out = replay(garden(tmp_path, TWO_STARTS), 2, "FG@B2S FG@D2S FF@B1E WW@D1E FW@C2S")
    events = out["moves"][4]["events"]
    cells = ["B1", "C1", "A2", "B2", "C2", "D2", "E2"]
    assert events == [
        {"type": "absorb", "player": 0, "cells": cells, "from": [1]},
        {"type": "big", "player": 0, "cells": cells},
    ]
    assert out["supply"] == [22, 23] and out["on_board"] == [2, 1]
    assert {"color": "F", "cells": cells, "owner": 0, "big": True} in out["nooks"]


def test_absorb_tie_is_illegal(tmp_path):
    with pytest.raises(ReplayError, match="absorb tie"):
        replay(garden(tmp_path, TWO_STARTS), 2, "FG@B2S FG@D2S FW@C2N")


def test_vase_grants_one_optional_extra_domino(tmp_path):
    """Rulings 13: a new nook next to a vase; the second domino triggers again but grants
    no third, and '-' declines an extra domino."""
    board = garden(tmp_path, ". . . . .\nf . V . .\n. . . . .")
    out = replay(board, 2, "FF@B1S WW@B3E")
    assert [e["type"] for e in out["moves"][0]["events"]] == ["create", "vase"]
    assert [m["player"] for m in out["moves"]] == [0, 0]
    assert [e["type"] for e in out["moves"][1]["events"]] == ["create", "vase"]
    assert out["to_move"] == 1
    declined = replay(board, 2, "FF@B1S -")
    assert declined["to_move"] == 1 and declined["moves"][1] == {
        "move": "-", "player": 0, "events": []}


def test_absorbing_a_nook_at_a_vase_triggers_it(tmp_path):
    """Rulings 13: seat 1's flower nook touches the vase at F2; seat 0 absorbs it with its
    extra domino and triggers the vase although its own water nook already touched it."""
    board = garden(tmp_path, ". . . . . .\nf . . . f V\n. . . . . .")
    out = replay(board, 2, "FF@B1S FG@D2N WW@B3E WW@E3E FG@C2N")
    assert [m["player"] for m in out["moves"]] == [0, 1, 1, 0, 0]
    assert [e["type"] for e in out["moves"][3]["events"]] == ["create", "vase"]
    assert [e["type"] for e in out["moves"][4]["events"]] == ["absorb", "create", "big", "vase"]
    assert out["to_move"] == 1  # the second domino grants no third


def test_pedestal_grants_an_extra_domino(tmp_path):
    out = replay(garden(tmp_path, "f E . .\n. . . ."), 2, "WG@B1E")
    assert [e["type"] for e in out["moves"][0]["events"]] == ["pedestal"]
    assert out["to_move"] == 0


def test_a_player_owed_more_than_they_have_places_the_rest_and_wins(tmp_path):
    """Rulings 14: one gazebo left, a fancy patio owed two."""
    out = replay(garden(tmp_path, "f . F\n. . ."), 2, "FG@B1S", options={"gazebos": 2})
    assert [e["type"] for e in out["moves"][0]["events"]] == ["create", "claim", "win"]
    assert out["over"] and out["winners"] == [0] and out["end_reason"] == "last-gazebo"
    assert out["supply"] == [0, 2] and out["on_board"] == [2, 0]
    assert out["to_move"] is None


@pytest.mark.parametrize(("gazebos", "winners"), [("1,1,1,2", [0, 3]), ("1,1,1,3", [1, 2])])
def test_partnership_last_gazebo(tmp_path, gazebos, winners):
    """Rulings 15: fewer gazebos left wins; a tie goes to the partnership of the player who
    placed their last gazebo."""
    out = replay(garden(tmp_path, TWO_STARTS), 4, "FG@B2S", partnership=True,
                 options={"gazebos": gazebos})
    assert out["winners"] == winners and out["end_reason"] == "last-gazebo"


@pytest.mark.parametrize(("ends", "reason"), [(True, "no-placement"), (False, "all-passed")])
def test_no_placement_ends_or_passes(tmp_path, ends, reason):
    """Rulings 14 and the no_move_ends_game option; most gazebos on the board wins."""
    out = replay(garden(tmp_path, "f . ."), 3, "FF@B1E",
                 options={"no_move_ends_game": ends})
    assert out["over"] and out["end_reason"] == reason and out["winners"] == [0]
    assert out["moves"][0]["events"][-1] == {
        "type": "win", "player": None, "winners": [0], "reason": reason}


def first_action_on(state, label: str) -> int:
    cell = state.geo.board.parse_label(label)
    for action in state.legal_actions():
        if cell in state.geo.slot_cells[action // 9]:
            return action
    raise AssertionError(f"no legal placement on {label}")


def test_zen_space_offers_a_reserve_draw(tmp_path):
    """Rulings 12: covering a zen space lets one refill draw come from the reserve."""
    game = GazeboGame(garden(tmp_path, "f Z . .\n. . . ."), 2)
    state = game.new_initial_state(0)
    reserve = len(state.reserve)
    state.apply_action(first_action_on(state, "B1"))
    assert state.observation(0)["phase"] == "draw" and state.zen_credits == 1
    assert state.legal_actions() == [DRAW_GENERAL, DRAW_PRIVATE, DRAW_RESERVE]
    state.apply_action(DRAW_RESERVE)
    assert state.current_player == 1 and state.rptr == 1 and len(state.reserve) == reserve
    assert state.hand_counts()[0] == [1, 2]


def test_qin_zen_gives_nothing_and_draws_are_automatic(tmp_path):
    """Rulings 18: one pile, so the refill is forced and applied without an action."""
    game = GazeboGame(garden(tmp_path, "f Z . .\n. . . ."), 2, {"draw": "qin"})
    state = game.new_initial_state(0)
    state.apply_action(first_action_on(state, "B1"))
    assert state.current_player == 1 and state.zen_credits == 0
    assert sum(state.hands[0]) == 3


def test_forced_draw_is_not_an_action():
    """With no private pile the general pile is the only choice, drawn automatically."""
    state = GazeboGame("aviary", 2, {"private_singles": 0}).new_initial_state(1)
    state.apply_action(state.legal_actions()[0])
    assert state.current_player == 1 and sum(state.hands[0]) == 3


def test_raised_patio_needs_two_gazebos_to_claim(tmp_path):
    """Rulings 10: one nook (one gazebo) next to a raised patio does not claim it."""
    board = garden(tmp_path, "f . R\n. . .\n. . .")
    one = replay(board, 2, "FG@B1S")
    assert one["patios"][0]["owner"] is None
    two = replay(board, 2, "FF@B1S")
    assert two["patios"][0]["owner"] is None  # still one nook
    big = replay(board, 2, "FF@B1S WW@C3W FF@A2S")  # seat 0 grows to 5: big nook, count 2
    assert big["patios"][0]["owner"] == 0
