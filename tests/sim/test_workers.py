"""Workers end with their parent, and tasks stream lazily into every backend."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gardensim.sim.backends import Backend

ROOT = Path(__file__).resolve().parents[2]


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (from /proc, so no extra dependency)."""
    out = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines()
                          if ":\t" in line)
        except OSError:
            continue
        if fields.get("PPid", "").strip() == str(pid):
            out.append(int(status.parent.name))
    return out


def _alive(pid: int) -> bool:
    """Running, not a zombie waiting for a parent that is gone."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_workers_exit_soon_after_the_main_process_is_killed(tmp_path, slowtoy, sig):
    study = tmp_path / "slow.toml"
    study.write_text('name = "slow"\ngame = "slowtoy"\nplayers = 2\nbots = ["random", "random"]'
                     '\ngames = 4000\nseed = 1\n')
    env = dict(os.environ)
    main = subprocess.Popen(
        [sys.executable, "-m", "gardensim.cli", "simulate", str(study), "--out",
         str(tmp_path / "run"), "--jobs", "2", "--batch-size", "5", "--quiet"],
        env=env, cwd=tmp_path, stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    try:
        parts = tmp_path / "run" / "parts"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and main.poll() is None:
            if parts.is_dir() and sum(p.name.startswith("games") for p in parts.iterdir()) >= 2:
                workers = [p for p in _children(main.pid) if _alive(p)]
                if len(workers) >= 2:
                    break
            time.sleep(0.05)
        assert len(workers) >= 2, "the run must be mid-way, with its workers, when killed"
        kill_and_check_workers(main, workers, sig)
    finally:
        clean_up(main, workers)


def kill_and_check_workers(main: subprocess.Popen, workers: list[int], sig: int) -> None:
    """Send ``sig`` to the main process and require its workers gone within 5 seconds."""
    main.send_signal(sig)
    main.wait(timeout=30)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_alive(p) for p in workers):
        time.sleep(0.05)
    assert not [p for p in workers if _alive(p)], "workers outlived their parent"


def clean_up(main: subprocess.Popen, workers: list[int]) -> None:
    main.kill()
    main.wait()
    for pid in workers:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


class _Counted:
    """An endless task stream that counts how many tasks were taken from it."""

    def __init__(self) -> None:
        self.taken = 0

    def __iter__(self):
        for n in itertools.count():
            self.taken += 1
            yield n


def _square(n: int) -> int:
    time.sleep(0.01)
    return n * n


@pytest.mark.parametrize("backend", ["loky", "dask"])
def test_backends_pull_tasks_a_few_at_a_time(backend):
    """An endless stream would never return if a backend listed its tasks first; workers keep
    pulling while results wait, so "a few" is bounded by the time taken, not by a constant."""
    if backend == "dask":
        pytest.importorskip("distributed")
    stream = _Counted()
    with Backend(2, backend) as pool:
        results = pool.map_unordered(_square, stream)
        first = [next(results) for _ in range(3)]
        taken = stream.taken
        results.close()
    assert len(first) == 3 and all(r in {n * n for n in range(taken)} for r in first)
    assert taken < 200, f"{taken} tasks taken for 3 results"


def test_in_process_backend_takes_one_task_per_result():
    stream = _Counted()
    results = Backend(1).map_unordered(_square, stream)
    assert [next(results) for _ in range(3)] == [0, 1, 4] and stream.taken == 3


def test_a_small_study_with_default_jobs_starts_no_workers(tmp_path, monkeypatch):
    """Two workers made a 4-game study take five times longer than --jobs 1: by default the
    study plays in this process until the games left would pay for starting workers."""
    import gardensim
    from gardensim.sim import backends
    from tests.sim.helpers import assert_same_frames, toy_study

    monkeypatch.setattr(backends.os, "cpu_count", lambda: 2)
    started = []
    monkeypatch.setattr(Backend, "map_unordered",
                        lambda self, function, tasks: started.append(self.workers) or iter(()))
    run = gardensim.simulate(toy_study(games=4), tmp_path / "run", progress=False)
    assert started == [] and run.manifest["timings"]["sessions"][0]["workers"] == 1
    monkeypatch.undo()
    assert_same_frames(run, gardensim.simulate(toy_study(games=4), jobs=1, progress=False))


def test_default_jobs_start_workers_once_the_games_left_would_take_longer(
    tmp_path, monkeypatch, slowtoy
):
    """With a start-up cost the games left outweigh, the rest goes to the workers, and the
    frames are those of one process."""
    import gardensim
    from gardensim.sim import backends
    from tests.sim.helpers import assert_same_frames, toy_study

    monkeypatch.setattr(backends.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(backends, "WORKER_START_S", 0.05)
    run = gardensim.simulate(toy_study(game=slowtoy, games=40), tmp_path / "run",
                             batch_size=2, progress=False)
    assert run.manifest["timings"]["sessions"][0]["workers"] == 2
    assert_same_frames(run, gardensim.simulate(toy_study(games=40), jobs=1, progress=False))
