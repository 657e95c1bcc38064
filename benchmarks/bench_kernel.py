"""Speed of the compiled Gazebo kernel (issue 24), per CPU-second, 2-player Aviary.

Plays seeded kernel games of random and of greedy self-play (Gazebo-style drawing) after one
warm-up game (the compile, cached in ``__pycache__`` after the first run, is timed apart), and
the same games with the event log off, which is what telemetry reads: the ratio is the log's
cost. Prints one JSON object on its last line (``benchmarks/run.py`` collects it).

    .venv/bin/python benchmarks/bench_kernel.py [--random 4000] [--greedy 200]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gardensim.games.gazebo.game import GazeboGame  # noqa: E402
from gardensim.games.gazebo.kernel import KernelGame, play  # noqa: E402
from gardensim.games.gazebo.kernel.session import KernelBot  # noqa: E402


def rate(kernel: KernelGame, bots: list[KernelBot], games: int, log: bool) -> float:
    """Games per CPU-second over ``games`` seeded games."""
    start = time.process_time()
    for seed in range(games):
        kernel.play(seed, bots, log=log)
    return games / (time.process_time() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=4000, help="random games")
    parser.add_argument("--greedy", type=int, default=200, help="greedy games")
    args = parser.parse_args(argv)
    t0 = time.process_time()
    game = GazeboGame("aviary", 2, {"draw": "gazebo"})
    kernel = KernelGame(game)
    weights = tuple(game.weights)
    random_bots = [KernelBot(play.RANDOM, 0.0, 1, weights)] * 2
    greedy_bots = [KernelBot(play.GREEDY, 0.0, 1, weights)] * 2
    kernel.play(0, greedy_bots)
    kernel.play(0, random_bots, log=False)
    figures = {
        "load_or_compile_cpu_s": time.process_time() - t0,
        "random_games_per_cpu_s": rate(kernel, random_bots, args.random, False),
        "random_games_per_cpu_s_logged": rate(kernel, random_bots, args.random, True),
        "greedy_games_per_cpu_s": rate(kernel, greedy_bots, args.greedy, False),
        "greedy_games_per_cpu_s_logged": rate(kernel, greedy_bots, args.greedy, True),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
