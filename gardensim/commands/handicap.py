"""``gardensim handicap``: find the smallest per-seat handicap that plays fair, by playing it.

Thin: the search is a capability a game declares (``GameSpec.handicap``, a module with
``search_handicap`` and ``search_frame``); a game without one is refused with one line.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from gardensim.commands.engine import add_engine_argument
from gardensim.core.errors import ConfigError

OUT_SUFFIXES = (".csv", ".json")


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "handicap",
        help="play per-seat handicaps on the same deals and report the smallest fair one",
        description="For each arm of the study whose seats start equal: play the rules as they "
        "are, estimate a handicap from final margins (printed as 'estimate before play'), then "
        "play a ladder of whole-step handicaps on the same deals until every seat's win share "
        "is fair within the study's fair_margin.",
    )
    parser.add_argument("study", help="study file (TOML)")
    parser.add_argument("--games", type=int, default=None,
                        help="games per candidate (default: the study's; rounded up to whole "
                        "deals)")
    parser.add_argument("--max-extra", type=int, default=4,
                        help="largest extra count for the most favoured seat (default 4)")
    parser.add_argument("--fair-margin", type=float, default=None, metavar="POINTS",
                        help="equivalence margin in percentage points (default: the study's "
                        "fair_margin, else 3)")
    parser.add_argument("--seed", type=int, default=None,
                        help="master seed (default: the study's)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="worker processes (default: one per core, started once the run "
                        "shows it gains from them; -1: every core at once)")
    parser.add_argument("--out", help="also write the candidates table (.csv or .json)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_engine_argument(parser, default=None)
    parser.set_defaults(func=run)


def game_handicap_module(game: str) -> ModuleType:
    """The handicap search the game's spec declares, or a one-line refusal."""
    from gardensim.core import registry

    path = registry.game_spec(game).handicap
    if path is None:
        raise ConfigError(f"game {game!r} has no handicap search")
    return import_module(path)


def run(args: argparse.Namespace) -> int:
    from gardensim.sim.backends import check_backend
    from gardensim.sim.study import Study

    out = Path(args.out) if args.out else None
    if out is not None and out.suffix.lower() not in OUT_SUFFIXES:
        raise ConfigError(f"--out {out}: give a .csv or .json file")
    check_backend("loky", args.jobs, None)
    study = Study.from_file(args.study)
    if args.engine:
        study = replace(study, engine=args.engine)
    module = game_handicap_module(study.game)
    results = module.search_handicap(
        study, games=args.games, max_extra=args.max_extra, seed=args.seed, jobs=args.jobs,
        margin_points=args.fair_margin, progress=not args.quiet,
    )
    for result in results:
        print("\n".join(result.lines()))
    if out is not None:
        write(out, study, results, module)
        print(f"Candidates written to {out}", file=sys.stderr)
    return 0


def write(out: Path, study: Any, results: list[Any], module: ModuleType) -> None:
    """The candidates as CSV (one row per candidate and seat) or JSON (one object per arm)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.suffix.lower() == ".csv":
        module.search_frame(results).to_csv(out, index=False)
        return
    payload = {"study": study.name, "results": [r.to_dict() for r in results]}
    out.write_text(json.dumps(payload, indent=2, default=float) + "\n", encoding="utf-8")
