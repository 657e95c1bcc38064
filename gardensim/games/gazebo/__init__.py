"""Gazebo (Reiner Knizia, Bitewing Games): boards, rules engine, notation, replay.

Entry points: :class:`~gardensim.games.gazebo.rules.game.GazeboGame` (registered as ``gazebo``) and
:func:`gardensim.games.gazebo.rules.replay.replay`. Submodules load lazily so the CLI starts fast.
"""

from __future__ import annotations

from typing import Any

__all__ = ["GazeboGame", "GazeboState"]


def __getattr__(name: str) -> Any:
    if name == "GazeboGame":
        from gardensim.games.gazebo.rules.game import GazeboGame

        return GazeboGame
    if name == "GazeboState":
        from gardensim.games.gazebo.rules.state import GazeboState

        return GazeboState
    raise AttributeError(name)
