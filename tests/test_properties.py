"""Property tests (hypothesis): one set of true/false words everywhere, and any seed of a game
from a plugin gives the same game twice and passes the conformance check."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gardensim.bots.base import _convert
from gardensim.core import registry
from gardensim.core.conformance import check_game, play_random_game
from gardensim.core.values import FALSE_WORDS, TRUE_WORDS, parse_bool

WORDS = sorted(TRUE_WORDS | FALSE_WORDS)


@given(st.sampled_from(WORDS), st.lists(st.booleans(), min_size=5, max_size=5))
def test_bot_specs_and_rule_options_read_true_and_false_alike(word, upper):
    text = "".join(c.upper() if u else c for c, u in zip(word, upper * 2, strict=False))
    assert _convert(bool, text) == parse_bool("x", text) == (word in TRUE_WORDS)


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=2**63 - 1), st.integers(min_value=2, max_value=4))
def test_any_seed_of_the_toy_game_replays_and_passes_conformance(seed, players):
    game = registry.make_game("toy", players=players)
    assert play_random_game(game, seed) == play_random_game(game, seed)
    check_game(game, seeds=[seed], deep_every=3)
