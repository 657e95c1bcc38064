"""Rulings 20-23, the edge cases found by differential play against an independent engine.

Each ruling has the issue's reproduction on the Aviary (where one was given) and a case of its
own on a purpose-built board; every test checks what the ruling decides and would fail under the
reading it rules out.

Board ``absorb`` (see ``test_rules_absorb.py``)::

      A B C D E F
    1 . . . f . .        a: FW@D2W -> D1 D2;   FW@E1E grows a to D1 D2 E1
    2 . . . . . .        b: FF@B3E -> A3 B3 C3; FF@A4E makes it big (A4 B4)
    3 f . . . . f        c: FG@E3S -> E3 F3 (G on E4)
    4 . . . . . .        D3 touches a, b and c
"""

from __future__ import annotations

import random

import pytest

from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.replay import ReplayError

from .rules_helpers import cells, dumps, events, gazebos_total, nook_with, of_type, play, sandbox

A, A_GROWN, B, B_BIG, C, JOIN = "FW@D2W", "FW@E1E", "FF@B3E", "FF@A4E", "FG@E3S", "FW@D3S"

RULING_20 = "FF@D6E WF@F8W GW@G7N WF@I6E FG@D8S FG@E7E"
RULING_21 = "GW@F5N FG@E5W WF@G5N FG@E8E WG@I6E FW@D6S FF@E6S"


def reason(board: str, players: int, moves: list[str], **kwargs: object) -> tuple[int, str]:
    """(index, reason) of the illegal token that stops ``moves``."""
    with pytest.raises(ReplayError) as info:
        play(board, players, moves, **kwargs)
    return info.value.index, info.value.reason


def nooks_and_patios_hold_on_board(result: dict) -> bool:
    """Rulings 21: the gazebos the picture shows (two on a big nook, one on another; patios
    are claimed with what their kind asks in these tests) are every seat's ``on_board``."""
    shown = [0] * result["players"]
    for nook in result["nooks"]:
        shown[nook["owner"]] += 2 if nook["big"] else 1
    for patio in result["patios"]:
        if patio["owner"] is not None:
            shown[patio["owner"]] += 2 if patio["kind"] == "fancy" else 1
    return shown == result["on_board"]


# ----- rulings 20: the absorb winner's gazebos are netted


def test_ruling_20_absorb_winner_gazebos_netted() -> None:
    """The issue's reproduction: seat 1's FG@E7E joins seat 0's two flower nooks (D6-F6 and
    D8-E8) into a big nook, then creates a foliage nook with its own last gazebo. Seat 0's two
    gazebos stay as the double (no return, no `big` step), so partnership {0, 3} has 1 + 3 left
    against 0 + 5 and wins; returning one and owing it back would tie 5-5 and hand the win to
    the placer's partnership {1, 2}."""
    result = sandbox("aviary", 4, RULING_20.split(), partnership=True,
                    options={"gazebos": "3,2,5,3"})
    assert [e["type"] for e in events(result, 6)] == ["absorb", "create", "win"]
    assert of_type(result, 6, "absorb")[0]["from"] == []
    assert result["supply"] == [1, 0, 5, 3]
    assert result["winners"] == [0, 3]
    assert nook_with(result, "D6") == {"color": "F", "cells": cells("D6 E6 F6 E7 D8 E8"),
                                       "owner": 0, "big": True}
    assert gazebos_total(result) == [3, 2, 5, 3]


def test_ruling_20_three_own_nooks_keep_two_and_return_one() -> None:
    """Seat 0 joins its own a, b and c (one gazebo each, 1 of 4 left): the big merged nook keeps
    two of them as its double and only the third returns (2 left); nothing is placed again."""
    moves = [A, dumps(1)[0], B, dumps(2)[1], C, dumps(3)[2], JOIN]
    result = play("absorb", 2, moves, options={"gazebos": 4})
    merged = cells("D1 D2 A3 B3 C3 D3 E3 F3")
    assert [e["type"] for e in events(result, 7)] == ["absorb"]
    assert result["supply"] == [2, 4]
    assert result["on_board"] == [2, 0]
    assert nook_with(result, "D3") == {"color": "F", "cells": merged, "owner": 0, "big": True}


def test_ruling_20_a_missing_double_is_placed_in_the_big_step() -> None:
    """Seat 0 wins with one small nook (b, 3 squares against 2 and 2): its one gazebo stays,
    the losers' return, and the double still missing comes from its supply in the `big` step."""
    result = play("absorb", 3, [B, A, C, JOIN])
    assert [e["type"] for e in events(result, 4)] == ["absorb", "big"]
    assert result["supply"] == [17, 19, 19]


