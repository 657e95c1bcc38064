"""Gazebo's own notebook panels (drawing systems, the rule-variant lab, game replay), built on the
generic pieces of :mod:`gardensim.widgets`. Loaded lazily: importing this package imports no
ipywidgets."""

from __future__ import annotations

from importlib import import_module
from typing import Any

_LAZY = {
    "LuckPanel": "gardensim.games.gazebo.panels.luck",
    "ReplayPanel": "gardensim.games.gazebo.panels.replay",
    "VariantLab": "gardensim.games.gazebo.panels.variant",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
