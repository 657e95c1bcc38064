"""Compiled building blocks that games' kernels share: no game is named here.

- :mod:`gardensim.kernels.pyrandom`: Python's ``random.Random`` restated in numba, so a kernel's
  bots draw the very numbers the readable bots draw from ``seeding.bot_rng``;
- :mod:`gardensim.kernels.splitmix`: the SplitMix64 step both Azul games deal with, compiled;
- :mod:`gardensim.kernels.cache`: numba's on-disk cache kept true to a kernel's sources.
"""

from pathlib import Path

from gardensim.kernels.cache import keep_fresh

keep_fresh(Path(__file__).resolve().parent)
