"""The ``--option NAME=VALUE`` argument shared by every command that builds a game."""

from __future__ import annotations

import argparse
from typing import Any

from gardensim.core.errors import ConfigError


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="rule option (repeatable), e.g. hand_size=4; `gardensim rules GAME` "
                        "lists a game's options, their values and defaults")


def parse_options(items: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs; integers become ints, the rest stays text for the engine to check.

    A name given twice is refused: silently keeping the last would hide a typo in a long
    command line."""
    options: dict[str, Any] = {}
    for item in items:
        name, eq, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if not eq or not name:
            raise ConfigError(f"--option {item!r}: expected NAME=VALUE")
        if name in options:
            raise ConfigError(f"--option {name} is given twice; give each option once")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    return options
