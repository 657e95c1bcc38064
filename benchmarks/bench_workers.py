"""What starting worker processes costs a run, against playing it in the main process.

``simulate`` with the default ``--jobs`` plays batches in its own process and starts workers
only once the games left would take longer than starting them gains back
(``sim.backends.WORKER_START_S``, ``docs/decisions.md``, "Workers start when they pay"). This
measures that start-up: a 4-game Gazebo study (the size that took five times longer with two
workers than with one) played with ``--jobs 1`` and ``--jobs 2`` in fresh processes, on the
readable and the compiled engine, in interleaved rounds so a slow spell on the shared machine
lands on both; ``worker_start_s`` is the median over rounds of the difference (the wall time two
workers add before they pay). The default ``--jobs`` is timed too, and a study big enough to gain
from workers (``big``: greedy bots) with each setting. Prints one JSON object on its last line.

    .venv/bin/python benchmarks/bench_workers.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: ``benchmarks/run.py`` runs it once: its rounds are its own, interleaved
REPEATS = 1
ROOT = Path(__file__).resolve().parent.parent
STUDY = """name = "{name}"
game = "gazebo"
board = "aviary"
players = 2
bots = ["{bot}", "{bot}"]
games = {games}
seed = 1
engine = "{engine}"
"""
#: study -> (engine, bot, games per arm): small ones lose from workers, the big one gains
STUDIES = {"small-python": ("python", "random", 4), "small-kernel": ("auto", "random", 4),
           "big-python": ("python", "greedy", 200)}
JOBS = {"jobs1": ["--jobs", "1"], "jobs2": ["--jobs", "2"], "default": []}


def wall_seconds(folder: Path, study: str, jobs: list[str]) -> float:
    engine, bot, games = STUDIES[study]
    path = folder / f"{study}.toml"
    path.write_text(STUDY.format(name=study, games=games, engine=engine, bot=bot))
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "gardensim.cli", "simulate", str(path), "--out",
                    str(folder / "run"), "--force", "--quiet", *jobs], cwd=ROOT, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    times: dict[str, list[float]] = {f"{s}_{j}_s": [] for s in STUDIES for j in JOBS}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for _ in range(args.rounds):
            for study in STUDIES:
                for name, jobs in JOBS.items():
                    times[f"{study}_{name}_s"].append(wall_seconds(folder, study, jobs))
    figures = {key: statistics.median(values) for key, values in times.items()}
    for engine in ("python", "kernel"):
        figures[f"worker_start_{engine}_s"] = statistics.median(
            two - one for one, two in zip(times[f"small-{engine}_jobs1_s"],
                                          times[f"small-{engine}_jobs2_s"], strict=True))
    figures["worker_start_s"] = max(figures["worker_start_python_s"],
                                    figures["worker_start_kernel_s"])
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
