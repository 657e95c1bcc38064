"""Issue 20's table of bad inputs, one test (or more) per row: each ends in one line on stderr
naming the file or key, exit status 2, and nothing half-written."""

from __future__ import annotations

import builtins
import errno
import io
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import gardensim
from gardensim.cli import main
from gardensim.games.gazebo.rules.board import BOARDS_DIR, MAX_CELLS
from gardensim.sim.store import BATCH_LOG, MANIFEST
from gardensim.sim.study import MAX_GAMES

TOY = """\
name = "{name}"
game = "toy"
players = 2
bots = ["random", "random"]
games = {games}
seed = 4
"""


def fails(argv: list[str], capsys: pytest.CaptureFixture) -> str:
    """Run the CLI; assert exit status 2 and exactly one error line; return that line."""
    status = main(argv)
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert status == 2, err
    assert len(lines) == 1 and lines[0].startswith("gardensim: error: "), err
    return lines[0]


@pytest.fixture
def study_file(tmp_path: Path) -> Path:
    path = tmp_path / "toy.toml"
    path.write_text(TOY.format(name="toy", games=8))
    return path


# ----- read-only folders ---------------------------------------------------------------------
_WRITES = ("mkdir", "rmdir", "unlink", "remove", "rename", "replace")


def _deny_writes_under(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Raise the EACCES the system raises for a non-root user writing under ``folder``. Root
    ignores permission bits, so under root the tests inject the error at the system calls."""
    root = str(folder.resolve())

    def inside(path: Any) -> bool:
        return os.path.abspath(os.fsdecode(path)).startswith(root)

    def denied(path: Any) -> PermissionError:
        return PermissionError(errno.EACCES, "Permission denied", os.fsdecode(path))

    for name in _WRITES:
        original = getattr(os, name)

        def guard(*args: Any, _original: Any = original, _name: str = name, **kw: Any) -> Any:
            if kw.get("dir_fd") is not None or kw.get("src_dir_fd") is not None:
                raise denied(args[0])
            exists = _name == "mkdir" and os.path.lexists(args[0])
            if not exists and any(inside(a) for a in args[:2] if isinstance(a, str | Path)):
                raise denied(args[0])
            return _original(*args, **kw)

        monkeypatch.setattr(os, name, guard)

    real_open = io.open

    def guarded_open(file: Any, mode: str = "r", *args: Any, **kw: Any) -> Any:
        if isinstance(file, str | Path) and set(mode) & set("wax+") and inside(file):
            raise denied(file)
        return real_open(file, mode, *args, **kw)

    monkeypatch.setattr(io, "open", guarded_open)
    monkeypatch.setattr(builtins, "open", guarded_open)


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch):
    """Make a folder read-only for the test (chmod, and fault injection under root)."""
    made: list[Path] = []

    def make(folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir():
                path.chmod(0o555)
        made.append(folder)
        if os.geteuid() == 0:
            _deny_writes_under(monkeypatch, folder)
        return folder

    yield make
    monkeypatch.undo()
    for folder in made:
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir():
                path.chmod(0o755)


def test_simulate_into_a_read_only_folder_is_one_line(study_file, tmp_path, read_only, capsys):
    locked = read_only(tmp_path / "locked")
    line = fails(["simulate", str(study_file), "--out", str(locked / "run"), "--quiet"], capsys)
    assert f"{locked / 'run'}: permission denied" in line
    assert not (locked / "run").exists()


def test_force_over_a_read_only_run_is_one_line_and_keeps_it(
    study_file, tmp_path, read_only, capsys
):
    run = tmp_path / "run"
    assert main(["simulate", str(study_file), "--out", str(run), "--quiet", "--jobs", "1"]) == 0
    read_only(run)
    line = fails(["simulate", str(study_file), "--out", str(run), "--force", "--quiet"], capsys)
    assert "permission denied" in line and str(run) in line
    assert (run / MANIFEST).is_file()


def test_report_into_a_read_only_folder_is_one_line(study_file, tmp_path, read_only, capsys):
    run = tmp_path / "run"
    assert main(["simulate", str(study_file), "--out", str(run), "--quiet", "--jobs", "1"]) == 0
    locked = read_only(tmp_path / "locked")
    line = fails(["report", str(run), "--out", str(locked / "report"), "--quiet"], capsys)
    assert "permission denied" in line and str(locked) in line
    assert list(locked.iterdir()) == []


def test_report_with_read_only_runs_folder_is_one_line(study_file, tmp_path, read_only, capsys):
    runs = read_only(tmp_path / "runs")
    out = tmp_path / "report"
    line = fails(["report", str(study_file), "--out", str(out), "--runs", str(runs),
                  "--quiet", "--jobs", "1"], capsys)
    assert f"{runs / 'toy'}: permission denied" in line
    assert not out.exists()


# ----- boards ----------------------------------------------------------------------------------
def test_boards_show_on_a_binary_file_names_it(tmp_path, capsys):
    binary = tmp_path / "garden.txt"
    binary.write_bytes(b"name: x\n\xd0\xff\x00\x01" * 10)
    line = fails(["boards", "show", str(binary)], capsys)
    assert f"{binary}: not a text board file" in line


def test_boards_show_on_a_folder_says_it_is_a_folder(tmp_path, capsys):
    line = fails(["boards", "show", str(tmp_path)], capsys)
    assert f"{tmp_path}: is a folder, not a board file" in line


def test_a_short_first_grid_row_is_blamed_on_its_own_line(tmp_path, capsys):
    lines = (BOARDS_DIR / "aviary.txt").read_text().splitlines()
    first_row = lines.index("---") + 1
    lines[first_row] = lines[first_row].rsplit(" ", 1)[0]
    board = tmp_path / "ragged.txt"
    board.write_text("\n".join(lines) + "\n")
    line = fails(["boards", "show", str(board)], capsys)
    assert f"{board}:{first_row + 1}:" in line and "ragged row: 12 cells" in line


def test_a_board_beyond_the_action_encoding_is_refused_when_read(tmp_path, capsys):
    rows = ["f" + " ." * 12] + [" ".join("." * 13)] * 70
    board = tmp_path / "big.txt"
    board.write_text("name: Big\nplayers: 2\n---\n" + "\n".join(rows) + "\n")
    line = fails(["boards", "show", str(board)], capsys)
    assert "13 x 71 = 923 cells" in line and f"at most {MAX_CELLS} cells" in line
    study = tmp_path / "big.toml"
    study.write_text(f'name = "big"\ngame = "gazebo"\nboard = "{board}"\nplayers = 2\n'
                     'bots = ["random", "random"]\ngames = 2\n')
    assert "923 cells" in fails(["simulate", str(study), "--out", str(tmp_path / "r")], capsys)
    assert not (tmp_path / "r").exists()


def _fifo(tmp_path: Path) -> Path:
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    return fifo


@pytest.mark.timeout(30)
@pytest.mark.parametrize("target", ["/dev/zero", "fifo"], ids=["device", "fifo"])
def test_a_board_path_that_is_no_regular_file_is_refused_at_once(tmp_path, capsys, target):
    """/dev/zero was read until memory ran out, and a FIFO hung forever."""
    path = Path(target) if target.startswith("/") else _fifo(tmp_path)
    line = fails(["boards", "show", str(path)], capsys)
    assert f"{path}: not a regular file" in line and "not a board file" in line


def test_a_board_file_too_big_for_a_board_is_refused_by_its_size(tmp_path, capsys):
    big = tmp_path / "big.txt"
    with open(big, "wb") as handle:
        handle.truncate(4 << 20)  # sparse: no disk used
    assert "too big for a board file" in fails(["boards", "show", str(big)], capsys)


def test_a_bad_board_file_is_quoted_a_few_characters_at_most(tmp_path, capsys):
    secret = "PATH=" + "x" * 500
    board = tmp_path / "long.txt"
    board.write_text(secret + "\n")
    line = fails(["boards", "show", str(board)], capsys)
    assert "expected 'key: value' or '---'" in line and "x" * 41 not in line
    environ = Path("/proc/self/environ")
    if environ.is_file():
        line = fails(["boards", "show", str(environ)], capsys)
        assert "not a text board file" in line and os.environ.get("PATH", "@@") not in line
        assert len(line) < 200


@pytest.mark.timeout(30)
@pytest.mark.parametrize("target", ["/dev/zero", "fifo"], ids=["device", "fifo"])
def test_a_study_or_weights_path_that_is_no_regular_file_is_refused(tmp_path, capsys, target):
    path = Path(target) if target.startswith("/") else _fifo(tmp_path)
    assert f"{path}: not a regular file" in fails(["simulate", str(path)], capsys)
    assert f"{path}: " in fails(["report", str(path), "--out", str(tmp_path / "rep")], capsys)
    study = tmp_path / "w.toml"
    study.write_text(TOY.format(name="w", games=2).replace(
        '"random", "random"', f'"greedy:weights={path}", "random"'))
    line = fails(["simulate", str(study), "--out", str(tmp_path / "r")], capsys)
    assert "cannot read" in line and "not a regular file" in line
    assert not (tmp_path / "r").exists()


def test_a_study_with_a_byte_order_mark_is_read(tmp_path, capsys):
    """Windows editors start UTF-8 files with a byte-order mark; tomllib refused it."""
    study = tmp_path / "bom.toml"
    study.write_bytes("\ufeff".encode() + TOY.format(name="bom", games=2).encode())
    assert main(["simulate", str(study), "--out", str(tmp_path / "r"), "--quiet",
                 "--jobs", "1"]) == 0
    assert len(gardensim.load(tmp_path / "r").games) == 2


def test_a_bad_weight_term_fails_before_the_run_folder_is_made(tmp_path, capsys):
    """An unknown evaluation term failed in the first batch, leaving study.toml and an empty
    parts/ behind."""
    study = tmp_path / "w.toml"
    study.write_text('name = "w"\ngame = "gazebo"\nplayers = 2\ngames = 4\n'
                     'bots = ["greedy:weights=bogus:1", "random"]\n')
    line = fails(["simulate", str(study), "--out", str(tmp_path / "r")], capsys)
    assert "bot 'greedy:weights=bogus:1'" in line and "no weight 'bogus'" in line
    assert not (tmp_path / "r").exists()


def test_an_interrupt_before_any_game_is_stored_offers_no_resume(study_file, tmp_path,
                                                                 monkeypatch, capsys):
    """A run stopped before it stored anything said "finished batches are kept: --resume
    DIR" for a folder that did not exist."""
    from gardensim.sim.backends import Backend

    def interrupted(self: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(Backend, "__enter__", interrupted)
    run = tmp_path / "run"
    assert main(["simulate", str(study_file), "--out", str(run), "--quiet"]) == 130
    err = capsys.readouterr().err
    assert "interrupted before any game was stored" in err and "--resume" not in err
    assert not run.exists()


@pytest.mark.parametrize("target", ["missing/board.png", "."], ids=["missing-folder", "folder"])
def test_boards_show_png_into_a_bad_place_is_one_line(tmp_path, capsys, target):
    png = tmp_path / target
    line = fails(["boards", "show", "aviary", "--png", str(png)], capsys)
    assert str(png) in line


# ----- runs --------------------------------------------------------------------------------------
def test_report_on_a_run_with_no_games_leaves_no_folder(study_file, tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["simulate", str(study_file), "--out", str(run), "--quiet", "--jobs", "1"]) == 0
    manifest = (run / MANIFEST).read_text()
    shutil.rmtree(run / "parts")
    (run / "parts").mkdir()
    (run / MANIFEST).write_text(manifest.replace('"status": "complete"', '"status": "running"'))
    (run / BATCH_LOG).unlink()
    out = tmp_path / "report"
    line = fails(["report", str(run), "--out", str(out), "--quiet"], capsys)
    assert f"{run}: the run holds no games yet" in line and "--resume" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run", "toy.toml"]


@pytest.mark.parametrize("size", [0, 300], ids=["empty", "truncated"])
def test_a_damaged_part_is_named_then_replayed_by_resume(study_file, tmp_path, capsys, size):
    run = tmp_path / "run"
    assert main(["simulate", str(study_file), "--out", str(run), "--quiet", "--jobs", "1"]) == 0
    part = run / "parts" / "games-a000-b000003.parquet"
    part.write_bytes(part.read_bytes()[:size])
    line = fails(["report", str(run), "--out", str(tmp_path / "rep"), "--quiet"], capsys)
    assert f"{part}: damaged part ({size} bytes" in line
    assert not (tmp_path / "rep").exists()
    assert main(["simulate", "--resume", str(run), "--jobs", "1"]) == 0
    assert "replayed 1 batch whose parts were 1 damaged" in capsys.readouterr().err
    assert main(["report", str(run), "--out", str(tmp_path / "rep"), "--quiet"]) == 0
    assert len(gardensim.load(run).games) == 8


def test_a_deleted_manifest_is_rebuilt_by_resume(study_file, tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["simulate", str(study_file), "--out", str(run), "--quiet", "--jobs", "1"]) == 0
    before = gardensim.load(run).games
    (run / MANIFEST).unlink()
    assert "manifest.json: missing" in fails(["report", str(run), "--out", str(tmp_path / "r")],
                                             capsys)
    assert main(["simulate", "--resume", str(run), "--quiet"]) == 0
    after = gardensim.load(run).games
    assert after.drop(columns=[c for c in after if c.startswith("decision_s")]).equals(
        before.drop(columns=[c for c in before if c.startswith("decision_s")]))


def test_games_beyond_the_32_bit_game_index_are_refused_before_anything_is_made(
    tmp_path, capsys
):
    """10**12 games were accepted: parts by the ten thousand, an ETA of 10**10 hours, and game
    indices past what the 32-bit game columns hold."""
    study = tmp_path / "huge.toml"
    study.write_text(TOY.format(name="huge", games=10**12))
    line = fails(["simulate", str(study), "--out", str(tmp_path / "run")], capsys)
    assert f"study key 'games' must be at most {MAX_GAMES:,} games per arm" in line
    assert "32-bit" in line and not (tmp_path / "run").exists()


def test_the_most_games_a_study_takes_plan_lazily(tmp_path):
    import tracemalloc

    from gardensim.sim.runner import Plan, new_manifest
    from gardensim.sim.study import Study

    study = Study.from_dict({"name": "huge", "game": "toy", "players": 2, "games": MAX_GAMES,
                             "bots": ["random", "random"],
                             "arms": [{"name": "a"}, {"name": "b", "draw": "x"}]})
    tracemalloc.start()
    plan = Plan.build(study)
    manifest = new_manifest(plan)
    tasks = plan.tasks()
    first, second = next(tasks), next(tasks)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert (first.start, first.stop, second.start) == (0, 100, 100)
    assert manifest["batches"]["total"] == plan.task_count == 2 * -(-MAX_GAMES // 100)
    assert peak < 5_000_000


def test_a_run_of_the_most_games_starts_at_once_and_stores_its_first_batch(tmp_path,
                                                                           monkeypatch):
    """The whole chain (plan, manifest, progress, executor) is lazy: the first batch is stored
    as soon as it is played. The run is stopped there by a batch that raises."""
    import tracemalloc

    from gardensim.sim import runner

    played = []
    real = runner.play_batch

    def one_batch_then_stop(task: Any) -> Any:
        if played:
            raise KeyboardInterrupt
        played.append(task)
        return real(task)

    small = tmp_path / "small.toml"
    small.write_text(TOY.format(name="small", games=10))
    assert main(["simulate", str(small), "--out", str(tmp_path / "small"), "--quiet",
                 "--jobs", "1"]) == 0  # imports and caches warm, so the peak is the run's own
    monkeypatch.setattr(runner, "play_batch", one_batch_then_stop)
    study = tmp_path / "huge.toml"
    study.write_text(TOY.format(name="huge", games=MAX_GAMES))
    tracemalloc.start()
    status = main(["simulate", str(study), "--out", str(tmp_path / "run"), "--jobs", "1",
                   "--quiet"])
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert status == 130 and [(t.start, t.stop) for t in played] == [(0, 100)]
    stopped = gardensim.load(tmp_path / "run")
    assert stopped.manifest["status"] == "interrupted" and len(stopped.games) == 100
    assert peak < 5_000_000


def test_a_study_set_is_validated_whole_before_anything_is_played(tmp_path, capsys):
    study_set = tmp_path / "set.toml"
    study_set.write_text(
        'name = "two"\n[common]\ngame = "toy"\nplayers = 2\ngames = 4\n'
        '[[studies]]\nname = "good"\nbots = ["random", "random"]\n'
        '[[studies]]\nname = "typo"\nbots = ["random", "gredy"]\n'
    )
    runs = tmp_path / "runs"
    line = fails(["report", str(study_set), "--out", str(tmp_path / "rep"), "--runs", str(runs),
                  "--quiet"], capsys)
    assert "studies[1] ('typo')" in line and "unknown bot 'gredy'" in line
    assert not runs.exists() and not (tmp_path / "rep").exists()


def test_simulate_on_a_study_set_says_to_use_report(capsys):
    default = Path(gardensim.__file__).parent / "studies" / "default.toml"
    line = fails(["simulate", str(default)], capsys)
    assert "this is a study set" in line and "gardensim report" in line


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["draw=qin", "private_singles=3"], "private_singles=3 has no effect with draw=qin"),
        (["hand_size=4", "hand_size=5"], "--option hand_size is given twice"),
    ],
    ids=["idle-under-qin", "repeated"],
)
def test_options_that_do_nothing_or_repeat_are_errors(capsys, options, words):
    argv = ["gazebo", "play", "aviary"]
    for option in options:
        argv += ["--option", option]
    assert words in fails(argv, capsys)


