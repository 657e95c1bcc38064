"""Random-play speed of Queen's Garden (issue 22.9), a script, not a test:

    .venv/bin/python -m tests.queens.speed [--games 200] [--players 2]

Plays seeded uniform-random games with ``commit`` (no undo bookkeeping) and prints games per
CPU-second (``time.process_time``, so other work on the machine counts less).
"""

from __future__ import annotations

import argparse
import random
import time

from gardensim.games.queens import QueensGame


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    game = QueensGame(players=args.players)
    start = time.process_time()
    for seed in range(args.games):
        st = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.commit(st.random_action(rng))
    rate = args.games / (time.process_time() - start)
    print(f"{rate:.0f} random {args.players}-player games per CPU-second ({args.games} games)")


if __name__ == "__main__":
    main()
