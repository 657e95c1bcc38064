"""Spec 4C(ii): buying a face-down expansion for 6 points; spec 4D: passing, the first-pass
penalty and marker, discards at a pass, the score floor; forced passes."""

from __future__ import annotations

from gardensim.games.queens.garden import FACE_DOWN
from gardensim.games.queens.scoring import BUYS, DISCARDS, FIRST_PASS
from gardensim.games.queens.state import DISCARD
from tests.queens.support import acting, conserved, give, hx, moves, new_state


def test_spec_4c_buying_face_down_costs_6_points_and_opens_7_free_spaces() -> None:
    st = acting(new_state())
    top = st.supply[0]
    supply = len(st.supply)
    st.play("buy:A3")
    assert st.scores[0] == 9 and st.ledger[0][BUYS] == 6
    assert st.areas[0][3] == FACE_DOWN + top and len(st.supply) == supply - 1
    assert conserved(st)


def test_spec_4c_buying_needs_6_points_and_a_supply() -> None:
    st = acting(new_state())
    st.scores[0] = 5
    assert not any(m.startswith("buy:") for m in moves(st))
    st.scores[0] = 6
    assert sum(m.startswith("buy:") for m in moves(st)) == 6
    st.supply = ()
    assert not any(m.startswith("buy:") for m in moves(st))


def test_spec_4d_the_first_passer_loses_a_point_and_starts_next_round() -> None:
    st = acting(new_state(3))
    st.play("pass")
    assert st.scores[0] == 14 and st.marker == 0 and st.ledger[0][FIRST_PASS] == 1
    st.play("pass")
    assert st.scores[1] == 15  # only the first passer pays
    st.play("pass")
    assert st.round == 2 and st.player == 0 and st.start_player == 0


def test_spec_4d_passed_players_are_skipped() -> None:
    st = acting(new_state(3))
    st.play("pass")
    st.play(moves(st)[0])  # seat 1 takes
    assert st.player == 2
    st.play(moves(st)[0])
    assert st.player == 1


def test_spec_4d_discards_cost_a_point_each_and_go_to_the_tower() -> None:
    st = acting(new_state())
    give(st, 0, "B5 B5 Y2")
    st.play("pass")
    assert st.phase == DISCARD and sorted(moves(st)) == ["discard:B5", "discard:Y2", "done"]
    st.play("discard:B5")
    st.play("discard:Y2")
    assert st.scores[0] == 15 - 1 - 2 and st.ledger[0][DISCARDS] == 2
    assert st.tower[hx("B5")] == 1 and st.tower[hx("Y2")] == 1
    st.play("done")
    assert st.player == 1 and st.tiles[0][hx("B5")] == 1 and conserved(st)


def test_spec_4d_discarding_the_last_tile_ends_the_turn() -> None:
    st = acting(new_state())
    give(st, 0, "B5")
    st.play("pass")
    st.play("discard:B5")
    assert st.player == 1


def test_spec_4d_option_value_charges_each_tiles_value() -> None:
    st = acting(new_state(pass_discard_cost="value"))
    give(st, 0, "B5 Y2")
    st.play("pass")
    st.play("discard:B5")
    assert st.scores[0] == 15 - 1 - 5


def test_spec_4d_the_score_never_drops_below_the_floor() -> None:
    st = acting(new_state())
    st.scores[0] = 1
    give(st, 0, "B5 Y2")
    st.play("pass")
    assert st.scores[0] == 0
    st.play("discard:B5")  # free at 0 points, as the spec says
    assert st.scores[0] == 0 and st.ledger[0][DISCARDS] == 0


def test_a_seat_whose_only_move_is_pass_passes_by_itself() -> None:
    st = acting(new_state())
    st.top_tiles, st.stack = (), ()
    for h in range(36):
        st.bag[h] = 0
    st.scores[1] = 0
    st.play("pass")  # seat 1 has nothing to take, place or buy: it passes, round 2 begins
    assert st.round == 2 and st.ledger[1][13] == 1
