"""Phase 2 rules (spec 4): paying costs with real and wild tiles, star colour rules, points for
the run, bonus tiles for surrounded structures, supply refills, passing and keeping."""

from __future__ import annotations

import pytest

from gardensim.core.errors import IllegalMoveError
from gardensim.games.pavilion import notation as nt
from gardensim.games.pavilion.phases import BONUS, DRAFT, KEEP, PAY, PLACE
from tests.pavilion.support import (
    colour,
    counts,
    new_state,
    pass_keeping_all,
    put,
    space,
    to_placing,
)


def placements(st) -> set[str]:
    return {st.action_to_string(a) for a in st.legal_actions() if a != nt.PASS}


# ----- paying the cost (spec 4.2) --------------------------------------------------------------
def test_cost_is_paid_with_real_tiles_one_placed_the_rest_to_the_tower() -> None:
    st = to_placing(new_state("base"), p0="OOO")
    tower = list(st.tower)
    st.play("O@2.3")  # star 2 is orange on the coloured side; space 3 costs 3
    assert st.boards[0][space("2.3")] == colour("O")
    assert st.pools[0] == counts("")
    assert st.tower[colour("O")] == tower[colour("O")] + 2


def test_missing_tiles_are_paid_with_wilds_when_the_split_is_forced() -> None:
    st = to_placing(new_state("base"), p0="OPP")  # round 1: purple is wild
    st.play("O@2.3")
    assert st.phase != PAY, "only one split is possible: no decision"
    assert st.pools[0] == counts("")


def test_the_wild_split_is_a_decision_when_several_are_possible() -> None:
    st = to_placing(new_state("base"), p0="OOOPP")
    st.play("O@2.3")
    assert st.phase == PAY
    assert [st.action_to_string(a) for a in st.legal_actions()] == ["wilds:0", "wilds:1", "wilds:2"]
    st.play("wilds:1")
    assert st.pools[0] == counts("OP")


def test_at_most_cost_minus_one_wilds_and_at_least_one_real_tile() -> None:
    st = to_placing(new_state("base"), p0="PPPPPP")
    assert not any(p.startswith("O@") for p in placements(st)), "no real orange tile"
    st = to_placing(new_state("base"), p0="OOPPPPP")
    st.play("O@2.6")  # cost 6: at most 5 wilds, so with 2 orange the split is 1..5 wilds
    assert [a - nt.PAY_BASE for a in st.legal_actions()] == [4, 5]


def test_placing_the_wild_colour_as_itself_needs_cost_many_tiles_all_real() -> None:
    st = to_placing(new_state("base"), p0="PP")
    assert "P@1.3" not in placements(st)
    assert "P@1.2" in placements(st)
    st = to_placing(new_state("base"), p0="PPP")
    st.play("P@1.3")
    assert st.phase != PAY and st.pools[0] == counts("")


def test_unaffordable_spaces_are_not_offered_and_play_rejects_them() -> None:
    st = to_placing(new_state("base"), p0="OO")
    assert placements(st) == {"O@2.1", "O@2.2", "O@0.1", "O@0.2"}
    with pytest.raises(IllegalMoveError):
        st.play("O@2.3")
    with pytest.raises(IllegalMoveError):
        st.play("R@3.1")


# ----- star colour rules (spec 4.2) -------------------------------------------------------------
def test_coloured_side_centre_takes_six_different_colours() -> None:
    st = to_placing(new_state("base"), p0="GGGG")
    put(st, 0, {"0.1": "O", "0.2": "Y"})
    assert {p for p in placements(st) if p.startswith("G@0")} == {"G@0.3", "G@0.4"}
    put(st, 0, {"0.3": "G"})
    assert not any(p.startswith("G@0") for p in placements(st))


def test_coloured_side_centre_takes_the_wild_colour_paid_with_wild_tiles() -> None:
    st = to_placing(new_state("base"), p0="PPP")
    assert "P@0.3" in placements(st)


@pytest.mark.parametrize("board", ["base-grey", "glazed-purple"])
def test_free_star_is_all_one_colour_or_all_different(board: str) -> None:
    st = to_placing(new_state(board), p0="GGGGOOOOBBBB")
    assert {"G@1.3", "O@1.3", "B@1.3"} <= placements(st), "an empty star takes any colour"
    put(st, 0, {"1.3": "G"})
    assert {"G@1.2", "O@1.2", "B@1.2"} <= placements(st), "one tile: still any colour"
    put(st, 0, {"1.2": "G"})
    assert {p for p in placements(st) if p.endswith("@1.1")} == {"G@1.1"}, "now single-coloured"
    put(st, 0, {"2.3": "G", "2.2": "O"})
    assert {p for p in placements(st) if p.endswith("@2.1")} == {"B@2.1"}, "now multicoloured"


def test_grey_side_centre_is_a_free_star_costing_three() -> None:
    st = to_placing(new_state("base-grey"), p0="GGG")
    assert {p for p in placements(st) if p.startswith("G@0")} == {f"G@0.{k}" for k in range(1, 7)}


