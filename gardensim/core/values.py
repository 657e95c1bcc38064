"""Parsing of option values given as text (CLI ``--option``, spec strings, TOML)."""

from __future__ import annotations

from typing import Any

from gardensim.core.errors import ConfigError

TRUE_WORDS = frozenset({"true", "1", "yes", "on"})
FALSE_WORDS = frozenset({"false", "0", "no", "off"})


def parse_bool(name: str, value: Any) -> bool:
    """``value`` as a boolean; ConfigError names the option and the words it accepts."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    text = str(value).strip().lower()
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    raise ConfigError(
        f"option {name}={value!r}: allowed values are true or false (also 1/0/yes/no/on/off)"
    )
