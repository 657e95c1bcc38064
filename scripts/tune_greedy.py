"""Tune a game's evaluation weights by self-play of the greedy bot.

Hill climbing with paired, seat-rotated matches (common random numbers): each round perturbs one
weight of the current set, plays ``--games`` games of greedy(candidate) against greedy(current)
on shared deals, and keeps the candidate only if its win share's 95% Wilson interval lies above
one half, so noise alone rarely moves the weights. Every round is logged; ``--write`` rewrites
the numbers in the weights file in place, keeping its comments.

Each weight set is a greedy bot's ``weights`` spec parameter (``greedy:weights=term:value;...``,
``gardensim/bots/greedy.py``): the bot hands it to its own determinized copies, so two weight sets
meet in one game with no module state, and every game row names the weights its seats used.

    .venv/bin/python scripts/tune_greedy.py --game gazebo --board aviary --rounds 12 \
        --games 200 --seed 1 [--write] [--log tune_greedy.json]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gardensim.bots.greedy import GreedyBot  # noqa: E402
from gardensim.bots.spec import format_weights  # noqa: E402
from gardensim.core import registry  # noqa: E402
from gardensim.sim.play import play_game, seating  # noqa: E402
from gardensim.stats import wilson_interval  # noqa: E402

#: game -> module holding ``weights()``, ``TERMS`` and ``WEIGHTS_FILE``.
EVALUATIONS = {"gazebo": "gardensim.games.gazebo.rules.evaluation"}


def weighted_greedy(values: dict[str, float]) -> GreedyBot:
    """The greedy bot evaluating with ``values`` (its spec string carries them)."""
    return GreedyBot(weights=format_weights(values))


def match(game: Any, cand: dict[str, float], cur: dict[str, float],
          games: int, seed: int) -> float:
    """Candidate's mean win share over ``games`` seat-rotated games against the current set."""
    lineup = ["candidate", "current"]
    bots = {"candidate": weighted_greedy(cand), "current": weighted_greedy(cur)}
    won = 0.0
    for g in range(games):
        deal, seats = seating(lineup, g)
        record = play_game(game, [bots[s] for s in seats], seed, g, deal, telemetry=False)
        won += record.game[f"win_{seats.index('candidate')}"]
    return won / games


def write_weights(path: Path, values: dict[str, float]) -> None:
    """Replace each ``term = number`` in the TOML file, keeping comments and order."""
    text = path.read_text()
    for term, value in values.items():
        text, count = re.subn(rf"(?m)^({re.escape(term)}\s*=\s*)[-+0-9.eE]+",
                              lambda m, v=value: f"{m.group(1)}{v:.4g}", text)
        if count != 1:
            raise SystemExit(f"{path}: expected one line for {term}, found {count}")
    path.write_text(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gazebo", choices=sorted(EVALUATIONS))
    parser.add_argument("--board", default="aviary")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--games", type=int, default=200, help="games per round (even)")
    parser.add_argument("--step", type=float, default=0.5,
                        help="relative size of a perturbation (default 0.5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true", help="save accepted weights")
    parser.add_argument("--log", default=None, help="write the round log as JSON here")
    args = parser.parse_args(argv)

    module = import_module(EVALUATIONS[args.game])
    game = registry.make_game(args.game, args.board, args.players)
    current = dict(module.weights())
    rng = random.Random(args.seed)
    log: list[dict[str, Any]] = []
    print(f"start: {current}")
    for r in range(args.rounds):
        term = rng.choice(module.TERMS)
        factor = 1 + args.step if rng.random() < 0.5 else 1 / (1 + args.step)
        candidate = dict(current)
        base = current[term] if abs(current[term]) > 1e-9 else 0.1
        candidate[term] = base * factor
        t0 = time.perf_counter()
        # Each round gets its own deals, so accepted changes are not fitted to one sample.
        share = match(game, candidate, current, args.games, args.seed * 1000 + r)
        lo, hi = wilson_interval(share * args.games, args.games)
        accepted = lo > 0.5
        if accepted:
            current = candidate
        log.append({"round": r, "term": term, "from": base, "to": candidate[term],
                    "win_rate": share, "ci95": [lo, hi], "accepted": accepted,
                    "seconds": time.perf_counter() - t0})
        print(f"round {r:2d}: {term:12s} {base:+.3f} -> {candidate[term]:+.3f}: "
              f"{100 * share:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}] "
              f"{'accepted' if accepted else 'kept'}", flush=True)
    print(f"final: {current}")
    if args.log:
        Path(args.log).parent.mkdir(parents=True, exist_ok=True)
        Path(args.log).write_text(json.dumps({"args": vars(args), "final": current,
                                              "rounds": log}, indent=2) + "\n")
    if args.write:
        write_weights(Path(module.WEIGHTS_FILE), current)
        print(f"wrote {module.WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
