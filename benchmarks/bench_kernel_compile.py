"""The kernel's first compile and its cached load (issue 24: at most 30 s, cached afterwards).

Runs, in fresh interpreters with an empty numba cache folder, one 2-player Aviary game each of
random, greedy and mcts through the play loop (which compiles every kernel function they
reach), then the same in another fresh interpreter with that cache: CPU seconds of each.
Prints one JSON object on its last line (``benchmarks/run.py`` collects it).

    .venv/bin/python benchmarks/bench_kernel_compile.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPEATS = 1
ROOT = Path(__file__).resolve().parent.parent
FIRST_GAMES = """
import json, time
start = time.process_time()
from gardensim.core import registry
from gardensim.sim.play import play_game
game = registry.make_game("gazebo", "aviary", 2)
for spec in ("random", "greedy", "mcts:iters=4"):
    play_game(game, [registry.make_bot(spec)] * 2, 0, 0, telemetry=True)
print(json.dumps(time.process_time() - start))
"""


def cpu_seconds(cache: str) -> float:
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    done = subprocess.run([sys.executable, "-c", FIRST_GAMES], capture_output=True, text=True,
                          cwd=ROOT, env=env, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> int:
    with tempfile.TemporaryDirectory() as cache:
        figures = {"first_compile_cpu_s": cpu_seconds(cache),
                   "cached_load_cpu_s": cpu_seconds(cache)}
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
