"""Patios: claim, steal, fancy and raised patios (rulebook "Events" 4-5, Aviary and Botanical
gardens; rulings 8-10).

Boards ``claim`` / ``claim_fancy`` / ``claim_raised`` differ only in the patio kind at C3::

      A B C D E F ...
    1 . . . . . .
    2 . . . . . .
    3 w . P . g .        P = regular, F = fancy, R = raised
    4 . . f . . .        (the flower start square C4 touches the patio)
    5 . . . . . .
    6 # # # # # #
    7 w . . . . . ...    dump strip

Seat 0 is Blue and seat 1 Green unless a test says otherwise. Blue's water nook is
``WW@B3N`` (A3 B2 B3, touching C3 at B3); Green's foliage nook ``GG@D3N`` (D2 D3 E3, touching C3 at
D3); Green's flower nook ``FW@D4E`` (C4 D4, touching C3 at C4).
"""

from __future__ import annotations

import pytest

from .rules_helpers import (
    cells,
    dumps,
    events,
    gazebos_total,
    nook_with,
    of_type,
    patio,
    play,
    types,
)

BLUE_WATER = "WW@B3N"
GREEN_FOLIAGE = "GG@D3N"
GREEN_FLOWER = "FW@D4E"
GREEN_FOLIAGE_TO_FIVE = "GG@E2N"


# ----- claim


def test_example_green_creates_a_water_nook_and_claims_the_regular_patio() -> None:
    """Rulebook: "Green creates a water nook ... connects to an unoccupied regular patio ... she
    claims it by placing one gazebo onto it"."""
    result = play("claim", 2, [BLUE_WATER])
    assert events(result, 1) == [
        {"type": "create", "player": 0, "cells": cells("B2 A3 B3")},
        {"type": "claim", "player": 0, "cell": "C3"},
    ]
    assert result["patios"] == [{"cell": "C3", "kind": "regular", "owner": 0}]
    assert result["supply"] == [22, 24]


def test_rule_fancy_patio_is_claimed_with_a_double_gazebo() -> None:
    """Rulebook, Aviary Garden: "players place a double gazebo on a fancy patio"."""
    result = play("claim_fancy", 2, [BLUE_WATER])
    assert types(result, 1) == ["create", "claim"]
    assert result["patios"] == [{"cell": "C3", "kind": "fancy", "owner": 0}]
    assert result["supply"] == [21, 24]
    assert result["on_board"] == [3, 0]


def test_rule_patio_is_claimed_by_the_nook_owner_not_the_active_player() -> None:
    """Rulebook: "the nook or big nook of any player shares ... an edge with an unoccupied patio,
    the owner of the nook claims". Seat 1 extends seat 0's foliage nook to the patio."""
    result = play("claim", 2, [GREEN_FOLIAGE_TO_FIVE, "GW@D3S"])
    assert events(result, 2) == [
        {"type": "expand", "player": 0, "cells": cells("E1 E2 D3 E3")},
        {"type": "claim", "player": 0, "cell": "C3"},
    ]
    assert patio(result, "C3")["owner"] == 0
    assert result["supply"] == [22, 24]


def test_rule_nook_touching_a_patio_only_at_a_corner_does_not_claim_it() -> None:
    """Rulebook: "shares at least one edge with an unoccupied patio"; D2 is diagonal to C3."""
    result = play("claim", 2, ["GG@E2W"])
    assert events(result, 1) == [{"type": "create", "player": 0, "cells": cells("D2 E2 E3")}]
    assert patio(result, "C3")["owner"] is None


def test_ruling_8_lone_squares_count_nothing_at_a_patio() -> None:
    """Rulings 8: lone squares count nothing. After FG@D3S the lone F (D3) and the lone flower
    start square C4 both touch the patio, and no one claims it."""
    result = play("claim", 2, ["FG@D3S"])
    assert events(result, 1) == []
    assert patio(result, "C3")["owner"] is None


def test_rule_tied_claim_leaves_the_patio_free() -> None:
    """Rulebook general rule: tied for the most gazebos -> not claimed. Seat 1's GF domino extends
    seat 0's foliage nook to the patio (D3) and creates seat 1's flower nook on it (C4 D4)."""
    result = play("claim", 2, [GREEN_FOLIAGE_TO_FIVE, "GF@D3S"])
    assert sorted(types(result, 2)) == ["create", "expand"]
    assert patio(result, "C3")["owner"] is None
    assert of_type(result, 2, "claim") == []


