"""Gazebo compiled with numba, for volume (issue 24).

The readable engine (``games/gazebo``) stays the reference for rules, replays, pictures and
notebooks; this kernel restates the same rules over flat integer arrays so studies can play
tens of thousands of games. Same action codes, same notation, same deal for a seed, same
evaluation to the last bit: ``tests/gazebo/kernel`` replays every kernel game through the
readable engine. Layout in ``layout.py``, rules in ``engine.py``, evaluation in
``evaluate.py``, bots and the play loop in ``play.py``, the Python side in ``session.py``.
"""

from gardensim.games.gazebo.kernel.session import KernelBot, KernelGame, KernelRecord, kernel_bot

__all__ = ["KernelBot", "KernelGame", "KernelRecord", "kernel_bot"]
