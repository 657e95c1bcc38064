"""A report over a tiny Gazebo + Summer Pavilion study set: one part per game, the Pavilion part
answers seat and score questions with boards as arms, the Gazebo part is what it always was."""

import html
import re

import pandas as pd
import pytest

import gardensim
from gardensim.analysis.frames import combine
from gardensim.analysis.scores import compare_scores
from gardensim.analysis.seat import seat_advantage
from gardensim.cli import main
from gardensim.report.builder import compute_parts
from gardensim.report.sections import Budget, part_spec

pytestmark = pytest.mark.slow

FAST = Budget(variance=10, skill=10, arms=50, permutations=19)
STUDY_SET = """
name = "two-games"
description = "tiny check"
[common]
seed = 2
[[studies]]
name = "tiny-gazebo"
game = "gazebo"
board = "aviary"
players = 2
bots = ["random", "random"]
games = 6
[[studies.arms]]
name = "gazebo-draw"
draw = "gazebo"
[[studies.arms]]
name = "qin-draw"
draw = "qin"
[[studies]]
name = "tiny-pavilion-2p"
game = "pavilion"
players = 2
bots = ["random", "random"]
games = 8
options = { first_player = 0 }
[[studies.arms]]
name = "base"
board = "base"
[[studies.arms]]
name = "glazed-orange"
board = "glazed-orange"
[[studies.arms]]
name = "glazed-purple"
board = "glazed-purple"
[[studies]]
name = "tiny-pavilion-3p"
game = "pavilion"
players = 3
bots = ["random", "random", "random"]
games = 6
options = { first_player = 0 }
[[studies.arms]]
name = "base"
board = "base"
[[studies.arms]]
name = "glazed-orange"
board = "glazed-orange"
[[studies.arms]]
name = "glazed-purple"
board = "glazed-purple"
"""
PAVILION_IDS = ["seat", "scores", "score-sources", "side-by-side", "arms", "variance",
                "length", "margin", "branching", "sample-size"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(runs folder, report folder, page, runs by name) of the study set, reported once."""
    tmp = tmp_path_factory.mktemp("two-games")
    study_set = tmp / "set.toml"
    study_set.write_text(STUDY_SET)
    out = tmp / "report"
    status = main(["report", str(study_set), "--out", str(out), "--runs", str(tmp / "runs"),
                   "--jobs", "1", "--quiet"])
    assert status == 0
    runs = {name: gardensim.load(tmp / "runs" / name)
            for name in ("tiny-gazebo", "tiny-pavilion-2p", "tiny-pavilion-3p")}
    return out, (out / "index.html").read_text(encoding="utf-8"), runs


def _sections(page):
    return dict(re.findall(r'<section id="([\w-]+)">(.*?)</section>', page, re.S))


def test_each_game_has_a_part_of_its_own_in_study_set_order(built):
    _, page, _ = built
    parts = re.findall(r'<header class="part" id="(part-\w+)">\s*<h2>([^<]+)</h2>', page)
    assert parts == [("part-gazebo", "Gazebo"), ("part-pavilion", "Summer Pavilion")]
    assert page.index('id="part-pavilion"') > page.index('id="gazebo-sample-size"')
    assert page.index('id="pavilion-seat"') > page.index('id="part-pavilion"')
    assert '<a href="#part-pavilion">Summer Pavilion</a><ol>' in page


def test_the_pavilion_part_asks_only_what_its_frames_answer(built):
    _, page, _ = built
    sections = _sections(page)
    pavilion = [sid.removeprefix("pavilion-") for sid in sections if sid.startswith("pavilion-")]
    assert pavilion == PAVILION_IDS
    for sid in pavilion:
        body = sections[f"pavilion-{sid}"]
        assert 'class="answer"' in body and 'class="note"' not in body, sid
    assert "gazebo" not in sections["pavilion-seat"].lower()


def test_the_gazebo_part_says_what_a_gazebo_only_report_says(built):
    _, _, runs = built
    alone, = compute_parts([runs["tiny-gazebo"]], FAST)
    together = compute_parts(list(runs.values()), FAST)
    assert [p.game for p in together] == ["gazebo", "pavilion"]
    mixed = together[0]
    assert [s.id for s in mixed.sections] == [f"gazebo-{s.id}" for s in alone.sections]
    shown = [s.id for s in alone.sections]
    assert shown == [sid for sid in part_spec("gazebo").sections if sid in shown]
    assert len(shown) + len(alone.skipped) == len(part_spec("gazebo").sections)
    # one report is one Holm family: only the seat verdicts' adjustment may differ
    assert [s.sentences for s in mixed.sections if s.id != "gazebo-seat"] == [
        s.sentences for s in alone.sections if s.id != "seat"]
    assert [r.description for r in mixed.sections[0].results["answers"]] == [
        r.description for r in alone.sections[0].results["answers"]]
    assert [s.note for s in mixed.sections] == [s.note for s in alone.sections]
    assert [n for s in mixed.sections for n, _ in s.tables] == [
        f"gazebo-{n}" for s in alone.sections for n, _ in s.tables]
    assert [a for a in mixed.answers if "Verdict" not in a] == [
        a for a in alone.answers if "Verdict" not in a]


def test_pavilion_seat_and_score_tables_are_the_analysis_of_the_stored_runs(built):
    out, page, runs = built
    from gardensim.report.builder import estimable

    games, _ = combine([runs["tiny-pavilion-2p"], runs["tiny-pavilion-3p"]])
    usable, _ = estimable(games, 0.03)  # arms on too few deals are left out of every section
    comparisons = compare_scores(usable, resamples=999)
    csv = pd.read_csv(out / "tables" / "pavilion-score-comparisons.csv")
    assert list(zip(csv["players"], csv["baseline"], csv["arm"], strict=True)) == [
        (r.players, r.baseline, r.arm) for r in comparisons]
    assert csv["difference"].to_numpy() == pytest.approx([r.difference for r in comparisons])
    assert csv["lo"].to_numpy() == pytest.approx([r.ci[0] for r in comparisons])
    seat = pd.read_csv(out / "tables" / "pavilion-seat-shares.csv")
    results = seat_advantage(usable)
    assert len(seat) == sum(r.players for r in results)
    assert {r.arm for r in results} == {"base", "glazed-orange", "glazed-purple"}
    for text in [r.description for r in results] + [r.sentence for r in comparisons]:
        assert html.escape(text) in page
    assert all("the first player (seat 0)" in r.sentence for r in results)


def test_the_answer_grid_names_each_game_on_its_rows(built):
    _, page, _ = built
    screen = page[page.index('id="verdict-table"'):page.index("</table>")]
    for game, condition in (("Gazebo", "Gazebo-style drawing"),
                            ("Summer Pavilion", "base game, coloured side")):
        assert f"{game} · 2p" in screen and f'class="lab">{condition}</span>' in screen
    full = page[page.index('id="answer-table"'):]
    full = full[:full.index("</table>")]
    assert "Gazebo · 2p · Gazebo-style drawing" in full
    assert "Summer Pavilion · 2p · base game, coloured side" in full


def test_every_table_is_linked_and_the_summary_has_a_chapter_per_game(built):
    out, page, _ = built
    links = set(re.findall(r'href="(tables/[\w-]+\.csv)"', page))
    files = {f"tables/{p.name}" for p in (out / "tables").glob("*.csv")}
    assert links == files
    assert {"tables/pavilion-score-distributions.csv", "tables/gazebo-seat-shares.csv"} <= files
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert summary.index("## Gazebo\n") < summary.index("## Summer Pavilion\n")
    assert "### Score distributions" in summary
    assert "<title>two-games: tiny check</title>" in page
