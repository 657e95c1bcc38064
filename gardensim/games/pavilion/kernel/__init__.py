"""Summer Pavilion compiled with numba, for volume: the random and greedy bots' games, the very
games the readable engine plays.

The readable engine (``games/pavilion``) stays the reference; this kernel restates its rules
over one flat ``int64`` array per position (``layout.py``), with the board side, the rule
options and the evaluation weights compiled into tables read from the readable engine's own
declarations (``tables.py``). Rules in ``rules.py``, the evaluation in ``evaluate.py``, the
bots and the play loop in ``play.py``, the play loop's rows in ``fast.py``; what it plays is
declared in ``coverage.py``.

numba's cache is kept true to the kernel's sources, the shared compiled pieces and the readable
modules whose constants it compiles in (``gardensim.kernels.cache``).
"""

from pathlib import Path

from gardensim.kernels import cache

_HERE = Path(__file__).resolve().parent
cache.keep_fresh(_HERE, Path(cache.__file__).resolve().parent,
                 _HERE.parent / "phases.py", _HERE.parent / "notation.py")
