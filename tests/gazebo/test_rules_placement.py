"""Placement legality (rulebook "Gameplay", rulings 1-3) and the replay notation.

Board ``placement``::

      A B C D E F
    1 . . # . . .
    2 . . . . . .
    3 V . g . P .
    4 . . . . . .
    5 . . . . . .
    6 . . . . . w

Every illegal move below has exactly one fault, so the reason the contract names is unambiguous.
"""

from __future__ import annotations

import pytest

from gardensim.core.errors import IllegalMoveError
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.replay import ReplayError

from .rules_helpers import board_path, cells, nook_with, play


def assert_illegal(moves: list[str], index: int, reason: str, players: int = 2) -> None:
    with pytest.raises(ReplayError) as info:
        play("placement", players, moves)
    err = info.value
    assert (err.index, err.move, err.reason) == (index, moves[index - 1], reason)
    assert str(err) == f"move {index} {moves[index - 1]}: {reason}"


# ----- rulebook: "the domino must be placed adjacent to a starting space or any other domino"


@pytest.mark.parametrize(
    ("move", "nook"),
    [
        ("GW@C2E", "C2 C3"),
        ("GW@C2W", "C2 C3"),
        ("GW@C4S", "C3 C4"),
        ("WG@C5N", "C3 C4"),
        ("GW@D3N", "C3 D3"),
        ("WG@B2S", "B3 C3"),
    ],
)
def test_rule_domino_may_be_rotated_in_all_four_directions(move: str, nook: str) -> None:
    """Rulebook: "You may rotate the domino"; notation XY@C5E puts X on C5 and Y on its
    neighbour in the direction (contract). The foliage square joins the foliage start square C3,
    which shows where each colour went."""
    result = play("placement", 2, [move])
    assert result["nooks"] == [
        {"color": "G", "cells": cells(nook), "owner": 0, "big": False}
    ]


def test_rule_domino_may_touch_an_earlier_domino_instead_of_a_start_square() -> None:
    """Rulebook: adjacent "to a starting space or any other domino". E2 touches only the water
    square on D2."""
    result = play("placement", 2, ["GW@C2E", "FF@E2N"])
    assert nook_with(result, "E2") == {
        "color": "F", "cells": cells("E1 E2"), "owner": 1, "big": False
    }


def test_rule_domino_touching_no_terrain_is_illegal() -> None:
    """Rulebook: at least one square must share an edge with an existing terrain square."""
    assert_illegal(["FW@A1E"], 1, "not adjacent to terrain")


def test_rule_touching_terrain_only_at_a_corner_is_illegal() -> None:
    """Rulebook: "It is not sufficient that only the corners touch" (D2 is diagonal to C3)."""
    assert_illegal(["FW@D2N"], 1, "not adjacent to terrain")


def test_rule_patios_are_not_terrain_for_adjacency() -> None:
    """Rulebook: "Patios are not considered terrain squares" (F3 touches only the patio E3)."""
    assert_illegal(["FW@F3N"], 1, "not adjacent to terrain")


def test_ruling_3_vases_are_not_terrain_for_adjacency() -> None:
    """Rulings 3: patios and vases are not terrain (A2 touches only the vase A3)."""
    assert_illegal(["FW@A2N"], 1, "not adjacent to terrain")


# ----- rulebook: "The domino may only be placed onto open spaces" (rulings 1-3)


def test_rule_domino_cannot_cover_a_patio() -> None:
    assert_illegal(["FW@D3E"], 1, "not an open cell")


def test_rule_domino_cannot_cover_a_vase() -> None:
    """Rulebook, Butterfly Garden: vases, "upon which dominoes may not be placed"."""
    assert_illegal(["FW@B3W"], 1, "not an open cell")


def test_ruling_1_void_cells_are_outside_the_garden() -> None:
    assert_illegal(["FW@C2N"], 1, "not an open cell")


def test_ruling_2_start_squares_can_never_be_covered() -> None:
    assert_illegal(["FW@C2S"], 1, "cell occupied")


def test_rule_domino_cannot_cover_another_domino() -> None:
    assert_illegal(["GW@C2E", "FW@C2W"], 2, "cell occupied")


def test_ruling_1_domino_cannot_leave_the_grid() -> None:
    assert_illegal(["FW@E6S"], 1, "off the board")


def test_ruling_1_cell_beyond_the_last_column_is_off_the_board() -> None:
    assert_illegal(["FW@G5W"], 1, "off the board")


def test_ruling_2_start_squares_are_terrain_and_join_nooks() -> None:
    """Rulings 2: a start square satisfies adjacency and joins a nook like a domino square."""
    result = play("placement", 2, ["GG@C2E"])
    assert nook_with(result, "C3") == {
        "color": "G", "cells": cells("C2 D2 C3"), "owner": 0, "big": False
    }


