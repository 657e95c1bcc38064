"""Runs the notebooks reuse: one folder per study, named after a hash of the study.

A designer flips a dropdown back and forth; replaying the same thousand games each time would
make the panels unusable. Every study a panel builds is stored under
``<runs>/<study name>-<hash of the study>`` and loaded again when it is already complete; a run
cut short (kernel restarted mid-way) is resumed rather than started over. ``<runs>`` is
``$GARDENSIM_RUNS`` when set (tests point it at a temporary folder), else ``runs`` under the
working directory (``notebooks/runs``, ignored by git).
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gardensim.sim.api import Run
    from gardensim.sim.study import Study

RUNS_ENV = "GARDENSIM_RUNS"


def runs_root(root: str | Path | None = None) -> Path:
    """The folder holding cached runs: ``root``, else ``$GARDENSIM_RUNS``, else ``./runs``."""
    return Path(root or os.environ.get(RUNS_ENV) or "runs")


def study_hash(study: Study) -> str:
    """Twelve hex digits of the study's canonical form: equal studies, equal folders."""
    return hashlib.sha256(study.fingerprint().encode("utf-8")).hexdigest()[:12]


def run_path(study: Study, root: str | Path | None = None) -> Path:
    """Where the run of ``study`` is (or will be) stored."""
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", study.name).strip("-") or "study"
    return runs_root(root) / f"{slug}-{study_hash(study)}"


def has_cached_run(study: Study, root: str | Path | None = None) -> bool:
    """True when a complete run of exactly this study is stored (so showing it is instant)."""
    from gardensim.sim.api import load
    from gardensim.sim.store import is_run

    path = run_path(study, root)
    return is_run(path) and load(path).complete


def cached_run(
    study: Study,
    root: str | Path | None = None,
    *,
    jobs: int | None = None,
    progress: bool = True,
) -> Run:
    """The run of ``study``: loaded when stored and complete (``run.reused`` is then true),
    resumed when stored but unfinished, simulated and stored otherwise."""
    from gardensim.sim.api import load, resume, simulate
    from gardensim.sim.store import is_run

    path = run_path(study, root)
    if is_run(path):
        run = load(path)
        if run.complete:
            run.reused = True
            return run
        return resume(path, jobs=jobs, progress=progress)
    return simulate(study, out=path, jobs=jobs, progress=progress)
