"""Bots are named by spec strings everywhere; bad names and parameters are clear errors."""

import pytest

from gardensim.core.errors import ConfigError
from gardensim.core.registry import make_bot


def test_spec_string_sets_parameters_and_round_trips():
    bot = make_bot("mcts:iters=400,rollout=random")
    assert bot.params["iters"] == 400 and bot.params["rollout"] == "random"
    assert bot.params["c"] == make_bot("mcts").params["c"], "unnamed parameters keep defaults"
    assert make_bot(bot.spec).params == bot.params
    assert make_bot("greedy").spec == "greedy"
    assert make_bot("greedy:epsilon=0.0").spec == "greedy", "defaults are left out of the spec"


def test_unknown_bot_lists_the_known_ones():
    with pytest.raises(ConfigError, match="unknown bot 'minimax'.*greedy, mcts, random"):
        make_bot("minimax")


@pytest.mark.parametrize(
    "spec, message",
    [
        ("mcts:iterations=5", "no parameter 'iterations'; valid: iters, seconds, c, rollout"),
        ("random:epsilon=0.1", r"no parameter 'epsilon'; valid: \(none\)"),
        ("greedy:samples=two", "samples='two' is not a int"),
        ("mcts:rollout=smart", "rollout=.smart.; valid: random, greedy, none"),
        ("mcts:expand=best", "expand='best'; valid: random, greedy"),
        ("mcts:iters=0", "iters=0 must be >= 1"),
        ("mcts:widen=-1", "widen must be >= 0"),
        ("greedy:epsilon=1.5", r"epsilon=1.5 not in \[0, 1\]"),
        ("mcts:iters", "expected key=value"),
    ],
)
def test_bad_parameter_is_a_config_error_naming_it(spec, message):
    with pytest.raises(ConfigError, match=message):
        make_bot(spec)
