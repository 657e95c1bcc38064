"""Speed of the compiled Gazebo kernel (issue 24), per CPU-second, 2-player Aviary.

Plays seeded kernel games of random and of greedy self-play (Gazebo-style drawing) after one
warm-up game (the compile, cached in ``__pycache__`` after the first run, is timed apart), in
one batch as a study plays them (``KernelGame.play_many``), with the event log and turn marks
that telemetry reads and without: the ratio is the log's cost. Random batches of each kind are
played in turns, three of each, after a small logged batch has allocated the logs' buffers,
and each rate is the median of its three: a batch lasts a fraction of a second, and one batch
of each moved the ratio by a tenth between runs. Random games are also played
one call each (``KernelGame.play``, as a replay or a notebook plays one game): that rate
counts each call's cost from Python, which a batch pays once. Then mcts at its default
parameters, kernel and readable bot on the same positions (taken from seeded greedy games,
every few moves) with the same seat generator: search iterations per CPU-second of each and
their ratio; the two must choose the same move everywhere. Prints one JSON object on its last
line (``benchmarks/run.py`` collects it).

    .venv/bin/python benchmarks/bench_kernel.py [--random 4000] [--greedy 200] [--mcts 24]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from gardensim.bots.mcts import MCTSBot  # noqa: E402
from gardensim.core import seeding  # noqa: E402
from gardensim.games.gazebo.kernel import KernelGame, mcts, play  # noqa: E402
from gardensim.games.gazebo.kernel.session import KernelBot, kernel_bot  # noqa: E402
from gardensim.games.gazebo.rules.game import GazeboGame  # noqa: E402

#: moves between two benchmarked positions of a game
STRIDE = 7
#: random batches with and without the log, taken in turns (each rate is their median)
PAIRS = 3


def rate(kernel: KernelGame, bots: list[KernelBot], games: int, log: bool) -> float:
    """Games per CPU-second over ``games`` seeded games played in one batch, each seat seeded
    as ``KernelGame.play`` seeds it."""
    n = kernel.game.num_players
    seeds = np.array([[seed, *(seeding.bot_seed(seed, 0, s) for s in range(n))]
                      for seed in range(games)], dtype=np.int64)
    start = time.process_time()
    kernel.play_many(seeds, [bots], np.zeros(games, dtype=np.int64), marks=log)
    return games / (time.process_time() - start)


def one_call_rate(kernel: KernelGame, bots: list[KernelBot], games: int) -> float:
    """Games per CPU-second over ``games`` seeded games, one ``KernelGame.play`` call each."""
    start = time.process_time()
    for seed in range(games):
        kernel.play(seed, bots, log=False)
    return games / (time.process_time() - start)


def positions(kernel: KernelGame, count: int) -> list[tuple[Any, Any]]:
    """``count`` (readable state, kernel position) pairs with a real choice to make, every
    ``STRIDE`` moves of seeded kernel greedy games replayed in both engines."""
    game = kernel.game
    bots = [KernelBot(play.GREEDY, 0.0, 1, tuple(game.weights))] * game.num_players
    out: list[tuple[Any, Any]] = []
    seed = 0
    while len(out) < count:
        moves = kernel.play(seed, bots, log=False).actions
        state = game.new_initial_state(seed)
        S = kernel.deal(seed, log=False)
        kernel.begin(S)
        for i, action in enumerate(moves):
            if i % STRIDE == 0 and len(state.legal_actions()) > 1 and len(out) < count:
                out.append((state.clone(), S.copy()))
            state.apply_action(action)
            kernel.apply(S, action)
        seed += 1
    return out


def mcts_rates(kernel: KernelGame, count: int) -> dict[str, float]:
    """Search iterations per CPU-second of the kernel and the readable mcts bot (default
    parameters) on the same ``count`` positions and generators; both must pick the same move."""
    bot = MCTSBot()
    kbot = kernel_bot(bot, kernel.game)
    assert kbot is not None
    pairs = positions(kernel, count)
    mcts.choose_action(kernel, pairs[0][1], kbot, 0)
    start = time.process_time()
    picks = [mcts.choose_action(kernel, S, kbot, i) for i, (_, S) in enumerate(pairs)]
    kernel_s = time.process_time() - start
    start = time.process_time()
    readable = [bot.choose_action(state, random.Random(i)) for i, (state, _) in enumerate(pairs)]
    python_s = time.process_time() - start
    if picks != readable:
        raise AssertionError("kernel and readable mcts chose different moves")
    iters = bot.params["iters"] * len(pairs)
    return {
        "mcts_positions": len(pairs),
        "mcts_iters_per_cpu_s": iters / kernel_s,
        "mcts_iters_per_cpu_s_readable": iters / python_s,
        "mcts_speedup": python_s / kernel_s,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=4000, help="random games")
    parser.add_argument("--greedy", type=int, default=200, help="greedy games")
    parser.add_argument("--mcts", type=int, default=24, help="mcts positions")
    args = parser.parse_args(argv)
    t0 = time.process_time()
    game = GazeboGame("aviary", 2, {"draw": "gazebo"})
    kernel = KernelGame(game)
    weights = tuple(game.weights)
    random_bots = [KernelBot(play.RANDOM, 0.0, 1, weights)] * 2
    greedy_bots = [KernelBot(play.GREEDY, 0.0, 1, weights)] * 2
    kernel.play(0, greedy_bots)
    kernel.play(0, random_bots, log=False)
    compiled = time.process_time() - t0
    rate(kernel, random_bots, 100, True)
    plain, logged = zip(*[(rate(kernel, random_bots, args.random, False),
                           rate(kernel, random_bots, args.random, True))
                          for _ in range(PAIRS)], strict=True)
    figures = {
        "load_or_compile_cpu_s": compiled,
        "random_games_per_cpu_s": statistics.median(plain),
        "random_games_per_cpu_s_logged": statistics.median(logged),
        "random_games_per_cpu_s_one_call": one_call_rate(kernel, random_bots, args.random),
        "greedy_games_per_cpu_s": rate(kernel, greedy_bots, args.greedy, False),
        "greedy_games_per_cpu_s_logged": rate(kernel, greedy_bots, args.greedy, True),
        **mcts_rates(kernel, args.mcts),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
