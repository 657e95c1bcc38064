"""`scripts/pick-python.sh`: the interpreter `make` builds .venv from (docs/decisions.md)."""

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "pick-python.sh"
USABLE = "import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))"


def _pick(env=None):
    return subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, env=env)


def test_picks_a_python_that_can_build_the_venv():
    done = _pick()
    assert done.returncode == 0, done.stderr
    chosen = done.stdout.strip()
    assert subprocess.run([chosen, "-c", USABLE]).returncode == 0


def test_prefers_the_distribution_python_when_it_is_usable():
    system = Path("/usr/bin/python3")
    usable = system.exists() and subprocess.run([str(system), "-c", USABLE]).returncode == 0
    assert (_pick().stdout.strip() == str(system)) == usable


@pytest.fixture
def old(tmp_path):
    """A python3 that fails the check, like one older than 3.11 or without venv."""
    path = tmp_path / "python3"
    path.write_text("#!/bin/sh\nexit 1\n")
    path.chmod(0o755)
    return path


def test_says_what_to_do_when_nothing_fits(old):
    done = _pick(env={"PATH": "/bin:/usr/bin", "PYTHON_CANDIDATES": f"{old} no-such-python"})
    assert done.returncode == 1
    assert "make PYTHON=" in done.stderr


def test_skips_an_unusable_candidate_for_the_next(old):
    done = _pick(env={"PATH": "/bin:/usr/bin", "PYTHON_CANDIDATES": f"{old} {sys.executable}"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == sys.executable
