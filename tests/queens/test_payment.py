"""Spec 5: paying for a placed hexagon: v items, itself plus jokers plus others of its colour
with different patterns or of its pattern with different colours; none identical."""

from __future__ import annotations

import pytest

from gardensim.core.errors import IllegalMoveError
from gardensim.games.queens.payment import can_pay, payments
from gardensim.games.queens.state import PAY
from tests.queens.support import acting, conserved, give, hx, moves, new_state, store_expansion


def counts(names: str) -> list[int]:
    out = [0] * 36
    for n in names.split():
        out[hx(n)] += 1
    return out


def test_spec_5_a_tree_costs_nothing_more() -> None:
    assert payments(hx("B1"), 1, counts(""), (), 0) == [0]


def test_spec_5_the_seed_example_blue_flower_costs_4_blue_or_4_flowers() -> None:
    h = hx("B5")
    assert not can_pay(h, 5, counts("B1 B2 B3"), (), 0)
    assert can_pay(h, 5, counts("B1 B2 B3 B4"), (), 0)
    assert can_pay(h, 5, counts("Y5 G5 L5 P5"), (), 0)
    assert not can_pay(h, 5, counts("Y5 G5 L5 B1"), (), 0)  # mixed lines
    assert not can_pay(h, 5, counts("B5 B5 B5 B5"), (), 0)  # identical to the placed one
    assert not can_pay(h, 5, counts("B1 B1 B2 B2"), (), 0)  # repeats do not count


def test_spec_5_jokers_are_wild_and_can_pay_everything_but_the_placed_item() -> None:
    h = hx("Y6")
    assert payments(h, 6, counts(""), (), 5) == [0]
    assert not can_pay(h, 6, counts(""), (), 4)
    options = payments(h, 6, counts("Y1 G6"), (), 4)
    # 4 jokers + one of Y1 (colour line) or G6 (pattern line); 5 jokers are not held
    assert len(options) == 2


def test_spec_5_stored_expansions_pay_by_their_printed_hexagon() -> None:
    h = hx("B3")
    assert can_pay(h, 3, counts("B1"), (hx("B2"),), 0)
    both = payments(h, 3, counts("B1 B2"), (hx("B2"),), 0)
    assert len(both) == 2  # B2 as a tile or as the expansion


def test_spec_5_a_payment_choice_is_a_follow_up_decision_and_items_go_where_they_belong() -> None:
    st = acting(new_state())
    give(st, 0, "B3 B1 B2 G3 Y3")
    store_expansion(st, 0, "B2")
    st.play("B3@R0")
    assert st.phase == PAY and st.player == 0
    options = moves(st)
    assert "pay:B1,B2" in options and "pay:B1,B2e" in options and "pay:G3,Y3" in options
    assert "pay:1J,B1" in options and "pay:2J" in options
    supply = len(st.supply)
    st.play("pay:B1,B2e")
    assert st.tower[hx("B1")] == 1 and st.exps[0] == ()
    assert st.supply[-1] == hx("B2") and len(st.supply) == supply + 1  # bottom of the supply
    assert st.jokers[0] == 3 and st.player == 1 and conserved(st)


def test_spec_5_a_single_legal_payment_is_made_at_once() -> None:
    st = acting(new_state())
    st.jokers[0] = 0
    give(st, 0, "B2 B1")
    st.play("B2@R0")
    assert st.phase != PAY and st.tower[hx("B1")] == 1 and st.player == 1


def test_spec_5_jokers_paid_leave_the_storage() -> None:
    st = acting(new_state())
    give(st, 0, "G4")
    st.play("G4@R0")  # 3 jokers, nothing else: forced
    assert st.jokers[0] == 0


def test_spec_5_a_tile_with_no_payment_cannot_be_placed() -> None:
    st = acting(new_state())
    st.jokers[0] = 0
    give(st, 0, "G4 G1")
    assert not any(m.startswith("G4@") for m in moves(st))


def test_payment_notation_is_checked() -> None:
    st = acting(new_state())
    give(st, 0, "B3 B1 B2")
    st.play("B3@R0")
    for bad in ("pay:B1", "pay:B1,3J", "pay:B1,Y3", "pay:B3,B1", "pay:B1,B1"):
        with pytest.raises(IllegalMoveError):
            st.play(bad)
