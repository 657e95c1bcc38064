"""Spec 7: surrounding a feature earns jokers at once (fountain 1, statue 2, bench 2,
pavilion 3 from the data file), once per feature, up to the storage limit."""

from __future__ import annotations

from gardensim.games.queens.scoring import JOKERS_GAINED, JOKERS_LOST
from tests.queens.support import acting, give, new_state, open_area, put

# a legal fountain ring: neighbours share colour or pattern, no group repeats
RING5 = {"R0": "B1", "R1": "B2", "R2": "B3", "R3": "B4", "R4": "B5"}


def test_spec_7_surrounding_the_fountain_earns_one_joker() -> None:
    st = acting(new_state())
    put(st, 0, RING5)
    give(st, 0, "B6")
    st.jokers[0] = 5
    st.play("B6@R5")
    assert st.jokers[0] == 1 + 0 and st.ledger[0][JOKERS_GAINED] == 1  # 5 paid, 1 earned
    assert st.rewarded[0] & 1


def test_spec_7_a_feature_rewards_only_once() -> None:
    st = acting(new_state())
    put(st, 0, {**RING5, "R5": "B6"})
    st.rewarded[0] = 1  # the fountain was rewarded when it was surrounded
    open_area(st, 0, 0, None)
    give(st, 0, "Y1")
    st.play("Y1@A0.0")
    assert st.jokers[0] == 3


def test_spec_7_a_statue_earns_two_jokers() -> None:
    st = acting(new_state())
    open_area(st, 0, 0, None)
    open_area(st, 0, 1, None)
    x0 = st.geo.parse_cell("X0")
    nbrs = [st.geo.cell_name(c) for c in st.geo.neighbours[x0]]
    names = ["Y1", "Y2", "Y3", "Y4", "Y5"]
    put(st, 0, dict(zip(nbrs[:5], names, strict=True)))
    give(st, 0, "Y6")
    st.jokers[0] = 5
    st.play(f"Y6@{nbrs[5]}")
    assert st.geo.feature_kind[x0] == "statue"
    assert st.jokers[0] == 2


def test_spec_7_a_pavilion_earns_three_jokers_and_the_printed_hexagon_counts() -> None:
    st = acting(new_state())
    open_area(st, 0, 3, "G1", j=0)
    put(st, 0, {"A3.1": "G2", "A3.2": "G3", "A3.3": "G4", "A3.4": "G5"})
    give(st, 0, "G6")
    st.jokers[0] = 5
    st.play("G6@A3.5")
    assert st.jokers[0] == 3


def test_spec_7_jokers_beyond_the_storage_limit_are_lost() -> None:
    st = acting(new_state())
    open_area(st, 0, 3, "G6", j=0)
    put(st, 0, {"A3.1": "G2", "A3.2": "G3", "A3.3": "G4", "A3.4": "G5"})
    give(st, 0, "G1 Y2 Y2 Y3 Y3 L2 L2 L3 L3")  # 9 tiles + 3 jokers: full
    st.play("G1@A3.5")  # a tree costs nothing: one slot frees, the pavilion pays 3
    assert st.jokers[0] == 4
    assert st.ledger[0][JOKERS_GAINED] == 1 and st.ledger[0][JOKERS_LOST] == 2


def test_spec_7_option_one_joker_per_surround() -> None:
    st = acting(new_state(joker_rewards="one"))
    open_area(st, 0, 3, "G1", j=0)
    put(st, 0, {"A3.1": "G2", "A3.2": "G3", "A3.3": "G4", "A3.4": "G5"})
    give(st, 0, "G6")
    st.jokers[0] = 5
    st.play("G6@A3.5")
    assert st.jokers[0] == 1
