"""Telemetry rows through the shared play loop: columns and dtypes, per-turn facts, and a game row
whose breakdown adds up to each seat's score."""

from __future__ import annotations

import pandas as pd
import pytest

from gardensim.bots.random_bot import RandomBot
from gardensim.games.pavilion.game import PavilionGame
from gardensim.games.pavilion.telemetry import COLOUR_NAMES
from gardensim.sim.play import GameRecord, play_game


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


def held_at_passes(game: PavilionGame, rec: GameRecord) -> list[int]:
    """Tiles in the passer's pool at the start of each pass turn, found by replaying the game."""
    state = game.new_initial_state(rec.game["seed"])
    held = []
    for row in rec.turn_rows:
        if row["phase"] == "pass":
            held.append(sum(state.pools[row["seat"]]))
        for token in row["move"].split():
            state.play(token)
    assert state.is_terminal()
    return held


@pytest.mark.parametrize(("board", "players", "seed"), [("base", 2, 1), ("glazed-orange", 3, 11)])
def test_pass_rows_count_kept_and_discarded_tiles_of_the_tiles_held(board: str, players: int,
                                                                    seed: int) -> None:
    """Every tile held at a pass is kept or discarded, the kept ones one ``keep`` each, the
    round's last pass too (its corners are back in the pool by the time the row is written);
    round 6 keeps none. Base, two random bots, master seed 1 was the issue's reproduction."""
    game = PavilionGame(board, players)
    rec = play_game(game, [RandomBot()] * players, master_seed=seed, game_index=0)
    passes = [r for r in rec.turn_rows if r["phase"] == "pass"]
    held = held_at_passes(game, rec)
    assert [r["kept"] + r["discarded"] for r in passes] == held
    assert [r["kept"] for r in passes] == [r["move"].count("keep:") for r in passes]
    assert all(r["kept"] == 0 for r in passes if r["round"] == 6)
    assert any(r["kept"] for r in passes), "some tiles are kept"
    assert all(0 <= r["penalty"] <= r["discarded"] for r in passes)


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
