"""Absorbing nooks (rulebook "Events" 6 and its four examples; rulings 6 and 14).

Board ``absorb`` (``absorb_fancy`` adds a fancy patio on E1)::

      A B C D E F G H ...
    1 . . . f . . . .        nook a: FW@D2W  -> D1 D2       (flower start D1)
    2 . . . . . . . .        nook b: FF@B3E  -> A3 B3 C3    (flower start A3)
    3 f . . . . f . .                FF@A4E  -> + A4 B4 (big)
    4 . . . . . . . .        nook c: FG@E3S  -> E3 F3       (flower start F3)
    5 . . . . . . . .        join:   FW@D3S  (D3 touches D2, C3 and E3)
    6 # # # # # # # #
    7 w . . . . . . . ...    dump strip
"""

from __future__ import annotations

import pytest

from gardensim.games.gazebo.rules.replay import ReplayError

from .rules_helpers import cells, dumps, events, gazebos_total, nook_with, of_type, patio, play

A = "FW@D2W"
B = "FF@B3E"
B_BIG = "FF@A4E"
C = "FG@E3S"
JOIN = "FW@D3S"


def absorb_events(result: dict, move: int) -> list[tuple[int, list[str], list[int]]]:
    return [(e["player"], e["cells"], e["from"]) for e in of_type(result, move, "absorb")]


def assert_illegal(board: str, players: int, moves: list[str], reason: str) -> None:
    with pytest.raises(ReplayError) as info:
        play(board, players, moves)
    assert (info.value.index, info.value.move, info.value.reason) == (len(moves), moves[-1], reason)


# ----- the four rulebook examples


def test_example_green_absorbs_blue_nook_and_steals_the_fancy_patio() -> None:
    """Rulebook: "Green joins her flower nook (b) with Blue's flower nook (a). Since Green's nook is
    larger, she seizes the newly formed flower big nook and also steals the adjacent fancy patio."
    Blue (seat 0) holds the fancy patio E1 with nook a; Green (seat 1) brings 3 squares to 2."""
    result = play("absorb_fancy", 2, [A, B, dumps(1)[0], JOIN])
    assert of_type(result, 1, "claim") == [{"type": "claim", "player": 0, "cell": "E1"}]
    merged = cells("D1 D2 A3 B3 C3 D3")
    assert events(result, 4) == [
        {"type": "absorb", "player": 1, "cells": merged, "from": [0]},
        {"type": "big", "player": 1, "cells": merged},
        {"type": "steal", "player": 1, "cell": "E1", "from": 0},
    ]
    assert nook_with(result, "D3") == {"color": "F", "cells": merged, "owner": 1, "big": True}
    assert patio(result, "E1")["owner"] == 1
    assert result["supply"] == [24, 20]
    assert result["on_board"] == [0, 4]


EXAMPLE_2 = [A, B, dumps(1)[0], B_BIG, dumps(2)[1], C, dumps(3)[2], JOIN]


def test_example_green_big_nook_and_second_nook_absorb_blue_nook() -> None:
    """Rulebook: "Green joins her flower big nook (b) and her flower nook (c) with Blue's flower
    nook (a). Green brings seven squares ... Blue only brings two ... Green must also remove her
    gazebo from her other nook (c)." The big nook keeps its double: no `big` event (contract)."""
    result = play("absorb", 2, EXAMPLE_2)
    merged = cells("D1 D2 A3 B3 C3 D3 E3 F3 A4 B4")
    assert events(result, 8) == [{"type": "absorb", "player": 1, "cells": merged, "from": [0]}]
    assert result["nooks"] == [{"color": "F", "cells": merged, "owner": 1, "big": True}]
    assert result["supply"] == [24, 22]
    assert result["on_board"] == [0, 2]


def test_example_purple_absorbs_blue_and_green_nooks_with_three_squares_to_two_and_two() -> None:
    """Rulebook: "Purple brings three squares ... Blue and Green only bring two each. Purple takes
    control ... Blue and Green must remove their gazebos and Purple stacks a second gazebo." Also
    rulebook: with three or four players a tie below the leader does not forbid the absorb."""
    moves = [A, C, B, dumps(1)[0], dumps(2)[1], JOIN]
    result = play("absorb", 3, moves)
    merged = cells("D1 D2 A3 B3 C3 D3 E3 F3")
    assert events(result, 6) == [
        {"type": "absorb", "player": 2, "cells": merged, "from": [0, 1]},
        {"type": "big", "player": 2, "cells": merged},
    ]
    assert result["supply"] == [19, 19, 17]
    assert result["on_board"] == [0, 0, 2]


