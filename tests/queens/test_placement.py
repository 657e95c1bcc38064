"""Spec 4B, 4C and 6: placing a tile or a face-up expansion, and the group rule."""

from __future__ import annotations

import pytest

from gardensim.core.errors import IllegalMoveError
from tests.queens.support import (
    acting,
    conserved,
    give,
    hx,
    moves,
    new_state,
    open_area,
    put,
    store_expansion,
)


def places(st, tile: str) -> set[str]:
    return {m.split("@")[1] for m in moves(st) if m.startswith(f"{tile}@")}


def test_spec_6_1_a_tree_goes_on_any_free_space_of_an_empty_garden() -> None:
    st = acting(new_state())
    give(st, 0, "B1")
    assert places(st, "B1") == {f"R{i}" for i in range(6)}
    open_area(st, 0, 2, None)
    assert places(st, "B1") == {f"R{i}" for i in range(6)} | {"A2c"} | {
        f"A2.{j}" for j in range(6)}


def test_spec_6_1_never_a_feature_or_a_face_up_pavilion_or_an_occupied_cell() -> None:
    st = acting(new_state())
    give(st, 0, "B1")
    open_area(st, 0, 0, "Y1", j=3)
    put(st, 0, {"R1": "G1"})
    free = places(st, "B1")
    assert "A0c" not in free and "A0.3" not in free and "R1" not in free
    assert not any(c.startswith(("F", "X")) for c in free)


def test_spec_6_2_a_hexagon_next_to_others_must_share_colour_or_pattern_with_one() -> None:
    st = acting(new_state())
    put(st, 0, {"R0": "Y2"})
    give(st, 0, "B1 Y1")
    assert "R1" not in places(st, "B1") and "R5" not in places(st, "B1")
    assert "R3" in places(st, "B1")  # not adjacent to R0
    assert {"R1", "R5"} <= places(st, "Y1")


def test_spec_6_3_no_identical_neighbour() -> None:
    st = acting(new_state())
    put(st, 0, {"R0": "B1", "R2": "Y1"})
    give(st, 0, "B1")
    assert "R1" not in places(st, "B1")  # touches the other B1 (and matches Y1)


def test_spec_6_4_a_colour_group_cannot_repeat_a_pattern_through_a_chain() -> None:
    st = acting(new_state())
    put(st, 0, {"R0": "B1", "R1": "B2"})
    give(st, 0, "B1")
    # R2 touches R1 only (B2: colour-linked), but the blue group would hold B1 twice
    assert "R2" not in places(st, "B1")


def test_spec_6_4_a_pattern_group_cannot_repeat_a_colour() -> None:
    st = acting(new_state())
    put(st, 0, {"R0": "Y1", "R1": "B1"})
    give(st, 0, "Y1")
    assert "R2" not in places(st, "Y1")


def test_spec_6_4_joining_two_groups_that_would_repeat_is_illegal() -> None:
    st = acting(new_state())
    put(st, 0, {"R0": "B1", "R2": "B3"})  # two separate blue groups
    give(st, 0, "B2")
    assert "R1" in places(st, "B2")  # joins them: patterns 1, 2, 3 all distinct
    twin = acting(new_state())
    put(twin, 0, {"R0": "B1", "R2": "B1"})
    give(twin, 0, "B2")
    assert "R1" not in places(twin, "B2")  # the joined group would hold B1 twice


def test_spec_6_a_hexagon_may_be_in_a_colour_group_and_a_pattern_group() -> None:
    st = acting(new_state())
    put(st, 0, {"R0": "B1", "R2": "Y2"})
    give(st, 0, "B2")
    assert "R1" in places(st, "B2")  # colour-linked to B1, pattern-linked to Y2


def test_spec_4b_placing_removes_the_tile_and_puts_it_in_the_garden() -> None:
    st = acting(new_state())
    give(st, 0, "G1")
    st.play("G1@R3")
    assert st.boards[0][st.geo.parse_cell("R3")] == hx("G1")
    assert sum(st.tiles[0]) == 0 and st.player == 1 and conserved(st)


def test_spec_4c_a_face_up_expansion_goes_on_a_free_area_in_any_orientation() -> None:
    st = acting(new_state())
    store_expansion(st, 0, "Y1")
    st.play("exp:Y1@A4.2")
    assert st.areas[0][4] == hx("Y1")
    assert st.boards[0][st.geo.parse_cell("A4.2")] == hx("Y1")
    assert st.exps[0] == () and st.ledger[0][11] == 1 and conserved(st)
    with pytest.raises(IllegalMoveError):
        st.play("exp:Y1@A4.3")


def test_spec_4c_6_the_printed_cell_obeys_the_placement_rules() -> None:
    st = acting(new_state())
    put(st, 0, {"R0": "G5"})
    store_expansion(st, 0, "B1")
    legal = {m for m in moves(st) if m.startswith("exp:B1@A0.")}
    # A0.3 (= 2*D0) touches R0 (G5): no shared colour or pattern with B1
    assert "exp:B1@A0.3" not in legal and len(legal) == 5
