"""The Summer Pavilion evaluation: bounded, symmetric, uses the data-file weights, rewards a lead,
and carries enough signal that one-ply greedy play on it beats random play."""

from __future__ import annotations

import random

import pytest

from gardensim.games.pavilion.evaluation import WEIGHTS_FILE, load_weights
from gardensim.games.pavilion.game import PavilionGame
from tests.pavilion.support import BOARDS, new_state, to_placing


def greedy_action(state, rng: random.Random) -> int:
    me = state.current_player
    scored = []
    for action in state.legal_actions():
        state.apply_action(action)
        scored.append((state.evaluate(me), rng.random(), action))
        state.undo()
    return max(scored)[2]


def test_weights_come_from_the_data_file() -> None:
    assert WEIGHTS_FILE.name == "evaluation.toml"
    assert {"star_progress", "number_progress", "structure_sets", "tile", "wild", "token",
            "scale"} <= set(load_weights())


@pytest.mark.parametrize("board", BOARDS)
def test_evaluation_is_a_probability_and_two_seats_sum_to_one(board: str) -> None:
    game = PavilionGame(board, 2)
    state = game.new_initial_state(4)
    rng = random.Random(4)
    while not state.is_terminal():
        v0, v1 = state.evaluate(0), state.evaluate(1)
        assert 0.0 <= v0 <= 1.0
        assert v0 + v1 == pytest.approx(1.0)
        state.apply_action(state.random_action(rng))
    assert [state.evaluate(p) for p in range(2)] == state.returns()


def test_a_score_lead_raises_the_evaluation() -> None:
    st = to_placing(new_state("base"), p0="GG", p1="GG")
    even = st.evaluate(0)
    st.scores[0] += 10
    assert st.evaluate(0) > even > st.evaluate(1)


def test_progress_on_a_star_raises_the_evaluation() -> None:
    st = to_placing(new_state("base"), p0="GG", p1="GG")
    even = st.evaluate(0)
    st.boards[0][6 * 6 + 3] = 1
    st.bag[1] -= 1
    assert st.evaluate(0) > even


def test_one_ply_greedy_on_the_evaluation_beats_random_play() -> None:
    game = PavilionGame("base", 2)
    wins = 0.0
    for seed in range(6):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        seat = seed % 2
        while not state.is_terminal():
            if state.current_player == seat:
                state.apply_action(greedy_action(state, rng))
            else:
                state.apply_action(state.random_action(rng))
        wins += state.returns()[seat]
    assert wins >= 5


def test_a_pending_payment_is_valued_as_already_paid() -> None:
    """Greedy must not prefer placements whose payment is still to be chosen."""
    forced = to_placing(new_state("base"), p0="OOO", p1="GG")
    forced.play("O@2.3")  # real tiles only: paid at once
    pending = to_placing(new_state("base"), p0="OOOPP", p1="GG")
    pending.play("O@2.3")  # the wild split is a decision: nothing paid yet
    pending_value = pending.evaluate(0)
    pending.play("wilds:0")
    assert pending.evaluate(0) == pytest.approx(pending_value)
    assert forced.scores == pending.scores


def test_tiles_beyond_the_four_kept_count_as_discards_at_a_pass() -> None:
    st = to_placing(new_state("base"), p0="GGOOYYB", p1="R")
    st.play("pass")
    for move in ["keep:G", "keep:G", "keep:Y"]:
        st.play(move)
    before = st.evaluate(0)
    st.play("keep:Y")
    assert st.evaluate(0) == pytest.approx(before)
