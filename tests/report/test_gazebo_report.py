"""A report of real (tiny) Gazebo runs: every Gazebo question is answered, gardens are drawn."""

import re

import pytest

import gardensim
from gardensim.report.builder import build_report
from gardensim.report.sections import Budget

pytestmark = pytest.mark.slow

STUDY = {
    "name": "tiny-gazebo", "game": "gazebo", "board": "aviary", "players": 2,
    "bots": ["random", "greedy"], "games": 8, "seed": 4,
    "arms": [{"name": "gazebo-draw", "draw": "gazebo"}, {"name": "qin-draw", "draw": "qin"}],
}


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gazebo")
    run = gardensim.simulate(STUDY, tmp / "run", jobs=1, progress=False)
    index = build_report(run, tmp / "report", budget=Budget(variance=10, skill=10, arms=50))
    return index.read_text(encoding="utf-8")


def test_every_gazebo_question_is_answered(page):
    sections = dict(re.findall(r'<section id="([\w-]+)">(.*?)</section>', page, re.S))
    for sid in ("seat", "compensation", "singles", "draw-advantage", "variance",
                "luck-compare", "skill", "gardens",
                "arms", "length", "endings", "margin", "lead", "events", "branching",
                "sample-size"):
        assert 'class="answer"' in sections[sid], sid
        notes = re.findall(r'<p class="note">(.*?)</p>', sections[sid])
        expected = {"lead": "The leader after a turn", "gardens": "designed stand-ins"}
        assert all(expected.get(sid, "no note") in n for n in notes), (sid, notes)


def test_the_garden_and_a_final_position_are_drawn(page):
    pictures = re.search(r'<section id="pictures">(.*?)</section>', page, re.S).group(1)
    assert pictures.count("data:image/png;base64,") == 2
    assert "The aviary garden." in pictures
    assert "final position of game 0" in pictures


def test_garden_arms_draw_every_garden_and_the_position_on_its_own(tmp_path):
    study = {**STUDY, "name": "gardens", "bots": ["random", "random"], "games": 2,
             "arms": [{"name": "butterfly", "board": "butterfly"},
                      {"name": "jungle", "board": "jungle"}]}
    run = gardensim.simulate(study, tmp_path / "run", jobs=1, progress=False)
    index = build_report(run, tmp_path / "report", budget=Budget(variance=5, skill=5, arms=20))
    page = index.read_text(encoding="utf-8")
    pictures = re.search(r'<section id="pictures">(.*?)</section>', page, re.S).group(1)
    assert "The butterfly garden." in pictures and "The jungle garden." in pictures
    assert "The aviary garden." not in pictures  # the study's board, which no arm plays
    assert "final position of game 0 (butterfly, 2 players)" in pictures
