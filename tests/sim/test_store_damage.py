"""A store that notices damage: part checksums in the manifest, resume replays damaged or
missing parts, a lost manifest is rebuilt from the stored study."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gardensim
from gardensim.cli import main
from gardensim.core.errors import ConfigError, RunDamagedError
from gardensim.sim import api
from gardensim.sim.store import MANIFEST, STUDY_FILE, RunStore
from gardensim.sim.studyfile import to_toml
from tests.sim.helpers import assert_same_frames, read_now, toy_study


@pytest.fixture
def stored(tmp_path: Path) -> api.Run:
    run = gardensim.simulate(toy_study(), tmp_path / "run", jobs=1, batch_size=8, progress=False)
    return read_now(run)


def _part(run: api.Run, kind: str = "games", arm: int = 0, batch: int = 1) -> Path:
    return RunStore(run.path).part_path(kind, arm, batch)


def test_the_manifest_records_each_parts_size_and_checksum(stored):
    import hashlib

    manifest = json.loads((stored.path / MANIFEST).read_text())
    for entry in manifest["batches"]["done"]:
        arm = manifest["frames"]["arms"].index(entry["arm"])
        for kind in ("games", "turns"):
            data = RunStore(stored.path).part_path(kind, arm, entry["batch"]).read_bytes()
            assert entry["parts"][kind] == {"bytes": len(data),
                                            "sha256": hashlib.sha256(data).hexdigest()}


def test_the_study_is_stored_beside_the_parts(stored):
    assert (stored.path / STUDY_FILE).read_text() == to_toml(toy_study().to_dict())


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda p: p.write_bytes(p.read_bytes()[:200]), "damaged part (200 bytes"),
        (lambda p: p.write_bytes(b""), "damaged part (0 bytes"),
        (lambda p: p.write_bytes(p.read_bytes()[::-1]), "checksum differs"),
        (lambda p: p.unlink(), "missing part"),
    ],
    ids=["truncated", "empty", "same-size", "deleted"],
)
def test_loading_a_damaged_run_names_the_part(stored, damage, words):
    part = _part(stored, "turns", 1, 2)
    damage(part)
    with pytest.raises(RunDamagedError) as info:
        run = gardensim.load(stored.path)
        run.games, run.turns  # noqa: B018 (reading is what fails)
    message = str(info.value)
    assert message.startswith(f"{part}: ") and words in message
    assert f"gardensim simulate --resume {stored.path}" in message and "\n" not in message


def test_resume_replays_damaged_and_missing_parts_and_says_how_many(stored, capsys):
    _part(stored, "games", 0, 1).write_bytes(b"")
    truncated = _part(stored, "turns", 1, 2)
    truncated.write_bytes(truncated.read_bytes()[:100])
    _part(stored, "games", 1, 3).unlink()
    assert main(["simulate", "--resume", str(stored.path), "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "replayed 3 batches whose parts were 2 damaged or 1 missing" in err
    assert_same_frames(gardensim.load(stored.path), stored)
    assert gardensim.load(stored.path).complete


def test_a_damaged_part_the_manifest_never_listed_is_replayed(stored):
    """A kill between storing a part and the next manifest write leaves an unlisted part; a
    later truncation of it is caught by reading it."""
    store = RunStore(stored.path)
    manifest = store.read_manifest()
    manifest["batches"]["done"] = [b for b in manifest["batches"]["done"]
                                   if (b["arm"], b["batch"]) != ("variant", 0)]
    manifest["status"] = "running"
    store.write_manifest(manifest)
    part = _part(stored, "games", 1, 0)
    part.write_bytes(part.read_bytes()[:300])
    resumed = api.resume(stored.path, jobs=1, progress=False)
    assert resumed.execution.games == 8 and resumed.repairs.damaged[0].startswith(str(part))
    assert_same_frames(gardensim.load(stored.path), stored)


def test_simulating_a_complete_but_damaged_run_again_repairs_it(stored):
    _part(stored).write_bytes(b"")
    again = gardensim.simulate(toy_study(), stored.path, jobs=1, progress=False)
    assert not again.reused and again.execution.games == 8
    assert_same_frames(gardensim.load(stored.path), stored)


def test_a_lost_manifest_is_rebuilt_from_the_stored_study(stored, capsys):
    (stored.path / MANIFEST).unlink()
    with pytest.raises(RunDamagedError, match=f"{MANIFEST}: missing, but the run's parts"):
        gardensim.load(stored.path)
    assert main(["simulate", "--resume", str(stored.path), "--jobs", "1"]) == 0
    assert "manifest rebuilt from the study" in capsys.readouterr().err
    rebuilt = gardensim.load(stored.path)
    assert rebuilt.complete and rebuilt.manifest["batches"]["size"] == 8
    assert_same_frames(rebuilt, stored)


def test_a_killed_run_whose_manifest_is_lost_is_finished(stored):
    for batch in (2, 3):
        _part(stored, "games", 1, batch).unlink()
    (stored.path / MANIFEST).unlink()
    resumed = api.resume(stored.path, jobs=1, progress=False)
    assert resumed.execution.games == 14 and resumed.complete
    assert_same_frames(gardensim.load(stored.path), stored)


def test_without_manifest_or_study_file_the_study_is_named_on_the_command_line(
    stored, tmp_path, capsys
):
    (stored.path / MANIFEST).unlink()
    (stored.path / STUDY_FILE).unlink()
    status = main(["simulate", "--resume", str(stored.path)])
    assert status == 2
    assert f"--resume STUDY.toml --out {stored.path}" in capsys.readouterr().err
    study = tmp_path / "toy.toml"
    study.write_text(to_toml(toy_study().to_dict()))
    assert main(["simulate", "--resume", str(study), "--out", str(stored.path), "--jobs", "1",
                 "--quiet"]) == 0
    assert_same_frames(gardensim.load(stored.path), stored)
    assert (stored.path / STUDY_FILE).is_file()


def test_rebuilding_from_another_study_is_refused(stored):
    (stored.path / MANIFEST).unlink()
    with pytest.raises(ConfigError, match="parts were not played from study 'toy-study'"):
        api.resume(stored.path, study=toy_study(seed=6), progress=False)
    assert not (stored.path / MANIFEST).exists()


def test_a_lost_manifest_is_not_mistaken_for_a_foreign_folder(stored):
    (stored.path / MANIFEST).unlink()
    with pytest.raises(RunDamagedError, match="holds a run whose manifest.json is lost"):
        RunStore(stored.path).prepare_new(False, "")
    replayed = gardensim.simulate(toy_study(), stored.path, jobs=1, progress=False)
    assert replayed.complete and replayed.execution.games == 0


def test_a_manifest_that_is_no_longer_json_is_rebuilt(stored):
    manifest = stored.path / MANIFEST
    manifest.write_text(manifest.read_text()[:50])
    with pytest.raises(RunDamagedError, match=r"manifest.json: damaged \(not JSON\); gardensim"):
        gardensim.load(stored.path)
    assert api.resume(stored.path, jobs=1, progress=False).complete
    assert_same_frames(gardensim.load(stored.path), stored)

