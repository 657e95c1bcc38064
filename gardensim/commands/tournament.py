"""``gardensim tournament``: every pairing or table of bots over shared, seat-rotated deals."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from gardensim.commands.engine import add_engine_argument
from gardensim.commands.options import add_option_argument, parse_options
from gardensim.core import registry
from gardensim.core.errors import ConfigError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help="round-robin of bots with win shares, ratings and head-to-head",
        description="Play every pairing (2 players) or table (3-4 players: every combination "
        "of that many bots) GAMES times, seats rotated so every deal is played from every "
        "seat and, at 3-4 players, the orders round the table taken in turn so each bot sits "
        "after each other equally often; report win shares with 95% intervals clustered on "
        "deals, Bradley-Terry/Elo ratings with bootstrap intervals, decision times and the "
        "head-to-head matrix.",
    )
    parser.add_argument("--game", default=None,
                        help="a registered game (default: the first alphabetically)")
    parser.add_argument("--board", default=None, help="board name or file (game default)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ladder", action="store_true",
                        help="prove a ladder instead: --bots are rungs weakest first (default "
                        "the game's own ladder, whose top rung also plays the game's reference "
                        "bot); each plays the one below at 2 players, and "
                        "FILE.csv gets one row per step (win share, interval, Elo step, cost)")
    parser.add_argument("--bots", default=None,
                        help="bot specs separated by ';' or ',' between bots, e.g. "
                        "'random,greedy,mcts' or 'greedy;mcts:iters=400,rollout=greedy'")
    parser.add_argument("--games", type=int, default=400,
                        help="games per pairing or table, rounded up to whole cycles of "
                        "seats and orders: a multiple of 2 at 2 players, 6 at 3, 24 at 4 "
                        "(default 400)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    add_option_argument(parser)
    parser.add_argument("--out", default=None, metavar="FILE",
                        help="where to write FILE.json, FILE.csv and FILE-games.csv "
                        "(default tournaments/GAME-BOARD-Np-seedS)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_engine_argument(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def split_bot_list(text: str) -> list[str]:
    """Bots are separated by ';', or by ',' when no bot has parameters.

    A comma also separates a bot's parameters (``mcts:iters=400,rollout=greedy``), so a comma
    item that looks like ``key=value`` belongs to the bot before it.
    """
    if ";" in text:
        return [s.strip() for s in text.split(";") if s.strip()]
    bots: list[str] = []
    for item in (s.strip() for s in text.split(",")):
        if not item:
            continue
        if "=" in item and ":" not in item and bots:
            bots[-1] += "," + item
        else:
            bots.append(item)
    return bots


def run_ladder(args: argparse.Namespace) -> int:
    from gardensim.sim.study import game_ladder, ladder_reference
    from gardensim.tournament.ladder import ladder_text, prove_ladder

    if args.players != 2:
        raise ConfigError(f"--ladder plays each rung against the one below at 2 players, "
                          f"not --players {args.players}")
    game = args.game or registry.default_game()
    rungs = split_bot_list(args.bots) if args.bots else game_ladder(game, 2)
    # the game's own ladder is also played against its reference bot at the top
    reference = None if args.bots else ladder_reference(game)
    table = prove_ladder(game, rungs, games=args.games, seed=args.seed, board=args.board,
                         options=parse_options(args.option), jobs=args.jobs,
                         progress=not args.quiet and not args.json, engine=args.engine,
                         reference=reference)
    out = Path(args.out or f"tournaments/{game}-strength-ladder")
    out = out.with_suffix(".csv") if out.suffix != ".csv" else out
    out.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(out, index=False)
    print(table.to_json(orient="records") if args.json else ladder_text(table))
    print(f"wrote {out}", file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    from gardensim.tournament import run_tournament

    if args.ladder:
        return run_ladder(args)
    if not args.bots:
        raise ConfigError("--bots is required (or --ladder, which defaults to the game's own)")

    result = run_tournament(
        game=args.game or registry.default_game(),
        bots=split_bot_list(args.bots),
        players=args.players,
        games=args.games,
        seed=args.seed,
        board=args.board,
        options=parse_options(args.option),
        jobs=args.jobs,
        progress=not args.quiet and not args.json,
        engine=args.engine,
    )
    config = result.config
    out = args.out or (
        f"tournaments/{config['game']}-{config.get('board') or 'default'}-"
        f"{config['players']}p-seed{config['seed']}"
    )
    written = result.write(Path(out))
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result.format())
        print("wrote " + ", ".join(str(p) for p in written), file=sys.stderr)
    return 0
