"""The built wheel carries every shipped data file and plays from it, away from the checkout.

The data lives in the packages that own it (``gardensim.paths``), so a wheel installed anywhere
must find the gardens, the Azul rules tables, the evaluation weights, the ladder and the studies.
The test builds the wheel from this checkout without build isolation (nothing is downloaded),
installs it into a bare folder without dependencies (they come from the test environment) and
plays a shipped study by name from an empty folder (on the readable engine: a cold compile of
the kernel in the bare folder would cost half a minute and tests nothing about the data).
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import gardensim
from gardensim.paths import STUDIES_DIR
from gardensim.sim.study import Study

ROOT = Path(gardensim.__file__).resolve().parents[1]
#: the data folders of the package, and what each holds
DATA = [ROOT / "gardensim" / "studies", *sorted((ROOT / "gardensim" / "games").glob("*/data"))]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(out), str(ROOT)], check=True, capture_output=True)
    (built,) = out.glob("gardensim-*.whl")
    return built


def test_the_wheel_holds_every_shipped_data_file(wheel: Path) -> None:
    shipped = {p.relative_to(ROOT).as_posix() for folder in DATA for p in folder.rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    assert len(DATA) == 4 and any(name.endswith("aviary.txt") for name in shipped)
    held = set(zipfile.ZipFile(wheel).namelist())
    assert shipped - held == set()


def test_an_installed_wheel_plays_a_shipped_study_by_name(wheel: Path, tmp_path: Path) -> None:
    target, work = tmp_path / "site", tmp_path / "work"
    work.mkdir()
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(target), str(wheel)], check=True, capture_output=True)
    script = """
import dataclasses, sys
import gardensim
from gardensim.sim import api
from gardensim.sim.study import Study
assert gardensim.__file__.startswith(sys.argv[1]), gardensim.__file__
study = dataclasses.replace(Study.from_file("aviary-2p-draw"), games=4,
                            engine="python")
run = api.simulate(study, "run", jobs=1, progress=False)
print(len(run.games))
"""
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run([sys.executable, "-c", script, str(target)], cwd=work, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    arms = Study.from_file(STUDIES_DIR / "aviary-2p-draw.toml").resolve()
    assert int(done.stdout.split()[-1]) == 4 * len(arms)
