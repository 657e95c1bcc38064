"""The verdict table: rows from the analysis results, one per question and player count, and an
honest top of the page for a run that stopped early."""

from __future__ import annotations

import re

import pytest

from gardensim.report.builder import build_report, incomplete_arms
from gardensim.report.sections import Budget
from gardensim.report.verdicts import (
    VerdictRow,
    comparison_row,
    difference_kind,
    mark_incomplete,
    summarise,
)
from tests.analysis.synth import race_run

FAST = Budget(variance=20, skill=20, arms=100)


@pytest.mark.parametrize(("lo", "hi", "kind"), [
    (-0.02, 0.02, "fair"), (0.01, 0.08, "unfair"), (-0.09, -0.04, "unfair"),
    (-0.05, 0.06, "undecided")])
def test_a_difference_is_judged_by_its_interval_and_the_margin(lo, hi, kind):
    assert difference_kind(lo, hi, 0.03) == kind


def test_without_a_margin_a_difference_is_never_called_the_same():
    assert difference_kind(-0.01, 0.01, None) == "undecided"
    row = comparison_row("q", 2, "b", "a", 1.5, (0.5, 2.5), 40, "with greedy bots", "x",
                         share=False)
    assert (row.kind, row.mark, row.bots) == ("unfair", "differs", "greedy bots")
    assert row.value == "+1.50 (+0.50 to +2.50)"


def test_summarised_rows_keep_the_most_severe_arm_and_sum_the_games():
    rows = [VerdictRow("q", 2, "fine", "fair", "v", 10, "greedy", "a", size=0.01),
            VerdictRow("q", 2, "bad", "unfair", "v", 20, "greedy", "b", size=0.1),
            VerdictRow("q", 3, "only", "undecided", "v", 5, "greedy", "a")]
    short = summarise(rows)
    assert [(r.players, r.kind, r.games) for r in short] == [(2, "unfair", 30),
                                                              (3, "undecided", 5)]
    assert "1 of 2 arms" in short[0].answer and "bad" in short[0].answer


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="verdict kind"):
        VerdictRow("q", 2, "a", "maybe", "v", 1, "b")


def _cut(run, keep: int, planned: int):
    """The run as if it had stopped: ``keep`` games of the first arm, none of the second."""
    first = str(run.games["arm"].iloc[0])
    run.games = run.games[(run.games["arm"] == first) & (run.games["game"] < keep)]
    run.turns = run.turns[(run.turns["arm"] == first) & (run.turns["game"] < keep)]
    run.manifest = {"status": "running", "games": {"per_arm": planned,
                                                   "arms": ["gazebo-draw", "qin-draw"]}}
    return run


def test_an_interrupted_run_says_so_at_the_top_and_its_rows_say_incomplete(tmp_path):
    run = _cut(race_run(players=2, deals=30, seed=3), keep=20, planned=60)
    assert incomplete_arms([run]) == {"gazebo-draw": (20, 60), "qin-draw": (0, 60)}
    page = build_report(run, tmp_path / "out", budget=FAST, pictures=False,
                        progress=False).read_text(encoding="utf-8")
    warning = re.search(r'<p class="warning" id="partial">(.*?)</p>', page)
    assert warning is not None and page.index(warning.group(0)) < page.index("<table")
    assert "20 of 120 planned games" in warning.group(1)
    assert "Missing arms (no game played): qin-draw" in warning.group(1)
    table = page[page.index('id="verdict-table"'):page.index("</table>")]
    assert 'class="mark incomplete"' in table and "incomplete run" in table


def test_a_finished_run_has_no_warning():
    run = race_run(players=2, deals=10, seed=4)
    run.manifest = {"status": "complete", "games": {"per_arm": 20}}
    assert incomplete_arms([run]) == {}
    assert mark_incomplete([VerdictRow("q", 2, "a", "fair", "v", 1, "b", "x")], set())[0].kind \
        == "fair"


def test_progress_shows_a_bar_over_sections_only_when_asked(tmp_path, capsys):
    from gardensim.report.builder import _progress_bar

    run = race_run(players=2, deals=6, seed=5)
    build_report(run, tmp_path / "loud", budget=FAST, pictures=False, progress=True)
    assert "section" in capsys.readouterr().err
    assert _progress_bar(3, False) is None
    assert _progress_bar(3, None) is None  # stderr captured: not a terminal
