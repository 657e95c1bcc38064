"""Spec 3 (setup) and spec 1 (components), read from the data file."""

from __future__ import annotations

import pytest

from gardensim.games.queens import QueensGame
from tests.queens.support import RULES, conserved, new_state


@pytest.mark.parametrize(("players", "stack", "supply"), [(2, 5, 16), (3, 7, 8), (4, 8, 4)])
def test_spec_3_stacks_and_face_down_supply_per_player_count(players: int, stack: int,
                                                             supply: int) -> None:
    st = new_state(players)
    assert len(st.stack) == stack and [len(s) for s in st.future] == [stack] * 3
    assert len(st.supply) == supply
    assert conserved(st)


def test_spec_3_each_player_starts_with_3_jokers_15_points_and_an_empty_garden() -> None:
    st = new_state(3)
    assert st.jokers == [3, 3, 3] and st.scores == [15, 15, 15]
    assert all(sum(t) == 0 for t in st.tiles) and all(not e for e in st.exps)
    assert all(all(h < 0 for h in b) for b in st.boards)


def test_spec_3_the_round_1_stack_top_holds_4_tiles_and_the_rest_are_in_the_bag() -> None:
    st = new_state()
    assert len(st.top_tiles) == RULES.refill == 4
    assert sum(st.bag) == 108 - 4 and st.display == ()


def test_spec_3_seat_0_starts_by_default_or_a_seeded_random_seat() -> None:
    assert QueensGame(players=4).new_initial_state(1).player == 0
    game = QueensGame(players=4, options={"first_player": "random"})
    starts = {game.new_initial_state(s).player for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert game.new_initial_state(7).player == game.new_initial_state(7).player


def test_spec_1_components_come_from_the_data_file() -> None:
    assert RULES.copies * 36 == 108
    assert sorted(RULES.expansions) == list(range(36))
    assert RULES.storage_tiles == 12 and RULES.storage_expansions == 2
    assert RULES.values == (1, 2, 3, 4, 5, 6)
