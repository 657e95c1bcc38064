"""Playing a tournament's games, in parallel, with results that depend only on the seeds.

Work items are batches of games of one table. Each worker builds its game and bots from names
and spec strings (so nothing unpicklable crosses processes) and calls the shared play loop,
:func:`gardensim.sim.play.play_game`; results are sorted by (table, game) before summarising, so
``--jobs 1`` and ``--jobs 8`` give identical tables.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.sim.play import (
    DEFAULT_ENGINE,
    ENGINES,
    PYTHON_ENGINE,
    engine_name,
    fast_player,
    play_game,
)
from gardensim.tournament.results import GameResult, TournamentResult, summarise
from gardensim.tournament.schedule import (
    Table,
    batches,
    games_per_table,
    make_tables,
    table_seating,
)


@dataclass(frozen=True)
class _Setup:
    game: str
    board: str | None
    players: int
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    #: Games registered in the parent by ``registry.register_game``, for the workers.
    games: tuple[Any, ...] = ()
    #: ``auto`` or ``python`` (``sim.play.ENGINES``)
    engine: str = DEFAULT_ENGINE


class _Timed:
    """A bot seen through a stopwatch: records how long each of its decisions takes.

    Cheaper than the play loop's telemetry rows, which a tournament does not need."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.spec = bot.spec
        self.times: list[float] = []

    def choose_action(self, state: Any, rng: Any) -> int:
        t0 = time.perf_counter()
        action = self.bot.choose_action(state, rng)
        self.times.append(time.perf_counter() - t0)
        return action


def _play_batch(setup: _Setup, table: Table, start: int, stop: int) -> list[GameResult]:
    registry.adopt(setup.games)
    game = registry.make_game(setup.game, setup.board, setup.players, setup.options)
    bots = {m: _Timed(registry.make_bot(setup.bots[m])) for m in table.members}
    out = []
    for g in range(start, stop):
        deal, members = table_seating(table.members, g)
        for bot in bots.values():
            bot.times = []
        seats = [bots[m] for m in members]
        plain = [b.bot for b in seats]
        if setup.engine != PYTHON_ENGINE and fast_player(game, plain) is not None:
            # a fast engine times the whole game: its mean time per turn for each seat
            record = play_game(game, plain, setup.seed, g, deal, telemetry=False)
            times = tuple((float(record.game[f"decision_s_{s}"]),) for s in range(len(seats)))
        else:
            record = play_game(game, seats, setup.seed, g, deal, telemetry=False,
                               engine=PYTHON_ENGINE)
            times = tuple(tuple(b.times) for b in seats)
        shares = [float(record.game[f"win_{s}"]) for s in range(len(members))]
        out.append(GameResult(table.index, g, deal, tuple(members), tuple(shares),
                              int(record.game["turns"]), times))
    return out


def run_tournament(
    game: str,
    bots: Sequence[str],
    players: int = 2,
    games: int = 400,
    seed: int = 1,
    board: str | None = None,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: bool = False,
    n_boot: int = 1000,
    engine: str = DEFAULT_ENGINE,
) -> TournamentResult:
    """Play every table ``games`` times (rounded up to whole cycles of seats and orders round the
    table, :func:`~gardensim.tournament.schedule.games_per_table`) and summarise.

    Bad names, specs and options raise :class:`ConfigError` before any game is played.
    """
    specs = tuple(s.strip() for s in bots)
    canonical = [registry.make_bot(s).spec for s in specs]
    if len(set(canonical)) < len(canonical):
        dup = next(c for c in canonical if canonical.count(c) > 1)
        raise ConfigError(f"the bot list names {dup!r} twice; list each bot once")
    if jobs == 0 or jobs < -1:
        raise ConfigError(f"--jobs must be a positive number of workers or -1, not {jobs}")
    if engine not in ENGINES:
        raise ConfigError(f"--engine must be one of {', '.join(ENGINES)}, got {engine!r}")
    config = registry.make_game(game, board, players, dict(options or {}))
    tables = make_tables(len(specs), players)
    per_table = games_per_table(games, players)
    setup = _Setup(game, board, players, dict(options or {}), specs, seed,
                   registry.registered_specs(), engine)
    engines = sorted({
        engine_name(config, [registry.make_bot(specs[m]) for m in table.members], engine)
        for table in tables
    })
    size = max(players, min(50, per_table // max(1, 4 * max(jobs, 1))))
    work = batches(tables, per_table, size)
    results = _execute(setup, work, jobs, progress, per_table * len(tables))
    results.sort(key=lambda r: (r.table, r.game))
    return summarise(
        results,
        bots=list(specs),
        players=players,
        config={**config.describe(), "seed": seed, "games_per_table": per_table,
                "engine": engines},
        seed=seed,
        n_boot=n_boot,
    )


def _execute(
    setup: _Setup, work: list[tuple[Table, int, int]], jobs: int, progress: bool, total: int
) -> list[GameResult]:
    from joblib import Parallel, delayed, parallel_config
    from tqdm.auto import tqdm

    from gardensim.sim.backends import exit_with_parent

    bar = tqdm(total=total, unit="game", disable=not progress, desc="tournament")
    results: list[GameResult] = []
    try:
        if jobs == 1:
            stream: Any = (_play_batch(setup, *item) for item in work)
        else:
            with parallel_config(backend="loky", initializer=exit_with_parent,
                                 initargs=(os.getpid(),)):
                stream = Parallel(n_jobs=jobs, return_as="generator_unordered")(
                    delayed(_play_batch)(setup, *item) for item in work
                )
        for batch in stream:
            results.extend(batch)
            bar.update(len(batch))
    finally:
        bar.close()
    return results
