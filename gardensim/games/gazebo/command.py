"""``gardensim gazebo replay|play``: show a move list, a stored game or one seeded game.

Thin: the sandbox replay lives in :mod:`gardensim.games.gazebo.rules.replay`; an illegal move raises
ReplayError, which the CLI prints as one line (``move 3 FW@E5S: cell occupied``), exit status 2.
``--run RUN --game N`` rebuilds a game stored by ``gardensim simulate`` through the rules.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from gardensim.commands.engine import add_engine_argument
from gardensim.commands.options import add_option_argument, parse_options
from gardensim.core.errors import ConfigError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "gazebo", help="Gazebo tools (replay a move list or a stored game, play one game)"
    )
    sub = parser.add_subparsers(dest="gazebo_command", metavar="ACTION", required=True)
    rep = sub.add_parser(
        "replay",
        help="play placements in a sandbox (hands ignored) and show the position",
        description="Seat 0 moves first and turns rotate; after a move that grants an extra "
        "domino the same player plays the next token, and '-' declines it.",
    )
    rep.add_argument(
        "board", metavar="BOARD", nargs="?",
        help="a shipped garden (gardensim boards list) or a board file",
    )
    rep.add_argument("--players", type=int, default=None, help="2, 3 or 4 (default 2)")
    rep.add_argument("--moves", default="", help='tokens, e.g. "GG@D4E FW@E5S -"; a stored '
                     "game's own moves (draws included) replay with --seed")
    rep.add_argument("--seed", type=int, default=None,
                     help="with --moves: replay a real game dealt from SEED (a stored game's "
                     "seed column), draw tokens drawing from its piles, instead of a sandbox")
    rep.add_argument("--partnership", action="store_true", help="4-player partnership mode")
    add_option_argument(rep)
    rep.add_argument("--run", metavar="RUN", help="a stored run folder (instead of BOARD)")
    rep.add_argument("--game", type=int, help="with --run: the game index to replay")
    rep.add_argument("--arm", help="with --run: the arm (needed when the run has several)")
    rep.add_argument("--json", action="store_true", help="print the replay as one JSON object")
    rep.set_defaults(func=run_replay)

    play = sub.add_parser("play", help="play and print one seeded game between bots")
    play.add_argument("board", metavar="BOARD", nargs="?", default="aviary")
    play.add_argument("--players", type=int, default=2, help="2, 3 or 4 (default 2)")
    play.add_argument("--bots", default="random", help="one spec for all seats, or one per seat "
                      "separated by ';' (default random)")
    play.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    add_option_argument(play)
    play.add_argument("--json", action="store_true", help="print the game as one JSON object")
    add_engine_argument(play)
    play.set_defaults(func=run_play)


def summary_text(result: dict[str, Any]) -> str:
    """A readable account of a replay: each move with its events, then the position."""
    lines = []
    for i, move in enumerate(result["moves"], start=1):
        events = "; ".join(_event_text(e) for e in move["events"]) or "no event"
        lines.append(f"{i:>3}. seat {move['player']} {move['move']:<10} {events}")
    if result["over"]:
        lines.append(f"game over ({result['end_reason']}), winners: {result['winners']}")
    else:
        lines.append(f"seat {result['to_move']} to move")
    for seat, (left, placed) in enumerate(zip(result["supply"], result["on_board"], strict=True)):
        lines.append(f"seat {seat}: {placed} gazebos on the board, {left} left")
    for nook in result["nooks"]:
        size = "big nook" if nook["big"] else "nook"
        lines.append(f"{size} {nook['color']} seat {nook['owner']}: {' '.join(nook['cells'])}")
    held = [f"{p['cell']}={p['owner']}" for p in result["patios"] if p["owner"] is not None]
    lines.append("patios held: " + (" ".join(held) or "none"))
    return "\n".join(lines)


def _event_text(event: dict[str, Any]) -> str:
    where = " ".join(event["cells"]) if "cells" in event else event.get("cell", "")
    if event["type"] == "win":
        return f"win (winners {event['winners']}, {event['reason']})"
    extra = f" from {event['from']}" if "from" in event else ""
    return f"{event['type']} seat {event['player']} {where}{extra}".rstrip()


def run_replay(args: argparse.Namespace) -> int:
    from gardensim.games.gazebo.rules.replay import replay

    _check_replay_arguments(args)
    if args.run is not None:
        result = _stored(args)
    elif args.board is None:
        raise ConfigError("gazebo replay needs BOARD (with --moves) or --run RUN --game N")
    elif args.seed is not None:
        result = _dealt(args)
    else:
        result = _sandbox(args, replay)
    print(json.dumps(result) if args.json else summary_text(result))
    return 0


def _dealt(args: argparse.Namespace) -> dict[str, Any]:
    """A real game dealt from ``--seed``: a stored game's ``moves`` and ``seed`` replay to
    the very position ``--run RUN --game N`` rebuilds."""
    from gardensim.games.gazebo.rules.game import GazeboGame
    from gardensim.games.gazebo.rules.replay import replay_actions

    if args.seed < 0:
        raise ConfigError(f"--seed must be a non-negative integer, got {args.seed}")
    options = parse_options(args.option)
    if args.partnership:
        options["partnership"] = True
    game = GazeboGame(args.board, args.players or 2, options)
    return replay_actions(game, args.seed, args.moves).summary()


def _check_replay_arguments(args: argparse.Namespace) -> None:
    """``--run`` replays a stored game, whose board, players and options are the run's: an
    argument that would describe another game is refused rather than silently ignored."""
    if args.run is None:
        given = [f for f, v in (("--game", args.game), ("--arm", args.arm)) if v is not None]
        if given:
            raise ConfigError(f"{given[0]} needs --run RUN")
        return
    ignored = [
        name for name, given in (
            ("BOARD", args.board is not None), ("--moves", bool(args.moves)),
            ("--partnership", args.partnership), ("--option", bool(args.option)),
            ("--players", args.players is not None), ("--seed", args.seed is not None),
        ) if given
    ]
    if ignored:
        raise ConfigError(
            f"--run replays a stored game with the run's own board, players and options; "
            f"drop {ignored[0]}"
        )


def _stored(args: argparse.Namespace) -> dict[str, Any]:
    from gardensim.core import registry
    from gardensim.games.gazebo.rules.replay import replay_actions
    from gardensim.sim.api import stored_game

    if args.game is None:
        raise ConfigError("--run needs --game N")
    config, seed, moves = stored_game(args.run, args.game, args.arm)
    if config["game"] != "gazebo":
        raise ConfigError(f"{args.run}: a {config['game']!r} run, not a Gazebo run")
    game = registry.make_game("gazebo", config["board"], config["players"], config["options"])
    return replay_actions(game, seed, moves).summary()


def run_play(args: argparse.Namespace) -> int:
    from gardensim.core import registry
    from gardensim.games.gazebo.rules.game import GazeboGame
    from gardensim.games.gazebo.rules.replay import replay_actions
    from gardensim.sim.play import choose_engine, play_game

    game = GazeboGame(args.board, args.players, parse_options(args.option))
    specs = [s for s in args.bots.split(";") if s.strip()] or ["random"]
    if len(specs) not in (1, args.players):
        raise ConfigError(f"--bots: give one spec or {args.players}, got {len(specs)}")
    bots = [registry.make_bot(specs[s % len(specs)]) for s in range(args.players)]
    choose_engine(game, bots, args.engine)  # --engine fast where it cannot play: one line
    record = play_game(game, bots, master_seed=args.seed, game_index=0, telemetry=False,
                       engine=args.engine)
    result = replay_actions(game, record.game["seed"], record.game["moves"]).summary()
    if args.json:
        print(json.dumps(result))
    else:
        names = ", ".join(b.spec for b in bots)
        print(f"Gazebo, {game.board.name}, {args.players} players ({names}), seed {args.seed}")
        print(summary_text(result))
    return 0


def _sandbox(args: argparse.Namespace, replay: Any) -> dict[str, Any]:
    from gardensim.games.gazebo.rules.replay import ReplayError

    try:
        return replay(
            args.board,
            args.players or 2,
            args.moves,
            partnership=args.partnership,
            options=parse_options(args.option),
        )
    except ReplayError as exc:
        if exc.reason != "cannot draw now":
            raise
        raise ReplayError(exc.index, exc.move, f"{exc.reason} (a sandbox has no piles; a "
                          "stored game's moves replay with --seed SEED, its seed column)"
                          ) from None