def test_an_idle_option_in_a_study_arm_names_the_arm(tmp_path, capsys):
    study = tmp_path / "s.toml"
    study.write_text('name = "s"\ngame = "gazebo"\nplayers = 2\nbots = ["random", "random"]\n'
                     'games = 2\n[options]\nprivate_singles = 3\n'
                     '[[arms]]\nname = "g"\n[[arms]]\nname = "q"\ndraw = "qin"\n')
    line = fails(["simulate", str(study), "--out", str(tmp_path / "r")], capsys)
    assert "arm 'q'" in line and "private_singles=3 has no effect" in line


@pytest.mark.parametrize("jobs", ["-3", "0", "-2"])
def test_jobs_is_a_positive_count_or_minus_one(study_file, tmp_path, capsys, jobs):
    line = fails(["simulate", str(study_file), "--out", str(tmp_path / "r"), f"--jobs={jobs}"],
                 capsys)
    assert f"--jobs must be a positive integer (or -1 for all cores), got {jobs}" in line
    assert not (tmp_path / "r").exists()


def test_never_more_workers_than_batches(study_file, tmp_path, capsys):
    from gardensim.sim.backends import Backend, effective_jobs

    assert effective_jobs(64, 2) == 2 and Backend(64, tasks=8).workers == 8
    assert Backend(64, tasks=1).in_process
    run = tmp_path / "r"
    assert main(["simulate", str(study_file), "--out", str(run), "--jobs", "64",
                 "--batch-size", "4", "--quiet"]) == 0
    assert gardensim.load(run).manifest["timings"]["sessions"][0]["workers"] == 2


