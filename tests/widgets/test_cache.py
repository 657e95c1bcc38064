"""Cached runs live in one folder per study, named after a hash of the study."""

from __future__ import annotations

from pathlib import Path

import pytest

from gardensim.sim.study import Study
from gardensim.widgets.cache import RUNS_ENV, run_path, runs_root, study_hash


def study(**changes: object) -> Study:
    raw = {"name": "seats gazebo/aviary", "game": "gazebo", "board": "aviary", "players": 2,
           "bots": ["greedy", "greedy"], "games": 10, "seed": 1}
    return Study.from_dict(raw | changes)


def test_runs_folder_is_the_argument_then_the_environment_then_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(RUNS_ENV, raising=False)
    assert runs_root() == Path("runs")
    monkeypatch.setenv(RUNS_ENV, str(tmp_path))
    assert runs_root() == tmp_path
    assert runs_root(tmp_path / "given") == tmp_path / "given"


def test_equal_studies_share_a_folder_and_any_change_gets_another(tmp_path: Path) -> None:
    assert run_path(study(), tmp_path) == run_path(study(), tmp_path)
    others = [study(games=11), study(seed=2), study(players=3, bots=["greedy"] * 3),
              study(options={"hand_size": 4})]
    hashes = {study_hash(s) for s in others}
    assert len(hashes) == len(others) and study_hash(study()) not in hashes


def test_folder_name_is_readable_and_safe(tmp_path: Path) -> None:
    path = run_path(study(), tmp_path)
    assert path.parent == tmp_path
    assert path.name == f"seats-gazebo-aviary-{study_hash(study())}"
