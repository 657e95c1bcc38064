"""Plans a study into batches of games, plays them on a backend, stores them as they finish.

A batch is a contiguous range of game indices of one arm. Its result depends only on the arm's
rules, its bots, the master seed and those indices, never on which worker played it or when, so
the frames are identical for any ``jobs``, backend or batch size, and a resumed run equals an
uninterrupted one. The parent process is the only writer: workers return Arrow tables, which
also suits a Dask cluster whose workers share no disk with the client.
"""

from __future__ import annotations

import json
import math
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cached_property, lru_cache
from typing import Any, Protocol

from gardensim.core import registry
from gardensim.sim import frames
from gardensim.sim.backends import JUDGED_AFTER, Backend
from gardensim.sim.play import (
    DEFAULT_ENGINE,
    choose_engine,
    lineup_seating,
    play_games,
)
from gardensim.sim.stopping import StopSignals
from gardensim.sim.store import FORMAT, FORMAT_VERSION, RunStore, rules_digest
from gardensim.sim.study import ResolvedArm, Study

#: Games per batch unless the study is small: big enough to amortise dispatch, small enough
#: that a killed run loses little and the progress bar moves.
MAX_BATCH = 100
MIN_BATCHES_PER_ARM = 20


def default_batch_size(games: int) -> int:
    return max(1, min(MAX_BATCH, math.ceil(games / MIN_BATCHES_PER_ARM)))


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class BatchTask:
    """Everything a worker needs to play one batch (small, pickled per task)."""

    arm: int
    arm_name: str
    batch: int
    start: int
    stop: int
    config: str  # canonical JSON of the arm's game configuration
    lineups: tuple[tuple[str, ...], ...]
    rotate: bool
    seed: int
    telemetry: bool
    cyclic: bool = False
    #: Games registered in the parent by ``registry.register_game`` (not entry points), so a
    #: worker process knows them too.
    games: tuple[Any, ...] = ()
    #: ``python`` or ``auto`` (``sim.play.ENGINES``)
    engine: str = DEFAULT_ENGINE


@dataclass
class BatchResult:
    task: BatchTask
    games: Any  # pyarrow.Table
    turns: Any  # pyarrow.Table or None without telemetry
    seconds: float
    moves: int
    turns_played: int