# ----- steal

STEAL_SETUP = [BLUE_WATER, GREEN_FOLIAGE, dumps(1)[0]]


def test_rule_tied_majority_does_not_steal() -> None:
    """Rulebook: while two players tie for the most bordering gazebos, nothing changes hands."""
    result = play("claim", 2, STEAL_SETUP[:2])
    assert types(result, 2) == ["create"]
    assert patio(result, "C3")["owner"] == 0


def test_example_green_creates_a_flower_nook_and_steals_the_patio() -> None:
    """Rulebook: "more Green gazebos (two) border the patio than Blue gazebos (one). Green steals
    the patio." The owner's gazebo returns, the thief places the same number."""
    result = play("claim", 2, [*STEAL_SETUP, GREEN_FLOWER])
    assert events(result, 4) == [
        {"type": "create", "player": 1, "cells": cells("C4 D4")},
        {"type": "steal", "player": 1, "cell": "C3", "from": 0},
    ]
    assert patio(result, "C3")["owner"] == 1
    assert result["supply"] == [23, 21]
    assert result["on_board"] == [1, 3]


def test_example_green_big_nook_double_gazebo_steals_the_patio() -> None:
    """Rulebook: "Due to the newly formed double gazebo, Green now has more gazebos (two) bordering
    the patio than Blue does (one). Green steals the patio." (Double gazebo counts two.)"""
    result = play("claim", 2, [*STEAL_SETUP, GREEN_FOLIAGE_TO_FIVE])
    foliage = cells("E1 D2 E2 D3 E3")
    assert events(result, 4) == [
        {"type": "expand", "player": 1, "cells": foliage},
        {"type": "big", "player": 1, "cells": foliage},
        {"type": "steal", "player": 1, "cell": "C3", "from": 0},
    ]
    assert result["supply"] == [23, 21]


def test_rule_gazebos_on_the_patio_do_not_count_for_the_majority() -> None:
    """Rulebook: "The gazebo on the patio itself does not count." Blue holds the fancy patio with a
    double gazebo and one bordering nook (count 1); Green's two nooks (count 2) steal it, and Green
    places two gazebos for the two returned."""
    result = play("claim_fancy", 2, [*STEAL_SETUP, GREEN_FLOWER])
    assert of_type(result, 4, "steal") == [
        {"type": "steal", "player": 1, "cell": "C3", "from": 0}
    ]
    assert result["supply"] == [23, 20]
    assert result["on_board"] == [1, 4]
    assert gazebos_total(result) == [24, 24]


def test_ruling_8_a_nook_touching_a_patio_twice_counts_once() -> None:
    """Rulings 8: gazebos on the *distinct* nooks that share an edge. Blue's water nook touches C3
    at B3 and at C2 (one nook, count 1); Green's two nooks (count 2) steal."""
    moves = [BLUE_WATER, GREEN_FOLIAGE, "WF@C2N", GREEN_FLOWER]
    result = play("claim", 2, moves)
    assert nook_with(result, "C2")["cells"] == cells("B2 C2 A3 B3")
    assert of_type(result, 4, "steal") == [
        {"type": "steal", "player": 1, "cell": "C3", "from": 0}
    ]


def test_ruling_9_owner_keeps_the_patio_when_challengers_tie() -> None:
    """Rulings 9 with three players: Blue (seat 0) owns the patio with count 1; one GF domino
    turns Purple's foliage nook and Green's flower nook big at once (count 2 each). The highest
    count is tied, so Blue keeps the patio."""
    moves = [
        BLUE_WATER,  # 1 Blue claims (count 1)
        "FF@D4S",  # 2 Green: flower nook C4 D4 D5 (count 1)
        GREEN_FOLIAGE,  # 3 Purple: foliage nook D2 D3 E3 (count 1)
        dumps(1)[0],  # 4 Blue
        "FW@C5W",  # 5 Green: flower nook of 4
        "GW@E2N",  # 6 Purple: foliage nook of 4
        dumps(2)[1],  # 7 Blue
        "GF@E4S",  # 8 Green: E4 makes Purple's nook big, E5 makes Green's nook big
    ]
    result = play("claim", 3, moves)
    purple, green = nook_with(result, "E4"), nook_with(result, "E5")
    assert (purple["owner"], purple["big"]) == (2, True)
    assert (green["owner"], green["big"]) == (1, True)
    assert of_type(result, 8, "steal") == []
    assert patio(result, "C3")["owner"] == 0


