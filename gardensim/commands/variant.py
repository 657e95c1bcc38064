"""``gardensim variant GAME --option k=v``: a rule change judged against the baseline while the
designer waits. Both arms play the same deals with ``--strength`` bots in every seat, in
batches, until the paired sequential test (``gardensim.sim.sequential``) says the first
player's share changed or did not, or the budget of games runs out; the progress bar shows
the running state."""

from __future__ import annotations

import argparse
from typing import Any

from gardensim.core.errors import ConfigError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "variant", help="judge a rule change against the baseline, playing until decided",
        description="Play GAME's baseline and a variant (--option, --garden) on the same deals "
        "until a sequential test decides whether the first player's share changed by the "
        "margin, or --games runs out.")
    parser.add_argument("game", help="a game's registry name")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option of the variant (repeatable); values read as TOML")
    parser.add_argument("--garden", help="the variant's board (default: the baseline's)")
    parser.add_argument("--board", help="the baseline's board (default: the game's)")
    parser.add_argument("--strength", default="greedy", help="bot spec played in every seat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20000, help="budget of games per arm")
    parser.add_argument("--margin", type=float, default=3.0,
                        help="points of first-player share the test tells from no change")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def variant_options(pairs: list[str]) -> dict[str, Any]:
    """``["draw=qin", "hand_size=4"]`` as options; each value read as TOML, else a string."""
    import tomllib

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option {pair!r}: write KEY=VALUE (see gardensim rules)")
        try:
            options[key.strip()] = tomllib.loads(f"v = {value}")["v"]
        except tomllib.TOMLDecodeError:
            options[key.strip()] = value
    return options


def run(args: argparse.Namespace) -> int:
    from gardensim.sim.sequential import play_until_decided
    from gardensim.sim.study import Study

    variant: dict[str, Any] = {"name": "variant", **variant_options(args.option)}
    if args.garden:
        variant["board"] = args.garden
    if len(variant) == 1:
        raise ConfigError("give the variant: --option KEY=VALUE or --garden BOARD")
    raw: dict[str, Any] = {
        "name": "variant", "game": args.game, "players": args.players,
        "bots": [args.strength] * args.players, "games": args.games, "seed": args.seed,
        "fair_margin": args.margin, "telemetry": False,
        "arms": [{"name": "baseline"}, variant],
    }
    if args.board:
        raw["board"] = args.board
    _, decisions = play_until_decided(Study.from_dict(raw), None, paired=True, jobs=args.jobs,
                                      progress=not args.quiet)
    for decision in decisions:
        print(decision.text)
    return 0
