"""Games played in one kernel call (``sim.play.play_games``, what studies and ``bench`` use)
are the games played one by one: the same rows and turn columns, by either engine, across
line-ups and seat rotations, and across the kernel calls a long batch needs when its logs
fill up."""

from __future__ import annotations

import pytest

from gardensim.core import registry
from gardensim.sim import frames
from gardensim.sim.play import lineup_seating, play_game, play_games

TIMING = "decision_s"


def _plain(record) -> tuple[dict, dict]:
    """A record's row and turn columns as plain values, timings left out (NaN as None)."""
    def value(v):
        return None if isinstance(v, float) and v != v else v
    row = {k: value(v) for k, v in record.game.items() if not k.startswith(TIMING)}
    turns = {k: [value(x) for x in (v.tolist() if hasattr(v, "tolist") else v)]
             for k, v in record.turns.items() if not k.startswith(TIMING)}
    return row, turns


def _items(lineups: list[list[str]], games: int) -> list[tuple[int, int, list]]:
    items = []
    for g in range(games):
        deal, specs = lineup_seating(lineups, g)
        items.append((g, deal, [registry.make_bot(s) for s in specs]))
    return items


@pytest.mark.parametrize("telemetry", [False, True])
def test_a_batch_of_rotating_line_ups_is_the_readable_engines_games(telemetry: bool) -> None:
    game = registry.make_game("gazebo", "butterfly", 3, {"draw": "qin"})
    items = _items([["random", "greedy", "greedy:epsilon=0.2"], ["greedy"] * 3], 12)
    batch = play_games(game, items, 23, telemetry, engine="auto")
    assert len(batch) == len(items)
    for (index, deal, bots), record in zip(items, batch, strict=True):
        readable = play_game(game, bots, 23, index, deal, telemetry, engine="python")
        assert _plain(record) == _plain(readable), f"game {index}"


@pytest.mark.parametrize("telemetry", [False, True])
def test_a_batch_longer_than_one_kernel_call_loses_and_repeats_no_game(telemetry: bool) -> None:
    """900 games fill the kernel's move (and with telemetry event) log, so the batch takes
    more than one call: each game is still the one played alone."""
    game = registry.make_game("gazebo", "aviary", 2)
    items = _items([["random", "random"]], 900)
    batch = play_games(game, items, 5, telemetry, engine="auto")
    assert [r.game["game"] for r in batch] == list(range(900))
    for (index, deal, bots), record in zip(items[::7] + items[-3:], batch[::7] + batch[-3:],
                                           strict=True):
        alone = play_game(game, bots, 5, index, deal, telemetry, engine="auto")
        assert _plain(record) == _plain(alone), f"game {index}"


def test_a_long_batch_stores_each_games_turn_columns_end_to_end() -> None:
    """What a study stores of a batch (``frames.columns_to_table`` of its games' turn
    columns, read where the kernel calls left their logs, not joined again) is each game's
    columns end to end, across the kernel calls that 900 games need."""
    game = registry.make_game("gazebo", "aviary", 2)
    batch = play_games(game, _items([["random", "random"]], 900), 5, True, engine="auto")
    assert len({id(record.turns.record.batch) for record in batch}) > 1
    table = frames.columns_to_table([r.turns for r in batch], frames.turns_schema(game), "a")
    games = [_plain(record)[1] for record in batch]
    for column in games[0]:
        expected = [v for one in games for v in one[column]]
        if any(v is not None for v in expected):
            assert table[column].to_pylist() == expected, column
