"""``gardensim report``: answer the balance questions of stored runs (or of studies, run first)
in a self-contained HTML report with a markdown summary and CSV tables."""

from __future__ import annotations

import argparse
from typing import Any

from gardensim.commands.engine import add_engine_argument


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report",
        help="write an HTML report (plus summary.md and CSVs) from runs or studies",
        description="Each SOURCE is a stored run folder or a study file (.toml, a single study "
        "or a study set); a study is played first into runs/<study name>, reusing a complete "
        "stored run of the same study. All sources are reported together.",
    )
    parser.add_argument("sources", nargs="+", metavar="RUN_OR_STUDY",
                        help="run folder or study file (several allowed)")
    parser.add_argument("--out", required=True, help="report folder, e.g. reports/NAME")
    parser.add_argument("--runs", default=None,
                        help="where studies are stored (default runs, runs/light with --light)")
    parser.add_argument("--light", action="store_true",
                        help="play each study of a set at its light_games size (a quick look; "
                        "the report says so and prints the full command)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="worker processes when a study must be played (default: one per "
                        "core, started once the run shows it gains from them)")
    parser.add_argument("--force", action="store_true",
                        help="replay a study whose runs/<name> holds another study")
    add_engine_argument(parser, default=None)
    parser.add_argument("--quiet", action="store_true", help="no progress bar or messages")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gardensim.report.sources import report
    from gardensim.sim.backends import check_backend

    check_backend("loky", args.jobs, None)  # even when every source is a stored run
    index = report(args.sources, args.out, args.runs, jobs=args.jobs, force=args.force,
                   progress=not args.quiet, light=args.light, engine=args.engine)
    if not args.quiet:
        print(f"report written to {index}")
    return 0
