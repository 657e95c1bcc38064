"""``gardensim demo``: the default study's report (what ``make demo`` runs).

Plays the light version of the default study (``gardensim/studies/default.toml``: every study at its
``light_games`` size) into ``runs/light/`` — or reuses it when it is already stored, complete —
and writes its report to ``reports/demo``, then says where the report is. The full study does not
fit the few minutes a first look may take; ``--full`` plays it (the committed ``reports/default``).
"""

from __future__ import annotations

import argparse
from typing import Any

from gardensim.commands.engine import add_engine_argument


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo", help="play the light version of the default study and write its report "
        "(reports/demo); --full plays the whole study (reports/default)"
    )
    parser.add_argument("--full", action="store_true",
                        help="the whole default study, as in the committed reports/default")
    parser.add_argument("--out", default=None,
                        help="report folder (default reports/demo, reports/default with --full)")
    parser.add_argument("--runs", default=None,
                        help="where the study's runs are stored (default runs/light, runs with "
                        "--full)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="worker processes (default: one per core, when they pay)")
    add_engine_argument(parser, default=None)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gardensim.report import default_report
    from gardensim.sim.backends import check_backend

    check_backend("loky", args.jobs, None)  # even when every source is a stored run
    index = default_report(args.out, args.runs, jobs=args.jobs, progress=not args.quiet,
                           light=not args.full, engine=args.engine)
    print(f"Report written to {index}")
    return 0