def test_example_green_may_not_join_two_nooks_of_two_squares_each() -> None:
    """Rulebook: "Green is not allowed to join nooks a and b since Green and Blue would bring two
    terrain squares each" -> illegal placement `absorb tie` (rulings 6)."""
    assert_illegal("absorb", 2, [A, C, dumps(1)[0], JOIN], "absorb tie")


# ----- rulings 6


def test_ruling_6_weights_of_one_players_nooks_add_up() -> None:
    """Rulings 6: several nooks of one player add up. Blue's a (2) and c (2) beat Green's b (3),
    and the majority player wins the absorb even when another player places the domino. Blue's
    two gazebos become the merged big nook's double (rulings 20), so no `big` event follows."""
    result = play("absorb", 2, [A, B, C, JOIN])
    merged = cells("D1 D2 A3 B3 C3 D3 E3 F3")
    assert absorb_events(result, 4) == [(0, merged, [1])]
    assert of_type(result, 4, "big") == []
    assert result["supply"] == [22, 24]


def test_ruling_6_domino_squares_do_not_count_for_the_majority() -> None:
    """An FF joining domino adds two flower squares, but a (Blue, 2) against c (Green, 2) is
    still a tie."""
    assert_illegal("absorb", 2, [A, C, dumps(1)[0], "FF@D3S"], "absorb tie")


def test_ruling_6_previously_lone_squares_do_not_count_for_the_majority() -> None:
    """Green first lays a lone flower square on C3 (FW@C3W); the join then merges a (2), c (2)
    and that lone square: still a tie, the lone square belongs to no one."""
    moves = [A, C, dumps(1)[0], "FW@C3W", dumps(2)[1], JOIN]
    assert_illegal("absorb", 2, moves, "absorb tie")


def test_ruling_6_lone_squares_touched_by_the_join_become_part_of_the_merged_nook() -> None:
    """Rulings 5-6: the lone F that seat 1 laid on C3 joins the merged nook, though it weighs
    nothing."""
    result = play("absorb", 2, [A, dumps(1)[0], C, "FW@C3W", JOIN])
    merged = cells("D1 D2 C3 D3 E3 F3")
    assert absorb_events(result, 5) == [(0, merged, [])]
    assert nook_with(result, "C3") == {"color": "F", "cells": merged, "owner": 0, "big": True}


def test_ruling_6_joining_only_own_nooks_leaves_one_double_gazebo() -> None:
    """Rulings 6 and 20: Blue joins her own a and c into a big nook; her two gazebos stay on it
    as its double (netted, none returned and placed again), so no `big` event follows."""
    result = play("absorb", 2, [A, dumps(1)[0], C, dumps(2)[1], JOIN])
    merged = cells("D1 D2 D3 E3 F3")
    assert absorb_events(result, 5) == [(0, merged, [])]
    assert of_type(result, 5, "big") == []
    assert result["supply"] == [22, 24]
    assert result["on_board"] == [2, 0]


def test_ruling_6_absorbed_gazebos_return_to_their_owners() -> None:
    result = play("absorb", 3, [A, C, B, dumps(1)[0], dumps(2)[1], JOIN])
    assert gazebos_total(result) == [19, 19, 19]


def test_ruling_6_one_illegal_absorb_makes_the_whole_placement_illegal() -> None:
    """Rulings 6: "A placement that would make any absorb illegal is an illegal placement". Board
    ``double_join``: the FG domino on C2 C3 joins Blue's B1 C1 with Green's D2 E1 E2 (3 > 2, fine)
    and Blue's A3 B3 with Green's D3 E3 (2 = 2, a tie)."""
    moves = ["FW@B1S", "FF@E2W", "GW@B3S", "GW@D3S", "FG@C2S"]
    assert_illegal("double_join", 2, moves, "absorb tie")


