"""The report builder: a self-contained page answering every question, with its tables."""

import re
import tomllib

import pandas as pd
import pytest

from gardensim.analysis.frames import combine
from gardensim.analysis.seat import seat_advantage
from gardensim.report.builder import build_report, to_toml
from gardensim.report.sections import Budget, Section, compute_sections, part_spec
from gardensim.sim.study import Study
from tests.analysis.synth import race_run

FAST = Budget(variance=20, skill=20, arms=100)


def gazebo_sections(games: pd.DataFrame, turns: pd.DataFrame) -> list[Section]:
    """The Gazebo part's sections, as a report asks them of Gazebo-like frames."""
    part = part_spec("gazebo")
    budget = Budget(variance=20, skill=20, arms=100, columns=part.columns)
    return compute_sections(games, turns, budget, part.sections, part.questions)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    runs = [race_run(players=2, deals=40, seed=1), race_run(players=3, deals=20, seed=2)]
    out = tmp_path_factory.mktemp("report")
    (out / "tables").mkdir()
    (out / "tables" / "from-an-older-report.csv").write_text("stale\n")
    index = build_report(runs, out, command="gardensim report a b --out x", budget=FAST)
    return runs, out, index, index.read_text(encoding="utf-8")


def test_index_is_self_contained(report):
    _, _, _, page = report
    assert not re.search(r'(src|href)="(https?:)?//', page)
    assert "<script" not in page
    figures = re.findall(r'src="data:image/png;base64,[A-Za-z0-9+/=]{100,}"', page)
    assert len(figures) >= 10


def test_every_question_is_answered_or_listed_as_not_applicable(report):
    from gardensim.report.builder import study_dict

    runs, _, _, page = report
    asked = part_spec(study_dict(runs[0]).get("game")).sections
    sections = dict(re.findall(r'<section id="([\w-]+)">(.*?)</section>', page, re.S))
    skipped = sections.pop("not-applicable")
    questions = {sid: body for sid, body in sections.items()
                 if sid not in ("verdicts", "answers", "study")}
    for sid, body in questions.items():
        assert 'class="answer"' in body, sid
    listed = re.findall(r"<li>(.*?)</li>", skipped)
    assert len(questions) + len(listed) == len(asked), sorted(questions)
    assert "skill" not in questions
    assert any("Skill expression" in item and "two different bots" in item for item in listed)


def test_the_verdict_table_comes_first_and_links_to_sections(report):
    _, _, _, page = report
    first = page.index("<table")
    assert page[first:].startswith('<table class="screen" id="verdict-table">')
    assert page[:first].endswith('<div class="scroll">')
    assert page.index("<nav") > first
    table = page[first:page.index("</table>", first)]
    links = re.findall(r'<a href="#([\w-]+)"', table)
    assert links and all(f'<section id="{sid}">' in page for sid in links)
    assert re.search(r'class="mark (fair|unfair|differs|undecided)"', table)
    assert "Bots that played" in page


def test_seat_answer_and_its_csv_match_the_analysis(report):
    runs, out, _, page = report
    games = pd.concat([r.games for r in runs], ignore_index=True)
    results = seat_advantage(games)
    csv = pd.read_csv(out / "tables" / "seat-shares.csv")
    expected = pd.concat([r.table for r in results], ignore_index=True)
    assert csv["share"].to_numpy() == pytest.approx(expected["share"].to_numpy())
    assert len(csv) == 2 * 2 + 2 * 3
    for text in [r.description for r in seat_advantage(combine(runs)[0])]:
        assert text.replace("–", "&ndash;") in page or text in page


def test_every_table_has_a_csv_linked_from_the_page_and_no_stale_one_remains(report):
    _, out, _, page = report
    links = set(re.findall(r'href="(tables/[\w-]+\.csv)"', page))
    files = {f"tables/{p.name}" for p in (out / "tables").glob("*.csv")}
    assert links == files
    assert len(files) >= 12


def test_summary_is_the_grid_a_line_per_section_and_the_command(report):
    runs, out, _, page = report
    summary = (out / "summary.md").read_text(encoding="utf-8")
    assert "gardensim report a b --out x" in summary
    first = seat_advantage(combine(runs)[0])[0].description
    assert first in summary and first in page
    answers = pd.read_csv(out / "tables" / "answers.csv")
    # each row's words follow its mark, which they do not repeat
    lines = [line for line in summary.splitlines() if line.startswith("| [")]
    assert len(lines) == len(answers)
    for line, (verdict, words) in zip(lines, answers[["verdict", "words"]].to_numpy(),
                                      strict=True):
        shown = line.split(f"**{verdict}** ", 1)[1].split(" | ")[0]
        assert words.endswith(shown) and not shown.startswith(verdict)
    # tables are linked, not copied; the other sentences are on the page it links to
    assert "| arm | players | seat |" not in summary
    assert "(tables/seat-shares.csv)" in summary
    for anchor in re.findall(r"\(index\.html#([\w-]+)\)", summary):
        assert f'id="{anchor}"' in page
    assert len(summary.splitlines()) < 200


