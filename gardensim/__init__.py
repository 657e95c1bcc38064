"""gardensim: seeded bot play and balance statistics for garden tile-laying games.

The public entry points are re-exported lazily so that ``import gardensim`` stays cheap for the
command line (pandas and matplotlib load only when a study or report needs them).
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


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'gardensim' has no attribute {name!r}")
