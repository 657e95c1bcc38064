"""The play panel built headless and driven by clicks: New game, a move button, the list with
its find box, Undo, and the finished game stored by itself and replayed."""

from __future__ import annotations

from pathlib import Path

import pytest

from gardensim.widgets.play import BUTTON_LIMIT, PlayPanel
from gardensim.widgets.played import check_record, load_record, played_records


def panel_for(game: str, runs: Path, **settings: object) -> PlayPanel:
    panel = PlayPanel(game=game, runs_dir=runs, **settings)  # type: ignore[arg-type]
    panel.new_button.click()
    assert panel.session is not None, panel.status.value
    return panel


def test_before_new_game_nothing_can_be_played(tmp_path: Path) -> None:
    panel = PlayPanel(game="gazebo", runs_dir=tmp_path)
    assert panel.play_button.disabled and panel.undo_button.disabled
    assert panel.answer().startswith("No game has been played yet")


def test_a_big_turn_is_a_filtered_list_and_a_small_one_is_buttons(tmp_path: Path) -> None:
    panel = panel_for("gazebo", tmp_path, board="aviary")
    moves = panel.session.legal_moves()
    assert len(moves) > BUTTON_LIMIT and panel.buttons.children == ()
    assert list(panel.list.options) == moves
    panel.filter.value = moves[3][-3:].lower()
    assert moves[3] in panel.list.options and len(panel.list.options) < len(moves)
    panel.list.value = moves[3]
    panel.play_button.click()
    assert panel.session.history[0].text == moves[3]
    draws = panel.session.legal_moves()  # the rest of the turn: a draw
    assert [b.description for b in panel.buttons.children] == draws
    panel.buttons.children[0].click()
    assert panel.session.history[1].text == draws[0]
    assert any(not m.by_human for m in panel.session.history), "the bot answered"
    assert "<img" in panel.board.value and "seat 1 (bot)" in panel.moves_log.value


def test_undo_button_returns_to_the_position_before_the_persons_move(tmp_path: Path) -> None:
    panel = panel_for("pavilion", tmp_path, human=1)
    start, board = list(panel.session.moves), panel.board.value
    panel.click(panel.session.legal_moves()[0])
    assert len(panel.session.moves) > len(start) and not panel.undo_button.disabled
    panel.undo_button.click()
    assert panel.session.moves == start and panel.board.value == board


def test_a_bad_setting_shows_one_line_in_the_panel(tmp_path: Path) -> None:
    panel = PlayPanel(game="gazebo", runs_dir=tmp_path, human=3)
    panel.new_button.click()
    assert panel.session is None and "human seat 3" in panel.status.value


@pytest.mark.parametrize("game", ["queens", "pavilion"])
def test_a_game_played_by_clicks_to_the_end_is_stored_and_replays(
    game: str, tmp_path: Path
) -> None:
    """(Gazebo's whole game by clicks is notebook 5's; its pictures take a while.)"""
    panel = panel_for(game, tmp_path, bots=["greedy", "greedy:epsilon=0.2"], seed=7)
    while not panel.session.over:
        panel.click(panel.session.legal_moves()[-1])
    [path] = played_records(tmp_path)
    assert panel.stored == path and str(path) in panel.status.value
    assert load_record(path)["seats"] == ["human", "greedy:epsilon=0.2"]
    check_record(path)
    assert "reaches the same final position" in panel.answer()
