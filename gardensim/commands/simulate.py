"""``gardensim simulate``: play a study into a run folder, or finish a killed one."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.sim.backends import BACKENDS


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play a study (TOML file) and store its frames",
        description="Play a study and store its games and turns frames under --out. "
        "A killed run is finished with --resume.",
    )
    parser.add_argument("study", nargs="?", help="study file (TOML)")
    parser.add_argument("--out", help="run folder (default: runs/<study name>)")
    parser.add_argument("--resume", metavar="RUN", help="finish the stored run in folder RUN")
    parser.add_argument("--jobs", type=int, default=None,
                        help="worker processes (default: every core; -1 too)")
    parser.add_argument("--backend", choices=BACKENDS, default="loky",
                        help="loky: local cores (default); dask/ray: a cluster")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="Dask scheduler or Ray address, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--batch-size", type=int, default=None,
                        help="games per task (default: up to 100, at least 20 tasks per arm)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar or summary")
    parser.add_argument("--force", action="store_true",
                        help="replace a run already stored in --out")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gardensim.sim import api

    common = dict(jobs=args.jobs, backend=args.backend, scheduler=args.scheduler,
                  progress=not args.quiet)
    if args.resume:
        if args.study or args.out or args.force or args.batch_size:
            raise ConfigError("--resume RUN takes no study, --out, --force or --batch-size")
        out = Path(args.resume)
        play = partial(api.resume, out, **common)
    else:
        if not args.study:
            raise ConfigError("give a study file, or --resume RUN")
        from gardensim.sim.study import Study

        study = Study.from_file(args.study)
        out = Path(args.out) if args.out else Path("runs") / study.name
        play = partial(api.simulate, study, out, force=args.force,
                       batch_size=args.batch_size, **common)
    try:
        result = play()
    except KeyboardInterrupt:
        print(f"gardensim: interrupted; finished batches are kept: "
              f"gardensim simulate --resume {out}", file=sys.stderr)
        return 130
    if not args.quiet:
        print(summary(result), file=sys.stderr)
    return 0


def summary(result: Any) -> str:
    """One line: what was played, where it is, how fast."""
    games = result.manifest["games"]
    if result.reused:
        return (f"{result.path}: already holds this study, complete ({games['total']} games); "
                "--force runs it again")
    ex = result.execution
    speed = ""
    if ex is not None and ex.seconds > 0:
        speed = (f" in {ex.seconds:.1f} s ({ex.games / ex.seconds:.1f} games/s, "
                 f"{ex.moves / ex.seconds:.0f} moves/s)")
    arms = len(games["arms"])
    return (f"{result.path}: {ex.games if ex else 0} games played{speed}; "
            f"{games['done']}/{games['total']} games over {arms} arm{'s' * (arms > 1)}, "
            f"{result.manifest['status']}")
