"""The Python entry points: :func:`simulate`, :func:`resume`, :func:`load`, :func:`stored_game`.

A :class:`Run` is a study plus its frames, read lazily: ``run.games`` (one row per game) and
``run.turns`` (one row per turn). A stored run is a folder (see :mod:`gardensim.sim.store`); its
manifest carries the frame schemas, so reading a run needs no game engine. Every part read is
checked against the size and checksum the manifest records, so a damaged run fails with the
name of the damaged part instead of with wrong frames.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError, RunDamagedError
from gardensim.sim import frames
from gardensim.sim.backends import Backend, check_backend
from gardensim.sim.lock import this_writer, writer_alive, writer_text
from gardensim.sim.play import PYTHON_ENGINE
from gardensim.sim.repair import Survey, rebuild_manifest, recorded_batches, survey
from gardensim.sim.runner import BatchWatcher, Execution, Plan, execute, new_manifest
from gardensim.sim.store import MANIFEST, RunStore, is_run, rules_digest
from gardensim.sim.study import Study
from gardensim.sim.studyfile import to_toml

StudyLike = Study | Mapping[str, Any] | str | Path


class Run:
    """A study's games and turns. Frames load on first access and are cached.

    ``reused`` is true when :func:`simulate` found this study already complete at ``out``;
    ``repairs`` lists the damaged or missing parts whose batches :func:`resume` played again.
    """

    def __init__(
        self,
        manifest: dict[str, Any],
        path: Path | None = None,
        tables: dict[tuple[int, int], tuple[Any, Any]] | None = None,
        execution: Execution | None = None,
    ) -> None:
        self.manifest = manifest
        self.path = path
        self.study = Study.from_dict(manifest["study"])
        self.execution = execution
        self.reused = False
        self.repairs: Survey | None = None
        self._tables = tables
        self._frames: dict[str, Any] = {}

    @property
    def arms(self) -> list[str]:
        return list(self.manifest["frames"]["arms"])

    @property
    def complete(self) -> bool:
        return self.manifest["status"] == "complete"

    @property
    def games(self) -> Any:
        """One row per game (pandas DataFrame); columns in ``docs/telemetry.md``."""
        return self._frame("games")

    @property
    def turns(self) -> Any:
        """One row per turn (empty when the study has ``telemetry = false``)."""
        return self._frame("turns")

    @property
    def seats(self) -> Any:
        """One row per game and seat (long form of ``games``); columns in ``docs/telemetry.md``."""
        if "seats" not in self._frames:
            self._frames["seats"] = frames.seats_frame(self.games)
        return self._frames["seats"]

    def _frame(self, kind: str) -> Any:
        if kind not in self._frames:
            spec = self.manifest["frames"]
            frame = frames.tables_to_frame(
                self._parts(kind), spec[kind], frames.fixed_categories(spec)
            )
            if kind == "games" and self.path is not None:
                self._check_seeds(frame)
            self._frames[kind] = frame
        return self._frames[kind]

    def _parts(self, kind: str, batches: set[tuple[int, int]] | None = None) -> list[Any]:
        slot = 0 if kind == "games" else 1
        if self._tables is not None:
            keys = sorted(self._tables if batches is None else batches & set(self._tables))
            return [self._tables[k][slot] for k in keys if self._tables[k][slot] is not None]
        if kind == "turns" and not self.study.telemetry:
            return []
        store = RunStore(self.path)  # type: ignore[arg-type]
        done_list = self.manifest["batches"].get("done")
        if done_list is None:  # a run this process has just played: its log has the list
            done_list = store.read_done()
        records = {key: entry.get("parts") or {} for key, entry in
                   recorded_batches({"batches": {"done": done_list}}, self.arms).items()}
        size, per_arm = self.manifest["batches"]["size"], self.manifest["games"]["per_arm"]
        unlisted = {(a, b) for a, b in store.done_batches(self.study.telemetry)
                    if a < len(self.arms) and b * size < per_arm}
        done = set(records) | unlisted
        rules = [rules_digest(self.manifest["rules"].get(arm, {})) for arm in self.arms]
        return store.read_tables(
            kind, done if batches is None else done & batches, records,
            lambda b: (b * size, min(b * size + size, per_arm)), rules,
        )

    def _check_seeds(self, games: Any) -> None:
        """The stored games were dealt from the manifest's master seed: a seed edited in
        the manifest would label the games (and print a reproduce command) with another."""
        from gardensim.core import seeding

        master = self.manifest["seeds"]["master"]
        pairs = games[["deal", "seed"]].drop_duplicates()
        for deal, seed in zip(pairs["deal"].tolist(), pairs["seed"].tolist(), strict=True):
            if seeding.game_seed(master, deal) != seed:
                raise RunDamagedError(
                    f"{self.path / MANIFEST}: its seed {master} does not deal the stored games "
                    f"(deal {deal} was dealt from another seed); the seed was edited, or the "
                    f"parts are another run's; restore the seed the run was played with"
                )

    def game_row(self, game: int, arm: str | None = None) -> Mapping[str, Any]:
        """The games-frame row of one game, reading only the part that holds it."""
        arm = self._arm(arm)
        a = self.arms.index(arm)
        size = self.manifest["batches"]["size"]
        spec = self.manifest["frames"]
        part = frames.tables_to_frame(
            self._parts("games", {(a, game // size)}), spec["games"],
            frames.fixed_categories(spec),
        )
        rows = part[part["game"] == game]
        if rows.empty:
            per_arm = self.manifest["games"]["per_arm"]
            raise ConfigError(
                f"game {game} is not in this run (arm {arm!r} has games 0..{per_arm - 1}"
                + ("" if self.complete else ", and the run is unfinished") + ")"
            )
        return rows.iloc[0].to_dict()

    def _arm(self, arm: str | None) -> str:
        if arm is None:
            if len(self.arms) > 1:
                raise ConfigError(f"this run has arms {', '.join(self.arms)}; choose one (--arm)")
            return self.arms[0]
        if arm not in self.arms:
            raise ConfigError(f"unknown arm {arm!r}; this run has {', '.join(self.arms)}")
        return arm

    def __repr__(self) -> str:
        done, total = self.manifest["games"]["done"], self.manifest["games"]["total"]
        where = f" at {self.path}" if self.path else ""
        return f"<Run {self.study.name!r}: {done}/{total} games, {self.manifest['status']}{where}>"


def simulate(
    study: StudyLike,
    out: str | Path | None = None,
    *,
    jobs: int | None = None,
    backend: str = "loky",
    scheduler: Any = None,
    progress: bool = True,
    force: bool = False,
    batch_size: int | None = None,
    take_over: bool = False,
    watcher: BatchWatcher | None = None,
) -> Run:
    """Play a study and return its :class:`Run`.

    ``out`` stores the run there (crash-proof; see :func:`resume`); without it the frames stay in
    memory. If ``out`` already holds this very study, it is returned as is when complete
    (``run.reused``) and finished (:func:`resume`) otherwise; a run of any other study there
    is replaced only with ``force``. ``jobs`` defaults to every local core; ``backend`` is
    ``loky``, ``dask`` or ``ray`` and ``scheduler`` the cluster address (or a
    ``distributed.Client``). Every arm's game and bots are built, and the manifest made, before
    anything is written; only one process writes a run folder at a time. A ``watcher``
    (``runner.execute``) may end the run early (``sim.sequential``).
    """
    study = Study.coerce(study)
    if study.settle:
        raise ConfigError(f"study {study.name!r} settles its answers rung by rung: play it with "
                          "gardensim.sim.ladder.climb(study, out) or gardensim simulate")
    check_backend(backend, jobs, scheduler)
    plan = Plan.build(study, batch_size)
    manifest = new_manifest(plan)
    if out is None:
        with Backend(jobs, backend, scheduler, tasks=plan.task_count) as pool:
            execution = execute(plan, store=None, manifest=manifest, done=set(), pool=pool,
                                progress=progress, watcher=watcher)
        return Run(manifest, tables=execution.tables, execution=execution)
    store = RunStore(out)
    settings = dict(jobs=jobs, backend=backend, scheduler=scheduler, progress=progress,
                    take_over=take_over, watcher=watcher)
    study_text = to_toml(study.to_dict())
    with store.writing():
        if not force and is_run(store.path):
            old = store.read_manifest()
            if Study.from_dict(old["study"]).fingerprint() != study.fingerprint():
                raise ConfigError(
                    f"{store.path}: holds a run of another study ({old['study'].get('name')!r}, "
                    "or different settings); choose another --out or pass --force to replace it"
                )
            return _resume(store, None, **settings)
        if not force and store.has_remains():
            return _resume(store, study, **settings)
        if is_run(store.path):
            _refuse_if_busy(store, _manifest_or_none(store), take_over)
        with Backend(jobs, backend, scheduler, tasks=plan.task_count) as pool:
            store.prepare_new(force, study_text)
            execution = execute(plan, store=store, manifest=manifest, done=set(), pool=pool,
                                progress=progress, writer=this_writer(), watcher=watcher)
    return Run(manifest, path=store.path, execution=execution)


def resume(
    path: str | Path,
    *,
    study: StudyLike | None = None,
    jobs: int | None = None,
    backend: str = "loky",
    scheduler: Any = None,
    progress: bool = True,
    take_over: bool = False,
) -> Run:
    """Finish a stored run that was killed or interrupted: play only the missing batches.

    Every part is checked first; batches whose parts are missing or damaged are played again
    (``run.repairs`` says which). A run whose manifest is lost is rebuilt from the
    ``study.toml`` stored beside its parts, or from ``study`` when given (which must otherwise
    be the run's own study). A run another process is writing is refused; ``take_over``
    resumes one whose manifest names a live writer that holds no lock on it (a writer of a
    gardensim from before the lock, or a recorded process that is not writing).
    """
    check_backend(backend, jobs, scheduler)
    given = None if study is None else Study.coerce(study)
    store = RunStore(path)
    if given is not None and not store.path.is_dir():
        raise ConfigError(f"{store.path}: no such run folder to resume")
    if not is_run(store.path) and not (store.path.is_dir() and store.has_remains()):
        store.read_manifest()  # names what the folder is instead
    with store.writing(create=False):
        return _resume(store, given, jobs=jobs, backend=backend, scheduler=scheduler,
                       progress=progress, take_over=take_over)


def _resume(
    store: RunStore, given: Study | None, *, jobs: int | None, backend: str, scheduler: Any,
    progress: bool, take_over: bool, watcher: BatchWatcher | None = None,
) -> Run:
    """:func:`resume` once the run's writer lock is held."""
    plan, manifest = _open_for_resume(store, given, take_over)
    store.clean_temporaries()
    found = survey(store, plan, manifest)
    manifest["batches"]["done"] = found.entries
    complete = len(found.done) == plan.task_count
    if complete and manifest["status"] == "complete" and not found.replayed:
        run = Run(manifest, path=store.path)
        run.reused = True
        return run
    if store.read_study_text() is None:
        store.write_study(to_toml(plan.study.to_dict()))
    fresh = new_manifest(plan)
    _add_engines(manifest, fresh["engines"])
    manifest["engine_reasons"] = {**manifest.get("engine_reasons", {}),
                                  **fresh["engine_reasons"]}
    with Backend(jobs, backend, scheduler, tasks=plan.task_count - len(found.done)) as pool:
        execution = execute(plan, store=store, manifest=manifest, done=found.done, pool=pool,
                            progress=progress, writer=this_writer(), watcher=watcher)
    run = Run(manifest, path=store.path, execution=execution)
    run.repairs = found
    return run


def _manifest_or_none(store: RunStore) -> dict[str, Any] | None:
    try:
        return store.read_manifest()
    except RunDamagedError:
        return None


def _open_for_resume(
    store: RunStore, given: Study | None, take_over: bool
) -> tuple[Plan, dict[str, Any]]:
    """The plan and manifest of a run to resume; a lost or unreadable manifest is rebuilt."""
    try:
        manifest = store.read_manifest()
    except RunDamagedError:
        if given is None and store.read_study_text() is None:
            raise
        return rebuild_manifest(store, given)
    _refuse_if_busy(store, manifest, take_over)
    study = Study.from_dict(manifest["study"])
    if given is not None and given.fingerprint() != study.fingerprint():
        raise ConfigError(
            f"{store.path}: holds a run of another study ({study.name!r}, or different "
            "settings) than the one given"
        )
    plan = Plan.build(study, manifest["batches"]["size"])
    fresh = new_manifest(plan)
    _refuse_other_rules(store, manifest, fresh)
    _add_engines(manifest, {arm: [] for arm in fresh["engines"]})
    return plan, manifest


def _add_engines(manifest: dict[str, Any], now: Mapping[str, list[str]]) -> None:
    """The engines that played a run, over all its sessions, with ``now`` (per arm) added: the
    engine is not a rule (every engine plays the same games), so a run may be resumed by
    another. Runs stored before the manifest named the engine were played by the readable
    one; for a while it sat in the rules."""
    for arm, engines in now.items():
        before = manifest.get("engines", {}).get(arm)
        if before is None:
            before = manifest["rules"].get(arm, {}).pop("engine", [PYTHON_ENGINE])
        manifest.setdefault("engines", {})[arm] = sorted({*before, *engines})


def _refuse_other_rules(
    store: RunStore, manifest: Mapping[str, Any], fresh: Mapping[str, Any]
) -> None:
    """A run is continued only under the rules it was started with (the engine that played is
    not one of them: :func:`_add_engines`)."""
    for key, what in (("gardensim_version", "gardensim version"), ("rules", "rules")):
        now, then = json.loads(json.dumps(fresh[key], default=str)), manifest.get(key)
        if key == "rules":
            then = {arm: {k: v for k, v in rules.items() if k != "engine"}
                    for arm, rules in then.items()}
        if now != then:
            if key == "rules":
                arm = next(a for a in now if now[a] != then.get(a))
                old, new = then.get(arm) or {}, now[arm]
                field = sorted(k for k in {*old, *new} if old.get(k) != new.get(k))[0]
                what = f"rules (arm {arm!r}: {field}"
                then, now = old.get(field), f"{new.get(field)})"
            raise ConfigError(
                f"{store.path}: the run was started with other {what} {then}, now {now}; "
                "resuming would mix them; rerun the study with --force"
            )


def _refuse_if_busy(
    store: RunStore, manifest: Mapping[str, Any] | None, take_over: bool = False
) -> None:
    """With the lock held, a manifest that still names a live writer is either a writer
    that takes no lock (an older gardensim) or a stale record: refused unless ``take_over``.
    A recorded pid now running another process (another start time) is a dead writer."""
    writer = (manifest or {}).get("writer")
    if take_over or (manifest or {}).get("status") != "running" or not writer_alive(writer):
        return
    raise ConfigError(
        f"{store.path}: its manifest names {writer_text(writer)} as the writer, and that "
        "process still runs but holds no lock on the run; wait for it or stop it, or if it "
        f"is not writing the run: gardensim simulate --resume {store.path} --take-over"
    )


def load(path: str | Path) -> Run:
    """Open a stored run (complete or not); frames are read on first access.

    Each part the manifest lists must be there with its recorded size (a quick look, no
    reading); checksums are checked as the frames are read."""
    store = RunStore(path)
    manifest = store.read_manifest()
    _check_part_sizes(store, manifest)
    return Run(manifest, path=store.path)


def _check_part_sizes(store: RunStore, manifest: Mapping[str, Any]) -> None:
    arms = list(manifest.get("frames", {}).get("arms", []))
    for (arm, batch), entry in recorded_batches(manifest, arms).items():
        for kind, record in (entry.get("parts") or {}).items():
            path = store.part_path(kind, arm, batch)
            size = path.stat().st_size if path.is_file() else None
            if size != record["bytes"]:
                what = "missing part" if size is None else (
                    f"damaged part ({size} bytes, the manifest records {record['bytes']})")
                raise RunDamagedError(
                    f"{path}: {what}; gardensim simulate --resume {store.path} replays its batch"
                )


def stored_game(
    run: Run | str | Path, game: int, arm: str | None = None
) -> tuple[dict[str, Any], int, list[str]]:
    """(game configuration, deal seed, move list) of one stored game, enough to replay it:
    ``registry.make_game(c["game"], c["board"], c["players"], c["options"])``, then
    ``new_initial_state(seed)`` and ``state.play(move)`` for each move;
    ``arm`` may be omitted when the run has a single arm."""
    run = run if isinstance(run, Run) else load(run)
    arm = run._arm(arm)
    row = run.game_row(game, arm)
    config = dict(run.manifest["arms"][arm])
    moves = str(row["moves"]).split() if row["moves"] else []
    return config, int(row["seed"]), moves


def replay_stored(run: Run | str | Path, game: int, arm: str | None = None) -> Any:
    """The final state of a stored game, rebuilt move by move through the rules (each move is
    checked for legality, so a mismatch between store and engine shows at once)."""
    from gardensim.core import registry

    config, seed, moves = stored_game(run, game, arm)
    engine = registry.make_game(
        config["game"], config["board"], config["players"], config["options"]
    )
    state = engine.new_initial_state(seed)
    for move in moves:
        state.play(move)
    return state
