"""The verdict table: rows from the analysis results, one per question and player count, and an
honest top of the page for a run that stopped early."""

from __future__ import annotations

import math
import re

import pytest

from gardensim.analysis.verdict import MIN_DEALS, judge, more_games
from gardensim.report.builder import build_report, incomplete_arms
from gardensim.report.sections import Budget
from gardensim.report.verdicts import VerdictRow, comparison_row, mark_incomplete
from tests.analysis.synth import race_run

FAST = Budget(variance=20, skill=20, arms=100)


def _judge(lo, hi, value=None, **kw):
    value = (lo + hi) / 2 if value is None else value
    return judge(value, lo, hi, 0.5, 0.03, games=1000, deals=500, players=2, **kw)


@pytest.mark.parametrize(("lo", "hi", "kind", "grade"), [
    (0.48, 0.52, "fair", ""), (0.54, 0.60, "unfair", ""), (0.40, 0.46, "unfair", ""),
    (0.51, 0.58, "differs", ""), (0.485, 0.535, "undecided", "about fair"),
    (0.40, 0.62, "undecided", "unknown")])
def test_one_interval_against_fair_plus_minus_the_margin_gives_the_verdict(lo, hi, kind, grade):
    v = _judge(lo, hi)
    assert (v.kind, v.grade) == (kind, grade)
    assert (v.word == kind) if kind != "undecided" else (v.word == grade)


def test_an_interval_reaching_inside_the_margin_is_never_unfair():
    # default-2p/qin-draw 55.1 [52.3, 58.0]: seats differ, but it may be within ±3
    v = _judge(0.523, 0.580, 0.551)
    assert v.kind == "differs" and "perhaps within the margin" in v.text


def test_a_family_widens_the_intervals_so_an_edge_case_is_no_longer_unfair():
    assert _judge(0.535, 0.575).kind == "unfair"
    assert _judge(0.535, 0.575, family=27).kind == "differs"


def test_one_more_games_rule_and_a_sentence_at_the_margins_edge():
    v = _judge(0.485, 0.535)
    assert v.games_needed == more_games(0.01, 0.025, 0.03, 1000, 2)
    assert v.games_needed is not None and v.games_needed % 2 == 0
    edge = _judge(0.50, 0.56, 0.5299)
    assert edge.games_needed is None and "margin's edge" in edge.text


@pytest.mark.parametrize("deals", range(MIN_DEALS))
def test_too_few_deals_give_no_interval_but_the_games_to_play(deals):
    v = judge(1.0, -5.6, 7.0, 0.5, 0.03, games=max(deals, 1) * 2, deals=deals, players=2)
    assert v.kind == "undecided" and v.grade == "unknown"
    assert "too few deals to estimate: play" in v.text and v.games_needed > 0
    assert math.isnan(v.lo) and math.isnan(v.hi)


def test_a_share_interval_is_clipped_to_zero_and_one_hundred_percent():
    v = judge(0.9, 0.7, 1.2, 0.5, 0.03, games=40, deals=20, players=2)
    assert v.hi == 1.0 and v.kind == "unfair"


def test_a_row_words_agree_with_its_own_numbers():
    row = comparison_row("q", 2, "s/b", "s/a", 0.05, (0.01, 0.09), 40, "with greedy bots",
                         "x", margin=0.03)
    rec = row.record()
    assert rec["verdict"] == row.verdict.word == "differs"
    assert rec["low"] == pytest.approx(100 * row.verdict.lo)
    again = judge(row.value, row.lo, row.hi, 0.0, 0.03, games=40, deals=40, players=2,
                  compare=True)
    assert rec["words"] == again.text and row.condition == "b against a"


@pytest.mark.parametrize(("ci", "word", "start"), [
    ((0.18, 0.26), "changed", "changed: the weaker bot wins: +22.0 points"),
    ((-0.02, 0.02), "no change", "no change beyond ±3 points")])