# ----- raised patios (Botanical Garden, rulings 10)


def test_rule_raised_patio_is_not_claimed_with_one_gazebo() -> None:
    """Rulebook: "you must have at least two of your gazebos connected to claim it"."""
    result = play("claim_raised", 2, [BLUE_WATER])
    assert types(result, 1) == ["create"]
    assert result["patios"] == [{"cell": "C3", "kind": "raised", "owner": None}]


def test_rule_raised_patio_is_claimed_by_two_nooks_with_one_gazebo_each() -> None:
    result = play("claim_raised", 2, [BLUE_WATER, dumps(1)[0], GREEN_FOLIAGE])
    assert events(result, 3)[-1] == {"type": "claim", "player": 0, "cell": "C3"}
    assert patio(result, "C3")["owner"] == 0
    assert result["supply"] == [21, 24], "a raised patio takes one gazebo, like a regular one"


def test_rule_raised_patio_is_claimed_by_one_big_nook() -> None:
    result = play("claim_raised", 2, [GREEN_FOLIAGE, dumps(1)[0], GREEN_FOLIAGE_TO_FIVE])
    assert types(result, 1) == ["create"]
    assert types(result, 3) == ["expand", "big", "claim"]
    assert patio(result, "C3")["owner"] == 0


RAISED_KEEP = [
    "WF@B3N",  # 1 Blue: water nook A3 B3 touches R (count 1: no claim)
    dumps(1)[0],  # 2 Green
    GREEN_FOLIAGE,  # 3 Purple: foliage nook D2 D3 E3 (count 1)
    GREEN_FLOWER,  # 4 Blue: flower nook C4 D4 -> count 2 > 1: Blue claims R
    "WW@C5W",  # 5 Green: water nook B5 C5
    GREEN_FOLIAGE_TO_FIVE,  # 6 Purple: big nook, count 2 = Blue's 2: no steal
    dumps(2)[1],  # 7 Blue
    "WG@D5E",  # 8 Green: water nook B5 C5 D5
    dumps(3)[2],  # 9 Purple
    dumps(4)[3],  # 10 Blue
    "WG@B4W",  # 11 Green absorbs Blue's A3 B3 (3 > 2): Green 2, Purple 2, Blue 1 at R
]


def test_rule_raised_patio_owner_keeps_it_after_losing_a_connected_gazebo() -> None:
    """Rulebook, Botanical: "Even if you later lose one of your connected gazebos, you keep
    ownership of the raised patio -- until another player steals it in the usual way"."""
    result = play("claim_raised", 3, RAISED_KEEP)
    assert of_type(result, 4, "claim") == [{"type": "claim", "player": 0, "cell": "C3"}]
    assert of_type(result, 6, "steal") == []
    absorb = of_type(result, 11, "absorb")
    assert [(e["player"], e["from"]) for e in absorb] == [(1, [0])]
    assert of_type(result, 11, "steal") == []
    assert patio(result, "C3")["owner"] == 0


@pytest.mark.parametrize("needs_two", [False, True])
def test_ruling_10_raised_patio_is_stolen_in_the_usual_way(needs_two: bool) -> None:
    """Rulings 10: stealing a raised patio follows rulings 9. After move 6 (Blue 2, Purple 2),
    Purple's new water nook on C2 makes Purple 3 > 2. The option `raised_steal_needs_two` cannot
    change a steal by a count of 2+, so both settings steal."""
    moves = [*RAISED_KEEP[:6], dumps(2)[1], dumps(3)[2], "WW@C2N"]
    options = {"raised_steal_needs_two": needs_two}
    result = play("claim_raised", 3, moves, options=options)
    assert of_type(result, 9, "steal") == [
        {"type": "steal", "player": 2, "cell": "C3", "from": 0}
    ]


# ----- reading order (rulings 8)


def test_ruling_8_patios_are_evaluated_in_reading_order() -> None:
    """Board ``two_patios``: the water nook B2 B3 touches B1 (row 1) and A2 (row 2); the claims come
    in reading order, B1 first, though A2 is further left."""
    result = play("two_patios", 2, ["WF@B3S"])
    assert of_type(result, 1, "claim") == [
        {"type": "claim", "player": 0, "cell": "B1"},
        {"type": "claim", "player": 0, "cell": "A2"},
    ]
    assert [p["cell"] for p in result["patios"]] == ["B1", "A2"]
