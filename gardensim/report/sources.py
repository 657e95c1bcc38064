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
from gardensim.paths import DATA_DIR

DEFAULT_STUDY = DATA_DIR / "studies" / "default.toml"
DEFAULT_OUT = Path("reports") / "default"


@dataclass
class Sources:
    """The runs behind a report, and the study sets' titles (name: description)."""

    runs: list[Any] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)


def gather(
    sources: Sequence[str | Path], runs_dir: str | Path = "runs", *, jobs: int | None = None,
    force: bool = False, progress: bool = True,
) -> Sources:
    """Load run folders; play (or reuse) the studies of study files, in the order given."""
    from gardensim.report.studyset import read_study_set
    from gardensim.sim import api

    found = Sources()
    for source in sources:
        path = Path(source)
        if path.is_dir():
            found.runs.append(api.load(path))
        elif path.is_file():
            study_set = read_study_set(path)
            found.titles.append(
                ": ".join(t for t in (study_set.name, study_set.description) if t))
            for study in study_set.studies:
                out = Path(runs_dir) / study.name
                run = api.simulate(study, out, jobs=jobs, progress=progress, force=force)
                if progress:
                    how = "reused" if run.reused else "played"
                    print(f"{out}: {how} {len(run.games)} games", file=sys.stderr)
                found.runs.append(run)
        else:
            raise ConfigError(f"{source}: neither a run folder nor a study file")
    return found


def command_line(sources: Sequence[str | Path], out: str | Path,
                 runs_dir: str | Path = "runs") -> str:
    """The command that reproduces a report, as the user would type it."""
    words = ["gardensim", "report", *map(str, sources), "--out", str(out)]
    if str(runs_dir) != "runs":
        words += ["--runs", str(runs_dir)]
    return shlex.join(words)


def report(
    sources: Sequence[str | Path], out: str | Path, runs_dir: str | Path = "runs", *,
    jobs: int | None = None, force: bool = False, progress: bool = True,
) -> Path:
    """Gather the sources and build their report; returns the path of ``index.html``."""
    from gardensim.report.builder import build_report

    found = gather(sources, runs_dir, jobs=jobs, force=force, progress=progress)
    title = found.titles[0] if len(found.titles) == 1 and len(sources) == 1 else None
    return build_report(found.runs, out, command=command_line(sources, out, runs_dir),
                        title=title)


def default_report(out: str | Path = DEFAULT_OUT, runs_dir: str | Path = "runs", *,
                   jobs: int | None = None, progress: bool = True) -> Path:
    """The default study's report (what ``make demo`` shows)."""
    study = DEFAULT_STUDY
    try:
        study = DEFAULT_STUDY.relative_to(Path.cwd())
    except ValueError:
        pass
    return report([study], out, runs_dir, jobs=jobs, progress=progress)