@pytest.mark.parametrize(
    ("board", "centre"), [("glazed-orange", "PGOYBR"), ("glazed-purple", "ORBYGP")]
)
def test_glazed_centre_spaces_have_fixed_colours(board: str, centre: str) -> None:
    st = to_placing(new_state(board), p0="PPPPPPGGGGGGOOOOOOYYYYYYBBBBBBRRRRRR")
    offered = {p for p in placements(st) if "@0." in p}
    assert offered == {f"{c}@0.{k}" for k, c in enumerate(centre, start=1)}


# ----- points for the run (spec 4.3) -------------------------------------------------------------
def test_spec_example_spaces_1_2_4_then_3_scores_four() -> None:
    st = to_placing(new_state("base"), p0="RRR")
    put(st, 0, {"3.1": "R", "3.2": "R", "3.4": "R"})
    st.play("R@3.3")
    assert st.scores[0] == 5 + 4


def test_run_wraps_from_space_six_to_space_one() -> None:
    st = to_placing(new_state("base"), p0="R")
    put(st, 0, {"3.5": "R", "3.6": "R", "3.2": "R"})
    st.play("R@3.1")
    assert st.scores[0] == 5 + 4


def test_completing_a_star_scores_six() -> None:
    st = to_placing(new_state("base"), p0="R")
    put(st, 0, {f"3.{k}": "R" for k in range(2, 7)})
    st.play("R@3.1")
    assert st.scores[0] == 5 + 6


def test_tiles_of_other_stars_never_count() -> None:
    st = to_placing(new_state("base"), p0="OOO")
    put(st, 0, {"1.1": "P", "1.2": "P", "0.1": "B"})  # statue 1 neighbours of orange 3
    st.play("O@2.3")
    assert st.scores[0] == 5 + 1


# ----- bonus tiles (spec 4.4) ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("board", "filled", "last", "tiles"),
    [
        ("base", {"1.2": "P", "0.5": "B", "0.6": "R"}, "P@1.3", 1),  # pillar 1
        ("base", {"2.1": "O", "2.2": "O", "3.3": "R"}, "R@3.4", 2),  # statue 2
        ("base", {"4.5": "B"}, "B@4.6", 3),  # window 4
        ("glazed-orange", {"1.6": "P", "2.4": "O", "2.5": "O"}, "P@1.1", 1),  # fountain 1
    ],
    ids=["pillar", "statue", "window", "fountain"],
)
def test_surrounding_a_structure_earns_its_bonus_tiles(board, filled, last, tiles) -> None:
    st = new_state(board)
    letter = last[0]
    st = to_placing(st, p0=letter * 6)
    put(st, 0, filled)
    action = st.string_to_action(last)
    st.apply_action(action)
    while st.phase == PAY:
        st.apply_action(st.legal_actions()[0])
    taken = 0
    while st.phase == BONUS and st.player == 0:
        st.play(st.legal_actions()[0])
        taken += 1
    assert taken == tiles


def test_bonuses_of_several_structures_add_up() -> None:
    st = to_placing(new_state("base"), p0="PP")
    put(st, 0, {"1.3": "P", "0.5": "B", "0.6": "R", "1.1": "P", "2.3": "O", "2.4": "O"})
    st.play("P@1.2")  # last space of pillar 1 (1 tile) and statue 1 (2 tiles)
    assert st.owed == 3 and st.phase == BONUS


def test_bonus_tiles_come_from_the_supply_and_it_is_refilled_after_the_turn() -> None:
    st = to_placing(new_state("base"), p0="BBBBB", p1="R")
    put(st, 0, {"4.6": "B"})
    supply = list(st.supply)
    chosen = supply[4]
    st.play("B@4.5")
    for _ in range(3):
        pick = nt.bonus(chosen)
        st.play(pick if pick in st.legal_actions() else st.legal_actions()[0])
        if st.phase == BONUS:
            assert st.supply.count(-1) >= 1, "no refill during the turn"
    assert st.phase == PLACE and st.player == 1
    assert -1 not in st.supply, "refilled before the next player acts"
    assert st.pools[0][chosen] >= 1


def test_supply_refill_pours_the_tower_into_an_empty_bag() -> None:
    st = to_placing(new_state("base"), p0="BBBBB")
    put(st, 0, {"4.6": "B"})
    for c in range(6):
        st.tower[c] += st.bag[c]
        st.bag[c] = 0
    st.play("B@4.5")
    for _ in range(3):
        st.play(st.legal_actions()[0])
    assert -1 not in st.supply
    assert sum(st.tower) == 0 and sum(st.bag) > 0


@pytest.mark.parametrize(("option", "taken"), [("take-available", 1), ("forfeit", 0)])
def test_bonus_owed_beyond_the_supply(option: str, taken: int) -> None:
    """Spec 10.3: the supply holds fewer tiles than owed (bag and tower empty)."""
    st = to_placing(new_state("base", bonus_shortfall=option), p0="BBBBB")
    put(st, 0, {"4.6": "B"})
    for c in range(6):
        st.bag[c] += st.tower[c]
        st.tower[c] = 0
    st.supply = [st.supply[0]] + [-1] * 9
    st.bag = [0] * 6  # tiles leave the game here; only this rule is under test
    pool = sum(st.pools[0])
    st.play("B@4.5")
    while st.phase == BONUS:
        st.play(st.legal_actions()[0])
    assert sum(st.pools[0]) == pool - 5 + taken


