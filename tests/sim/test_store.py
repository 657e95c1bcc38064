"""The run store: atomic parts, manifest, refusals, resume after SIGKILL, stored games."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

import gardensim
from gardensim.cli import main
from gardensim.core.errors import ConfigError
from gardensim.sim import api
from gardensim.sim.lock import hold, process_start
from gardensim.sim.store import BATCH_LOG, MANIFEST, RunStore
from tests.sim.helpers import assert_same_frames, read_now, toy_study

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def stored(tmp_path):
    out = tmp_path / "run"
    return gardensim.simulate(toy_study(), out, jobs=1, batch_size=8, progress=False)


def test_stored_frames_equal_the_in_memory_ones_and_load_back(stored):
    in_memory = gardensim.simulate(toy_study(), jobs=1, progress=False)
    assert_same_frames(stored, in_memory)
    loaded = gardensim.load(stored.path)
    assert_same_frames(loaded, stored)
    assert loaded.games["decision_s_0"].equals(stored.games["decision_s_0"])


def test_manifest_records_study_versions_seeds_status_and_batches(stored):
    manifest = json.loads((stored.path / MANIFEST).read_text())
    assert manifest["status"] == "complete" and manifest["gardensim_version"]
    assert manifest["study"] == toy_study().to_dict()
    assert manifest["seeds"]["master"] == 5
    assert "done" not in manifest["batches"], "the batches done live in the batch log"
    log = [json.loads(line) for line in (stored.path / BATCH_LOG).read_text().splitlines()]
    assert log == RunStore(stored.path).read_manifest()["batches"]["done"]
    batches = {(b["arm"], b["batch"]) for b in log}
    assert batches == {(a, b) for a in ("plain", "variant") for b in range(4)}
    assert manifest["games"]["done"] == manifest["games"]["total"] == 60
    assert manifest["timings"]["finished"] and manifest["timings"]["sessions"][0]["games"] == 60


def test_one_part_per_batch_and_frame_and_no_temporary_left(stored):
    names = sorted(p.name for p in (stored.path / "parts").iterdir())
    assert len(names) == 2 * 2 * 4 and all(n.endswith(".parquet") for n in names)


def test_a_directory_that_is_not_a_run_is_refused_and_untouched(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    for call in (lambda: gardensim.simulate(toy_study(), tmp_path, force=True, progress=False),
                 lambda: api.resume(tmp_path), lambda: gardensim.load(tmp_path)):
        with pytest.raises(ConfigError, match="is not a gardensim run"):
            call()
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_run_of_another_study_is_refused_without_force(stored):
    other = toy_study(seed=6)
    with pytest.raises(ConfigError, match="holds a run of another study"):
        gardensim.simulate(other, stored.path, progress=False)
    assert gardensim.load(stored.path).study == toy_study()
    replaced = gardensim.simulate(other, stored.path, force=True, progress=False)
    assert gardensim.load(stored.path).study == other and not replaced.reused


def test_the_same_complete_study_is_reused_not_rerun(stored):
    manifest = stored.path / MANIFEST
    before = manifest.stat().st_mtime_ns
    again = gardensim.simulate(toy_study(), stored.path, progress=False)
    assert again.reused and manifest.stat().st_mtime_ns == before
    assert_same_frames(again, stored)


def test_simulating_the_same_study_again_finishes_an_unfinished_run(stored):
    expected = read_now(gardensim.load(stored.path))
    _drop_batches(stored.path, 2)
    missing = 60 - len(gardensim.load(stored.path).games)
    again = gardensim.simulate(toy_study(), stored.path, jobs=1, progress=False)
    assert missing > 0 and again.execution.games == missing and again.complete
    assert_same_frames(again, expected)


def test_resume_replays_only_the_missing_batches(stored):
    expected = read_now(gardensim.load(stored.path))
    _drop_batches(stored.path, 3)
    missing = 60 - len(gardensim.load(stored.path).games)
    resumed = api.resume(stored.path, jobs=2, progress=False)
    assert missing > 0 and resumed.execution.games == missing
    assert_same_frames(gardensim.load(stored.path), expected)
    assert resumed.manifest["status"] == "complete"


def _drop_batches(path: Path, count: int) -> None:
    """Simulate a crash: remove the last ``count`` games parts, as if never written, and mark
    the run unfinished."""
    store = RunStore(path)
    dropped = sorted(store.done_batches(True))[-count:]
    for arm, batch in dropped:
        store.part_path("games", arm, batch).unlink()
    manifest = store.read_manifest()
    arms = manifest["frames"]["arms"]
    manifest["batches"]["done"] = [b for b in manifest["batches"]["done"]
                                   if (arms.index(b["arm"]), b["batch"]) not in dropped]
    manifest["status"] = "running"
    store.write_manifest(manifest)


@pytest.fixture
def sleeper():
    """A live process that is not writing any run."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    yield child
    child.kill()
    child.wait()


