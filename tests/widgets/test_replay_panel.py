"""The replay panel re-plays a stored game through the rules and shows each step."""

from __future__ import annotations

from pathlib import Path

import pytest

import gardensim
from gardensim.games.gazebo.panels.replay import (
    EVENT_TEXT,
    ReplayPanel,
    cell_xy,
    describe_event,
    game_steps,
    stored_runs,
)
from gardensim.sim.api import stored_game

PNG = b"\x89PNG"


def png(image: object) -> bytes:
    """An Image widget's value as bytes (ipywidgets holds a memoryview)."""
    return bytes(image.value)  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "replay"
    gardensim.simulate(
        {"name": "replay", "game": "gazebo", "board": "aviary", "players": 2,
         "bots": ["greedy", "random"], "games": 2, "seed": 3},
        out=out, jobs=1, progress=False,
    )
    return out


def test_steps_follow_the_stored_move_list_to_the_stored_result(stored: Path) -> None:
    _config, _seed, moves = stored_game(stored, 1)
    steps = game_steps(stored, 1)
    assert [s.move.upper() for s in steps[1:]] == [m.upper() for m in moves]
    assert steps[0].events == [] and steps[-1].state["over"]
    row = gardensim.load(stored).game_row(1)
    winners = [s for s in range(2) if row[f"win_{s}"] > 0]
    assert steps[-1].state["winners"] == winners
    assert steps[-1].events[-1]["type"] == "win"


def test_moving_the_slider_redraws_the_board_and_lists_that_moves_events(stored: Path) -> None:
    panel = ReplayPanel(stored)
    start = png(panel.image)
    assert start.startswith(PNG) and "start position" in panel.caption.value
    last = panel.step.max
    panel.step.value = last
    assert png(panel.image).startswith(PNG) and png(panel.image) != start
    assert f"move {last}:" in panel.caption.value
    assert "game over" in panel.events.value


def test_choosing_another_game_restarts_at_its_first_move(stored: Path) -> None:
    panel = ReplayPanel(stored)
    panel.show(game=0, step=5)
    assert panel.step.value == 5
    panel.game.value = 1
    assert panel.step.value == 0 and "start position" in panel.caption.value
    assert panel.step.max == len(stored_game(stored, 1)[2])
    assert panel.steps[-1].state == game_steps(stored, 1)[-1].state


def test_answer_names_the_stored_winner_and_end_reason(stored: Path) -> None:
    panel = ReplayPanel(stored)
    panel.show(game=1)
    row = gardensim.load(stored).game_row(1)
    winners = ", ".join(f"seat {s}" for s in range(2) if row[f"win_{s}"] > 0)
    assert f"ended by {row['end_reason']}: {winners} won" in panel.answer()


def test_stored_runs_lists_complete_gazebo_runs(stored: Path) -> None:
    assert stored_runs(stored.parent) == [stored]
    assert stored_runs(stored.parent / "nothing-here") == []


@pytest.mark.parametrize("kind", sorted(EVENT_TEXT))
def test_every_event_type_of_the_contract_reads_as_words(kind: str) -> None:
    event = {"type": kind, "player": 1, "cells": ["D4", "E4"], "cell": "F4", "from": [0],
             "winners": [1], "reason": "last-gazebo"}
    text = describe_event(event)
    assert "{" not in text and "seat 1" in text


def test_the_outlined_domino_is_the_one_the_move_names(stored: Path) -> None:
    """The picture outlines the last domino of the position; after a placement ``XY@C5E`` that
    must be C5 and its neighbour in direction E."""
    offsets = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
    placements = [s for s in game_steps(stored, 0) if s.move and "@" in s.move]
    assert placements
    for step in placements:
        target = step.move.split("@")[1]
        (col, row), (dc, dr) = cell_xy(target[:-1]), offsets[target[-1]]
        other = f"{chr(ord('A') + col + dc)}{row + dr + 1}"
        assert set(step.state["dominoes"][-1]) == {target[:-1], other}, step.move
