"""Tournament workers end with their parent, as simulation workers do."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.sim.test_workers import _alive, _children, clean_up, kill_and_check_workers


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_tournament_workers_exit_soon_after_the_main_process_is_killed(tmp_path):
    main = subprocess.Popen(
        [sys.executable, "-m", "gardensim.cli", "tournament", "--game", "slowtoy", "--players",
         "2", "--bots", "random;greedy", "--games", "4000", "--jobs", "2", "--quiet"],
        cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and main.poll() is None and len(workers) < 2:
            workers = [p for p in _children(main.pid) if _alive(p)]
            time.sleep(0.1)
        assert len(workers) >= 2, "the tournament must be mid-way, with its workers"
        time.sleep(1.0)  # let the workers start their batches
        kill_and_check_workers(main, workers, signal.SIGKILL)
    finally:
        clean_up(main, workers)
