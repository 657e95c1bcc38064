"""ipywidgets panels for the notebooks: thin front ends over simulate, analysis and render.

Each panel builds a study from its controls, plays it (or loads the stored run of that very
study, see :mod:`.cache`), and shows the analysis figures and sentences. ``panel.run()`` does in
code what the Run button does, and ``panel.answer()`` returns the notebook's answer sentence.
A game's own panels live in its package (``GameSpec``-declared games may ship some). Panels
load lazily: ``import gardensim.widgets`` does not import ipywidgets or pandas.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_LAZY = {
    "PlayPanel": "gardensim.widgets.play",
    "PlaySession": "gardensim.widgets.session",
    "SeatPanel": "gardensim.widgets.seat",
    "StudyForm": "gardensim.widgets.form",
    "cached_run": "gardensim.widgets.cache",
    "run_path": "gardensim.widgets.cache",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'gardensim.widgets' has no attribute {name!r}")