def test_a_study_name_must_be_a_safe_folder_name(tmp_path, monkeypatch, capsys):
    work = tmp_path / "a" / "b"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    study = work / "escape.toml"
    study.write_text(TOY.format(name="../../escape", games=2))
    line = fails(["simulate", str(study)], capsys)
    assert "study key 'name' must be a folder name" in line and "'../../escape'" in line
    assert not (tmp_path / "escape").exists() and not (work / "runs").exists()


def test_replay_of_a_stored_game_refuses_a_board_argument(tmp_path, capsys):
    study = tmp_path / "gz.toml"
    study.write_text('name = "gz"\ngame = "gazebo"\nboard = "aviary"\nplayers = 2\n'
                     'bots = ["random", "random"]\ngames = 2\n')
    run = tmp_path / "run"
    assert main(["simulate", str(study), "--out", str(run), "--quiet", "--jobs", "1"]) == 0
    line = fails(["gazebo", "replay", "jungle", "--run", str(run), "--game", "1"], capsys)
    assert "drop BOARD" in line
    assert main(["gazebo", "replay", "--run", str(run), "--game", "1"]) == 0


def test_the_largest_board_accepted_gives_games_that_replay(tmp_path):
    """The limit is the action encoding's: every placement code of a board of MAX_CELLS cells
    stays below the draw codes, one more cell would not, and stored games replay."""
    from gardensim.games.gazebo.rules.geometry import DRAW_GENERAL
    from gardensim.sim.api import replay_stored

    def highest_placement(cells: int) -> int:
        return (2 * cells - 1) * 9 + 8

    assert highest_placement(MAX_CELLS) < DRAW_GENERAL <= highest_placement(MAX_CELLS + 1)
    width = 26
    rows = ["f" + " ." * (width - 1)] + [" ".join("." * width)] * (MAX_CELLS // width - 1)
    board = tmp_path / "largest.txt"
    board.write_text("name: Largest\nplayers: 2\n---\n" + "\n".join(rows) + "\n")
    run = gardensim.simulate(
        {"name": "largest", "game": "gazebo", "board": str(board), "players": 2,
         "bots": ["random", "random"], "games": 12, "seed": 2},
        tmp_path / "run", jobs=1, progress=False,
    )
    for game in range(12):
        assert replay_stored(run, game).is_terminal()
