"""The shared study controls cascade like the rules: game → boards and drawing systems,
board → player counts, players → one bot box per seat."""

from __future__ import annotations

from gardensim.games.gazebo.rules.board import available_boards
from gardensim.games.gazebo.rules.ruleset import DRAW_SYSTEMS
from gardensim.games.pavilion.boards import BOARD_NAMES
from gardensim.widgets.form import StudyForm


def test_choosing_pavilion_offers_its_boards_and_hides_the_drawing_system() -> None:
    form = StudyForm(board="aviary")
    assert list(form.board.options) == available_boards()
    assert list(form.draw.options) == list(DRAW_SYSTEMS) and form.draw.layout.display == ""
    form.game.value = "pavilion"
    assert list(form.board.options) == list(BOARD_NAMES)
    assert form.draw.layout.display == "none"
    study = form.study("s")
    assert study.game == "pavilion" and study.board == BOARD_NAMES[0]
    assert "draw" not in study.options


def test_one_bot_box_per_seat_keeping_the_specs_already_typed() -> None:
    form = StudyForm(bots=["greedy", "random"])
    form.players.value = 4
    assert form.bot_specs == ["greedy", "random", "random", "random"]
    form.players.value = 2
    assert form.bot_specs == ["greedy", "random"]
    assert form.study("s").bots == ["greedy", "random"]


def test_each_user_change_notifies_listeners_once() -> None:
    form = StudyForm()
    heard: list[int] = []
    form.observe(lambda: heard.append(1))
    form.game.value = "pavilion"  # cascades into board, players and bots
    assert len(heard) == 1
    form.set(game="gazebo", board="jungle", players=3, bots=["random"] * 3)
    assert len(heard) == 2
    assert form.describe() == "gazebo, jungle, 3 players, gazebo drawing, random v random v random"
