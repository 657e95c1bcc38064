"""``gardensim bench``: games, turns and moves per second of one configuration."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gardensim.commands.engine import add_engine_argument
from gardensim.commands.options import add_option_argument, parse_options
from gardensim.core import registry


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="measure play speed (games/s, moves/s)",
        description="Play GAMES games of one bot against itself, without telemetry unless "
        "--telemetry, and report the rates.",
    )
    parser.add_argument("--game", default=None,
                        help="a registered game (default: the first alphabetically)")
    parser.add_argument("--board", default=None, help="board name or file (game default)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", default="random", help="bot spec, e.g. random, greedy")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    add_option_argument(parser)
    parser.add_argument("--telemetry", action="store_true",
                        help="also collect turn rows, as a study does")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_engine_argument(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gardensim.sim.bench import bench

    result = bench(game=args.game or registry.default_game(), board=args.board,
                   players=args.players, bot=args.bot,
                   games=args.games, jobs=args.jobs, telemetry=args.telemetry, seed=args.seed,
                   options=parse_options(args.option), engine=args.engine)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['game']} {result['board'] or ''} {result['players']}p {result['bot']}, "
              f"{result['games']} games, {result['jobs']} job(s)"
              f"{', telemetry' if result['telemetry'] else ''}: {result['seconds']:.2f} s, "
              f"{result['games_per_s']:.1f} games/s, {result['turns_per_s']:.0f} turns/s, "
              f"{result['moves_per_s']:.0f} moves/s ({result['engine']} engine)")
    return 0
