"""Games played in one kernel call (``sim.play.play_games``, what studies and ``bench`` use)
are the games played one by one: the same rows and turn columns, by either engine, across
line-ups and seat rotations, and across the kernel calls a long batch needs when its logs
fill up."""

from __future__ import annotations

import numpy as np
import pytest
from numba import typeof, types

from gardensim.core import registry
from gardensim.games.gazebo.kernel import KernelGame, handles, play
from gardensim.games.gazebo.kernel.session import kernel_bot
from gardensim.games.gazebo.rules.game import GazeboGame
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


def test_one_play_loop_serves_every_line_up_and_its_handles_are_typed_as_numba_types_them() -> None:
    """``handles.Handle`` works its numba type out once (numba would spell the signature out
    at every call from Python); it must be the type numba gives a first-class function, and a
    random line-up's stubs must be typed as the real pieces, so that the play loop compiles
    once for every line-up."""
    kernel = KernelGame(GazeboGame("aviary", 2, {}))
    calls, greedy, search = kernel.bot_handles(np.array([[play.GREEDY, play.MCTS]]))
    for h in (*calls, greedy, search):
        assert typeof(h) == types.FunctionType(h.signature())
    assert typeof(calls) == types.BaseTuple.from_types(
        [types.FunctionType(h.signature()) for h in calls], handles.Calls)
    stubs = kernel.bot_handles(np.array([[play.RANDOM, play.RANDOM]]))
    assert stubs[0].values is not calls.values and stubs[1] is not greedy
    assert [typeof(h) for h in stubs] == [typeof(h) for h in (calls, greedy, search)]
    bot = {kind: registry.make_bot(kind) for kind in ("random", "greedy")}
    game = kernel.game
    for lineup in (["random", "random"], ["greedy", "random"]):
        kernel.play(1, [kernel_bot(bot[name], game) for name in lineup])
    assert len(play.play_games.signatures) == 1
