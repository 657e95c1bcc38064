"""Spec 4A: acquiring. The selection is every display hexagon with the named attribute, one
copy per kind, the copy chosen; it must fit the storage; a touched stack top moves into the
display and the next one gets 4 tiles; emptied display expansions turn face up."""

from __future__ import annotations

from gardensim.games.queens.state import QueensState
from tests.queens.support import (
    RULES,
    acting,
    conserved,
    give,
    hx,
    moves,
    new_state,
    pull_expansion,
    store_expansion,
)


def arrange(st: QueensState, top: str, display: list[tuple[str, str]]) -> QueensState:
    """Stack top tiles and display entries (expansion, tiles; no tiles = face up), all tiles
    from the bag; the previous top tiles go back to the bag."""
    for h in st.top_tiles:
        st.bag[h] += 1
    st.top_tiles = tuple(sorted(hx(t) for t in top.split()))
    for h in st.top_tiles:
        st.bag[h] -= 1
    entries = []
    for exp, tiles in display:
        e = hx(exp)
        pull_expansion(st, e)
        hexes = tuple(sorted(hx(t) for t in tiles.split()))
        for h in hexes:
            st.bag[h] -= 1
        if not hexes:
            st.revealed |= 1 << e
        entries.append((e, hexes))
    st.display = tuple(entries)
    assert conserved(st)
    return acting(st)


def takes(st: QueensState) -> list[str]:
    return [m for m in moves(st) if m.startswith("take:")]


def test_spec_4a_a_colour_takes_one_copy_of_each_kind_and_moves_the_stack_top() -> None:
    st = arrange(new_state(), "B1 B1 B2 G3", [])
    top_exp = st.stack[-1]
    st.play("take:B(B1@t,B2@t)")
    assert st.tiles[0][hx("B1")] == 1 and st.tiles[0][hx("B2")] == 1
    assert st.display == ((top_exp, (hx("B1"), hx("G3"))),)
    assert len(st.top_tiles) == 4 and st.stack[-1] != top_exp
    assert conserved(st)


def test_spec_4a_identical_copies_in_different_places_are_separate_actions() -> None:
    st = arrange(new_state(), "B1 Y2", [("G6", "B1 B4")])
    blue = sorted(m for m in takes(st) if m.startswith("take:B("))
    assert blue == ["take:B(B1@d1,B4@d1)", "take:B(B1@t,B4@d1)"]
    st.play("take:B(B1@d1,B4@d1)")
    # nothing came from the top, so it stays; the emptied display expansion turns face up
    assert st.top_tiles == (hx("B1"), hx("Y2"))
    assert st.display == ((hx("G6"), ()),)
    assert st.revealed >> hx("G6") & 1


def test_spec_4a_a_face_up_expansion_is_a_copy_of_its_printed_hexagon() -> None:
    st = arrange(new_state(), "Y3", [("B5", ""), ("G1", "B5")])
    assert sorted(m for m in takes(st) if m.startswith("take:B(")) == [
        "take:B(B5@d1)", "take:B(B5@d2)"]
    st.play("take:B(B5@d1)")
    assert st.exps[0] == (hx("B5"),) and sum(st.tiles[0]) == 0
    assert st.display == ((hx("G1"), (hx("B5"),)),)


def test_spec_4a_the_same_set_named_by_colour_or_by_pattern_is_one_action() -> None:
    st = arrange(new_state(), "G3 Y1 Y2", [])
    names = takes(st)
    assert "take:G(G3@t)" in names and not any(m.startswith("take:3(") for m in names)
    assert "take:1(Y1@t)" in names and "take:Y(Y1@t,Y2@t)" in names


def test_spec_4a_a_selection_that_does_not_fit_the_storage_is_illegal() -> None:
    st = arrange(new_state(), "B1 B2 G1", [])
    give(st, 0, "Y1 Y2 Y3 Y4 Y5 Y6 L1 L2")  # 8 tiles + 3 jokers = 11 of 12
    names = takes(st)
    assert "take:G(G1@t)" in names
    assert "take:B(B1@t,B2@t)" not in names and "take:1(B1@t,G1@t)" not in names


def test_spec_4a_expansions_must_fit_the_two_expansion_slots() -> None:
    st = arrange(new_state(), "Y3", [("B5", "")])
    store_expansion(st, 0, "L1")
    assert "take:B(B5@d1)" in takes(st)
    store_expansion(st, 0, "L2")
    assert "take:B(B5@d1)" not in takes(st)


def test_spec_4a_9_an_empty_bag_and_tower_turn_the_next_tops_face_up() -> None:
    st = arrange(new_state(), "B1", [])
    st.tower = [0] * 36
    hoard = st.bag[:]
    st.bag = [0] * 36
    st.tiles[1] = [a + b for a, b in zip(st.tiles[1], hoard, strict=True)]
    left = st.stack[:-1]
    st.play("take:B(B1@t)")
    assert st.stack == () and st.top_tiles == ()
    assert [e for e, _ in st.display][1:] == list(reversed(left))
    assert all(not t for _, t in st.display)
    assert st.tile_count() == 108


def test_spec_4a_9_a_short_bag_is_refilled_from_the_tower_then_draws_what_there_is() -> None:
    st = arrange(new_state(), "B1", [])
    hoard = st.bag[:]
    hoard[hx("Y4")] -= 2
    st.bag = [0] * 36
    st.bag[hx("Y4")] = 1
    st.tower = [0] * 36
    st.tower[hx("Y4")] = 1
    st.tiles[1] = [a + b for a, b in zip(st.tiles[1], hoard, strict=True)]
    st.play("take:B(B1@t)")
    assert st.top_tiles == (hx("Y4"), hx("Y4"))
    assert sum(st.bag) == sum(st.tower) == 0
    assert RULES.refill == 4
