"""Gazebo compiled with numba, for volume (issue 24).

The readable engine (``games/gazebo``) stays the reference for rules, replays, pictures and
notebooks; this kernel restates the same rules over flat integer arrays so studies can play
many more games. Same action codes, same notation, same deal for a seed, same evaluation to the
last bit: ``tests/gazebo/kernel`` replays every kernel game through the readable engine. Layout
in ``layout.py``, rules in ``legality.py``, ``events.py`` and ``engine.py``, evaluation in
``evaluate.py``, bots and the play loop in ``play.py``, the Python side in ``session.py``,
telemetry in ``telemetry.py``, the game spec's fast engine in ``fast.py``.

numba's cache is kept true to the kernel's sources, the shared compiled pieces it calls and the
rule set whose designed numbers it compiles in (``gardensim.kernels.cache``): an edit of any of
them compiles afresh.
"""

from pathlib import Path
from typing import Any

from gardensim.kernels import cache

_HERE = Path(__file__).resolve().parent
cache.keep_fresh(_HERE, Path(cache.__file__).resolve().parent,
                 _HERE.parent / "rules" / "ruleset.py")

__all__ = ["KernelBot", "KernelGame", "KernelRecord", "kernel_bot"]


def __getattr__(name: str) -> Any:
    """The session's names, imported when first asked for: the coverage declaration
    (``coverage.py``) is read without loading any compiled code."""
    if name in __all__:
        from gardensim.games.gazebo.kernel import session

        return getattr(session, name)
    raise AttributeError(name)