def test_ruling_6_the_flower_join_alone_is_legal() -> None:
    """Control for the test above: the same flower join with a water square below is legal."""
    moves = ["FW@B1S", "FF@E2W", "GW@B3S", "GW@D3S", "FW@C2S"]
    result = play("double_join", 2, moves)
    assert absorb_events(result, 5) == [(1, cells("B1 C1 E1 C2 D2 E2"), [0])]


# ----- big nooks are safe (rulebook "Also important", rulings 6)

BLUE_BIG = [B, A, B_BIG]  # seats 0, 1, 0: Blue owns the big nook b, Green owns a


def test_rule_big_nook_may_absorb_small_nooks_of_another_player() -> None:
    """"A single big nook may still absorb small nooks": Blue's big b (5) beats Green's a and c
    (2 + 2) though Green places the domino; Blue's double stays, no second `big`."""
    result = play("absorb", 2, [*BLUE_BIG, C, dumps(1)[0], JOIN])
    assert absorb_events(result, 6) == [(0, cells("D1 D2 A3 B3 C3 D3 E3 F3 A4 B4"), [1])]
    assert of_type(result, 6, "big") == []
    assert result["supply"] == [22, 24]


def test_rule_big_nook_can_never_be_absorbed() -> None:
    """"Big nooks are safe! They can never be absorbed." Green's a grows to four (FF@C1W) and
    with c brings 6 squares against Blue's big 5: still illegal, `absorbs a big nook`."""
    moves = [*BLUE_BIG, "FF@C1W", dumps(1)[0], C, dumps(2)[1], JOIN]
    assert_illegal("absorb", 2, moves, "absorbs a big nook")


def test_rule_two_big_nooks_may_not_be_joined_even_of_one_owner() -> None:
    """"You are not allowed to join two or more big nooks": Blue's big b (west) and Blue's big
    F3 G3 H3 F4 F5 (east) would meet through D3 E3."""
    moves = [
        B, dumps(1)[0], B_BIG, dumps(2)[1], "FF@G3E", dumps(3)[2], "FF@F4S", "FF@D3E",
    ]
    assert_illegal("absorb", 2, moves, "joins two big nooks")


def test_rule_big_nooks_of_different_colours_may_border_each_other() -> None:
    """"Big nooks of different colors can of course border each other": the flower big nook b and
    a foliage big nook below it stay two nooks."""
    moves = [
        B, dumps(1)[0], B_BIG, dumps(2)[1], "GG@A5E", dumps(3)[2], "GG@C4S", dumps(4)[3], "GG@D4S",
    ]
    result = play("absorb", 2, moves)
    assert result["nooks"] == [
        {"color": "F", "cells": cells("A3 B3 C3 A4 B4"), "owner": 0, "big": True},
        {"color": "G", "cells": cells("C4 D4 A5 B5 C5 D5"), "owner": 0, "big": True},
    ]


# ----- rulings 14: order of resolution


def test_ruling_14_absorb_resolves_before_create_and_the_double_after_both() -> None:
    """Rulings 14: absorbs, creates, expands, big-nook doubles. Seat 0's FG joins its nook b
    (3 squares) with a and c (2 each, seats 1 and 2) (F on D3) and makes a foliage nook with
    the lone G on E4 (G on D4); seat 0 had one gazebo on the merged nooks, so its double comes
    last (rulings 20)."""
    result = play("absorb", 3, [B, A, C, "FG@D3S"])
    assert [e["type"] for e in events(result, 4)] == ["absorb", "create", "big"]
    assert of_type(result, 4, "create")[0]["cells"] == cells("D4 E4")


def test_ruling_14_absorb_returns_gazebos_before_the_double_is_placed() -> None:
    """With 3 gazebos Blue builds a and c (1 left) and joins them: her two gazebos stay as the
    merged nook's double (rulings 20), so she still has 1 left and has not won. Had a double
    been owed first, she would have placed her last gazebo."""
    moves = [A, dumps(1)[0], C, dumps(2)[1], JOIN]
    result = play("absorb", 2, moves, options={"gazebos": 3})
    assert result["over"] is False
    assert result["supply"] == [1, 3]