def _record_writer(path: Path, writer: dict) -> None:
    store = RunStore(path)
    manifest = store.read_manifest()
    manifest["status"] = "running"
    manifest["writer"] = writer
    store.write_manifest(manifest)


def test_a_live_writer_holding_no_lock_is_refused_until_taken_over(stored, sleeper, capsys):
    """A manifest naming a live process as its writer, with nobody holding the lock (a writer
    of an older gardensim, or a stale record), is refused with the way out: --take-over."""
    _record_writer(stored.path, {"host": os.uname().nodename, "pid": sleeper.pid})
    with pytest.raises(ConfigError, match=f"names process {sleeper.pid} on .* holds no lock"):
        api.resume(stored.path)
    assert main(["simulate", "--resume", str(stored.path), "--quiet"]) == 2
    assert f"gardensim simulate --resume {stored.path} --take-over" in capsys.readouterr().err
    assert main(["simulate", "--resume", str(stored.path), "--take-over", "--quiet"]) == 0
    assert gardensim.load(stored.path).manifest["status"] == "complete"


def test_a_recorded_writer_whose_pid_runs_another_process_is_dead(stored, sleeper):
    """The writer is recorded with its process start time: a live pid that started at
    another time is a reused pid, so the writer is gone and the run resumes without asking."""
    started = process_start(sleeper.pid)
    assert started is not None
    _record_writer(stored.path, {"host": os.uname().nodename, "pid": sleeper.pid,
                                 "started": started - 1})
    resumed = api.resume(stored.path, jobs=1, progress=False)
    assert resumed.complete and resumed.manifest["writer"] is None


def test_a_held_lock_refuses_another_writer_even_with_take_over(stored):
    with hold(stored.path):
        for call in (lambda: api.resume(stored.path, take_over=True, progress=False),
                     lambda: gardensim.simulate(toy_study(), stored.path, force=True,
                                                progress=False)):
            with pytest.raises(ConfigError, match=f"is being written by process {os.getpid()}"):
                call()
    assert gardensim.load(stored.path).complete and len(gardensim.load(stored.path).games) == 60


def _race(tmp_path: Path, *argvs: list[str]) -> list[tuple[int, str]]:
    """Start one CLI process per ``argv`` at once; their exit statuses and stderr."""
    children = [subprocess.Popen([sys.executable, "-m", "gardensim.cli", *argv], cwd=tmp_path,
                                 env=dict(os.environ), stderr=subprocess.PIPE, text=True)
                for argv in argvs]
    return [(child.wait(), child.communicate()[1]) for child in children]


def _assert_one_writer(results: list[tuple[int, str]], out: Path) -> None:
    """Either both finished (the second found the run complete) or the second was refused
    with one line naming the folder and the writer."""
    assert sorted(rc for rc, _ in results) in ([0, 0], [0, 2]), results
    for rc, err in results:
        if rc == 2:
            lines = [line for line in err.splitlines() if line.strip()]
            assert len(lines) == 1 and f"{out}: is being written by process " in lines[0], err


