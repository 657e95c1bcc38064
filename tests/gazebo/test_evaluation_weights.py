"""Evaluation weights as bot parameters: a bot's ``weights`` reach only its own samples, change
its choices, and bad weights fail with a one-line ConfigError."""

from __future__ import annotations

import random

import pytest

from gardensim.bots.spec import format_weights, parse_weights
from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.games.gazebo.rules.evaluation import TERMS, weights
from gardensim.games.gazebo.rules.game import GazeboGame


def _positions(count: int) -> list:
    game = GazeboGame("aviary", 2)
    out = []
    for seed in range(count):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(12 + seed % 7):
            if state.is_terminal():
                break
            state.commit(state.random_action(rng))
        if not state.is_terminal():
            out.append(state)
    return out


def test_weights_change_the_greedy_choice_and_defaults_do_not():
    plain = registry.make_bot("greedy")
    spelled = registry.make_bot("greedy:weights=" + format_weights(weights()))
    contrary = registry.make_bot("greedy:weights=progress:-6;patios:-2;small_nooks:-1")
    differ = 0
    for i, state in enumerate(_positions(20)):
        before = state.to_dict()
        a = plain.choose_action(state, random.Random(i))
        assert spelled.choose_action(state, random.Random(i)) == a
        differ += contrary.choose_action(state, random.Random(i)) != a
        assert state.to_dict() == before and state.weights == state.game.weights
    assert differ > 0


def test_weights_travel_with_clones_and_leave_the_game_alone():
    state = GazeboGame("aviary", 2).new_initial_state(1)
    sample = state.clone()
    sample.use_weights({"exposed": -1.5})
    assert sample.weights[TERMS.index("exposed")] == -1.5
    assert sample.clone().weights == sample.weights
    assert state.weights == state.game.weights == tuple(weights().values())


def test_weights_file_and_inline_forms_agree(tmp_path):
    path = tmp_path / "w.toml"
    path.write_text("exposed = -0.4\nsingles = 0.25\n")
    assert parse_weights(str(path)) == parse_weights("exposed:-0.4;singles:0.25")
    assert parse_weights(format_weights({"progress": 0.1 + 0.2})) == {"progress": 0.1 + 0.2}


@pytest.mark.parametrize("spec, words", [
    ("greedy:weights=exposed:x", "bad evaluation weight"),
    ("greedy:weights=/nonexistent/w.toml", "cannot read"),
    ("mcts:weights=exposed", "cannot read"),
])
def test_bad_weights_fail_when_the_bot_is_made(spec, words):
    with pytest.raises(ConfigError, match=words):
        registry.make_bot(spec)


def test_unknown_terms_fail_at_the_first_decision():
    bot = registry.make_bot("greedy:weights=nonsense:1")
    state = GazeboGame("aviary", 2).new_initial_state(1)
    with pytest.raises(ConfigError, match="no weight 'nonsense'"):
        bot.choose_action(state, random.Random(0))
