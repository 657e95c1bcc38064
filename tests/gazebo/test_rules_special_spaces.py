"""Vases (Butterfly), pedestals (Jungle) and zen spaces (Aviary) in the replay sandbox
(rulebook "The Gardens of Gazebo", rulings 12-13). Draws from the reserve are tested on full
games in test_rules_setup_drawing.py.

Board ``vase``::                      Board ``special``::

      A B C D E F G ...                  A B C D E F ...
    1 . . . . . . .                    1 . . . . . .
    2 . f . V . . .                    2 . f E E . .      E = pedestal
    3 . . . . . . .                    3 . . . . . .
    4 f . . . . . V                    4 . g Z Z . .      Z = zen
    5 . . . . . . .                    5 . . . . . .
    6 # # # # # # #                    6 # # # # # #
    7 w . . . . . . ...  dump strip    7 w . . . . . ...
"""

from __future__ import annotations

from .rules_helpers import cells, dumps, events, of_type, play

VASE_NOOK = "FF@C2S"  # flower nook B2 C2 C3, touching the vase D2 at C2


def players(result: dict) -> list[int]:
    return [m["player"] for m in result["moves"]]


def vases(result: dict, move: int) -> list[tuple[int, str]]:
    return sorted((e["player"], e["cell"]) for e in of_type(result, move, "vase"))


# ----- vases


def test_rule_creating_a_nook_next_to_a_vase_grants_a_second_domino() -> None:
    """Rulebook: "A vase allows you to play a second domino on your turn"; triggered "if you
    create a nook that borders the vase"."""
    result = play("vase", 2, [VASE_NOOK, dumps(1)[0], dumps(2)[1]])
    assert vases(result, 1) == [(0, "D2")]
    assert players(result) == [0, 0, 1]
    assert result["to_move"] == 0


def test_rule_the_second_domino_may_be_declined() -> None:
    """Rulings 13: the extra domino is optional; the token `-` declines it (contract)."""
    result = play("vase", 2, [VASE_NOOK, "-"])
    assert result["to_move"] == 1


def test_rule_never_more_than_two_dominoes_in_a_turn() -> None:
    """Rulebook: "You can never play more than two dominoes on your turn -- even if you trigger a
    vase feature again." The second domino creates a new water nook on the same vase."""
    result = play("vase", 2, [VASE_NOOK, "WW@D3E", dumps(1)[0]])
    assert players(result) == [0, 0, 1]
    assert result["to_move"] == 0


def test_rule_connecting_an_existing_nook_to_a_vase_for_the_first_time_triggers_it() -> None:
    """Rulebook: "or if you connect one of your existing nooks to the vase for the first time"."""
    result = play("vase", 2, ["FF@B3S", dumps(1)[0], "FW@C2N", dumps(2)[1]])
    assert vases(result, 1) == []
    assert of_type(result, 3, "expand")[0]["cells"] == cells("C2 B2 B3 A4 B4")
    assert vases(result, 3) == [(0, "D2")]
    assert players(result) == [0, 1, 0, 0]


def test_rule_a_nook_already_touching_the_vase_does_not_trigger_it_again() -> None:
    """Rulebook: "the vase feature is triggered each time a nook makes its first connection with
    that vase" -- growing along it is no new connection."""
    result = play("vase", 2, [VASE_NOOK, "-", dumps(1)[0], "FW@C1E"])
    assert of_type(result, 4, "expand") != []
    assert vases(result, 4) == []
    assert result["to_move"] == 1


def test_rule_each_of_several_nooks_connecting_to_one_vase_triggers_it() -> None:
    """Rulebook: "You can connect several of your nooks to the same vase, each time triggering the
    vase feature." A later water nook on the vase D2 triggers it again."""
    result = play("vase", 2, [VASE_NOOK, "-", dumps(1)[0], "WW@D3E", dumps(2)[1]])
    assert vases(result, 4) == [(0, "D2")]
    assert players(result)[3:] == [0, 0]


def test_rule_one_nook_touching_two_vases_triggers_each_but_one_extra_domino() -> None:
    """Rulebook: "a single nook can connect to more than one vase, and the vase feature is
    triggered at each vase"; still never more than two dominoes. Board ``vase_pair``: C2 lies
    between the vases C1 and C3."""
    result = play("vase_pair", 2, ["FF@B2E", dumps(1, row=5)[0], dumps(2, row=5)[1]])
    assert vases(result, 1) == [(0, "C1"), (0, "C3")]
    assert players(result) == [0, 0, 1]


def test_rule_absorbing_an_opponents_nook_on_a_vase_triggers_it() -> None:
    """Rulebook: "If you absorb an opponent's nook that is already connected to a vase (to which
    your own absorbing nook was not connected), this also triggers the vase feature". Blue's B2 C2
    touches D2; Green's A4 A5 B5 (3) absorbs it through B3 B4."""
    moves = ["FW@C2S", "-", "FF@A5E", dumps(1)[0], "FF@B3S", dumps(2)[1]]
    result = play("vase", 2, moves)
    assert vases(result, 1) == [(0, "D2")]
    assert [e["player"] for e in of_type(result, 5, "absorb")] == [1]
    assert vases(result, 5) == [(1, "D2")]
    assert players(result)[4:] == [1, 1]


def test_rule_connecting_an_opponents_nook_to_a_vase_triggers_nothing() -> None:
    """Rulebook: "If your domino placement happens to connect an opponent's nook to a vase ... the
    vase feature is not triggered for your opponent" (nor for you: rulings 13)."""
    result = play("vase", 2, ["FW@B1E", "FW@C2S", dumps(1)[0]])
    assert of_type(result, 2, "expand")[0]["player"] == 0
    assert vases(result, 2) == []
    assert players(result) == [0, 1, 0]
    assert result["to_move"] == 1


