"""``gardensim simulate``: play a study into a run folder, or finish a killed one.

``--resume RUN`` finishes a run (replaying batches whose parts are missing or damaged);
``--resume STUDY.toml --out RUN`` does the same for a run whose manifest is lost.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from gardensim.commands.engine import add_engine_argument
from gardensim.core.errors import ConfigError
from gardensim.sim.backends import BACKENDS
from gardensim.sim.stopping import exit_status


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play a study (TOML file) and store its frames",
        description="Play a study and store its games and turns frames under --out. "
        "A killed or damaged run is finished with --resume RUN; one whose manifest is lost "
        "with --resume RUN (from its stored study.toml) or --resume STUDY.toml --out RUN.",
    )
    parser.add_argument("study", nargs="?", help="study file (TOML)")
    parser.add_argument("--out", help="run folder (default: runs/<study name>)")
    parser.add_argument("--resume", metavar="RUN",
                        help="finish the stored run in folder RUN (or, with --out RUN, the run "
                        "of study file RUN_OR_STUDY)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="worker processes (default: one per core, started once the run "
                        "shows it gains from them; -1: every core at once)")
    parser.add_argument("--backend", choices=BACKENDS, default="loky",
                        help="loky: local cores (default); dask/ray: a cluster")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="Dask scheduler or Ray address, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--batch-size", type=int, default=None,
                        help="games per task (default: up to 100, at least 20 tasks per arm)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar or summary")
    parser.add_argument("--force", action="store_true",
                        help="replace a run already stored in --out")
    parser.add_argument("--take-over", action="store_true",
                        help="resume a run whose manifest names a writer that still runs but "
                        "holds no lock on it (a stale record); never one whose lock is held")
    parser.add_argument("--until-decided", action="store_true",
                        help="stop once every arm's first-player share is called fair or unfair "
                        "by a sequential test (SPRT at the study's fair_margin); the study's "
                        "games are the budget")
    add_engine_argument(parser, default=None)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gardensim.sim import api

    common = dict(jobs=args.jobs, backend=args.backend, scheduler=args.scheduler,
                  progress=not args.quiet, take_over=args.take_over)
    if args.until_decided:
        return _until_decided(args, common)
    if args.resume:
        if args.study or args.force or args.batch_size or args.engine:
            raise ConfigError("--resume RUN takes no study argument, --force, --batch-size or "
                              "--engine (a study file goes in --resume STUDY.toml --out RUN)")
        if args.out:
            out = Path(args.out)
            play = partial(api.resume, out, study=_study_file(args.resume), **common)
        else:
            out = Path(args.resume)
            if out.is_file():
                raise ConfigError(f"--resume {out}: a file; give the run folder, or the study "
                                  "file with --out RUN")
            play = partial(api.resume, out, **common)
    else:
        if not args.study:
            raise ConfigError("give a study file, or --resume RUN")
        study = _study_file(args.study)
        if args.engine:
            study = replace(study, engine=args.engine)
        out = Path(args.out) if args.out else Path("runs") / study.name
        if study.settle:
            return _climb(study, out, args, common)
        play = partial(api.simulate, study, out, force=args.force,
                       batch_size=args.batch_size, **common)
    try:
        result = play()
    except KeyboardInterrupt as exc:
        print(_interrupted_text(out), file=sys.stderr)
        return exit_status(exc)
    if not args.quiet:
        print(summary(result), file=sys.stderr)
    return 0


def _until_decided(args: argparse.Namespace, common: dict[str, Any]) -> int:
    """``--until-decided``: play (or continue) the study until its verdicts are decided."""
    from gardensim.sim.sequential import play_until_decided

    if not args.study or args.resume or args.force or args.batch_size:
        raise ConfigError("--until-decided takes a study file and no --resume, --force or "
                          "--batch-size (run it again to continue a stored run)")
    study = _study_file(args.study)
    if args.engine:
        study = replace(study, engine=args.engine)
    out = Path(args.out) if args.out else Path("runs") / study.name
    try:
        run, decisions = play_until_decided(study, out, **common)
    except KeyboardInterrupt as exc:
        print(_interrupted_text(out).replace("simulate --resume", "simulate --until-decided "
                                             f"{args.study} --out"), file=sys.stderr)
        return exit_status(exc)
    for decision in decisions:
        print(decision.text)
    if not args.quiet:
        print(f"{out}: {run.manifest['games']['done']} of {run.manifest['games']['total']} "
              f"games played, {run.manifest['status']}", file=sys.stderr)
    return 0


def _climb(study: Any, out: Path, args: argparse.Namespace, common: dict[str, Any]) -> int:
    """A settling study: its rungs climbed into ``out/rung-N`` until the answers settle."""
    from gardensim.sim.ladder import climb

    if args.force:
        raise ConfigError("--force does not apply to a settling study: a climb reuses its "
                          "complete rungs; give another --out to start afresh")
    try:
        ladder = climb(study, out, batch_size=args.batch_size, **common)
    except KeyboardInterrupt as exc:
        print(f"gardensim: interrupted; the rungs played are kept: run the same command "
              f"again to go on climbing into {out}", file=sys.stderr)
        return exit_status(exc)
    if not args.quiet:
        print(ladder_summary(ladder), file=sys.stderr)
    return 0


def ladder_summary(ladder: Any) -> str:
    """What a climb played, why it stopped, and every answer's label."""
    record = ladder.record()
    rungs = ", ".join(f"{p['rung']} ({p['cpu_seconds']:.0f} CPU-s)" for p in record["played"])
    lines = [f"{ladder.path}: climbed {rungs}; stopped: {record['stop']} "
             f"({record['cpu_seconds']:.0f} CPU-seconds in all)"]
    if len(record["played"]) > 1:
        table = ladder.settlement()
        for row in table.itertuples(index=False):
            lines.append(f"  {row.players}p {row.question} {row.condition}: "
                         f"{100 * row.value:.1f} [{100 * row.low:.1f}, {100 * row.high:.1f}] "
                         f"at {row.rung}; {row.settlement}")
    return "\n".join(lines)


