"""Throughput measurement: how many games, turns and moves per second a configuration plays.

Workers are started and warmed up (engine imported, tables built) before the clock starts, so
``--jobs 2`` against ``--jobs 1`` measures scaling, not process start-up. Without telemetry only
the play loop and the games' move lists are timed; with it, collecting the turn rows and turning
them into Arrow tables is included, as a study pays it.
"""

from __future__ import annotations

import json
import math
import platform
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.sim import frames
from gardensim.sim.backends import Backend, check_backend, effective_jobs
from gardensim.sim.play import DEFAULT_ENGINE, ENGINES, engine_name, lineup_seating, play_games


@dataclass(frozen=True)
class BenchTask:
    config: str
    bot: str
    seed: int
    start: int
    stop: int
    telemetry: bool
    engine: str = DEFAULT_ENGINE


def _play(task: BenchTask) -> tuple[float, float, float, float]:
    """(games, turns, moves, CPU seconds) of one chunk."""
    from gardensim.sim.runner import _bot, _game

    cpu = time.process_time()
    game = _game(task.config)
    lineup = [task.bot] * game.num_players
    turns = moves = 0
    parts = []
    items = []
    for g in range(task.start, task.stop):
        deal, specs = lineup_seating([lineup], g)
        items.append((g, deal, [_bot(s) for s in specs]))
    for record in play_games(game, items, task.seed, task.telemetry, task.engine):
        turns += record.game["turns"]
        names = record.game["moves"]
        moves += names.count(" ") + 1 if names else 0  # no list of move names to throw away
        parts.append(record.turns)
    if task.telemetry:
        frames.columns_to_table(parts, frames.turns_schema(game), "bench")
    return task.stop - task.start, turns, moves, time.process_time() - cpu


def bench(
    game: str,
    board: str | None = None,
    players: int = 2,
    bot: str = "random",
    games: int = 1000,
    jobs: int = 1,
    telemetry: bool = False,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    engine: str = DEFAULT_ENGINE,
) -> dict[str, Any]:
    """Play ``games`` games of ``bot`` against itself and report the rates; ``engine`` as a
    study's (``auto``: the game's fast engine when it covers the bot).

    Rates are per wall-clock second; ``games_per_cpu_s`` divides by the CPU time the workers
    spent playing instead, which stays meaningful on a machine shared with other work.
    """
    from gardensim import __version__

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError(f"--games must be a positive integer, got {games}")
    check_backend("loky", jobs, None)
    if engine not in ENGINES:
        raise ConfigError(f"--engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    made = registry.make_game(game, board, players, dict(options or {}))  # validate first
    spec = registry.make_bot(bot).spec
    played_by = engine_name(made, [registry.make_bot(spec)] * players, engine)
    config = json.dumps(
        {"game": game, "board": board, "players": players, "options": dict(options or {})},
        sort_keys=True,
    )
    workers = effective_jobs(jobs, games)
    chunk = max(1, min(200, math.ceil(games / (workers * 4))))
    warm = [BenchTask(config, spec, seed + 1, g, g + 1, telemetry, engine)
            for g in range(workers)]
    tasks = (BenchTask(config, spec, seed, s, min(s + chunk, games), telemetry, engine)
             for s in range(0, games, chunk))
    totals = [0.0, 0.0, 0.0, 0.0]
    with Backend(workers) as pool:
        for _ in pool.map_unordered(_play, warm):
            pass
        t0 = time.perf_counter()
        for done in pool.map_unordered(_play, tasks):
            totals = [a + b for a, b in zip(totals, done, strict=True)]
        seconds = time.perf_counter() - t0
    played, turns, moves = (int(t) for t in totals[:3])
    cpu = totals[3]
    return {
        "game": game, "board": board, "players": players, "bot": spec, "games": played,
        "jobs": workers, "telemetry": telemetry, "seed": seed, "options": dict(options or {}),
        "engine": played_by,
        "seconds": round(seconds, 4),
        "games_per_s": round(played / seconds, 2),
        "turns_per_s": round(turns / seconds, 1),
        "moves_per_s": round(moves / seconds, 1),
        "turns": turns, "moves": moves,
        "cpu_seconds": round(cpu, 4),
        "games_per_cpu_s": round(played / cpu, 2) if cpu > 0 else None,
        "gardensim_version": __version__, "python": platform.python_version(),
    }
