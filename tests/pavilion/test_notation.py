"""The readable notation: every code round-trips, bad text and illegal moves are refused."""

from __future__ import annotations

import pytest

from gardensim.core.errors import IllegalMoveError
from gardensim.games.pavilion import notation as nt
from tests.pavilion.support import new_state, to_placing

LETTERS = ("P", "G", "O", "Y", "B", "R")


def test_every_action_code_round_trips() -> None:
    texts = [nt.action_to_string(a, LETTERS) for a in range(nt.ACTION_COUNT)]
    assert len(set(texts)) == nt.ACTION_COUNT
    assert [nt.parse_action(t, LETTERS) for t in texts] == list(range(nt.ACTION_COUNT))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("F3:R", nt.draft(3, 5)),
        ("c:g", nt.draft(0, 1)),
        ("O@2.3", nt.place(6 * 2 + 2, 2)),
        ("p@0.6", nt.place(5, 0)),
        ("wilds:2", nt.pay(2)),
        ("PASS", nt.PASS),
        ("bonus:B", nt.bonus(4)),
        ("Keep:Y", nt.keep(3)),
        ("discard", nt.DISCARD),
    ],
)
def test_notation_examples(text: str, code: int) -> None:
    assert nt.parse_action(text, LETTERS) == code


@pytest.mark.parametrize("text", ["F0:R", "F3:X", "O@7.1", "O@2.0", "wilds:6", "take", "", "R@1"])
def test_malformed_notation_is_refused(text: str) -> None:
    with pytest.raises(IllegalMoveError):
        nt.parse_action(text, LETTERS)


def test_unknown_action_code_is_refused() -> None:
    with pytest.raises(IllegalMoveError):
        nt.action_to_string(nt.ACTION_COUNT, LETTERS)


def test_string_to_action_refuses_moves_illegal_now() -> None:
    st = new_state("base")
    with pytest.raises(IllegalMoveError, match="not legal now"):
        st.string_to_action("pass")
    st = to_placing(new_state("base"), p0="O")
    with pytest.raises(IllegalMoveError, match="not legal now"):
        st.string_to_action("F1:R")
    assert st.string_to_action("o@2.1") == nt.place(6 * 2, 2)
