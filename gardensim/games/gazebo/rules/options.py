"""Rule options of Gazebo, validated once per game against the rule set (``ruleset.RULES``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gardensim.games.gazebo.rules.ruleset import DRAW_SYSTEMS, RULES

__all__ = ["DRAW_SYSTEMS", "OPTION_NAMES", "validate_options"]

OPTION_NAMES = RULES.names


def validate_options(options: Mapping[str, Any] | None, players: int,
                     board: Any = None) -> dict[str, Any]:
    """Options with defaults filled in; raises ConfigError naming the bad option and its values
    (``board``: the ``Board`` played, to refuse options it never reads)."""
    return RULES.validate(options, players, board=board)
