"""Rule options of the Summer Pavilion engine: one per open choice of the spec (section 10).

- ``discard_floor`` (bool, default true), 10.1: discard penalties stop at score 1, as the
  start-player token's penalty always does;
- ``no_token_start`` (``same`` | ``next``, default ``same``), 10.2: who starts the next round
  when nobody took the token: the same start player (BGA) or the next seat clockwise;
- ``bonus_shortfall`` (``take-available`` | ``forfeit``, default ``take-available``), 10.3: when
  the supply holds fewer tiles than a bonus owes, take what is there, or take nothing;
- ``first_player`` (``random`` or a seat 0..n-1, default ``random``), 10.4: the initial start
  player, drawn from the game's own generator when random;
- ``purple_star_values`` (``printed`` | ``bga``, default ``printed``), 10.5: the glazed-purple
  star table as printed, or BGA's code (base values).

Booleans accept true/false/1/0/yes/no/on/off (also as strings, for ``--option NAME=VALUE``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.values import parse_bool

DEFAULTS: dict[str, Any] = {
    "discard_floor": True,
    "no_token_start": "same",
    "bonus_shortfall": "take-available",
    "first_player": "random",
    "purple_star_values": "printed",
}
CHOICES: dict[str, tuple[str, ...]] = {
    "no_token_start": ("same", "next"),
    "bonus_shortfall": ("take-available", "forfeit"),
    "purple_star_values": ("printed", "bga"),
}


def _first_player(value: Any, players: int) -> str | int:
    text = str(value).strip().lower()
    if text == "random":
        return "random"
    if text.isdigit() and int(text) < players and not isinstance(value, bool):
        return int(text)
    raise ConfigError(
        f"option first_player={value!r}: allowed values are random or a seat 0..{players - 1}"
    )


def validate_options(options: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
    """Defaults filled in, every value checked; ConfigError names the option and allowed values."""
    given = dict(options or {})
    unknown = sorted(set(given) - set(DEFAULTS))
    if unknown:
        raise ConfigError(
            f"unknown pavilion option {unknown[0]!r}; valid options: {', '.join(DEFAULTS)}"
        )
    out = {**DEFAULTS, **given}
    out["discard_floor"] = parse_bool("discard_floor", out["discard_floor"])
    out["first_player"] = _first_player(out["first_player"], players)
    for name, allowed in CHOICES.items():
        value = str(out[name]).strip().lower()
        if value not in allowed:
            raise ConfigError(
                f"option {name}={out[name]!r}: allowed values are {', '.join(allowed)}"
            )
        out[name] = value
    return out
