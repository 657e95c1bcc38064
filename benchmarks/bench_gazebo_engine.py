"""Micro-benchmarks of the readable Gazebo engine (issue 4 speed targets), one core, medians of
repeats; the play loop is held to the readable engine (``engine="python"``), as the compiled
kernel has its own benchmarks (``bench_kernel.py``).

Measures, on 2-player Aviary with Gazebo-style drawing unless told otherwise:

- ``random_games_per_s``: random self-play through the shared play loop
  (:func:`gardensim.sim.play.play_game`, no telemetry), as ``gardensim bench`` runs it;
- ``engine_games_per_s`` / ``moves_per_s``: the same games driven directly (state only);
- ``telemetry_overhead``: extra time of the play loop with turn rows, as a fraction;
- ``legal_actions_per_s`` and ``apply_undo_per_s`` over positions sampled from random games;
- ``greedy_games_per_s``: the greedy bot through the play loop.

Run: ``.venv/bin/python benchmarks/bench_gazebo_engine.py [--board B] [--players N]
[--repeats R] [--games G] [--greedy-games G]``; prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable

from gardensim.core.registry import make_bot
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.sim.play import play_game


def median_rate(work: Callable[[], int], repeats: int) -> float:
    """Median over ``repeats`` of (units of work done) / CPU seconds of this process.

    CPU time rather than wall time, because the machine is shared: other processes' load
    stretches wall time but hardly the CPU time this single-threaded loop consumes."""
    rates = []
    for _ in range(repeats):
        t0 = time.process_time()
        units = work()
        rates.append(units / (time.process_time() - t0))
    return statistics.median(rates)


def sample_positions(game: GazeboGame, count: int) -> list:
    """Live positions from random games (every 5th action), for per-call figures."""
    out = []
    seed = 0
    while len(out) < count:
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal() and len(out) < count:
            if step % 5 == 0:
                out.append(state.clone())
            state.apply_action(state.random_action(rng))
            step += 1
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="aviary")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--draw", default="gazebo")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--greedy-games", type=int, default=4)
    args = parser.parse_args()
    game = GazeboGame(args.board, args.players, {"draw": args.draw})
    random_bots = [make_bot("random") for _ in range(args.players)]
    greedy_bots = [make_bot("greedy") for _ in range(args.players)]
    counter = iter(range(10**9))

    def loop_games(telemetry: bool = False, bots=random_bots, n: int = args.games) -> int:
        base = next(counter) * 100_000
        for i in range(n):
            play_game(game, bots, 1, base + i, telemetry=telemetry, engine="python")
        return n

    moves_seen = []

    def engine_games() -> int:
        moves = 0
        for seed in range(args.games):
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply_action(state.random_action(rng))
                moves += 1
        moves_seen.append(moves)
        return args.games

    positions = sample_positions(game, 400)

    def legal() -> int:
        for state in positions:
            state.legal_actions()
        return len(positions)

    def apply_undo() -> int:
        n = 0
        for state in positions:
            for action in state.legal_actions()[:40]:
                state.apply_action(action)
                state.undo()
                n += 1
        return n

    def evaluate() -> int:
        for state in positions:
            state.evaluate(state.current_player)
        return len(positions)

    random_rate = median_rate(loop_games, args.repeats)
    telemetry_rate = median_rate(lambda: loop_games(True), args.repeats)
    engine_rate = median_rate(engine_games, args.repeats)
    result = {
        "board": args.board,
        "players": args.players,
        "draw": args.draw,
        "repeats": args.repeats,
        "random_games_per_s": round(random_rate, 1),
        "engine_games_per_s": round(engine_rate, 1),
        "moves_per_s": round(engine_rate * statistics.median(moves_seen) / args.games),
        "telemetry_overhead": round(random_rate / telemetry_rate - 1, 3),
        "legal_actions_per_s": round(median_rate(legal, args.repeats)),
        "apply_undo_per_s": round(median_rate(apply_undo, args.repeats)),
        "evaluate_per_s": round(median_rate(evaluate, args.repeats)),
        "greedy_games_per_s": round(
            median_rate(lambda: loop_games(False, greedy_bots, args.greedy_games), 3), 2
        ),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
