"""Notation (docs/queens.md): every legal action round-trips through its text; bad input is
one clear IllegalMoveError."""

from __future__ import annotations

import random

import pytest

from gardensim.core.errors import GardensimError, IllegalMoveError
from gardensim.games.queens import QueensGame
from tests.queens.support import acting, give, new_state


@pytest.mark.parametrize("players", [2, 4])
def test_every_legal_action_round_trips(players: int) -> None:
    st = QueensGame(players=players).new_initial_state(3)
    rng = random.Random(3)
    while not st.is_terminal():
        for a in st.legal_actions():
            assert st.string_to_action(st.action_to_string(a)) == a
        st.apply_action(st.random_action(rng))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_move_list_named_after_the_game_replays(seed: int) -> None:
    """The runner names a game's moves on its final state: a payment must be named the same
    then as when it was played (it carries the hexagon it pays for), so the list replays."""
    game = QueensGame(players=3)
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    played, names = [], []
    while not st.is_terminal():
        a = st.random_action(rng)
        played.append(a)
        names.append(st.action_to_string(a))
        st.apply_action(a)
    assert st.actions_to_strings(played) == names
    assert any(n.startswith("pay:") for n in names)
    again = game.new_initial_state(seed)
    for name in names:
        again.play(name)
    assert again.scores == st.scores and again.is_terminal()


def test_input_is_case_insensitive() -> None:
    st = acting(new_state())
    give(st, 0, "B1")
    assert st.string_to_action("b1@r0") == st.string_to_action("B1@R0")
    assert st.string_to_action(" PASS ") == 0


@pytest.mark.parametrize("text", ["", "take:Q(B1@t)", "take:B(B1@x)", "Z1@R0", "B1@Q9",
                                  "exp:B1@A0c", "buy:A7", "discard:B9", "pay:B1", "hello"])
def test_bad_notation_is_one_clear_error(text: str) -> None:
    st = acting(new_state())
    with pytest.raises(IllegalMoveError) as err:
        st.string_to_action(text)
    assert "\n" not in str(err.value) and isinstance(err.value, GardensimError)


def test_a_well_formed_but_illegal_action_is_refused() -> None:
    st = acting(new_state())
    with pytest.raises(IllegalMoveError, match="not legal"):
        st.play("B1@R0")


def test_an_impossible_code_raises_and_leaves_the_state_as_it_was() -> None:
    st = acting(new_state())
    before = st.to_dict()
    for code in (1, 4096 + 5):  # ``done`` and a payment outside their phases
        with pytest.raises(IllegalMoveError):
            st.apply_action(code)
        assert st.to_dict() == before
