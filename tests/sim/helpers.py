"""Helpers for the simulation tests: small toy studies and frame comparison."""

from __future__ import annotations

from typing import Any

import pandas as pd

from gardensim.sim.frames import comparable
from gardensim.sim.study import Study


def toy_study(**overrides: Any) -> Study:
    """A two-arm toy study of 3 players, small enough to play in a fraction of a second."""
    raw: dict[str, Any] = {
        "name": "toy-study", "game": "toy", "players": 3, "bots": ["random"] * 3,
        "games": 30, "seed": 5,
        "arms": [{"name": "plain"}, {"name": "variant", "draw": "other"}],
    }
    raw.update(overrides)
    return Study.from_dict(raw)


def assert_same_frames(a: Any, b: Any) -> None:
    """Equal games and turns frames, timing columns aside."""
    pd.testing.assert_frame_equal(comparable(a.games), comparable(b.games))
    pd.testing.assert_frame_equal(comparable(a.turns), comparable(b.turns))


def read_now(run: Any) -> Any:
    """``run`` with its frames read now, before a test changes its parts (frames load lazily,
    and a part replayed since would no longer match the manifest ``run`` holds)."""
    assert len(run.games) > 0 and run.turns is not None
    return run
