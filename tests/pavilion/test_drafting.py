"""Phase 1 rules (spec 3): what a take moves, the wild tile, the start-player token."""

from __future__ import annotations

import pytest

from gardensim.games.pavilion import notation as nt
from gardensim.games.pavilion.phases import DRAFT, PLACE
from tests.pavilion.support import colour, counts, new_state, pass_keeping_all, space


def arrange(st, factories: list[str], centre: str = "") -> None:
    """Empty every source into the bag, then lay out the given tiles."""
    for src in [st.centre, *st.factories]:
        for c in range(6):
            st.bag[c] += src[c]
            src[c] = 0
    for f, tiles in zip(st.factories, factories, strict=False):
        for c, n in enumerate(counts(tiles)):
            f[c] += n
            st.bag[c] -= n
    for c, n in enumerate(counts(centre)):
        st.centre[c] += n
        st.bag[c] -= n


def test_take_all_of_a_colour_plus_exactly_one_wild() -> None:
    st = new_state("base", 2)  # round 1: purple is wild
    arrange(st, ["GGPP", "OOOY"])
    st.play("F1:G")
    assert st.pools[0] == counts("GGP")
    assert st.centre == counts("P"), "the other wild tile goes to the centre"


def test_wild_cannot_be_taken_while_another_colour_is_there() -> None:
    st = new_state("base", 2)
    arrange(st, ["GGPP", "OOOY"])
    assert nt.draft(1, colour("P")) not in st.legal_actions()


def test_a_source_of_wilds_only_gives_exactly_one() -> None:
    st = new_state("base", 2)
    arrange(st, ["PPPP", "OOOY"])
    assert [a for a in st.legal_actions() if a < nt.draft(2, 0)] == [nt.draft(1, colour("P"))]
    st.play("F1:P")
    assert st.pools[0] == counts("P")
    assert st.centre == counts("PPP")


def test_factory_leftovers_slide_to_the_centre_and_centre_leftovers_stay() -> None:
    st = new_state("base", 2)
    arrange(st, ["GGOY", "BBRR"], centre="YY")
    st.play("F1:G")
    assert st.centre == counts("YYOY")
    st.play("C:Y")
    assert st.centre == counts("O")
    assert st.pools[1] == counts("YYY")


def test_first_centre_take_gets_the_token_and_loses_a_point_per_tile_wild_included() -> None:
    st = new_state("base", 2)
    arrange(st, ["BBRR"], centre="GGGP")
    st.play("C:G")
    assert st.token == 0
    assert st.scores[0] == 5 - 4
    st.play("F1:B")
    st.play("C:R")  # the token is gone: no second penalty
    assert st.scores[1] == 5


def test_token_penalty_stops_at_one_and_costs_nothing_at_one() -> None:
    st = new_state("base", 2)
    arrange(st, ["BBRR"], centre="GGGGGGG")
    st.scores[0] = 3
    st.play("C:G")
    assert st.scores[0] == 1
    st2 = new_state("base", 2)
    arrange(st2, ["BBRR"], centre="GG")
    st2.scores[0] = 1
    st2.play("C:G")
    assert st2.scores[0] == 1 and st2.token == 0


def test_drafting_ends_when_every_source_is_empty_and_the_token_holder_places_first() -> None:
    st = new_state("base", 2)
    arrange(st, ["BBRR"], centre="G")
    st.play("F1:B")  # seat 0
    st.play("C:G")  # seat 1 takes the token
    assert st.phase == DRAFT
    st.play("C:R")  # seat 0 empties the table
    assert st.phase == PLACE
    assert st.player == 1


def test_the_token_holder_starts_the_next_round() -> None:
    st = new_state("base", 2)
    arrange(st, ["BBRR"], centre="G")
    for move in ["F1:B", "C:G", "C:R"]:
        st.play(move)
    pass_keeping_all(st)
    pass_keeping_all(st)
    assert st.round == 2 and st.phase == DRAFT
    assert st.start_player == st.player == 1
    assert st.token == -1, "the token returns to the centre"


