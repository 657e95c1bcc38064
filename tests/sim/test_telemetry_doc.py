"""docs/telemetry.md documents every column of the frames with its dtype."""

from __future__ import annotations

import re

import pytest

from gardensim.paths import REPO_ROOT
from gardensim.sim import frames

DOC = (REPO_ROOT / "docs" / "telemetry.md").read_text()


def documented() -> dict[str, str]:
    """Column -> dtype from the doc's tables; ``x_0`` .. ``x_3`` rows stand for four columns."""
    out = {}
    for line in DOC.splitlines():
        match = re.match(r"^\| `(\w+?)(_0)?`( \.\. `\w+_3`)? \| (\w+) \|", line)
        if match:
            name, first, span, dtype = match.groups()
            names = [f"{name}_{s}" for s in range(4)] if span else [name + (first or "")]
            out.update({n: dtype for n in names})
    return out


def test_runner_columns_are_documented_with_their_dtypes():
    docs = documented()
    for column, dtype in {**frames.GAME_COLUMNS, **frames.TURN_COLUMNS}.items():
        assert docs.get(column) == dtype, column


def test_gazebo_columns_are_documented_with_their_dtypes():
    game = pytest.importorskip("gardensim.games.gazebo.rules.game").GazeboGame
    docs = documented()
    for column, dtype in {**game.game_columns, **game.turn_columns}.items():
        assert docs.get(column) == dtype, column
