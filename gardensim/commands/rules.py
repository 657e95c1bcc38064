"""``gardensim rules GAME``: a game's declared rule options, and which engine plays which.

The listing is the rule set itself (``GameSpec.rules``) with the fast engine's coverage beside
each option, so what a study may set and where it will be played are read from one place.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import Any

from gardensim.core.errors import ConfigError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "rules", help="list a game's rule options and the engines that play them",
        description="Every rule option of GAME as its rule set declares it (kind, allowed "
        "values, default, where it comes from) and, for each, which engines play it: the "
        "readable engine plays every value; a fast engine what its coverage declares.",
    )
    parser.add_argument("game", help="a game name (gardensim boards list shows Gazebo's boards)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def listing(game: str) -> dict[str, Any]:
    """What ``gardensim rules GAME --json`` prints."""
    from gardensim.core import registry
    from gardensim.core.fastpath import EVERY
    from gardensim.core.spec import load
    from gardensim.sim.play import PYTHON_ENGINE

    spec = registry.game_spec(game)
    if not spec.rules:
        raise ConfigError(f"game {game!r} declares no rule set")
    rules = load(spec.rules)
    coverage = load(spec.fast_coverage) if spec.fast_engine and spec.fast_coverage else None
    options = []
    for option in rules.options:
        engines: dict[str, Any] = {PYTHON_ENGINE: "every value"}
        if coverage is not None:
            played = coverage.options.get(option.name, ())
            engines[coverage.engine] = ("every value" if played is EVERY else
                                        list(played) if played else "default only")
        options.append({**option.describe(), "engines": engines})
    out: dict[str, Any] = {"game": spec.name, "title": spec.title, "options": options}
    if coverage is not None:
        out["fast_engine"] = {
            "name": coverage.engine,
            "bots": {bot: {k: "every value" if v is EVERY else list(v) for k, v in params.items()}
                     for bot, params in coverage.bots.items()},
            "limits": coverage.limits_text or None,
        }
    return out


def run(args: argparse.Namespace) -> int:
    out = listing(args.game)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{out['title']}: rule options (--option NAME=VALUE, or [options] in a study)")
    for option in out["options"]:
        values = option.get("choices") or option.get("range") or option["kind"]
        if isinstance(values, list) and option["kind"] in ("int", "per_seat"):
            values = f"{values[0]}..{values[1]}" + (" per seat" * (option["kind"] == "per_seat"))
        elif isinstance(values, list):
            values = " | ".join(map(str, values))
        engines = "; ".join(f"{name}: {how if isinstance(how, str) else ' or '.join(map(str, how))}"
                            for name, how in option["engines"].items())
        print(f"\n  {option['name']} = {values} (default {_text(option['default'])}; "
              f"{option['source']})")
        print(textwrap.fill(option["doc"], width=96, initial_indent="    ",
                            subsequent_indent="    "))
        print(f"    played by {engines}")
    fast = out.get("fast_engine")
    if fast:
        bots = ", ".join(f"{bot} ({', '.join(params) or 'no parameters'})"
                         for bot, params in fast["bots"].items())
        print(f"\n{fast['name']} plays the bots {bots}; other bots, parameters and values "
              "play on the readable engine.")
        if fast["limits"]:
            print(textwrap.fill(f"It holds {fast['limits']}; a bigger one plays on the readable "
                                "engine.", width=100))
    sys.stdout.flush()
    return 0


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{v} at {k} players" for k, v in value.items())
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)
