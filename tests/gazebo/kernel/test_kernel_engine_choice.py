"""The play loop, studies, tournaments and bench pick the Gazebo kernel through the game's
spec whenever it has every bot of the line-up (``engine = "auto"``, the default);
``engine = "python"`` forces the readable engine; the run manifest records which engine played,
and a run started by one engine may be finished by the other."""

from __future__ import annotations

import json

import pytest

import gardensim
from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.sim import api
from gardensim.sim.play import engine_name, play_game
from gardensim.sim.store import RunStore
from gardensim.tournament import run_tournament

TIMING = ("decision_s",)


def _untimed(row: dict) -> dict:
    """The row without timings, NaN (an absent seat) as None so rows compare equal."""
    return {k: None if v != v else v for k, v in row.items() if not k.startswith(TIMING)}


def test_the_kernel_plays_a_line_up_it_covers_and_its_rows_replay() -> None:
    game = registry.make_game("gazebo", "butterfly", 3, {"draw": "qin"})
    bots = [registry.make_bot(s) for s in ("random", "greedy", "greedy:epsilon=0.2")]
    assert engine_name(game, bots) == engine_name(game, bots, "auto") == "gazebo-fast"
    assert engine_name(game, bots, "python") == "python"
    fast = play_game(game, bots, 11, 5, 2, telemetry=True, engine="auto")
    again = play_game(game, bots, 11, 5, 2, telemetry=True, engine="auto")
    assert _untimed(fast.game) == _untimed(again.game)
    readable = play_game(game, bots, 11, 5, 2, telemetry=True, engine="python")
    assert list(fast.game) == list(readable.game)
    assert list(fast.turns) == list(readable.turns)
    assert fast.game["seed"] == readable.game["seed"]
    state = game.new_initial_state(fast.game["seed"])
    for move in fast.game["moves"].split():
        state.apply_action(state.string_to_action(move))
    assert state.is_terminal()
    assert _untimed(fast.game) == _untimed({**fast.game, **state.game_row()})
    assert fast.game["winners"] == ",".join(str(s) for s in state.winners)
    assert len(fast.turns["move"]) == len(fast.turns["turn"])


def test_a_clock_budget_keeps_the_readable_engine() -> None:
    """``mcts:seconds=...`` has no kernel version (a wall-clock budget plays differently on
    every machine), so its line-up plays in the readable engine."""
    game = registry.make_game("gazebo", "aviary", 2)
    bots = [registry.make_bot("mcts:iters=4"), registry.make_bot("random")]
    assert engine_name(game, bots) == "gazebo-fast"
    timed = [registry.make_bot("mcts:seconds=0.01"), registry.make_bot("random")]
    assert engine_name(game, timed) == "python"


def _study(**extra: object) -> dict:
    return {**dict(name="kernel-choice", game="gazebo", board="aviary", players=2,
                   bots=["greedy", "random"], games=6, seed=3), **extra}


def test_a_study_records_its_engine_and_the_kernel_is_the_default() -> None:
    fast = gardensim.simulate(_study(), jobs=1, progress=False)
    slow = gardensim.simulate(_study(engine="python"), jobs=1, progress=False)
    assert fast.manifest["engines"]["base"] == ["gazebo-fast"]
    assert slow.manifest["engines"]["base"] == ["python"]
    keep = [c for c in fast.games.columns if not c.startswith(TIMING)]
    assert fast.games[keep].equals(slow.games[keep])
    assert list(fast.games.columns) == list(slow.games.columns)
    assert dict(fast.games.dtypes) == dict(slow.games.dtypes)
    assert dict(fast.turns.dtypes) == dict(slow.turns.dtypes)
    assert (fast.games["seed"] == slow.games["seed"]).all()
    again = gardensim.simulate(_study(engine="auto"), jobs=1, progress=False)
    assert fast.games[keep].equals(again.games[keep])


def test_a_run_begun_by_one_engine_is_finished_by_the_other(tmp_path) -> None:
    """A run played by the readable engine loses batches and the kernel replays them on
    resume: the frames are the readable run's, and the manifest names both engines."""
    out = tmp_path / "run"
    whole = gardensim.simulate(_study(games=40, engine="python"), out=out, jobs=1,
                               progress=False)
    expected = whole.games.sort_values("game").reset_index(drop=True)
    store = RunStore(out)
    for batch in range(1, whole.manifest["batches"]["total"], 2):
        store.part_path("games", 0, batch).unlink()
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["study"].pop("engine")
    (out / "manifest.json").write_text(json.dumps(manifest))
    resumed = api.resume(out, jobs=1, progress=False)
    assert resumed.execution.games > 0
    assert resumed.manifest["engines"]["base"] == ["gazebo-fast", "python"]
    again = gardensim.load(out).games.sort_values("game").reset_index(drop=True)
    keep = [c for c in expected.columns if not c.startswith(TIMING)]
    assert again[keep].equals(expected[keep])


def test_a_bad_engine_is_refused() -> None:
    with pytest.raises(ConfigError, match="engine"):
        gardensim.simulate(_study(engine="numba"), jobs=1, progress=False)


def test_a_tournament_records_the_engine() -> None:
    result = run_tournament("gazebo", ["random", "greedy"], games=4, seed=2, engine="auto")
    assert result.config["engine"] == ["gazebo-fast"]
    default = run_tournament("gazebo", ["random", "greedy"], games=4, seed=2)
    assert default.config["engine"] == ["gazebo-fast"]
    readable = run_tournament("gazebo", ["random", "greedy"], games=4, seed=2, engine="python")
    assert readable.config["engine"] == ["python"]
