"""Azul: Queen's Garden compiled with numba, for volume.

The readable engine (``games/queens``) stays the reference for rules, replays, pictures and
notebooks; this kernel restates the same rules over flat integer arrays so studies play many
more games, the random and greedy bots with them. Same action codes, same notation, same
deal for a seed, same evaluation to the last bit: ``tests/queens/kernel`` plays the same
games on both engines. Layout in ``layout.py``; rules in ``garden.py``, ``payment.py``,
``display.py`` and ``engine.py``; evaluation in ``evaluate.py``; the generator seeding of
determinization in ``reseed.py``; bots in ``bots.py``; the play loop in ``play.py``; the
Python side in ``session.py``; the spec's fast engine in ``fast.py``; what it covers in
``coverage.py``.

numba's cache is kept true to the kernel's sources, the shared compiled pieces it calls and
the readable modules whose constants it compiles in (``gardensim.kernels.cache``): an edit of
any of them compiles afresh.
"""

from pathlib import Path

from gardensim.kernels import cache

_HERE = Path(__file__).resolve().parent
cache.keep_fresh(_HERE, Path(cache.__file__).resolve().parent, _HERE.parent)