def _slow_study(tmp_path: Path) -> Path:
    study = tmp_path / "slow.toml"
    study.write_text(
        'name = "slow"\ngame = "slowtoy"\nplayers = 2\nbots = ["random", "random"]\n'
        'games = 60\nseed = 9\n[[arms]]\nname = "a"\n[[arms]]\nname = "b"\nx = 1\n'
    )
    return study


def _assert_intact(out: Path, study: Path) -> None:
    """The run is complete, every part matches its checksum, and its frames are the ones an
    uninterrupted single writer stores (the slowed toy plays the toy game's games)."""
    final = gardensim.load(out)
    assert final.complete and not final.games.duplicated(["arm", "game"]).any()
    reference = study.read_text().replace('"slowtoy"', '"toy"')
    assert_same_frames(final, gardensim.simulate(tomllib.loads(reference), jobs=1,
                                                 progress=False))


@pytest.mark.parametrize("attempt", range(3))
def test_two_simulates_started_together_never_share_a_run(tmp_path, slowtoy, attempt):
    study, out = _slow_study(tmp_path), tmp_path / "run"
    argv = ["simulate", str(study), "--out", str(out), "--jobs", "1", "--batch-size", "6",
            "--quiet"]
    _assert_one_writer(_race(tmp_path, argv, argv), out)
    _assert_intact(out, study)


@pytest.mark.parametrize("attempt", range(2))
def test_two_resumes_of_a_killed_run_started_together_never_share_it(tmp_path, slowtoy,
                                                                     attempt):
    child, study, out = start_slow_run(tmp_path, slowtoy)
    child.send_signal(signal.SIGKILL)
    child.communicate()
    argv = ["simulate", "--resume", str(out), "--jobs", "1", "--quiet"]
    _assert_one_writer(_race(tmp_path, argv, argv), out)
    _assert_intact(out, study)


#: Starts ``gardensim.cli`` with SIGINT set to ``sys.argv[1]`` (``default`` or ``ignore``):
#: a child inherits its parent's ignored signals, and a test suite started as a background job
#: of a shell runs with SIGINT ignored, so a Ctrl-C test must say which disposition it means.
LAUNCH = (
    "import os, signal, sys\n"
    "signal.signal(signal.SIGINT, signal.SIG_DFL if sys.argv[1] == 'default' else signal.SIG_IGN)\n"
    "os.execv(sys.executable, [sys.executable, '-m', 'gardensim.cli', *sys.argv[2:]])\n"
)


def start_slow_run(tmp_path: Path, slowtoy: str, sigint: str = "default"
                   ) -> tuple[subprocess.Popen, Path, Path]:
    """A CLI run of 120 slowed toy games in a child process whose SIGINT is at ``sigint``,
    returned once 4 batches are stored (so a signal sent now lands mid-way)."""
    study = tmp_path / "slow.toml"
    study.write_text(
        'name = "slow"\ngame = "slowtoy"\nplayers = 2\nbots = ["random", "random"]\n'
        'games = 60\nseed = 9\n[[arms]]\nname = "a"\n[[arms]]\nname = "b"\nx = 1\n'
    )
    out = tmp_path / "run"
    child = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, sigint, "simulate", str(study), "--out", str(out),
         "--jobs", "1", "--batch-size", "6", "--quiet"],
        env=dict(os.environ), cwd=tmp_path, stderr=subprocess.PIPE, text=True,
    )
    parts = out / "parts"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:
        if parts.is_dir() and sum(p.name.startswith("games") for p in parts.iterdir()) >= 4:
            break
        time.sleep(0.01)
    return child, study, out