def test_ruling_2_printed_start_squares_are_terrain_squares_of_the_state() -> None:
    """Contract: ``squares`` lists every terrain square, printed start squares included."""
    state = GazeboGame(board=board_path("purple"), players=2).new_initial_state(0)
    assert state.to_dict()["squares"] == {"B2": "G", "C2": "F"}


def test_ruling_2_a_lone_start_square_has_no_owner() -> None:
    result = play("placement", 2, [])
    assert result["nooks"] == []
    assert result["on_board"] == [0, 0]


# ----- notation (contract)


BAD_TOKENS = ["FX@C2E", "FW@C2", "FWC2E", "F@C2E", "FW@C2Q", "FW@2CE", "FWW@C2E"]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_notation_malformed_token_is_bad_notation(token: str) -> None:
    assert_illegal([token], 1, "bad notation")


def test_notation_is_case_insensitive() -> None:
    result = play("placement", 2, ["gw@c2e"])
    assert nook_with(result, "C2") == {
        "color": "G", "cells": cells("C2 C3"), "owner": 0, "big": False
    }


def test_notation_is_written_back_in_upper_case() -> None:
    result = play("placement", 2, ["gw@c2e"])
    assert result["moves"][0]["move"] == "GW@C2E"


def test_replay_error_keeps_the_token_as_given() -> None:
    assert_illegal(["GW@C2E", "fw@c2w"], 2, "cell occupied")


def test_replay_error_is_an_illegal_move_error() -> None:
    assert issubclass(ReplayError, IllegalMoveError)


def test_declining_without_an_extra_domino_is_refused() -> None:
    assert_illegal(["-"], 1, "nothing to decline")
    assert_illegal(["GW@C2E", "-"], 2, "nothing to decline")


def test_rule_start_player_moves_first_and_turns_rotate_clockwise() -> None:
    """Rulebook: "The start player takes the first turn. Then play continues in a clockwise
    direction": seat 0, then 1, 2, back to 0 (contract)."""
    result = play("placement", 3, ["GW@C2E", "FW@C4S", "WF@B3N", "FW@D3S"])
    assert [m["player"] for m in result["moves"]] == [0, 1, 2, 0]
    assert result["to_move"] == 1


# ----- the same rules as legal actions of a real game (rulebook: rotate; every hand domino)

STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def squares_of(text: str) -> frozenset[tuple[str, str]]:
    """``XY@C5E`` -> {(cell, colour), (cell, colour)}: a placement independent of its spelling."""
    x, y, col, row, direction = text[0], text[1], text[3], int(text[4:-1]), text[-1]
    dc, dr = STEP[direction]
    other = f"{chr(ord(col) + dc)}{row + dr}"
    return frozenset({(f"{col}{row}", x), (other, y)})


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_rule_legal_placements_are_every_hand_domino_in_every_rotation(seed: int) -> None:
    """Board ``purple`` (start squares B2, C2 only; no nook yet, so no absorb can forbid one):
    the legal placements are exactly each hand domino, either way round, on any two
    edge-adjacent open cells of which one touches a start square."""
    state = GazeboGame(board=board_path("purple"), players=2).new_initial_state(seed)
    hand = state.observation(0)["hand"]
    start = {"B2", "C2"}
    open_cells = [f"{c}{r}" for c in "ABCDEF" for r in range(1, 5) if f"{c}{r}" not in start]

    def touches_start(cell: str) -> bool:
        col, row = cell[0], int(cell[1:])
        return any(
            f"{chr(ord(col) + dc)}{row + dr}" in start for dc, dr in STEP.values()
        )

    expected = set()
    for a in open_cells:
        for dc, dr in STEP.values():
            b = f"{chr(ord(a[0]) + dc)}{int(a[1:]) + dr}"
            if b in open_cells and (touches_start(a) or touches_start(b)):
                for domino in hand:
                    expected.add(frozenset({(a, domino[0]), (b, domino[1])}))
    actual = {squares_of(state.action_to_string(x)) for x in state.legal_actions()}
    assert actual == expected


def test_notation_every_spelling_of_a_placement_is_the_same_action() -> None:
    """``FG@B3E`` and ``GF@C3W`` put the same squares on the same cells (contract notation)."""
    state = GazeboGame(board=board_path("purple"), players=2).new_initial_state(0)
    for action in state.legal_actions():
        text = state.action_to_string(action)
        (cell_a, col_a), (cell_b, col_b) = sorted(squares_of(text))
        direction = next(
            d for d, (dc, dr) in STEP.items()
            if f"{chr(ord(cell_a[0]) + dc)}{int(cell_a[1:]) + dr}" == cell_b
        )
        back = {"N": "S", "S": "N", "E": "W", "W": "E"}[direction]
        assert state.string_to_action(f"{col_a}{col_b}@{cell_a}{direction}") == action
        assert state.string_to_action(f"{col_b}{col_a}@{cell_b}{back}".lower()) == action