def test_a_change_between_arms_is_changed_or_no_change_never_unfair_or_fair(ci, word, start):
    row = comparison_row("q", 2, "s/b", "s/a", sum(ci) / 2, ci, 400, "with greedy bots",
                         "the weaker bot wins", margin=0.03)
    assert row.word == row.record()["verdict"] == word
    assert row.words.startswith(start) and "fair" not in row.words


def test_a_comparison_on_many_deals_is_never_too_few_deals():
    row = comparison_row("q", 2, "s/b", "s/a", 0.01, (-0.01, 0.03), 300, "greedy", "x",
                         margin=0.03, deals=300)
    changed = comparison_row("q", 2, "s/b", "s/a", 0.02, (0.01, 0.03), 300, "greedy", "x",
                             margin=0.03, deals=300)
    assert changed.words == "no change beyond ±3 points (changed by less than that)"
    assert (row.word, row.words) == ("no change", "no change beyond ±3 points")


def test_without_a_margin_a_number_only_differs_or_is_unknown():
    row = comparison_row("q", 2, "b", "a", 1.5, (0.5, 2.5), 40, "with greedy bots", "x",
                         share=False)
    assert (row.kind, row.bots, row.value_text()) == ("differs", "greedy bots", "+1.50")


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
    row = VerdictRow("q", 2, "x", 0.5, 0.49, 0.51, 0.5, 0.03, 100, 50, "b", "x")
    assert mark_incomplete([row], set())[0].kind == "fair"
    assert mark_incomplete([row], {"x"})[0].kind == "incomplete"


def test_progress_shows_a_bar_over_sections_only_when_asked(tmp_path, capsys):
    from gardensim.report.builder import _progress_bar

    run = race_run(players=2, deals=6, seed=5)
    build_report(run, tmp_path / "loud", budget=FAST, pictures=False, progress=True)
    assert "section" in capsys.readouterr().err
    assert _progress_bar(3, False) is None
    assert _progress_bar(3, None) is None  # stderr captured: not a terminal


@pytest.mark.parametrize("deals", [1, 2])
def test_a_run_of_one_or_two_deals_reports_undecided_without_an_interval(tmp_path, deals):
    # used to crash in the clustered covariance (ZeroDivisionError, singular matrix)
    import pandas as pd

    run = race_run(players=2, deals=deals, seed=6)
    build_report(run, tmp_path / "out", budget=FAST, pictures=False, progress=False)
    answers = pd.read_csv(tmp_path / "out" / "tables" / "answers.csv")
    assert (answers["verdict"] == "unknown").all()
    assert answers["words"].str.contains("too few deals to estimate: play").all()
    assert answers["low"].isna().all() and answers["high"].isna().all()
    summary = (tmp_path / "out" / "summary.md").read_text(encoding="utf-8")
    assert "nan" not in summary.lower().replace("nanmean", "") and "](#)" not in summary
    assert "not estimated" in summary


def test_a_fall_between_arms_keeps_its_negative_interval_and_reads_changed():
    # a change of a share lies in [-1, 1]: clipping it as a share at 0 once turned an 11-point
    # fall into "no change" with the interval [0, 0]
    row = comparison_row("q", 2, "s/qin", "s/gazebo", -0.11, (-0.15, -0.07), 1500, "greedy",
                         "the first player wins", margin=0.03, deals=750)
    rec = row.record()
    assert row.word == rec["verdict"] == "changed"
    assert rec["low"] < rec["value"] < rec["high"] < 0
    assert row.interval_text().startswith("[-")


@pytest.mark.parametrize(("lo", "hi"), [(0.55, 0.65), (0.49, 0.51), (0.40, 0.62)])
def test_the_grid_does_not_repeat_the_verdicts_mark_in_its_words(lo, hi):
    row = VerdictRow("Q", 2, "arm", (lo + hi) / 2, lo, hi, 0.5, 0.03, 4000, 2000, "greedy")
    assert not row.rest.startswith(row.word) and row.rest
    assert row.words.endswith(row.rest) and len(row.rest) < len(row.words)
