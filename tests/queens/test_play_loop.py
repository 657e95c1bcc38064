"""Queen's Garden through the shared play loop and the frame schema, as the runner will play
it once it is registered: one row per turn, rows that fit their declared dtypes."""

from __future__ import annotations

from gardensim.core.registry import make_bot
from gardensim.games.queens import QueensGame
from gardensim.sim.frames import games_schema, rows_to_table, turns_schema
from gardensim.sim.play import play_game


def test_the_play_loop_rows_fit_the_declared_columns() -> None:
    game = QueensGame(players=3)
    record = play_game(game, [make_bot("random"), make_bot("greedy"), make_bot("random")],
                       master_seed=3, game_index=1)
    assert len(record.turn_rows) == record.game["turns"]
    turns = rows_to_table(record.turn_rows, turns_schema(game), "a")
    games = rows_to_table([record.game], games_schema(game), "a")
    assert turns.num_rows == len(record.turn_rows) and games.num_rows == 1
    kinds = set(turns.column("kind").to_pylist())
    assert {"take", "place", "pass"} <= kinds
    assert games.column("score_0").to_pylist()[0] is not None
