"""The evaluation: a probability, symmetric for two seats, weights from the data file, and
rising with score, group potential, jokers and structure progress."""

from __future__ import annotations

import random

import pytest

from gardensim.games.queens import QueensGame
from gardensim.games.queens.evaluation import WEIGHTS_FILE, load_weights
from tests.queens.support import acting, new_state, put


def test_weights_come_from_the_data_file() -> None:
    assert WEIGHTS_FILE.parent.parent.name == "queens"
    assert {"wheel", "pair", "joker", "tile", "expansion", "structure", "scale"} <= set(
        load_weights())


def test_evaluation_is_a_probability_and_two_seats_sum_to_one() -> None:
    st = QueensGame().new_initial_state(4)
    rng = random.Random(4)
    while not st.is_terminal():
        v0, v1 = st.evaluate(0), st.evaluate(1)
        assert 0.0 <= v0 <= 1.0 and v0 + v1 == pytest.approx(1.0)
        st.apply_action(st.random_action(rng))
    assert [st.evaluate(p) for p in range(2)] == st.returns()


def test_score_groups_jokers_and_structures_raise_the_evaluation() -> None:
    base = acting(new_state())
    even = base.evaluate(0)
    assert even == pytest.approx(0.5)
    richer = acting(new_state())
    richer.scores[0] += 5
    assert richer.evaluate(0) > even
    grouped = acting(new_state())
    put(grouped, 0, {"R0": "Y3", "R1": "Y4"})
    paired = grouped.evaluate(0)
    put(grouped, 0, {"R2": "Y5"})
    assert grouped.evaluate(0) > paired > even
    jokers = acting(new_state())
    jokers.jokers[0] += 1
    assert jokers.evaluate(0) > even
