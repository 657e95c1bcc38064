"""Spec 9: preparation between rounds: display tiles to the tower, display and stack
expansions to the supply, the next stack with 4 tiles, the marker holder starts."""

from __future__ import annotations

from tests.queens.support import acting, conserved, moves, new_state


def test_spec_9_the_round_ends_when_all_have_passed_and_the_next_stack_comes_in() -> None:
    st = acting(new_state())
    st.play(moves(st)[0])  # seat 0 takes from the stack top
    assert st.display
    tower_before = sum(st.tower)
    on_display = sum(len(t) for _, t in st.display) + len(st.top_tiles)
    supply = len(st.supply) + len(st.display) + len(st.stack)
    nxt = st.future[0]
    st.play("pass")  # seat 1 passes first
    while st.round == 1:
        st.play("pass" if "pass" in moves(st) and st.phase == 0 else moves(st)[0])
    assert st.stack == nxt and len(st.top_tiles) == 4
    assert sum(st.tower) == tower_before + on_display
    assert len(st.supply) == supply and st.display == ()
    assert st.player == 1 and st.start_player == 1
    assert conserved(st)


def test_spec_4_the_round_does_not_end_because_the_display_is_empty() -> None:
    st = acting(new_state())
    for h in st.top_tiles:
        st.bag[h] += 1
    st.supply = st.supply + st.stack
    st.stack, st.top_tiles = (), ()
    assert conserved(st)
    st.play("buy:A0")
    assert st.round == 1 and st.player == 1 and not st.is_terminal()
    assert [m for m in moves(st) if not m.startswith("buy:")] == ["pass"]