# ----- rulings 21: `big` only when both gazebos stand on the nook


def test_ruling_21_big_only_when_both_gazebos_stand_on_the_nook() -> None:
    """The issue's reproduction: seat 0's FF@E6S creates a six-square flower nook with its
    last gazebo; the game ends before the double, so the nook is not big."""
    result = sandbox("aviary", 2, RULING_21.split(), options={"gazebos": "1,24"})
    assert result["end_reason"] == "last-gazebo"
    assert nook_with(result, "E6") == {"color": "F", "cells": cells("E5 D6 E6 F6 E7 E8"),
                                       "owner": 0, "big": False}
    assert result["on_board"] == [1, 0]
    assert nooks_and_patios_hold_on_board(result)


def test_ruling_21_absorbed_nook_waiting_for_its_double_is_not_big() -> None:
    """Seat 0 (2 gazebos) wins an absorb with its one small nook b, and the same domino's
    foliage creates a nook with its last gazebo: the eight-square merged nook holds one."""
    result = play("absorb", 3, [B, A, C, "FG@D3S"], options={"gazebos": "2,19,19"})
    assert [e["type"] for e in events(result, 4)] == ["absorb", "create", "win"]
    assert nook_with(result, "D3")["big"] is False
    assert nooks_and_patios_hold_on_board(result)


def test_ruling_21_big_nooks_carry_their_double_through_whole_games() -> None:
    """Seeded games to the end: a nook shown big always has its two gazebos (on_board agrees)."""
    game = GazeboGame("aviary", 3)
    for seed in range(6):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        summary = state.summary()
        held = [0] * 3
        for nook in summary["nooks"]:
            held[nook["owner"]] += 2 if nook["big"] else 1
        for patio in state.geo.patios:
            if state.patios[patio].holder >= 0:
                held[state.patios[patio].holder] += state.patios[patio].gazebos
        assert held == summary["on_board"], seed


# ----- rulings 22: one player's creates in reading order of their first cell


def test_ruling_22_creates_resolve_in_reading_order() -> None:
    """The issue's reproduction: WG@H8N and GW@H7S are one placement and give the same events
    (the foliage nook H6-H7 comes first and places seat 0's only gazebo)."""
    north = sandbox("aviary", 2, ["WG@H8N"], options={"gazebos": 1})
    south = sandbox("aviary", 2, ["GW@H7S"], options={"gazebos": 1})
    assert events(north, 1) == events(south, 1)
    assert of_type(north, 1, "create") == [{"type": "create", "player": 0,
                                            "cells": cells("H6 H7")}]


def test_ruling_22_second_cell_nook_first_when_it_starts_higher() -> None:
    """On the open field, WG@L8E puts water on L8 (joining the lone W squares K8 and L9) and
    foliage on M8 (joining the start square M7): the foliage nook starts on row 7, so it is
    created first although its colour is spelled second, in either spelling."""
    setup = ["WF@K8S", "WF@L9E"]
    for final in ("WG@L8E", "GW@M8W"):
        result = play("open_field", 2, [*setup, final])
        assert [e["cells"] for e in of_type(result, 3, "create")] == [
            cells("M7 M8"), cells("K8 L8 L9")]
        last = play("open_field", 2, [*setup, final], options={"gazebos": "1,24"})
        assert of_type(last, 3, "create") == [{"type": "create", "player": 0,
                                               "cells": cells("M7 M8")}]


# ----- rulings 23: the order in which a token's faults are reported


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("FX@Z9E", "bad notation"),  # also off the board
        ("FG@E1E", "off the board"),
        ("FG@B2E", "not an open cell"),  # B2 start square (occupied), C2 patio
        ("GF@C2W", "not an open cell"),
        ("FG@B2S", "not an open cell"),  # B2 start square, B3 vase
        ("FG@A4E", "not adjacent to terrain"),
    ],
)
def test_ruling_23_cell_faults_in_the_ruled_order(token: str, expected: str) -> None:
    assert reason("faults", 2, [token]) == (1, expected)


def test_ruling_23_big_nook_absorbed_reported_before_a_tie() -> None:
    """Seat 0's big b (5 squares) against seat 1's a (grown to 3) and c (2): 5 to 5. The join
    both ties and absorbs a big nook whose owner is not the strict majority; the big nook is
    reported."""
    moves = [B, A, B_BIG, A_GROWN, dumps(1)[0], C, JOIN]
    assert reason("absorb", 2, moves) == (7, "absorbs a big nook")


def test_ruling_23_occupied_cell_before_adjacency_and_absorb() -> None:
    """A token on a covered cell is `cell occupied`, whatever else it would do."""
    assert reason("absorb", 2, [A, A]) == (2, "cell occupied")
