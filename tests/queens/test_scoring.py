"""Spec 8 (round scoring on the wheel), 10 (end scoring with groups) and 11 (the variant side):
the worked examples of the seed rulebook and of the spec."""

from __future__ import annotations

from gardensim.games.queens.geometry import build_geometry
from gardensim.games.queens.scoring import (
    BONUSES,
    GROUPS,
    JOKERS,
    LEFTOVERS,
    final_scoring,
    group_score,
    round_points,
)
from tests.queens.support import RULES, acting, give, hx, new_state, open_area, put

GEO = build_geometry(RULES)


def board_of(cells: dict[str, str]) -> list[int]:
    board = [-1] * 55
    for cell, name in cells.items():
        board[GEO.parse_cell(cell)] = hx(name)
    return board


def test_spec_10_a_colour_group_p1_to_p6_scores_21_plus_6() -> None:
    board = board_of({"R0": "B1", "R1": "B2", "R2": "B3", "R3": "B4", "R4": "B5", "R5": "B6"})
    assert group_score(RULES, "standard", GEO, board) == (21, 6)


def test_spec_10_three_butterflies_of_different_colours_score_9() -> None:
    board = board_of({"R0": "B3", "R1": "Y3", "R2": "G3"})
    assert group_score(RULES, "standard", GEO, board) == (9, 0)


def test_spec_10_the_seed_example_four_blues_1_2_5_6_score_14_without_bonus() -> None:
    board = board_of({"R0": "B1", "R1": "B2", "R2": "B5", "R3": "B6"})
    assert group_score(RULES, "standard", GEO, board) == (1 + 2 + 5 + 6, 0)


def test_spec_10_groups_of_two_score_nothing_and_every_group_counts_separately() -> None:
    board = board_of({"R0": "B1", "R1": "B2", "A0.0": "Y4"})
    assert group_score(RULES, "standard", GEO, board) == (0, 0)
    two = board_of({"R0": "B3", "R1": "Y3", "R2": "G3", "R3": "G1", "R4": "G2"})
    # pattern group B3 Y3 G3 = 9; colour group G3 G1 G2 = 6: G3 counts in both
    assert group_score(RULES, "standard", GEO, two) == (9 + 6, 0)


def test_spec_11_variant_size_bonuses() -> None:
    four = board_of({"R0": "B1", "R1": "B2", "R2": "B5", "R3": "B6"})
    assert group_score(RULES, "variant", GEO, four) == (14, 2)
    six = board_of({"R0": "B1", "R1": "B2", "R2": "B3", "R3": "B4", "R4": "B5", "R5": "B6"})
    assert group_score(RULES, "variant", GEO, six) == (21, 8)


def test_spec_8_round_1_scores_dark_green_light_blue_and_trees_by_value() -> None:
    assert RULES.wheel["standard"][0] == (2, 0, 6)  # G, B, pattern 1
    board = board_of({"R0": "G4", "R1": "B1", "R3": "Y1", "R5": "Y2"})
    # G4: 4 (green); B1: 1 (blue) + 1 (tree); Y1: 1 (tree); Y2 nothing
    assert round_points(RULES, "standard", board, [-1] * 6, 1) == (7, 0)


def test_spec_8_each_face_up_expansion_scores_a_pavilion_point_every_round() -> None:
    areas = [hx("Y2"), -1, 64 + 3, hx("V6"), -1, -1]
    assert round_points(RULES, "standard", [-1] * 55, areas, 2)[1] == 2


def test_spec_11_variant_patterns_score_seven_minus_v_colours_score_v() -> None:
    board = board_of({"R0": "G4", "R1": "B1", "R3": "Y1"})
    # G4: 4 (colour, as standard); B1: 1 (colour) + 6 (tree: 7 - 1); Y1: 6
    assert round_points(RULES, "variant", board, [-1] * 6, 1) == (17, 0)


def test_spec_8_round_end_adds_the_wheel_points_to_every_seat() -> None:
    st = acting(new_state())
    put(st, 0, {"R0": "G4"})
    put(st, 1, {"R0": "B1"})
    open_area(st, 1, 2, "Y3", j=0)
    st.play("pass")
    st.play("pass")
    assert st.round == 2
    assert st.scores == [15 - 1 + 4, 15 + 2 + 1]


def test_spec_10_final_scoring_jokers_then_leftovers_then_groups() -> None:
    st = acting(new_state())
    st.round = 4
    put(st, 0, {"R0": "B3", "R1": "Y3", "R2": "G3"})
    give(st, 0, "L5 P2")
    st.exps[0] = ()
    st.jokers[0] = 2
    st.scores[0] = 3
    final_scoring(st)
    ledger = st.ledger[0]
    assert ledger[JOKERS] == 2 and ledger[LEFTOVERS] == 5  # 7 due, floored at 0
    assert ledger[GROUPS] == 9 and ledger[BONUSES] == 0
    assert st.scores[0] == 0 + 9


def test_spec_10_ties_are_shared() -> None:
    st = acting(new_state())
    st.round = 4
    st.play("pass")
    st.play("pass")
    assert st.is_terminal() and st.scores[0] == st.scores[1] - 1
    st2 = acting(new_state())
    st2.round = 4
    st2.scores[0] = 16
    st2.play("pass")
    st2.play("pass")
    assert st2.returns() == [0.5, 0.5]
