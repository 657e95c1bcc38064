"""Instructions per game under valgrind (callgrind): a speed figure machine load cannot move.
Of the readable engine (``engine="python"``): compiled numba code under valgrind is another
matter, and the kernel has its own benchmarks.

Wall-clock rates on the shared 2-core machine swing by half from one hour to the next for the
same code; the number of machine instructions a game takes does not (same interpreter, same
inputs, ``PYTHONHASHSEED=0``: repeat runs agree exactly without telemetry, and within about 1%
with it, where pyarrow's threads build the table). So a change to a hot path is judged here by
instructions, and the telemetry cost as a ratio of instructions.
Each figure is the count of a run that plays ``games`` games minus that of a run that only
imports and warms up, per game. Prints one JSON object on its last line
(``benchmarks/run.py``); with no valgrind on the machine it prints ``{"error": ...}``.

    .venv/bin/python benchmarks/bench_instructions.py [--games 60] [--greedy-games 2]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: benchmarks/run.py reads this: the counts are deterministic, one run is enough.
REPEATS = 1

PLAY = """
import sys
from gardensim.core import registry
from gardensim.sim import frames
from gardensim.sim.play import play_game
bot, games, telemetry = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
game = registry.make_game("gazebo", "aviary", 2, {"draw": "gazebo"})
bots = [registry.make_bot(bot)] * 2
parts = [play_game(game, bots, 0, 0, 0, telemetry, engine="python").turns]
if telemetry:
    frames.columns_to_table(parts, frames.turns_schema(game), "warm")
parts = [play_game(game, bots, 0, g, g // 2, telemetry, engine="python").turns
         for g in range(games)]
if telemetry:
    frames.columns_to_table(parts, frames.turns_schema(game), "bench")
"""


def instructions(bot: str, games: int, telemetry: bool) -> int:
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, "-c", PLAY, bot, str(games), "1" if telemetry else "0"]
    # numpy's OpenBLAS threads (numpy comes in with the Arrow conversion) spin while idle, and
    # under valgrind their instructions varied by millions between runs of the same code
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError((done.stderr.strip().splitlines() or ["valgrind failed"])[-1])
    return int(found.group(1))


def per_game(bot: str, games: int, telemetry: bool) -> float:
    return (instructions(bot, games, telemetry) - instructions(bot, 0, telemetry)) / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="random games per figure")
    parser.add_argument("--greedy-games", type=int, default=2)
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print(json.dumps({"error": "valgrind is not installed"}))
        return 0
    random_play = per_game("random", args.games, False)
    random_telemetry = per_game("random", args.games, True)
    greedy_play = per_game("greedy", args.greedy_games, False)
    greedy_telemetry = per_game("greedy", args.greedy_games, True)
    print(json.dumps({
        "random_minstr_per_game": round(random_play / 1e6, 3),
        "random_telemetry_minstr_per_game": round(random_telemetry / 1e6, 3),
        "telemetry_overhead": round(random_telemetry / random_play - 1, 3),
        "greedy_minstr_per_game": round(greedy_play / 1e6, 1),
        "greedy_telemetry_minstr_per_game": round(greedy_telemetry / 1e6, 1),
        "greedy_telemetry_overhead": round(greedy_telemetry / greedy_play - 1, 3),
        "games": args.games, "greedy_games": args.greedy_games,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
