"""Nooks: create, expand and big nooks (rulebook "Events" 1-3, rulings 2, 4, 5, 7).

Board ``purple``::            Board ``expand`` (row 7 is the dump strip)::

      A B C D E F                   A B C D E F ...
    1 . . . . . .                 1 . . . . . .
    2 . g f . . .                 2 . g f . . .
    3 . . . . . .                 3 . . . . . .
    4 . . . . . .                 4 . . . g . .
                                  5 . . . . . .
"""

from __future__ import annotations

from .rules_helpers import cells, dumps, events, gazebos_total, nook_with, of_type, play, types


def nook(colour: str, spec: str, owner: int, big: bool = False) -> dict[str, object]:
    return {"color": colour, "cells": cells(spec), "owner": owner, "big": big}


# ----- rulebook example: "Purple creates two new nooks (one foliage, one flower)"


def test_example_purple_creates_two_nooks_with_one_domino() -> None:
    """One GF domino: G beside the lone foliage square, F beside the lone flower square. Purple
    places one gazebo onto each new nook."""
    result = play("purple", 2, ["GF@B3E"])
    assert sorted(types(result, 1)) == ["create", "create"]
    assert {(e["player"], tuple(e["cells"])) for e in events(result, 1)} == {
        (0, tuple(cells("B2 B3"))),
        (0, tuple(cells("C2 C3"))),
    }
    assert result["nooks"] == [nook("G", "B2 B3", 0), nook("F", "C2 C3", 0)]
    assert result["supply"] == [22, 24]
    assert result["on_board"] == [2, 0]


def test_example_purple_creates_two_nooks_from_squares_another_player_laid() -> None:
    """Rulings 2/5: lone squares have no owner, so whoever makes them a nook creates it. Seat 0
    lays lone G (D2) and F (E2); seat 1 (Purple) completes both nooks."""
    result = play("purple", 2, ["GF@D2E", "GF@D3E"])
    assert events(result, 1) == []
    assert {(e["type"], e["player"], tuple(e["cells"])) for e in events(result, 2)} == {
        ("create", 1, tuple(cells("D2 D3"))),
        ("create", 1, tuple(cells("E2 E3"))),
    }
    assert result["supply"] == [24, 22]


def test_example_purple_all_foliage_domino_creates_a_three_square_nook_with_one_gazebo() -> None:
    result = play("purple", 2, ["GG@B3S"])
    assert events(result, 1) == [{"type": "create", "player": 0, "cells": cells("B2 B3 B4")}]
    assert result["nooks"] == [nook("G", "B2 B3 B4", 0)]
    assert result["supply"] == [23, 24]


def test_rule_domino_may_form_neither_nook_nor_expansion() -> None:
    """Rulebook note: "only two single terrain squares form"; nothing happens."""
    result = play("purple", 2, ["FW@B3S"])
    assert events(result, 1) == []
    assert result["nooks"] == []
    assert result["supply"] == [24, 24]


def test_ruling_4_a_single_coloured_domino_alone_is_a_nook() -> None:
    """Rulings 4: every same-colour group of 2+ squares is a nook, the domino's own two too."""
    result = play("purple", 2, ["WW@D2E"])
    assert events(result, 1) == [{"type": "create", "player": 0, "cells": cells("D2 E2")}]
    assert result["nooks"] == [nook("W", "D2 E2", 0)]


# ----- rulebook example: "Green expands her foliage nook to four squares and her flower nook
#       to three squares"; then "Green's foliage nook is made up of five squares"

GREEN_BUILDS = ["GG@B3S", dumps(1)[0], "FW@C3E", dumps(2)[1]]
GREEN_EXPANDS = "GF@B1E"
GREEN_BIG = "GW@A2S"
GREEN_GROWS = "GG@A4S"