def test_ruling_13_absorbing_a_nook_on_a_vase_your_nook_already_touched_triggers_nothing() -> None:
    """Rulings 13: only a vase that none of the active player's own pre-placement nooks bordered
    triggers. Green's D3 E3 E1 E2 already borders D2 when it absorbs Blue's B2 C2 (also on D2)."""
    moves = ["FW@C2S", "-", "FF@D3E", "-", dumps(1)[0], "FF@E2N", dumps(2)[1], "FF@C1E"]
    result = play("vase", 2, moves)
    assert vases(result, 3) == [(1, "D2")]
    assert vases(result, 6) == []
    assert [(e["player"], e["from"]) for e in of_type(result, 8, "absorb")] == [(1, [0])]
    assert vases(result, 8) == []
    assert result["to_move"] == 0


def test_ruling_13_a_nook_connected_for_its_owner_by_an_opponent_never_triggers_later() -> None:
    """Rulings 13: seat 1 connected seat 0's nook to the vase; when seat 0 grows that nook, its
    pre-placement nook already bordered the vase, so nothing triggers."""
    result = play("vase", 2, ["FW@B1E", "FW@C2S", "FW@A2S"])
    assert of_type(result, 3, "expand")[0]["player"] == 0
    assert vases(result, 3) == []
    assert result["to_move"] == 1


def test_ruling_13_an_absorb_won_by_another_player_triggers_nothing() -> None:
    """Rulings 13: the vase triggers for the active player's own nooks only. Green (seat 1) joins
    her B2 C2 (on the vase D2) to Blue's A4 A5 B5 (3 > 2): Blue wins the nook but is not active,
    Green no longer owns it: no vase, no extra domino."""
    moves = ["FF@A5E", "FW@C2S", "-", dumps(1)[0], "FF@B3S"]
    result = play("vase", 2, moves)
    assert vases(result, 2) == [(1, "D2")]
    assert [(e["player"], e["from"]) for e in of_type(result, 5, "absorb")] == [(0, [1])]
    assert vases(result, 5) == []
    assert result["to_move"] == 0


def test_ruling_14_patios_come_before_zen_and_zen_before_vase() -> None:
    """Contract event order: creates, ..., patios, then zen, pedestal, vase. Board ``zen_vase``:
    FF on C2 (zen) C3 makes the nook B2 C2 C3, which borders the patio C1 and the vase D2."""
    result = play("zen_vase", 2, ["FF@C2S"])
    assert events(result, 1) == [
        {"type": "create", "player": 0, "cells": cells("B2 C2 C3")},
        {"type": "claim", "player": 0, "cell": "C1"},
        {"type": "zen", "player": 0, "cell": "C2"},
        {"type": "vase", "player": 0, "cell": "D2"},
    ]


# ----- pedestals (Jungle)


def test_rule_covering_a_pedestal_grants_a_second_domino() -> None:
    """Rulebook, Jungle: "If you place your domino on a pedestal space, you trigger a vase
    feature" -- with no nook at all."""
    result = play("special", 2, ["WG@C2S", dumps(1)[0], dumps(2)[1]])
    assert events(result, 1) == [{"type": "pedestal", "player": 0, "cell": "C2"}]
    assert players(result) == [0, 0, 1]


def test_rule_covering_two_pedestals_still_grants_only_one_extra_domino() -> None:
    result = play("special", 2, ["WG@C2E", dumps(1)[0], dumps(2)[1]])
    assert sorted(e["cell"] for e in of_type(result, 1, "pedestal")) == ["C2", "D2"]
    assert players(result) == [0, 0, 1]


def test_rule_pedestal_on_the_second_domino_grants_no_third() -> None:
    result = play("special", 2, ["WG@C2S", "WF@D2N", dumps(1)[0]])
    assert of_type(result, 2, "pedestal") == [{"type": "pedestal", "player": 0, "cell": "D2"}]
    assert players(result) == [0, 0, 1]


def test_ruling_14_zen_is_recorded_before_pedestal() -> None:
    """Contract event order: ... patios, then zen, pedestal, vase. Board ``game_special``: zen C2
    beside pedestal D2."""
    result = play("game_special", 2, ["WG@C2E"])
    assert events(result, 1) == [
        {"type": "zen", "player": 0, "cell": "C2"},
        {"type": "pedestal", "player": 0, "cell": "D2"},
    ]
    assert result["to_move"] == 0


# ----- zen spaces (Aviary)


def test_rule_covering_a_zen_space_is_recorded_and_grants_no_extra_domino() -> None:
    """Rulebook: a zen space lets you draw from the reserve; it gives no second domino."""
    result = play("special", 2, ["WF@C4S", dumps(1)[0]])
    assert events(result, 1) == [{"type": "zen", "player": 0, "cell": "C4"}]
    assert players(result) == [0, 1]


def test_rule_one_domino_may_cover_two_zen_spaces() -> None:
    """Rulebook: "If you cover two Zen spaces in one turn, you may draw up to two dominoes from
    the reserve" (rulings 12: one credit per zen space covered)."""
    result = play("special", 2, ["WF@C4E"])
    zens = sorted((e["player"], e["cell"]) for e in of_type(result, 1, "zen"))
    assert zens == [(0, "C4"), (0, "D4")]
    assert result["to_move"] == 1
