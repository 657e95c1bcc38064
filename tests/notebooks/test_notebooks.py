"""Every notebook runs top to bottom in a fresh kernel of this virtualenv, with small game
counts, and ends with a computed answer; the committed files carry no outputs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest

from tests.support.signal_check import stop_signals_kept

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
EXPECTED = [
    "01-first-player-advantage",
    "02-qin-vs-gazebo-drawing",
    "03-game-replay",
    "04-rule-variant-lab",
    "05-play-a-bot",
]
KERNEL = "gardensim-venv"
#: Small enough to keep all the notebooks well under two minutes, large enough for every
#: measure (complete deals for 2 players, both bots in both seats).
SMALL_GAMES = "8"
NOT_RUN = "No games have been run yet"
#: A piece of each answer that can only come from the games the notebook just played.
ANSWER_MENTIONS = {
    "01-first-player-advantage": f"of {SMALL_GAMES} games",
    "02-qin-vs-gazebo-drawing": "qin-draw",
    "03-game-replay": "Game 0 of gazebo-draw took",
    "04-rule-variant-lab": f"hand_size 3 → 4 ({SMALL_GAMES} games paired with the baseline)",
    "05-play-a-bot": "reaches the same final position",
}


def test_every_notebook_of_issues_5_and_44_is_committed() -> None:
    assert [p.stem for p in NOTEBOOKS] == EXPECTED


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_opens_with_its_question_and_ends_with_its_answer(path: Path) -> None:
    cells = nbformat.read(path, as_version=4).cells
    assert cells[0].cell_type == "markdown" and cells[0].source.startswith("# ")
    assert "?" in cells[0].source.splitlines()[0]
    assert cells[-2].cell_type == "markdown" and cells[-2].source.strip() == "## Answer"
    assert cells[-1].cell_type == "code" and cells[-1].source.startswith("print(")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_notebook_has_outputs_stripped(path: Path) -> None:
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source[:60]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_game_count_comes_from_the_environment(path: Path) -> None:
    setup = nbformat.read(path, as_version=4).cells[1].source
    assert 'os.environ.get("GARDENSIM_NOTEBOOK_GAMES"' in setup


@pytest.fixture
def venv_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A kernelspec running this very interpreter, found first on JUPYTER_PATH, so a
    user-level ``python3`` kernel elsewhere on the machine cannot be picked by mistake."""
    spec = tmp_path / "jupyter" / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "gardensim venv", "language": "python",
    }))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    return KERNEL


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes_without_errors_and_prints_its_answer(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, venv_kernel: str
) -> None:
    from nbclient import NotebookClient

    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv("GARDENSIM_NOTEBOOK_GAMES", SMALL_GAMES)
    monkeypatch.setenv("GARDENSIM_NOTEBOOK_JOBS", "1")
    monkeypatch.setenv("GARDENSIM_NOTEBOOK_SCRIPTED", "1")  # notebook 5 plays by clicks
    monkeypatch.setenv("GARDENSIM_RUNS", str(work / "runs"))
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell("import sys; print(sys.executable)"))
    client = NotebookClient(nb, timeout=180, kernel_name=venv_kernel,
                            resources={"metadata": {"path": str(work)}})
    with stop_signals_kept():
        client.execute()  # raises CellExecutionError naming the failing cell

    def printed(cell: nbformat.NotebookNode) -> str:
        return "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")

    assert printed(nb.cells[-1]).strip() == sys.executable
    answer = printed(nb.cells[-2]).strip()
    assert answer and not answer.startswith(NOT_RUN)
    assert ANSWER_MENTIONS[path.stem] in answer
    assert not any(o.output_type == "error" for c in nb.cells if c.cell_type == "code"
                   for o in c.outputs)
    assert any((work / "runs").iterdir()), "the notebook stored no run under GARDENSIM_RUNS"
    if path.stem == "05-play-a-bot":
        from gardensim.widgets.played import check_record, played_records

        records = played_records(work / "runs")
        assert len(records) == 2, "the Gazebo and Summer Pavilion games played by clicks"
        for record in records:
            assert check_record(record).is_terminal()
