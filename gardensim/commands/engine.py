"""The ``--engine`` option shared by ``simulate``, ``tournament`` and ``bench``."""

from __future__ import annotations

from typing import Any

from gardensim.sim.play import DEFAULT_ENGINE, ENGINES


def add_engine_argument(parser: Any, default: str | None = DEFAULT_ENGINE) -> None:
    parser.add_argument(
        "--engine", choices=ENGINES, default=default,
        help="auto: a game's fast (compiled) engine plays whenever it has every bot of the "
        "line-up; python: always the readable engine"
        + (" (default: the study's engine key)" if default is None else f" (default: {default})"),
    )
