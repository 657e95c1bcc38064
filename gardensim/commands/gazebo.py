"""``gardensim gazebo replay``: play a move list on a garden and show the result.

Thin: the sandbox replay lives in :mod:`gardensim.games.gazebo.replay`; an illegal move raises
ReplayError, which the CLI prints as one line (``move 3 FW@E5S: cell occupied``), exit status 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from gardensim.core.errors import ConfigError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("gazebo", help="Gazebo tools (replay a move list)")
    sub = parser.add_subparsers(dest="gazebo_command", metavar="ACTION", required=True)
    rep = sub.add_parser(
        "replay",
        help="play placements in a sandbox (hands ignored) and show the position",
        description="Seat 0 moves first and turns rotate; after a move that grants an extra "
        "domino the same player plays the next token, and '-' declines it.",
    )
    rep.add_argument("board", metavar="BOARD", help="a name from data/boards/ or a board file")
    rep.add_argument("--players", type=int, default=2, help="2, 3 or 4 (default 2)")
    rep.add_argument("--moves", default="", help='tokens, e.g. "GG@D4E FW@E5S -"')
    rep.add_argument("--partnership", action="store_true", help="4-player partnership mode")
    rep.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="rule option"
    )
    rep.add_argument("--json", action="store_true", help="print the replay as one JSON object")
    rep.set_defaults(func=run_replay)


def parse_options(items: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        name, eq, value = item.partition("=")
        if not eq or not name.strip():
            raise ConfigError(f"--option {item!r}: expected NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


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
    from gardensim.games.gazebo.replay import replay

    result = replay(
        args.board,
        args.players,
        args.moves,
        partnership=args.partnership,
        options=parse_options(args.option),
    )
    print(json.dumps(result) if args.json else summary_text(result))
    return 0
