"""Rule options of Queen's Garden, validated once per game against the declared rule set
(:mod:`.ruleset`), whose defaults are the rules data file's values.

The board side (spec 11) is the game's ``board``: ``standard`` or ``variant``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gardensim.games.queens.rules import QueensRules, load_rules
from gardensim.games.queens.ruleset import RULES, rule_set


def validate_options(options: Mapping[str, Any] | None, players: int,
                     rules: QueensRules) -> dict[str, Any]:
    """Every option, canonical, defaults filled in from ``rules``; ConfigError names a bad or
    unknown option and the values it allows."""
    declared = RULES if rules is load_rules() else rule_set(rules)
    return declared.validate(options, players)
