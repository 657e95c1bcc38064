"""The ``--option NAME=VALUE`` argument shared by every command that builds a game."""

from __future__ import annotations

import argparse
from typing import Any

from gardensim.core.errors import ConfigError


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="rule option (repeatable), e.g. draw=qin")


def parse_options(items: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs; integers become ints, the rest stays text for the engine to check."""
    options: dict[str, Any] = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise ConfigError(f"--option {item!r}: expected NAME=VALUE")
        value = value.strip()
        options[name.strip()] = int(value) if value.lstrip("-").isdigit() else value
    return options