def test_page_names_the_study_and_version(report):
    runs, out, _, page = report
    from gardensim import __version__

    assert f"gardensim {__version__}" in page
    for r in runs:
        assert (out / "studies" / f"{r.study['name']}.toml").is_file()
        assert r.study["name"] in page


def test_missing_columns_become_a_note_not_a_failure():
    run = race_run(players=2, deals=10)
    games = run.games.drop(columns=[c for c in run.games if c.startswith("singles_drawn")])
    sections = {s.id: s for s in gazebo_sections(games, run.turns)}
    assert "singles_drawn_0" in sections["singles"].note
    assert not sections["singles"].sentences and not sections["singles"].figures
    assert sections["seat"].sentences and not sections["seat"].note


def test_study_toml_reads_back_as_the_same_study():
    study = Study.from_dict({
        "name": "s", "game": "toy", "players": 3, "bots": ["random"] * 3, "games": 30,
        "seed": 5, "options": {"x": 1}, "arms": [{"name": "plain"}, {"name": "v", "draw": "q"}],
    })
    text = to_toml(study.to_dict())
    assert Study.from_dict(tomllib.loads(text)) == study


def test_runs_without_telemetry_skip_only_the_turn_questions():
    run = race_run(players=2, deals=10)
    sections = {s.id: s for s in gazebo_sections(run.games, pd.DataFrame())}
    for sid in ("lead", "events", "branching"):
        assert "turns frame" in sections[sid].note
    assert sections["margin"].sentences


def test_strengths_keep_the_studys_order_weakest_first_not_the_alphabet():
    # "random" sorts after "greedy": the report once regrouped the rows by arm name, read
    # greedy as the weakest strength and measured every change from it
    from gardensim.analysis.strength import seat_across_strengths
    from gardensim.report.builder import estimable
    from tests.analysis.synth import logit_games

    games = logit_games(players=2, deals=60, arms=["x@random", "x@greedy"],
                        lineup=["greedy", "greedy"], draw_effect=0.3)
    usable, thin = estimable(games, 0.03)
    assert thin == [] and list(usable.index) == list(games.index)
    (sweep,) = seat_across_strengths(usable, boot=50)
    assert sweep.strengths == ["random", "greedy"]
    assert list(sweep.table["strength"]) == ["random", "greedy"]


def test_rows_of_a_strength_study_say_their_strength_and_whether_they_settled():
    from gardensim.analysis.settle import settlement
    from gardensim.report.builder import NOT_TESTED, settled
    from gardensim.report.verdicts import ONE_STRENGTH, VerdictRow, comparison_row
    from tests.analysis.synth import logit_games

    # the first player's edge jumps between the rungs in arm a, not in arm b
    logits = {"s/a@random": [0.0, 0.0], "s/a@greedy": [1.2, 0.0],
              "s/b@random": [0.0, 0.0], "s/b@greedy": [0.0, 0.0]}
    games = logit_games(players=2, deals=400, arms=list(logits), arm_seat_logit=logits)
    games = pd.concat([games, logit_games(players=2, deals=40, arms=["other/plain"])])

    def seat(arm):
        return VerdictRow("Does the first player win too often?", 2, arm, 0.5, 0.45, 0.55, 0.5,
                          0.03, 800, 400, "greedy", arm, who="first player")

    change = comparison_row("Rule variant: the first player's win share", 2, "s/b@greedy",
                            "s/a@greedy", -0.1, (-0.15, -0.05), 800, "greedy",
                            "the first player's win share", margin=0.03)
    luck = comparison_row("Luck", 2, "s/b@greedy", "s/a@greedy", 0.0, (-0.1, 0.1), 800,
                          "greedy", "the deal's share", margin=0.03)
    rows = settled([seat("s/a@greedy"), seat("s/b@greedy"), change, luck, seat("other/plain")],
                   games, FAST)
    table = settlement(games[games["arm"].str.startswith("s/")], 3, boot=FAST.arms)
    label = dict(zip(table["condition"], table["settlement"], strict=True))
    assert [r.strength for r in rows] == ["greedy"] * 4 + [""]
    assert rows[0].settlement == label["s/a"] and rows[0].settlement.startswith("not settled")
    assert rows[1].settlement == label["s/b"]
    assert rows[2].settlement == label["s/b vs s/a"]
    assert rows[3].settlement == NOT_TESTED and rows[4].settlement == ONE_STRENGTH
    assert rows[0].record()["settlement"] == rows[0].settlement