def test_run_killed_with_sigkill_resumes_to_the_uninterrupted_frames(tmp_path, slowtoy):
    child, study, out = start_slow_run(tmp_path, slowtoy)
    child.send_signal(signal.SIGKILL)
    child.communicate()
    killed = gardensim.load(out)
    assert killed.manifest["status"] == "running"
    assert 4 <= len(killed.games) < 120, "the kill must land mid-way"

    resumed = api.resume(out, jobs=1, progress=False)
    assert resumed.execution.games == 120 - len(killed.games)
    final = gardensim.load(out)
    assert final.complete and not final.games.duplicated(["arm", "game"]).any()
    # the slowed game plays the toy game's very games, so the fast toy gives the reference
    reference = study.read_text().replace('"slowtoy"', '"toy"')
    uninterrupted = gardensim.simulate(tomllib.loads(reference), jobs=1, progress=False)
    assert_same_frames(final, uninterrupted)


def assert_stopped_and_resumable(child: subprocess.Popen, err: str, out: Path,
                                 status: int) -> None:
    assert child.returncode == status, f"exit status {child.returncode}; stderr: {err!r}"
    assert f"gardensim simulate --resume {out}" in err
    stopped = gardensim.load(out)
    assert stopped.manifest["status"] == "interrupted" and stopped.manifest["writer"] is None
    assert 4 <= len(stopped.games) < 120
    assert api.resume(out, jobs=1, progress=False).complete


def test_ctrl_c_keeps_finished_batches_and_says_how_to_resume(tmp_path, slowtoy):
    child, _, out = start_slow_run(tmp_path, slowtoy)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate()
    assert_stopped_and_resumable(child, err, out, 130)


def test_sigterm_ends_a_run_as_ctrl_c_does(tmp_path, slowtoy):
    child, _, out = start_slow_run(tmp_path, slowtoy)
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate()
    assert_stopped_and_resumable(child, err, out, 128 + signal.SIGTERM)


def test_a_run_started_with_sigint_ignored_ignores_it_and_stops_on_sigterm(tmp_path, slowtoy):
    """A shell's background job inherits SIGINT ignored; the run keeps it so and stops on
    SIGTERM, keeping its batches (docs/scaling.md, "Stopping a run")."""
    child, _, out = start_slow_run(tmp_path, slowtoy, sigint="ignore")
    child.send_signal(signal.SIGINT)
    time.sleep(0.3)
    assert child.poll() is None, "an inherited ignored SIGINT must stay ignored"
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate()
    assert_stopped_and_resumable(child, err, out, 128 + signal.SIGTERM)


def test_stored_game_gives_what_replay_needs(stored):
    config, seed, moves = api.stored_game(stored.path, 17, arm="variant")
    assert config == {"game": "toy", "board": None, "players": 3,
                      "options": {"draw": "other"}}
    row = stored.games[(stored.games["arm"] == "variant") & (stored.games["game"] == 17)].iloc[0]
    assert seed == row["seed"] and moves == row["moves"].split()
    state = api.replay_stored(stored, 17, arm="variant")
    assert state.is_terminal() and state.returns() == [row[f"win_{s}"] for s in range(3)]


def test_stored_game_needs_an_arm_when_there_are_several(stored):
    with pytest.raises(ConfigError, match="this run has arms plain, variant; choose one"):
        api.stored_game(stored.path, 1)
    with pytest.raises(ConfigError, match="game 99 is not in this run"):
        api.stored_game(stored.path, 99, arm="plain")


def test_resume_refuses_a_run_started_under_other_rules(stored):
    store = RunStore(stored.path)
    manifest = store.read_manifest()
    manifest["status"] = "interrupted"
    manifest["rules"]["plain"]["rules_version"] = "0.0.1"
    store.write_manifest(manifest)
    expected = r"other rules \(arm 'plain': rules_version 0.0.1, now .+\); .* --force"
    with pytest.raises(ConfigError, match=expected):
        api.resume(stored.path)