# ----- passing and keeping (spec 4.5) -------------------------------------------------------
def test_passing_with_four_or_fewer_tiles_may_keep_them_all() -> None:
    """Spec 4.5: up to 4 may be kept, so even 4 tiles held are a choice, one tile at a time."""
    st = to_placing(new_state("base"), p0="GGOY", p1="R")
    st.play("pass")
    assert st.phase == KEEP and st.player == 0
    assert {st.action_to_string(a) for a in st.legal_actions()} == {
        "keep:G", "keep:O", "keep:Y", "discard"}
    for move in ["keep:G", "keep:O", "keep:Y", "keep:G"]:
        st.play(move)
    assert st.corners[0] == counts("GGOY") and st.scores[0] == 5
    assert st.phase == PLACE and st.player == 1


def test_a_player_may_keep_fewer_than_four_and_discard_the_rest() -> None:
    """Spec 4.5 "may keep up to 4": keeping stops at ``discard``; the rest cost a point each."""
    st = to_placing(new_state("base"), p0="GGOOYYB", p1="R")
    st.scores[0] = 10
    st.play("pass")
    st.play("keep:O")
    st.play("discard")
    assert st.corners[0] == counts("O") and st.pools[0] == counts("")
    assert st.scores[0] == 10 - 6
    assert st.phase == PLACE and st.player == 1


def test_keeping_nothing_at_the_score_floor_costs_nothing() -> None:
    """Why keeping fewer matters (spec 4.5, 10.1): at score 1 a discard is free under
    ``discard_floor``, whereas a kept tile left unused in round 6 would cost a point then."""
    st = to_placing(new_state("base"), p0="GGOY", p1="R")
    st.scores[0] = 1
    st.play("pass")
    st.play("discard")
    assert st.scores[0] == 1 and st.corners[0] == counts("") and st.pools[0] == counts("")
    assert sum(st.tower) >= 4


def test_passing_with_more_than_four_keeps_four_and_discards_the_rest_at_one_point_each() -> None:
    st = to_placing(new_state("base"), p0="GGOOYYB", p1="R")
    st.play("pass")
    assert st.phase == KEEP and st.player == 0
    for move in ["keep:G", "keep:G", "keep:Y"]:
        st.play(move)
    assert st.phase == KEEP
    assert {st.action_to_string(a) for a in st.legal_actions()} == {
        "keep:O", "keep:Y", "keep:B", "discard"}
    st.play("keep:B")
    assert st.corners[0] == counts("GGYB")
    assert st.pools[0] == counts("")
    assert st.scores[0] == 5 - 3


@pytest.mark.parametrize(("floor", "score"), [(True, 1), (False, -1)])
def test_discard_penalty_floor_option(floor: bool, score: int) -> None:
    """Spec 10.1: the floor of 1 applies to discards by default."""
    st = to_placing(new_state("base", discard_floor=floor), p0="GGOOYYB", p1="R")
    st.scores[0] = 2
    st.play("pass")
    for move in ["keep:G", "keep:G", "keep:Y", "keep:Y"]:
        st.play(move)
    assert st.scores[0] == score


def test_last_round_pass_discards_every_tile_at_one_point_each() -> None:
    st = to_placing(new_state("base"), p0="GGO", p1="R")
    st.round = 6
    st.wild = st.side.wild_order[5]
    st.play("pass")
    assert st.corners[0] == counts("") and st.pools[0] == counts("")
    assert st.scores[0] == 5 - 3


def test_players_without_tiles_pass_automatically_and_the_round_ends_when_all_passed() -> None:
    st = to_placing(new_state("base", 3), p0="G", p1="", p2="R")
    st.play("G@6.1")
    assert st.player == 2, "seat 1 has no tiles and is skipped"
    pass_keeping_all(st)
    assert st.round == 2 and st.phase == DRAFT, "seat 0 had no tiles left: everyone passed"


def test_kept_tiles_come_back_as_ordinary_tiles_and_wild_in_their_round() -> None:
    st = to_placing(new_state("base"), p0="GGOY", p1="R")  # round 2's wild colour is green
    pass_keeping_all(st)
    pass_keeping_all(st)
    assert st.round == 2 and st.wild == colour("G")
    assert st.pools[0] == counts("GGOY") and st.corners[0] == counts("")


def test_a_placement_with_its_payment_and_bonus_tiles_is_one_turn() -> None:
    st = to_placing(new_state("base"), p0="BBBBBPP")
    put(st, 0, {"4.5": "B"})
    turn = st.turn
    st.play("B@4.6")
    assert st.phase == PAY and st.turn == turn
    st.play("wilds:1")
    while st.phase == BONUS:
        assert st.turn == turn
        st.play(st.legal_actions()[0])
    assert st.turn == turn + 1
