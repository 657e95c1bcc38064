"""Where batches run: in this process, on local cores (loky), on a Dask cluster, or on Ray.

Everything goes through joblib, so the batch function and its results are the same on every
backend; only the executor changes. Results come back unordered, as soon as each batch is done,
so the runner can store them and move the progress bar without waiting for stragglers.

Tasks are pulled from an iterator a few at a time (joblib's ``pre_dispatch``), so however many
batches a study has, only a handful exist at once. Local workers are never more than the
batches to play, and each watches its parent: a main process killed by SIGTERM or SIGKILL has
no cleanup to run, and loky's idle workers would otherwise wait minutes for work that never
comes (``docs/decisions.md``, "Workers end with their parent").
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from gardensim.core.errors import ConfigError

BACKENDS = ("loky", "dask", "ray")


def check_backend(backend: str, jobs: int | None, scheduler: Any) -> None:
    """Reject bad runner settings before anything starts."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    if jobs is not None and (
        isinstance(jobs, bool) or not isinstance(jobs, int) or (jobs < 1 and jobs != -1)
    ):
        raise ConfigError(f"--jobs must be a positive integer (or -1 for all cores), got {jobs!r}")
    if scheduler is not None and backend == "loky":
        raise ConfigError("--scheduler needs --backend dask or ray")


def effective_jobs(jobs: int | None, tasks: int | None = None) -> int:
    """Worker count for local execution: ``None`` or -1 means every core; never more than
    ``tasks`` (a worker with no batch to play only costs its start-up)."""
    cores = os.cpu_count() or 1
    if jobs is None:
        count = cores
    else:
        count = jobs if jobs > 0 else max(1, cores + 1 + jobs)
    return max(1, min(count, tasks)) if tasks is not None else count


#: Seconds between a worker's looks at its parent.
PARENT_CHECK_S = 0.2
#: Wall seconds that starting local workers costs a run before they play at full speed
#: (spawning, importing gardensim and the game, warming its engine): the larger start-up of
#: the readable and the compiled engine that ``benchmarks/bench_workers.py`` measures
#: (``worker_start_s``, ``benchmarks/results/bench_workers.json``), rounded up.
WORKER_START_S = 10.0
#: Batches the main process plays before it judges whether workers would pay: the first one
#: also pays the engine's warm-up (imports, a compiled engine's load), so it overstates a batch.
JUDGED_AFTER = 2


def exit_with_parent(parent: int) -> None:
    """Worker initializer: end this process soon after ``parent`` dies.

    A daemon thread polls ``os.getppid()``: an orphan is re-parented (to init or a
    subreaper), so a changed parent id means the main process is gone. Polling works on every
    POSIX system and whichever thread started the worker, unlike ``PR_SET_PDEATHSIG``, which
    fires when the *thread* that forked the worker ends, and loky respawns workers from its
    manager thread.
    """
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(1)

    threading.Thread(target=watch, name="gardensim-exit-with-parent", daemon=True).start()


class Backend:
    """A connection to where batches run, opened before a run touches its folder (so an
    unreachable scheduler fails before anything is written) and closed after.

    ``loky`` with one job runs in this process (no pickling, easiest to debug). ``dask`` connects
    a ``distributed.Client`` to ``scheduler`` (an address such as ``tcp://host:8786``, or a
    ``Client``); without one it starts a local cluster of ``jobs`` single-threaded workers.
    ``ray`` connects to ``scheduler`` (a Ray address) or starts Ray locally. Settings are
    assumed checked by :func:`check_backend`.
    """

    def __init__(self, jobs: int | None = None, backend: str = "loky", scheduler: Any = None,
                 tasks: int | None = None):
        self.jobs, self.backend, self.scheduler = jobs, backend, scheduler
        self.tasks = tasks
        self._stack = contextlib.ExitStack()

    @property
    def workers(self) -> int:
        """Local workers this backend starts (loky, or Dask without a scheduler)."""
        return effective_jobs(self.jobs, self.tasks)

    @property
    def local(self) -> bool:
        """Whether this backend starts its own workers (so :attr:`workers` is their count)."""
        return self.backend == "loky" or (self.backend == "dask" and self.scheduler is None)

    @property
    def in_process(self) -> bool:
        return self.backend == "loky" and self.workers == 1

    @property
    def adaptive(self) -> bool:
        """Whether workers start only once the run shows they pay (:meth:`gains`): local
        workers whose count was left to the default. An explicit ``jobs`` is obeyed."""
        return self.backend == "loky" and self.jobs is None and self.workers > 1

    def gains(self, seconds_left: float) -> bool:
        """Whether ``seconds_left`` of play in this process would take longer than starting
        the workers and sharing it among them: ``left > start + left / workers``."""
        workers = self.workers
        return seconds_left > WORKER_START_S * workers / (workers - 1)

    def __enter__(self) -> Backend:
        if self.backend == "dask":
            self._stack.enter_context(_dask(self.scheduler, self.workers))
        elif self.backend == "ray":
            self._stack.enter_context(_ray(self.scheduler))
        return self

    def __exit__(self, *exc: object) -> None:
        self._stack.close()

    def map_unordered(self, function: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
        """Yield ``function(task)`` for every task, in completion order."""
        if self.in_process:
            yield from map(function, tasks)
            return
        from joblib import Parallel, delayed, parallel_config

        settings: dict[str, Any] = {}
        if self.backend == "loky":
            n_jobs = self.workers
            settings = {"initializer": exit_with_parent, "initargs": (os.getpid(),)}
        elif self.jobs is None or self.jobs == -1:
            n_jobs = -1
        else:
            n_jobs = self.jobs if self.tasks is None else min(self.jobs, self.tasks)
        with parallel_config(backend=self.backend, n_jobs=n_jobs, **settings):
            parallel = Parallel(return_as="generator_unordered", batch_size=1,
                                pre_dispatch="2*n_jobs")
            yield from parallel(delayed(function)(task) for task in tasks)


@contextlib.contextmanager
def _dask(scheduler: Any, workers: int) -> Iterator[Any]:
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ConfigError(
            "the dask backend needs dask.distributed: pip install 'gardensim[dask]'"
        ) from None
    if scheduler is not None and not isinstance(scheduler, str):
        yield scheduler  # an existing Client: joblib finds it as the default client
        return
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            cluster = stack.enter_context(
                LocalCluster(n_workers=workers, threads_per_worker=1,
                             dashboard_address=None)
            )
            scheduler = cluster
        try:
            client = stack.enter_context(Client(scheduler, timeout="20s"))
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot reach the Dask scheduler {scheduler}: {exc}") from None
        yield client


@contextlib.contextmanager
def _ray(address: str | None) -> Iterator[None]:
    try:
        import ray
        from ray.util.joblib import register_ray
    except ImportError:
        raise ConfigError("the ray backend needs Ray: pip install 'gardensim[ray]'") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    register_ray()
    try:
        yield
    finally:
        if started:
            ray.shutdown()
