"""Rule options of Summer Pavilion, validated once per game against the rule set
(:data:`.ruleset.RULES`, spec section 10).

Booleans accept true/false/1/0/yes/no/on/off (also as strings, for ``--option NAME=VALUE``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gardensim.games.pavilion.ruleset import RULES

OPTION_NAMES = RULES.names
#: Every option's default (none depends on the player count).
DEFAULTS: dict[str, Any] = RULES.defaults(2)


def validate_options(options: Mapping[str, Any] | None, players: int, side: Any = None,
                     board: str | None = None) -> dict[str, Any]:
    """Defaults filled in, every value checked; ConfigError names the option and allowed
    values (``side``, the board side played, named ``board``: to refuse an option it never
    reads)."""
    return RULES.validate(options, players, side=side, board=board)
