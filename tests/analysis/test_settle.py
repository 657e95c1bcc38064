"""Settling answers (issue 41, item 2): planted truths per rung give the label they must.

Each rung's first player wins with a planted probability; each step arm's upper bot wins with a
planted share. The labels follow from those truths: an answer that stops moving is settled, one
whose next rung does not beat the last hits the bot ceiling, one still moving when the rungs run
out is not settled.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
import pytest

from gardensim.analysis.frames import MissingData
from gardensim.analysis.settle import (
    climb_decision,
    ladder_steps,
    settlement,
    split_step,
    step_arm,
)


def ladder_games(
    seat0: Mapping[tuple[str, str], float],
    steps: Mapping[tuple[str, str], float] | None = None,
    deals: int = 800,
    shared: float = 0.7,
    seed: int = 0,
) -> pd.DataFrame:
    """2-player games: mirror arms ``arm@rung`` (seat 0 wins with the planted share; a
    ``shared`` fraction of games reuse one uniform across arms, as common random numbers make
    play on a deal alike) and step arms where the upper rung wins with the planted share."""
    rng = np.random.default_rng(seed)
    n = deals * 2
    common = rng.random(n)
    parts = []

    def frame(arm: str, bots: tuple[np.ndarray, np.ndarray], win: np.ndarray) -> pd.DataFrame:
        return pd.DataFrame({"arm": arm, "game": np.arange(n), "deal": np.arange(n) // 2,
                             "players": 2, "bot_0": bots[0], "bot_1": bots[1],
                             "win_0": win, "win_1": 1 - win})

    for (arm, rung), p in seat0.items():
        u = np.where(rng.random(n) < shared, common, rng.random(n))
        parts.append(frame(f"{arm}@{rung}", (np.full(n, rung), np.full(n, rung)),
                           (u < p).astype(float)))
    for (lower, upper), p in (steps or {}).items():
        upper_first = np.arange(n) % 2 == 0
        upper_wins = rng.random(n) < p
        win0 = np.where(upper_first, upper_wins, ~upper_wins).astype(float)
        parts.append(frame(step_arm(lower, upper),
                           (np.where(upper_first, upper, lower),
                            np.where(upper_first, lower, upper)), win0))
    games = pd.concat(parts, ignore_index=True)
    for col in ("arm", "bot_0", "bot_1"):
        games[col] = games[col].astype("category")
    return games


def labels(table: pd.DataFrame) -> dict[str, str]:
    return dict(zip(table["condition"], table["settlement"], strict=True))


def test_step_arm_names_round_trip() -> None:
    name = step_arm("greedy", "mcts:iters=80,c=0.1")
    assert split_step(name) == ("greedy", "mcts:iters=80,c=0.1")
    assert split_step("gazebo-draw@greedy") is None


def test_an_answer_that_stops_moving_settles_at_the_upper_rung() -> None:
    games = ladder_games({("base", "a"): 0.50, ("base", "b"): 0.62, ("base", "c"): 0.62},
                         {("a", "b"): 0.7, ("b", "c"): 0.7}, deals=1500)
    row = settlement(games, fair_margin=6, game="toy").iloc[0]
    assert row["settlement"] == "settled at c"
    assert row["rung"] == "c" and row["game"] == "toy"
    assert row["low"] < 0.62 < row["high"]
    assert row["change_low"] >= -0.06 and row["change_high"] <= 0.06


def test_an_answer_still_moving_when_the_rungs_run_out_is_not_settled() -> None:
    games = ladder_games({("base", "a"): 0.50, ("base", "b"): 0.60, ("base", "c"): 0.72},
                         {("a", "b"): 0.7, ("b", "c"): 0.7})
    label = settlement(games, fair_margin=3).iloc[0]["settlement"]
    assert label.startswith("not settled: moved by +")
    assert label.endswith("points from b to c")
    assert climb_decision(games, fair_margin=3) is None


def test_a_rung_that_does_not_beat_the_one_below_is_the_bot_ceiling() -> None:
    games = ladder_games({("base", "a"): 0.50, ("base", "b"): 0.60, ("base", "c"): 0.70},
                         {("a", "b"): 0.7, ("b", "c"): 0.5})
    row = settlement(games, fair_margin=3).iloc[0]
    assert row["settlement"].startswith("bot ceiling at b (moved +")
    assert row["rung"] == "b"
    assert climb_decision(games, fair_margin=3) == "bot ceiling"
    steps = {(s.lower, s.upper): s for s in ladder_steps(games)}
    assert steps[("a", "b")].climbs and not steps[("b", "c")].climbs
    assert steps[("a", "b")].low < 0.7 < steps[("a", "b")].high


def test_an_arm_effect_settles_on_its_own_paired_difference() -> None:
    # qin-draw's edge over gazebo-draw: -10 points at a, +5 at b and c (it reverses, then holds)
    truth = {("gazebo-draw", "a"): 0.60, ("gazebo-draw", "b"): 0.60, ("gazebo-draw", "c"): 0.60,
             ("qin-draw", "a"): 0.50, ("qin-draw", "b"): 0.65, ("qin-draw", "c"): 0.65}
    games = ladder_games(truth, {("a", "b"): 0.7, ("b", "c"): 0.7}, deals=1500, shared=0.9)
    table = settlement(games, fair_margin=5)
    found = labels(table)
    assert found["qin-draw vs gazebo-draw"] == "settled at c"
    effect = table.set_index("condition").loc["qin-draw vs gazebo-draw"]
    assert effect["low"] < 0.05 < effect["high"]
    assert climb_decision(games, fair_margin=5) == "settled"


def test_frames_without_rungs_are_refused_in_one_line() -> None:
    games = ladder_games({}, {("a", "b"): 0.6}, deals=10)
    with pytest.raises(MissingData, match="mirror arms"):
        settlement(games)
