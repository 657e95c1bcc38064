"""The grid's conditions are said in the game's declared words, from the arms' stored settings."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gardensim.core.rules import Option
from gardensim.report.conditions import game_words, labelled, run_labels, study_labels
from gardensim.report.verdicts import VerdictRow, comparison_row

GAZEBO = game_words("gazebo")


def arm(board: str, **options: object) -> dict[str, object]:
    return {"game": "gazebo", "board": board, "players": 2, "options": options}


def test_only_what_varies_between_a_studys_arms_is_said() -> None:
    labels = study_labels({"gazebo-draw@greedy": arm("aviary", draw="gazebo"),
                           "qin-draw@greedy": arm("aviary", draw="qin")}, GAZEBO)
    assert labels == {"gazebo-draw@greedy": "Gazebo-style drawing",
                      "qin-draw@greedy": "Qin-style drawing"}


def test_boards_read_by_their_titles_and_series_games_say_so() -> None:
    labels = study_labels({"base~aviary": arm("aviary", draw="gazebo"),
                           "base~jungle": arm("jungle", draw="gazebo")}, GAZEBO)
    assert labels["base~aviary"] == "Aviary Garden (a game of a series)"
    assert labels["base~jungle"].endswith("(a game of a series)")
    assert "Jungle" in labels["base~jungle"]
    pavilion = game_words("pavilion")
    assert pavilion is not None and "orange" in pavilion("board", "glazed-orange")
    queens = game_words("queens")
    assert queens is not None and queens("board", "variant") == "variant side"


def test_a_lone_arm_is_named_by_its_plain_name() -> None:
    assert study_labels({"only@mcts:iters=320": arm("aviary")}, GAZEBO) == {
        "only@mcts:iters=320": "only"}


@pytest.mark.parametrize(("value", "said"), [
    (24, "24 gazebos each"), ("25,24", "first seat 25 gazebos, second 24"),
    ([26, 24, 24], "first seat 26 gazebos, others 24"), ([26, 25, 24], "gazebos 26/25/24 by seat"),
])
def test_per_seat_counts_are_said_seat_by_seat(value: object, said: str) -> None:
    option = Option("gazebos", "per_seat", 24, "gazebos each player starts with", "r16",
                    low=1, high=96)
    assert option.say(value) == said


def test_options_without_words_say_their_name_and_value() -> None:
    assert Option("hand_size", "int", 3, "hand", "r11", low=1, high=6).say(4) == "hand size 4"
    assert Option("partnership", "bool", False, "teams", "r15").say(True) == "partnership on"
    assert GAZEBO is not None and GAZEBO("draw", "qin-classic") == "Qin's own dominoes"


def test_rows_take_the_words_and_comparisons_name_both_arms() -> None:
    run = SimpleNamespace(study={"name": "default-2p"}, manifest={"arms": {
        "gazebo-draw": arm("aviary", draw="gazebo"), "qin-draw": arm("aviary", draw="qin")}})
    labels = run_labels([run], GAZEBO)
    seat = VerdictRow("Does the first player win too often?", 2, "default-2p/qin-draw", 0.6,
                      0.55, 0.65, 0.5, 0.03, 100, 50, "greedy", "default-2p/qin-draw")
    change = comparison_row("Rule variant", 2, "default-2p/qin-draw", "default-2p/gazebo-draw",
                            -0.1, (-0.15, -0.05), 100, "greedy", "first player")
    unknown = VerdictRow("Q", 2, "other/arm", 0.5, 0.4, 0.6, 0.5, 0.03, 10, 5, "greedy",
                         "other/arm")
    rows = labelled([seat, change, unknown], labels)
    assert [r.condition for r in rows] == [
        "Qin-style drawing", "Qin-style drawing against Gazebo-style drawing", "other/arm"]
    assert rows[0].arm == "default-2p/qin-draw"
