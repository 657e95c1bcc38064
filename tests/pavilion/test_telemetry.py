"""Telemetry rows through the shared play loop: columns and dtypes, per-turn facts, and a game row
whose breakdown adds up to each seat's score."""

from __future__ import annotations

import pandas as pd
import pytest

from gardensim.bots.random_bot import RandomBot
from gardensim.games.pavilion.game import PavilionGame
from gardensim.games.pavilion.telemetry import COLOUR_NAMES
from gardensim.sim.play import play_game


@pytest.fixture(scope="module")
def record():
    game = PavilionGame("glazed-orange", 3)
    return game, play_game(game, [RandomBot()] * 3, master_seed=11, game_index=0)


def test_turn_rows_have_exactly_the_declared_columns_and_dtypes(record) -> None:
    game, rec = record
    frame = pd.DataFrame([{k: r[k] for k in game.turn_columns} for r in rec.turn_rows])
    frame = frame.astype(game.turn_columns)
    assert all(set(game.turn_columns) <= set(r) for r in rec.turn_rows)
    assert set(frame["phase"]) == {"draft", "place", "pass"}


def test_turn_rows_describe_takes_placements_and_passes(record) -> None:
    game, rec = record
    drafts = [r for r in rec.turn_rows if r["phase"] == "draft"]
    assert sum(r["took_token"] for r in drafts) == 6, "one token take per round"
    assert all(r["tiles_taken"] >= 1 and r["wilds_taken"] in (0, 1) for r in drafts)
    places = [r for r in rec.turn_rows if r["phase"] == "place"]
    assert all(1 <= r["points"] <= 6 and 1 <= r["cost"] <= 6 for r in places)
    assert all(0 <= r["wilds_paid"] < r["cost"] for r in places)
    assert all(len(r["bonus_colours"]) == r["bonus_tiles"] for r in places)
    passes = [r for r in rec.turn_rows if r["phase"] == "pass"]
    assert all(r["kept"] <= 4 for r in passes)


def test_game_row_breakdown_adds_up_to_each_score(record) -> None:
    game, rec = record
    row = rec.game
    assert set(game.game_columns) <= set(row)
    pd.DataFrame([{k: row[k] for k in game.game_columns}]).astype(game.game_columns)
    for s in range(3):
        stars = sum(row[f"stars_{c}_{s}"] for c in COLOUR_NAMES) + row[f"stars_multicolour_{s}"]
        assert row[f"stars_{s}"] == stars
        assert row[f"score_{s}"] == (5 + row[f"placement_{s}"] - row[f"token_penalty_{s}"]
                                     - row[f"discard_penalty_{s}"] + stars + row[f"numbers_{s}"]
                                     + row[f"sets_{s}"])
    assert row["score_3"] is None and row["placement_3"] is None, "absent seat"
    assert row["end_reason"] == "rounds" and row["rounds"] == 6


def test_turn_points_add_up_to_placement_points(record) -> None:
    game, rec = record
    for s in range(3):
        points = sum(r["points"] for r in rec.turn_rows if r["seat"] == s and r["phase"] == "place")
        assert points == rec.game[f"placement_{s}"]
