"""Strength check of the bots on Queen's Garden (issue 22.4), a script, not a test:

    .venv/bin/python -m tests.queens.strength greedy random --games 200
    .venv/bin/python -m tests.queens.strength "mcts:iters=80" greedy --games 200

Two-player games on seeds 0..games-1, seats rotated (the first bot sits at seat ``seed % 2``),
bots built from spec strings and driven through the protocol only, each with its own seeded
generator. Prints the first bot's win share with a 95% Wilson interval, and the median and
maximum decision time of each bot (CPU seconds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from statsmodels.stats.proportion import proportion_confint

from gardensim.core.registry import make_bot
from gardensim.games.queens import QueensGame


def play(game: QueensGame, specs: tuple[str, str], seed: int,
         times: dict[int, list[float]]) -> float:
    """Win share of ``specs[0]``, seated at ``seed % 2``."""
    bots = [make_bot(s) for s in specs]
    seat_of = [seed % 2, 1 - seed % 2]
    by_seat = {seat_of[i]: i for i in range(2)}
    rngs = {i: random.Random(seed * 7919 + i) for i in range(2)}
    st = game.new_initial_state(seed)
    while not st.is_terminal():
        i = by_seat[st.current_player]
        if len(st.legal_actions()) == 1:
            st.apply_action(st.legal_actions()[0])
            continue
        t = time.process_time()
        st.apply_action(bots[i].choose_action(st, rngs[i]))
        times[i].append(time.process_time() - t)
    return st.returns()[seat_of[0]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first")
    ap.add_argument("second")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--board", default="standard")
    args = ap.parse_args()
    game = QueensGame(args.board, 2)
    times: dict[int, list[float]] = {0: [], 1: []}
    wins = 0.0
    for seed in range(args.games):
        wins += play(game, (args.first, args.second), seed, times)
    low, high = proportion_confint(round(wins), args.games, alpha=0.05, method="wilson")
    print(f"{args.first} vs {args.second}, {args.games} games seat-rotated: "
          f"{wins / args.games:.1%} (95% CI {low:.1%}-{high:.1%})")
    for i, spec in enumerate((args.first, args.second)):
        ts = times[i]
        print(f"  {spec}: median decision {statistics.median(ts) * 1000:.1f} ms, "
              f"max {max(ts) * 1000:.1f} ms over {len(ts)} decisions")


if __name__ == "__main__":
    main()
