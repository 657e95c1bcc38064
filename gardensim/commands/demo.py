"""``gardensim demo``: the default study's report (what ``make demo`` runs).

Plays the default study (``data/studies/default.toml``) into ``runs/`` — or reuses it when it is
already stored, complete — and writes its report, then says where the report is.
"""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo", help="run the default study and write its report (reports/default)"
    )
    parser.add_argument("--out", default="reports/default", help="report folder")
    parser.add_argument("--runs", default="runs", help="where the study's runs are stored")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default all)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gardensim.report import default_report
    from gardensim.sim.backends import check_backend

    check_backend("loky", args.jobs, None)  # even when every source is a stored run
    index = default_report(args.out, args.runs, jobs=args.jobs, progress=not args.quiet)
    print(f"Report written to {index}")
    return 0
