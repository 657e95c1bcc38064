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
from gardensim.sim.store import BATCH_LOG, MANIFEST, STUDY_FILE, RunStore
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

    manifest = RunStore(stored.path).read_manifest()
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



# ----- edited manifests (issue 39) -----------------------------------------------------------
def _edit_manifest(run: api.Run, edit) -> None:
    """Apply ``edit`` to the manifest as a user editing its JSON would, the batches done
    included (moved into the manifest, where format-1 runs keep them)."""
    manifest = RunStore(run.path).read_manifest()
    edit(manifest)
    manifest["format_version"] = 1
    (run.path / MANIFEST).write_text(json.dumps(manifest))
    (run.path / BATCH_LOG).unlink(missing_ok=True)


def _one_line_error(argv: list[str], capsys) -> str:
    assert main(argv) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("gardensim: error: "), lines
    return lines[0]


def _size(m, size):
    m["batches"]["size"] = size


def _size_and_total(m, size):
    m["batches"].update(size=size, total=2 * -(-30 // size))


def _overlap(m):
    m["batches"]["done"].append(dict(m["batches"]["done"][0]))


def _gap(m):
    m["batches"]["done"][1]["games"] = [8, 15]


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda m: _size(m, 7), "batches.total 8 or games.total 60 does not follow"),
        (lambda m: _size_and_total(m, 7), "batches of 7 give it games 0..6"),
        (lambda m: _size_and_total(m, 16), "batches of 16 give it games 0..15"),
        (_overlap, "batch 0 of arm 'plain' is listed twice"),
        (_gap, "records games 8..14, but batches of 8 give it games 8..15"),
    ],
    ids=["size", "size-and-total", "bigger-size", "overlap", "gap"],
)
def test_batches_that_do_not_tile_the_arms_are_damage_never_duplicated_games(
    stored, tmp_path, capsys, edit, words
):
    """An edited batch size once made --resume store 120 duplicate games and say complete;
    the stored ranges must tile every arm exactly, or the manifest is damaged (one line), and
    --resume rebuilds it from study.toml with the parts' own batch size."""
    _edit_manifest(stored, edit)
    with pytest.raises(RunDamagedError, match=f"manifest.json: damaged .*{words}"):
        gardensim.load(stored.path)
    line = _one_line_error(["report", str(stored.path), "--out", str(tmp_path / "rep"),
                            "--quiet"], capsys)
    assert words in line and f"gardensim simulate --resume {stored.path}" in line
    resumed = api.resume(stored.path, jobs=1, progress=False)
    assert resumed.execution.games == 0 and resumed.manifest["batches"]["size"] == 8
    final = gardensim.load(stored.path)
    assert final.complete and not final.games.duplicated(["arm", "game"]).any()
    assert_same_frames(final, stored)


@pytest.mark.parametrize("key", ["frames", "batches", "study", "games", "seeds"])
def test_a_manifest_without_a_required_key_is_one_line_and_rebuilt(stored, tmp_path, capsys,
                                                                    key):
    _edit_manifest(stored, lambda m: m.pop(key))
    line = _one_line_error(["report", str(stored.path), "--out", str(tmp_path / "rep"),
                            "--quiet"], capsys)
    assert f"manifest.json: damaged (no {key!r} key)" in line
    assert api.resume(stored.path, jobs=1, progress=False).execution.games == 0
    assert_same_frames(gardensim.load(stored.path), stored)


def test_a_seed_edited_in_the_manifest_is_refused_when_the_run_is_read(stored, tmp_path,
                                                                        capsys):
    """The report once printed "seed 999" and a reproduce command playing other games."""
    def reseed(m):
        m["study"]["seed"] = m["seeds"]["master"] = 999

    _edit_manifest(stored, reseed)
    line = _one_line_error(["report", str(stored.path), "--out", str(tmp_path / "rep"),
                            "--quiet"], capsys)
    assert "its seed 999 does not deal the stored games" in line
    assert not (tmp_path / "rep").exists()
    _edit_manifest(stored, lambda m: m["seeds"].update(master=5))
    with pytest.raises(RunDamagedError, match="the study's seed 999 differs from seeds.master 5"):
        gardensim.load(stored.path)