def _interrupted_text(out: Path) -> str:
    """What an interrupt leaves: the resume line only when ``out`` holds a run to resume (a
    run stopped before it wrote anything leaves no folder, or a folder of nothing but its
    lock)."""
    from gardensim.sim.store import RunStore, is_run

    store = RunStore(out)
    if is_run(out) or (store.path.is_dir() and store.has_remains()):
        return ("gardensim: interrupted; finished batches are kept: "
                f"gardensim simulate --resume {out}")
    return "gardensim: interrupted before any game was stored"


def _study_file(path: str) -> Any:
    from gardensim.sim.study import Study

    return Study.from_file(path)


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
    line = (f"{result.path}: {ex.games if ex else 0} games played{speed}; "
            f"{games['done']}/{games['total']} games over {arms} arm{'s' * (arms > 1)}, "
            f"{result.manifest['status']}")
    return line + repairs_text(result.repairs, result.manifest)


def repairs_text(repairs: Any, manifest: dict[str, Any]) -> str:
    """What resuming found and replayed, as a clause of the summary line."""
    words = []
    if manifest.get("rebuilt"):
        words.append("manifest rebuilt from the study")
    if repairs is not None and repairs.replayed:
        kinds = [f"{len(v)} {k}" for k, v in (("damaged", repairs.damaged),
                                              ("missing", repairs.missing)) if v]
        first = (repairs.damaged + repairs.missing)[0].split(";")[0]
        words.append(f"replayed {repairs.replayed} batch{'es' * (repairs.replayed > 1)} whose "
                     f"parts were {' or '.join(kinds)} (first: {first})")
    return "; " + "; ".join(words) if words else ""
