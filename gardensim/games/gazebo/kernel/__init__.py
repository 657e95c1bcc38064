"""Gazebo compiled with numba, for volume (issue 24).

The readable engine (``games/gazebo``) stays the reference for rules, replays, pictures and
notebooks; this kernel restates the same rules over flat integer arrays so studies can play
many more games. Same action codes, same notation, same deal for a seed, same evaluation to the
last bit: ``tests/gazebo/kernel`` replays every kernel game through the readable engine. Layout
in ``layout.py``, rules in ``legality.py``, ``events.py`` and ``engine.py``, evaluation in
``evaluate.py``, bots and the play loop in ``play.py``, the Python side in ``session.py``,
telemetry in ``telemetry.py``, the game spec's fast engine in ``fast.py``.

numba's on-disk cache keys a compiled function on its own file only, while a cached caller
carries the code of the callees it was compiled with: after an edit of ``engine.py`` alone, a
cached ``play.py`` would still run the old rules. So the cache goes to a folder named after a
digest of every module of this package (under its ``__pycache__``), unless the user chose one
with ``NUMBA_CACHE_DIR``; an edit of any of them compiles afresh, and a new module needs no
list kept in step.
"""

import hashlib
import os
from pathlib import Path

import numba


def _cache_dir() -> Path:
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(here.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return here / "__pycache__" / f"numba-{digest.hexdigest()[:16]}"


if not os.environ.get("NUMBA_CACHE_DIR"):
    numba.config.CACHE_DIR = str(_cache_dir())

from gardensim.games.gazebo.kernel.session import (  # noqa: E402
    KernelBot,
    KernelGame,
    KernelRecord,
    kernel_bot,
)

__all__ = ["KernelBot", "KernelGame", "KernelRecord", "kernel_bot"]
