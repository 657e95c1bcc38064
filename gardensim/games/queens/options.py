"""Rule options of the Queen's Garden engine, one per open choice of the spec; defaults come
from ``data/queens/rules.toml``.

- ``first_player`` (``seat0`` | ``random`` | a seat number), spec 3: who starts round 1;
- ``pass_discard_cost`` (``1`` | ``value``), spec 4D: points lost per tile discarded at a pass;
- ``joker_rewards`` (``table`` | ``one``), spec 7: the data file's jokers per surrounded feature,
  or the seed's reading of one joker per surround.

The board side (spec 11) is the game's ``board``: ``standard`` or ``variant``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.games.queens.rules import QueensRules

CHOICES: dict[str, tuple[str, ...]] = {
    "pass_discard_cost": ("1", "value"),
    "joker_rewards": ("table", "one"),
}


def validate_options(options: Mapping[str, Any] | None, players: int,
                     rules: QueensRules) -> dict[str, Any]:
    """Defaults filled in, every value checked; ConfigError names the option and the values."""
    defaults: dict[str, Any] = {"first_player": rules.first_player,
                                "pass_discard_cost": rules.pass_discard_cost,
                                "joker_rewards": "table"}
    given = dict(options or {})
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise ConfigError(f"unknown queens option {unknown[0]!r}; valid options: "
                          f"{', '.join(defaults)}")
    out = {**defaults, **given}
    first = str(out["first_player"]).strip().lower()
    if first in ("seat0", "random"):
        out["first_player"] = 0 if first == "seat0" else "random"
    elif first.isdigit() and int(first) < players and not isinstance(out["first_player"], bool):
        out["first_player"] = int(first)
    else:
        raise ConfigError(f"option first_player={out['first_player']!r}: allowed values are "
                          f"seat0, random or a seat 0..{players - 1}")
    for name, allowed in CHOICES.items():
        value = str(out[name]).strip().lower()
        if value not in allowed:
            raise ConfigError(f"option {name}={out[name]!r}: allowed values are "
                              f"{', '.join(allowed)}")
        out[name] = value
    return out