@pytest.mark.parametrize(("option", "starter"), [("same", 0), ("next", 1)])
def test_nobody_takes_the_token(option: str, starter: int) -> None:
    """Spec 3 edge case / 10.2: tiles never reach the centre."""
    st = new_state("base", 2, no_token_start=option)
    arrange(st, ["BBBB", "RRRR"])
    for move in ["F1:B", "F2:R"]:
        st.play(move)
    assert st.phase == PLACE and st.player == 0, "without a token the start player places first"
    pass_keeping_all(st)
    pass_keeping_all(st)
    assert st.round == 2 and st.player == starter


def test_round_fills_factories_with_four_tiles_each() -> None:
    for players, factories in [(2, 5), (3, 7), (4, 9)]:
        st = new_state("base", players)
        assert len(st.factories) == factories
        assert all(sum(f) == 4 for f in st.factories)
        assert sum(st.bag) == 132 - 10 - 4 * factories


def test_setup_fills_the_supply_before_the_factories_and_scores_start_at_five() -> None:
    st = new_state("base", 4)
    assert all(c >= 0 for c in st.supply) and len(st.supply) == 10
    assert st.scores == [5] * 4
    assert st.token == -1 and st.round == 1


def test_factories_refill_from_the_tower_when_the_bag_runs_dry() -> None:
    """Spec 5.2: pour the whole tower into the bag and carry on."""
    st = new_state("base", 2)
    arrange(st, ["BBRR"], centre="G")
    for c in range(6):
        st.tower[c] += st.bag[c]
        st.bag[c] = 0
    st.bag[colour("Y")] = 3
    st.tower[colour("Y")] -= 3
    for move in ["F1:B", "C:G", "C:R"]:
        st.play(move)
    pass_keeping_all(st)
    pass_keeping_all(st)
    assert st.round == 2
    assert all(sum(f) == 4 for f in st.factories)
    assert sum(st.tower) == 0


def test_factories_stay_partly_empty_when_bag_and_tower_are_both_empty() -> None:
    st = new_state("base", 2)
    arrange(st, ["BBRR"], centre="G")
    hoard = [st.bag[c] + st.tower[c] for c in range(6)]
    st.bag = [0] * 6
    st.tower = [0] * 6
    st.bag[colour("Y")] = 6
    hoard[colour("Y")] -= 6
    st.corners[1] = hoard  # tiles held elsewhere; only the 6 yellows can be drawn
    for move in ["F1:B", "C:G", "C:R"]:
        st.play(move)
    pass_keeping_all(st)
    pass_keeping_all(st)
    assert [sum(f) for f in st.factories] == [4, 2, 0, 0, 0]
    assert st.phase == DRAFT, "the round is played anyway"


def test_a_kept_tile_of_the_new_wild_colour_is_wild() -> None:
    """Spec 5.4: kept tiles return to the pool; one of the new wild colour is wild."""
    st = new_state("base", 2)
    arrange(st, ["GGOO"])
    st.play("F1:G")  # round 1: green is an ordinary colour; OO slide to the centre
    st.play("C:O")  # seat 1 takes the token
    pass_keeping_all(st)  # seat 1 keeps OO
    pass_keeping_all(st)  # seat 0 keeps GG
    assert st.round == 2 and st.wild == colour("G") and st.player == 1
    assert st.pools[0] == counts("GG")
    arrange(st, ["OYYY", "BBRR"])
    for move in ["F2:B", "F1:O", "C:Y", "C:R", "pass", "keep:O", "keep:O", "keep:B", "keep:B"]:
        st.play(move)
    assert st.player == 0 and st.pools[0] == counts("GGORR")
    st.play("O@2.3")  # cost 3: one orange and both greens as wilds
    assert st.boards[0][space("2.3")] == colour("O") and st.pools[0] == counts("RR")
