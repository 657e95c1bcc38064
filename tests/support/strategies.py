"""Hypothesis strategies drawn from a game's declared rule set (``core.rules``), so conformance
tests cover every option a fast engine declares, at every value it allows, without a hand list."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from gardensim.core.fastpath import EVERY, Coverage
from gardensim.core.rules import Option, RuleSet


def option_values(option: Option, players: int) -> st.SearchStrategy[Any]:
    """Every value the option allows at ``players``."""
    if option.kind == "bool":
        return st.booleans()
    if option.kind == "int":
        return st.integers(option.low, option.high)
    if option.kind == "choice":
        return st.sampled_from(option.choices)
    if option.kind == "seat":
        return st.sampled_from([*option.choices, *range(players)])
    return st.one_of(st.integers(option.low, option.high),
                     st.lists(st.integers(option.low, option.high), min_size=players,
                              max_size=players).map(tuple))


def covered_options(rules: RuleSet, coverage: Coverage, players: int
                    ) -> st.SearchStrategy[dict[str, Any]]:
    """Option mappings the fast engine declares it plays: each covered option left at its
    default or set to a value it covers (options the cross-option checks refuse are the
    caller's to filter with ``hypothesis.assume``)."""
    parts = {}
    for option in rules.options:
        played = coverage.options.get(option.name, ())
        values = option_values(option, players) if played is EVERY else st.sampled_from(
            list(played) or [option.default_for(players)])
        parts[option.name] = st.one_of(st.none(), values)
    return st.fixed_dictionaries(parts).map(
        lambda d: {k: v for k, v in d.items() if v is not None})
