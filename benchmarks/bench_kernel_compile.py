"""The kernel's first compile and its cached load (issue 24: at most 30 s, cached afterwards).

A study compiles what its line-ups reach: the play loop leaves the mcts search out when no
seat searches. So each kind of line-up (random, greedy, mcts) plays one 2-player Aviary game
with telemetry through the play loop in a fresh interpreter with an empty numba cache folder,
then all three in one (what a user who plays every kind pays once), then all three again with
that cache: CPU seconds of each. Compile times move by several seconds with the machine's
load, so ``benchmarks/run.py`` runs it three times and keeps the medians. Prints one JSON
object on its last line.

    .venv/bin/python benchmarks/bench_kernel_compile.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPEATS = 3
ROOT = Path(__file__).resolve().parent.parent
LINEUPS = {"random": "random", "greedy": "greedy", "mcts": "mcts:iters=4"}
FIRST_GAMES = """
import json, sys, time
start = time.process_time()
from gardensim.core import registry
from gardensim.sim.play import play_game
game = registry.make_game("gazebo", "aviary", 2)
for spec in sys.argv[1:]:
    play_game(game, [registry.make_bot(spec)] * 2, 0, 0, telemetry=True)
print(json.dumps(time.process_time() - start))
"""


def cpu_seconds(cache: str, specs: list[str]) -> float:
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    done = subprocess.run([sys.executable, "-c", FIRST_GAMES, *specs], capture_output=True,
                          text=True, cwd=ROOT, env=env, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> int:
    figures = {}
    for name, spec in LINEUPS.items():
        with tempfile.TemporaryDirectory() as cache:
            figures[f"first_compile_{name}_cpu_s"] = cpu_seconds(cache, [spec])
    with tempfile.TemporaryDirectory() as cache:
        figures["first_compile_cpu_s"] = cpu_seconds(cache, list(LINEUPS.values()))
        figures["cached_load_cpu_s"] = cpu_seconds(cache, list(LINEUPS.values()))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
