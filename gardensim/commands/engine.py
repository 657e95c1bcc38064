"""The ``--engine`` option shared by every command that plays games."""

from __future__ import annotations

from typing import Any

from gardensim.sim.play import DEFAULT_ENGINE, ENGINES


def add_engine_argument(parser: Any, default: str | None = DEFAULT_ENGINE) -> None:
    parser.add_argument(
        "--engine", choices=ENGINES, default=default,
        help="auto: a game's fast (compiled) engine plays what it declares it covers (gardensim "
        "rules GAME), the readable engine the rest; python: always the readable engine; fast: "
        "the fast engine, or one line naming what it cannot play"
        + (" (default: the study's engine key)" if default is None else f" (default: {default})"),
    )
