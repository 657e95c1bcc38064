"""gardensim: seeded bot play and balance statistics for garden tile-laying games.

The public entry points are re-exported lazily so that ``import gardensim`` stays cheap for the
command line (pandas and matplotlib load only when a study or report needs them). ``__all__`` and
``__dir__`` name them anyway, so ``dir(gardensim)`` and tab completion show them before first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__version__ = "0.1.0"

_LAZY = {
    "make_game": "gardensim.core.registry",
    "make_bot": "gardensim.core.registry",
    "simulate": "gardensim.sim.api",
    "load": "gardensim.sim.api",
    "Study": "gardensim.sim.study",
}

__all__ = ["simulate", "load", "make_game", "make_bot", "Study"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'gardensim' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