def test_a_rebuild_from_a_study_edited_to_other_rules_is_refused(stored):
    """With the manifest lost and study.toml edited (an arm's rule changed), --resume once
    rebuilt the manifest and put games of both rule sets under one label."""
    (stored.path / MANIFEST).unlink()
    study = stored.path / STUDY_FILE
    study.write_text(study.read_text().replace('draw = "other"', 'draw = "third"'))
    before = sorted((p.name, p.stat().st_mtime_ns) for p in (stored.path / "parts").iterdir())
    with pytest.raises(ConfigError, match="-a001-b.*played under other rules than the run's"):
        api.resume(stored.path, jobs=1, progress=False)
    assert not (stored.path / MANIFEST).exists()
    assert sorted((p.name, p.stat().st_mtime_ns)
                  for p in (stored.path / "parts").iterdir()) == before


def test_rules_relabelled_in_the_manifest_are_refused_when_the_run_is_read(stored):
    def relabel(m):
        m["rules"]["variant"]["options"] = {"draw": "third"}

    _edit_manifest(stored, relabel)
    with pytest.raises(ConfigError, match="played under other rules"):
        gardensim.load(stored.path).games  # noqa: B018 (reading is what fails)


def test_the_manifest_size_does_not_grow_with_the_batches_done(tmp_path):
    """The manifest was rewritten with every batch listed, after every batch: a long run's
    writes grew with the square of its length. The batches done go to the batch log."""
    sizes = {}
    for batches in (2, 40):
        run = gardensim.simulate(toy_study(games=40), tmp_path / f"r{batches}", jobs=1,
                                 batch_size=40 // batches, progress=False)
        sizes[batches] = (run.path / MANIFEST).stat().st_size
        assert len((run.path / BATCH_LOG).read_text().splitlines()) == 2 * batches
    assert abs(sizes[40] - sizes[2]) < 100, sizes


def test_a_batch_log_line_cut_short_by_a_kill_is_left_out(stored):
    log = stored.path / BATCH_LOG
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:30])
    run = gardensim.load(stored.path)
    assert len(run.manifest["batches"]["done"]) == len(lines) - 1
    assert_same_frames(run, stored)  # the batch is read as an unlisted one
    assert api.resume(stored.path, jobs=1, progress=False).reused


def test_a_run_stored_in_format_1_is_read_and_resumed(stored):
    """Runs stored before the batch log list their batches in the manifest."""
    _edit_manifest(stored, lambda m: m.update(status="interrupted"))
    assert_same_frames(gardensim.load(stored.path), stored)
    resumed = api.resume(stored.path, jobs=1, progress=False)
    assert resumed.complete and resumed.execution.games == 0
    assert json.loads((stored.path / MANIFEST).read_text())["format_version"] == 2
    assert_same_frames(gardensim.load(stored.path), stored)


#: Reads a run's frames in a fresh interpreter, then prints how many threads pyarrow's reading
#: added (sys.argv[1]: the run folder).
COUNT_THREADS = """
import os, sys
import pandas, pyarrow, pyarrow.parquet
import gardensim
from gardensim.core.errors import RunDamagedError
before = len(os.listdir("/proc/self/task"))
try:
    run = gardensim.load(sys.argv[1])
    run.games, run.turns
except RunDamagedError:
    pass
print(len(os.listdir("/proc/self/task")) - before)
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_reading_a_run_starts_no_pyarrow_threads(stored):
    """pyarrow's thread pools, once started, may abort the interpreter as it exits (SIGABRT,
    "terminate called without an active exception"), as `report` did on a damaged part in
    2-5 of 8 tries: parts are read in the calling thread only."""
    import subprocess
    import sys

    part = _part(stored, "turns", 1, 3)
    part.write_bytes(part.read_bytes()[::-1])
    added = subprocess.run([sys.executable, "-c", COUNT_THREADS, str(stored.path)],
                           capture_output=True, text=True, check=True).stdout.split()[-1]
    assert added == "0"


def test_a_report_stopped_by_a_damaged_part_always_exits_with_its_one_line(stored, tmp_path):
    """Repeats the report that aborted (exit status 134) in some tries: each try must end with
    the one line naming the part and status 2."""
    import subprocess
    import sys

    part = _part(stored, "games", 1, 2)
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 1
    part.write_bytes(bytes(data))
    argv = [sys.executable, "-m", "gardensim.cli", "report", str(stored.path), "--out",
            str(tmp_path / "rep"), "--quiet"]
    for _ in range(8):
        done = subprocess.run(argv, capture_output=True, text=True)
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip().endswith("replays its batch") and f"{part}: " in done.stderr
