"""Decision speed of each bot on fixed Gazebo positions (2-player Aviary).

Positions are every 4th decision of two seeded greedy self-play games, so every bot faces the
same mix of openings, middle game, endings and draw choices. Prints one JSON object on its last
line (``benchmarks/run.py`` collects it): milliseconds per decision (mean and median) per bot and
MCTS iterations per second.

    .venv/bin/python benchmarks/bench_bots.py [--bots random greedy mcts] [--games 2]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gardensim.core import registry  # noqa: E402
from gardensim.core.protocol import GameState  # noqa: E402


def positions(games: int) -> list[GameState]:
    game = registry.make_game("gazebo", "aviary", 2)
    greedy = registry.make_bot("greedy")
    out = []
    for seed in range(games):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 4 == 0:
                out.append(state.clone())
            state.apply_action(greedy.choose_action(state, rng))
            step += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bot decision speed on fixed positions.")
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "mcts"])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args(argv)
    states = positions(args.games)
    figures: dict[str, float] = {"positions": len(states)}
    for spec in args.bots:
        bot = registry.make_bot(spec)
        times = []
        for k, state in enumerate(states):
            t0 = time.perf_counter()
            bot.choose_action(state, random.Random(k))
            times.append(time.perf_counter() - t0)
        key = spec.replace(":", "_").replace("=", "").replace(",", "_")
        figures[f"{key}_ms_mean"] = 1000 * statistics.fmean(times)
        figures[f"{key}_ms_median"] = 1000 * statistics.median(times)
        if spec.startswith("mcts"):
            searched = [t for t, s in zip(times, states, strict=True)
                        if len(s.legal_actions()) > 1]
            figures[f"{key}_iters_per_s"] = bot.params["iters"] * len(searched) / sum(searched)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