def test_example_green_expands_foliage_to_four_and_flower_to_three() -> None:
    result = play("expand", 2, [*GREEN_BUILDS, GREEN_EXPANDS])
    assert sorted((e["type"], e["player"], tuple(e["cells"])) for e in events(result, 5)) == sorted(
        [
            ("expand", 0, tuple(cells("B1 B2 B3 B4"))),
            ("expand", 0, tuple(cells("C1 C2 C3"))),
        ]
    )
    assert result["nooks"] == [nook("G", "B1 B2 B3 B4", 0), nook("F", "C1 C2 C3", 0)]
    assert result["supply"] == [22, 24], "an expansion costs no gazebo"


def test_example_green_foliage_nook_of_five_squares_becomes_big() -> None:
    """Rulebook: at five squares the owner stacks a second gazebo (event `big`)."""
    moves = [*GREEN_BUILDS, GREEN_EXPANDS, dumps(3)[2], GREEN_BIG]
    result = play("expand", 2, moves)
    foliage = cells("B1 A2 B2 B3 B4")
    assert events(result, 7) == [
        {"type": "expand", "player": 0, "cells": foliage},
        {"type": "big", "player": 0, "cells": foliage},
    ]
    assert nook_with(result, "A2") == nook("G", "B1 A2 B2 B3 B4", 0, big=True)
    assert result["supply"] == [21, 24]
    assert result["on_board"] == [3, 0]


def test_rule_big_nook_grows_with_only_one_double_gazebo() -> None:
    """Rulebook: "Big nooks can grow to any size but will only ever have one double gazebo"."""
    moves = [*GREEN_BUILDS, GREEN_EXPANDS, dumps(3)[2], GREEN_BIG, dumps(4)[3], GREEN_GROWS]
    result = play("expand", 2, moves)
    assert types(result, 9) == ["expand"]
    assert nook_with(result, "A5") == nook("G", "B1 A2 B2 B3 A4 B4 A5", 0, big=True)
    assert result["supply"] == [21, 24]


def test_ruling_7_nook_turns_big_on_another_players_turn() -> None:
    """Rulings 7: the owner adds the second gazebo at once, even on another player's turn."""
    result = play("expand", 2, ["GG@B3S", "GW@A2S", dumps(1)[0], "GW@A4S"])
    assert events(result, 2) == [{"type": "expand", "player": 0, "cells": cells("A2 B2 B3 B4")}]
    foliage = cells("A2 B2 B3 A4 B4")
    assert events(result, 4) == [
        {"type": "expand", "player": 0, "cells": foliage},
        {"type": "big", "player": 0, "cells": foliage},
    ]
    assert result["supply"] == [22, 24]


def test_ruling_7_nook_created_with_five_squares_is_big_at_once() -> None:
    """Board ``bigcreate``: one GG domino joins three lone foliage start squares (A1, C1, B3)."""
    result = play("bigcreate", 2, ["GG@B1S"])
    group = cells("A1 B1 C1 B2 B3")
    assert events(result, 1) == [
        {"type": "create", "player": 0, "cells": group},
        {"type": "big", "player": 0, "cells": group},
    ]
    assert result["nooks"] == [nook("G", "A1 B1 C1 B2 B3", 0, big=True)]
    assert result["supply"] == [22, 24]


def test_ruling_5_expansion_takes_lone_squares_along() -> None:
    """Rulings 5: one nook touched -> expand, lone squares join it too (D4 is a lone start
    square); the owner keeps the nook though seat 1 placed the domino."""
    result = play("expand", 2, ["GG@B3S", "GW@C4S"])
    group = cells("B2 B3 B4 C4 D4")
    assert of_type(result, 2, "expand") == [{"type": "expand", "player": 0, "cells": group}]
    assert nook_with(result, "D4") == nook("G", "B2 B3 B4 C4 D4", 0, big=True)
    assert result["supply"] == [22, 24]


def test_ruling_4_gazebos_are_conserved_through_nook_events() -> None:
    moves = [*GREEN_BUILDS, GREEN_EXPANDS, dumps(3)[2], GREEN_BIG, dumps(4)[3], GREEN_GROWS]
    assert gazebos_total(play("expand", 2, moves)) == [24, 24]
