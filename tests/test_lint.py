"""The code base stays ruff clean (STYLE.md habits), checked with every test run."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or "ruff"
    done = subprocess.run(
        [ruff, "check", "gardensim", "tests", "benchmarks", "scripts", "docs"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