@dataclass
class Plan:
    """A validated study cut into batches.

    Tasks are made on demand (:meth:`tasks`), never listed: a study of ``10**11`` games plans
    as fast and as small as one of ten, and the executor pulls tasks only as workers free up.
    """

    study: Study
    arms: list[ResolvedArm]
    batch_size: int

    @classmethod
    def build(cls, study: Study, batch_size: int | None = None) -> Plan:
        """The plan of ``study``; a bad study, batch size or engine fails here, before a run
        touches its folder."""
        from gardensim.core.errors import ConfigError

        arms = study.resolve()
        size = default_batch_size(study.games) if batch_size is None else batch_size
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ConfigError(f"--batch-size must be a positive integer, got {batch_size!r}")
        plan = cls(study, arms, size)
        plan.engines()
        return plan

    def engines(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """(engines, reasons): per arm, the engines that play its line-ups and, for line-ups
        the game's fast engine does not play, why (``sim.play.choose_engine``; with
        ``engine = "fast"`` such a line-up is a ConfigError naming the arm)."""
        from gardensim.core.errors import ConfigError

        engines, reasons = {}, {}
        for arm, config in zip(self.arms, self._configs, strict=True):
            choices = set()
            for lineup in arm.lineups:
                try:
                    choices.add(choose_engine(_game(config), [_bot(s) for s in lineup],
                                              self.study.engine))
                except ConfigError as exc:
                    raise ConfigError(f"arm {arm.name!r}: {exc}") from None
            engines[arm.name] = sorted({c.name for c in choices})
            why = sorted({c.reason for c in choices if c.reason})
            if why:
                reasons[arm.name] = why
        return engines, reasons

    @property
    def batches_per_arm(self) -> int:
        return -(-self.study.games // self.batch_size)

    @property
    def task_count(self) -> int:
        return self.batches_per_arm * len(self.arms)

    def batch_games(self, batch: int) -> tuple[int, int]:
        """(first game, one past the last game) of batch ``batch`` of any arm."""
        start = batch * self.batch_size
        return start, min(start + self.batch_size, self.study.games)

    def task(self, arm: int, batch: int) -> BatchTask:
        resolved = self.arms[arm]
        start, stop = self.batch_games(batch)
        return BatchTask(
            arm, resolved.name, batch, start, stop, self._configs[arm],
            tuple(tuple(lineup) for lineup in resolved.lineups), resolved.rotate,
            self.study.seed, self.study.telemetry, resolved.cyclic, registry.registered_specs(),
            self.study.engine,
        )

    def tasks(self, skip: set[tuple[int, int]] | frozenset[tuple[int, int]] = frozenset(),
              by_batch: bool = False) -> Iterator[BatchTask]:
        """Every batch of every arm not in ``skip``, arm by arm (``by_batch``: batch by batch,
        every arm's batch 0 first, so the games every arm has played grow as one prefix, as a
        run that stops once decided needs), made as they are asked for."""
        # generators, not itertools.product: product holds its inputs whole, and a study of the
        # most games has millions of batches
        arms, batches = range(len(self.arms)), range(self.batches_per_arm)
        order = ((a, b) for b in batches for a in arms) if by_batch else \
            ((a, b) for a in arms for b in batches)
        for a, b in order:
            if (a, b) not in skip:
                yield self.task(a, b)

    def games_in(self, batches: set[tuple[int, int]]) -> int:
        """How many games the batches ``batches`` hold."""
        return sum(stop - start for start, stop in (self.batch_games(b) for _, b in batches))

    @cached_property
    def _configs(self) -> list[str]:
        return [json.dumps(arm.config, sort_keys=True) for arm in self.arms]

    @property
    def total_games(self) -> int:
        return self.study.games * len(self.arms)

    def frame_spec(self) -> dict[str, Any]:
        """Schemas and fixed categories of the frames, stored in the manifest so that reading
        a run needs neither the game engine nor the bots."""
        game = _game(self._configs[0])
        return {
            "games": frames.games_schema(game),
            "turns": frames.turns_schema(game),
            "arms": [a.name for a in self.arms],
            "bots": sorted({s for arm in self.arms for lineup in arm.lineups for s in lineup}),
        }


@lru_cache(maxsize=32)
def _game(config: str) -> Any:
    spec = json.loads(config)
    return registry.make_game(spec["game"], spec["board"], spec["players"], spec["options"])


@lru_cache(maxsize=64)
def _bot(spec: str) -> Any:
    return registry.make_bot(spec)


def play_batch(task: BatchTask) -> BatchResult:
    """Play one batch (runs in a worker); returns its rows as Arrow tables."""
    t0 = time.perf_counter()
    registry.adopt(task.games)
    game = _game(task.config)
    game_rows, turn_parts = [], []
    moves = turns = 0
    items = []
    for g in range(task.start, task.stop):
        deal, specs = lineup_seating(task.lineups, g, task.rotate, task.cyclic)
        items.append((g, deal, [_bot(s) for s in specs]))
    for record in play_games(game, items, task.seed, task.telemetry, task.engine):
        game_rows.append(record.game)
        turn_parts.append(record.turns)
        moves += record.game["moves"].count(" ") + 1 if record.game["moves"] else 0
        turns += record.game["turns"]
    games_table = frames.rows_to_table(game_rows, frames.games_schema(game), task.arm_name)
    turns_table = (
        frames.columns_to_table(turn_parts, frames.turns_schema(game), task.arm_name)
        if task.telemetry else None
    )
    return BatchResult(task, games_table, turns_table, time.perf_counter() - t0, moves, turns)


def new_manifest(plan: Plan) -> dict[str, Any]:
    """The manifest of a fresh run: the study, versions, seeds, and empty progress."""
    import platform

    from gardensim import __version__

    rules = {}
    for arm in plan.arms:
        game = _game(json.dumps(arm.config, sort_keys=True))
        rules[arm.name] = {
            **game.describe(),
            "rules_version": getattr(game, "rules_version", __version__),
            "lineups": arm.lineups,
        }
        if arm.cyclic:
            rules[arm.name]["seating"] = "every cyclic order of each line-up in turn over deals"
    engines, why = plan.engines()
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "status": "new",
        "gardensim_version": __version__,
        "python": platform.python_version(),
        "study": plan.study.to_dict(),
        "rules": rules,
        "engines": engines,
        "engine_reasons": why,
        "seeds": {
            "master": plan.study.seed,
            "deal": "gardensim.core.seeding.game_seed(master, deal)",
            "bots": "gardensim.core.seeding.bot_rng(master, game, seat)",
            "shared_by_arms": True,
        },
        "arms": {arm.name: arm.config for arm in plan.arms},
        "frames": plan.frame_spec(),
        "games": {"per_arm": plan.study.games, "arms": [a.name for a in plan.arms],
                  "total": plan.total_games, "done": 0},
        "batches": {"size": plan.batch_size, "total": plan.task_count, "done": []},
        "timings": {"created": now(), "finished": None, "seconds": 0.0, "sessions": []},
    }


class BatchWatcher(Protocol):
    """Watches the batches of a run as they are stored and may end it (``sim.sequential``: a
    run that stops once its verdicts are decided)."""

    def add(self, result: BatchResult) -> bool:
        """Take one stored batch; True ends the run here."""

    def status(self) -> str:
        """A few words for the progress bar (the running estimate)."""


@dataclass
class Execution:
    """What one session of playing produced (the frames stay in the store if there is one)."""

    games: int = 0
    moves: int = 0
    turns: int = 0
    seconds: float = 0.0
    tables: dict[tuple[int, int], tuple[Any, Any]] = field(default_factory=dict)


def execute(
    plan: Plan,
    *,
    store: RunStore | None,
    manifest: dict[str, Any],
    done: set[tuple[int, int]],
    pool: Backend,
    progress: bool,
    writer: dict[str, Any] | None = None,
    watcher: BatchWatcher | None = None,
) -> Execution:
    """Play every batch not in ``done``; store each as it arrives; keep the manifest current.

    A ``watcher`` sees every stored batch (dealt out batch index by batch index over the arms)
    and may end the run early: its status is then ``decided`` (a plain resume plays on).

    On an exception (including Ctrl-C and SIGTERM, :mod:`gardensim.sim.stopping`) the manifest
    is left marked ``interrupted`` with the finished batches listed, ready for ``--resume``.
    With a store, the batches done go to its batch log, written whole once here and then one
    line per batch, and leave ``manifest`` (so its writes stay the same size).
    """
    from tqdm.auto import tqdm

    listed = manifest["batches"].pop("done", []) if store is not None else None
    todo = plan.tasks(skip=done, by_batch=watcher is not None)
    done_games = plan.games_in(done)
    session = {"started": now(), "finished": None, "seconds": 0.0, "games": 0,
               "jobs": pool.jobs,
               "workers": 1 if pool.adaptive else pool.workers if pool.local else None,
               "backend": pool.backend,
               "scheduler": pool.scheduler if isinstance(pool.scheduler, str) else None}
    manifest["timings"]["sessions"].append(session)
    manifest["status"] = "running"
    manifest["writer"] = writer
    out = Execution()
    last_write = 0.0

    def save(force: bool = False, done: list[dict[str, Any]] | None = None) -> None:
        nonlocal last_write
        session["seconds"] = round(time.perf_counter() - t0, 3)
        session["games"] = out.games
        manifest["games"]["done"] = done_games + out.games
        if store is not None and (force or time.perf_counter() - last_write > 1.0):
            store.write_manifest(manifest, done)
            last_write = time.perf_counter()

    t0 = time.perf_counter()
    save(force=True, done=listed)
    bar = tqdm(total=plan.total_games, initial=done_games, unit="game", desc=plan.study.name,
               disable=not progress, dynamic_ncols=True, smoothing=0.1)
    stop = StopSignals()
    try:
        with stop:
            results = _played(todo, pool, plan.total_games - done_games, session)
            try:
                decided = _store_results(results, store, manifest, out, bar, save, stop,
                                         watcher)
            finally:
                with warnings.catch_warnings():
                    # a run ended early drops the batches still in flight, as it means to;
                    # joblib's warning that they went unused would only alarm the user
                    warnings.filterwarnings("ignore", ".*tasks have been successfully executed",
                                            UserWarning)
                    results.close()
    except BaseException:
        manifest["status"] = "interrupted"
        manifest["writer"] = None
        save(force=True)
        raise
    finally:
        bar.close()
    out.seconds = time.perf_counter() - t0
    complete = done_games + out.games == plan.total_games
    manifest["status"] = "complete" if complete else "decided" if decided else "interrupted"
    manifest["writer"] = None
    session["finished"] = now()
    timings = manifest["timings"]
    timings["seconds"] = round(sum(s["seconds"] or 0.0 for s in timings["sessions"]), 3)
    timings["finished"] = now() if complete else None
    save(force=True)
    return out


def _played(todo: Iterator[BatchTask], pool: Backend, games_left: int,
            session: dict[str, Any]) -> Iterator[BatchResult]:
    """The results of every task of ``todo``. With workers left to the default
    (``Backend.adaptive``), batches are played in this process until, judged from the last
    batch (after the first, which also pays the engine's warm-up), the games left would take
    longer than starting workers costs; the rest go to the workers. A study too small to gain
    never starts them. Results do not depend on where a batch is played."""
    if pool.adaptive:
        for count, task in enumerate(todo, start=1):
            result = play_batch(task)
            yield result
            games = task.stop - task.start
            games_left -= games
            if count >= JUDGED_AFTER and pool.gains(result.seconds / games * games_left):
                session["workers"] = pool.workers
                break
        else:
            return
    yield from pool.map_unordered(play_batch, todo)


def _store_results(results: Iterator[BatchResult], store: RunStore | None,
                   manifest: dict[str, Any], out: Execution, bar: Any,
                   save: Callable[[], None], stop: StopSignals,
                   watcher: BatchWatcher | None = None) -> bool:
    """Store each batch as it arrives and list it in the manifest; a stop signal received
    since the last batch (even one whose interrupt was swallowed) ends the run here, and so
    does the ``watcher`` (then True)."""
    digests = {arm: rules_digest(rules) for arm, rules in manifest["rules"].items()}
    for result in results:
        task = result.task
        parts = {}
        if store is not None:
            rules = digests[task.arm_name]
            if result.turns is not None:
                parts["turns"] = store.write_part("turns", task.arm, task.batch, result.turns,
                                                  rules)
            parts["games"] = store.write_part("games", task.arm, task.batch, result.games, rules)
        else:
            out.tables[(task.arm, task.batch)] = (result.games, result.turns)
        entry = {
            "arm": task.arm_name, "batch": task.batch, "games": [task.start, task.stop],
            "seconds": round(result.seconds, 4), "finished": now(), "parts": parts,
        }
        if store is not None:
            store.append_done(entry)
        else:
            manifest["batches"]["done"].append(entry)
        out.games += task.stop - task.start
        out.moves += result.moves
        out.turns += result.turns_played
        stopping = watcher is not None and watcher.add(result)
        if watcher is not None:
            bar.set_postfix_str(watcher.status(), refresh=False)
        bar.update(task.stop - task.start)
        save()
        if stopping:
            return True
        stop.check()
    return False
