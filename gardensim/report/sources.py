"""From what the user names (run folders, study files) to runs, and the default report.

A study file is played into ``RUNS/<study name>`` first; :func:`gardensim.simulate` returns the
stored run instead when that folder already holds the same study, complete.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.paths import STUDIES_DIR

DEFAULT_STUDY = STUDIES_DIR / "default.toml"
DEFAULT_OUT = Path("reports") / "default"
#: Where ``make demo`` writes the light version of the default study (not committed).
DEMO_OUT = Path("reports") / "demo"
#: Runs of light versions live apart from full ones: same study names, other game counts.
LIGHT_RUNS = Path("runs") / "light"


@dataclass
class Sources:
    """The runs behind a report, and the study sets' titles (name: description)."""

    runs: list[Any] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)
    #: Proved strength ladders: (game, table), in the order the sets list them.
    ladders: list[tuple[str, Any]] = field(default_factory=list)


def gather(
    sources: Sequence[str | Path], runs_dir: str | Path = "runs", *, jobs: int | None = None,
    force: bool = False, progress: bool = True, light: bool = False,
    engine: str | None = None,
) -> Sources:
    """Load run folders; play (or reuse) the studies of study files, in the order given (with
    ``light``, at their ``light_games`` size; with ``engine``, on that engine instead of each
    study's ``engine`` key, and the ladders too)."""
    from dataclasses import replace

    from gardensim.report.ladders import prove
    from gardensim.report.studyset import read_study_set
    from gardensim.sim import api
    from gardensim.sim.study import study_file

    found = Sources()
    for source in sources:
        path = study_file(source)
        if path.is_dir():
            found.runs.append(api.load(path))
        elif path.is_file():
            study_set = read_study_set(path, light)
            found.titles.append(
                ": ".join(t for t in (study_set.name, study_set.description) if t))
            for study in study_set.studies:
                if engine is not None:
                    study = replace(study, engine=engine)
                out = Path(runs_dir) / study.name
                run = api.simulate(study, out, jobs=jobs, progress=progress, force=force)
                if progress:
                    how = "reused" if run.reused else "played"
                    print(f"{out}: {how} {len(run.games)} games", file=sys.stderr)
                found.runs.append(run)
            for proof in study_set.ladders:
                table = prove(proof, runs_dir, jobs=jobs, progress=progress, engine=engine)
                if progress:
                    print(f"{Path(runs_dir) / 'ladders'}: {proof.game} ladder of "
                          f"{len(proof.rungs)} rungs", file=sys.stderr)
                found.ladders.append((proof.game, table))
        else:
            raise ConfigError(f"{source}: neither a run folder nor a study file")
    return found


def command_line(sources: Sequence[str | Path], out: str | Path,
                 runs_dir: str | Path | None = None, light: bool = False,
                 engine: str | None = None) -> str:
    """The command that reproduces a report, as the user would type it."""
    words = ["gardensim", "report", *map(str, sources), "--out", str(out)]
    if light:
        words.append("--light")
    if engine is not None:
        words += ["--engine", engine]
    if runs_dir is not None and Path(runs_dir) != (LIGHT_RUNS if light else Path("runs")):
        words += ["--runs", str(runs_dir)]
    return shlex.join(words)


def light_notice(sources: Sequence[str | Path]) -> str:
    """What the header of a light report says, with the command of the full one."""
    full = command_line(sources, DEFAULT_OUT if _is_default(sources) else "reports/NAME")
    return ("Light version: every study of the set at its light_games size, so intervals are "
            f"wider than the full study's. The full report: {full}")


def _is_default(sources: Sequence[str | Path]) -> bool:
    return len(sources) == 1 and Path(sources[0]).resolve() == DEFAULT_STUDY.resolve()


def report(
    sources: Sequence[str | Path], out: str | Path, runs_dir: str | Path | None = None, *,
    jobs: int | None = None, force: bool = False, progress: bool = True, light: bool = False,
    engine: str | None = None,
) -> Path:
    """Gather the sources and build their report; returns the path of ``index.html``. Runs go
    to ``runs_dir`` (default ``runs``, or ``runs/light`` for the light version)."""
    from gardensim.report.builder import build_report

    where = Path(runs_dir) if runs_dir is not None else (LIGHT_RUNS if light else Path("runs"))
    found = gather(sources, where, jobs=jobs, force=force, progress=progress, light=light,
                   engine=engine)
    title = found.titles[0] if len(found.titles) == 1 and len(sources) == 1 else None
    return build_report(found.runs, out,
                        command=command_line(sources, out, runs_dir, light, engine),
                        title=title, notice=light_notice(sources) if light else None,
                        progress=progress, ladders=found.ladders)


def default_study() -> Path:
    """The default study file, relative to the working folder when it is below it."""
    try:
        return DEFAULT_STUDY.relative_to(Path.cwd())
    except ValueError:
        return DEFAULT_STUDY


def default_report(out: str | Path | None = None, runs_dir: str | Path | None = None, *,
                   jobs: int | None = None, progress: bool = True, light: bool = True,
                   engine: str | None = None) -> Path:
    """The default study's report: what ``make demo`` shows (the light version, into
    ``reports/demo``) or, with ``light=False``, the full one (into ``reports/default``)."""
    if out is None:
        out = DEMO_OUT if light else DEFAULT_OUT
    return report([default_study()], out, runs_dir, jobs=jobs, progress=progress, light=light,
                  engine=engine)
