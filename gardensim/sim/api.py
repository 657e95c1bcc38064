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
from gardensim.sim.play import PYTHON_ENGINE
from gardensim.sim.repair import Survey, rebuild_manifest, recorded_batches, survey
from gardensim.sim.runner import Execution, Plan, execute, new_manifest
from gardensim.sim.store import RunStore, host_process, is_run, writer_alive
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
            self._frames[kind] = frames.tables_to_frame(
                self._parts(kind), spec[kind], frames.fixed_categories(spec)
            )
        return self._frames[kind]

    def _parts(self, kind: str, batches: set[tuple[int, int]] | None = None) -> list[Any]:
        slot = 0 if kind == "games" else 1
        if self._tables is not None:
            keys = sorted(self._tables if batches is None else batches & set(self._tables))
            return [self._tables[k][slot] for k in keys if self._tables[k][slot] is not None]
        if kind == "turns" and not self.study.telemetry:
            return []
        store = RunStore(self.path)  # type: ignore[arg-type]
        records = {key: entry.get("parts") or {} for key, entry in
                   recorded_batches(self.manifest, self.arms).items()}
        done = set(records) | store.done_batches(self.study.telemetry)
        return store.read_tables(kind, done if batches is None else done & batches, records)

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
) -> Run:
    """Play a study and return its :class:`Run`.

    ``out`` stores the run there (crash-proof; see :func:`resume`); without it the frames stay in
    memory. If ``out`` already holds this very study, it is returned as is when complete
    (``run.reused``) and finished (:func:`resume`) otherwise; a run of any other study there
    is replaced only with ``force``. ``jobs`` defaults to every local core; ``backend`` is
    ``loky``, ``dask`` or ``ray`` and ``scheduler`` the cluster address (or a
    ``distributed.Client``).
    """
    study = Study.coerce(study)
    check_backend(backend, jobs, scheduler)
    plan = Plan.build(study, batch_size)
    if out is None:
        manifest = new_manifest(plan)
        with Backend(jobs, backend, scheduler, tasks=plan.task_count) as pool:
            execution = execute(plan, store=None, manifest=manifest, done=set(), pool=pool,
                                progress=progress)
        return Run(manifest, tables=execution.tables, execution=execution)
    store = RunStore(out)
    settings = dict(jobs=jobs, backend=backend, scheduler=scheduler, progress=progress)
    if not force and is_run(store.path):
        old = store.read_manifest()
        if Study.from_dict(old["study"]).fingerprint() != study.fingerprint():
            raise ConfigError(
                f"{store.path}: holds a run of another study ({old['study'].get('name')!r}, "
                "or different settings); choose another --out or pass --force to replace it"
            )
        return resume(store.path, **settings)
    if not force and store.path.is_dir() and store.has_remains():
        return resume(store.path, study=study, **settings)
    if is_run(store.path):
        _refuse_if_busy(store, store.read_manifest())
    with Backend(jobs, backend, scheduler, tasks=plan.task_count) as pool:
        store.prepare_new(force, to_toml(study.to_dict()))
        manifest = new_manifest(plan)
        execution = execute(plan, store=store, manifest=manifest, done=set(), pool=pool,
                            progress=progress, writer=host_process())
    return Run(manifest, path=store.path, execution=execution)


def resume(
    path: str | Path,
    *,
    study: StudyLike | None = None,
    jobs: int | None = None,
    backend: str = "loky",
    scheduler: Any = None,
    progress: bool = True,
) -> Run:
    """Finish a stored run that was killed or interrupted: play only the missing batches.

    Every part is checked first; batches whose parts are missing or damaged are played again
    (``run.repairs`` says which). A run whose manifest is lost is rebuilt from the
    ``study.toml`` stored beside its parts, or from ``study`` when given (which must otherwise
    be the run's own study).
    """
    check_backend(backend, jobs, scheduler)
    given = None if study is None else Study.coerce(study)
    store = RunStore(path)
    plan, manifest = _open_for_resume(store, given)
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
                            progress=progress, writer=host_process())
    run = Run(manifest, path=store.path, execution=execution)
    run.repairs = found
    return run


def _open_for_resume(store: RunStore, given: Study | None) -> tuple[Plan, dict[str, Any]]:
    """The plan and manifest of a run to resume; a lost or unreadable manifest is rebuilt."""
    if given is not None and not store.path.is_dir():
        raise ConfigError(f"{store.path}: no such run folder to resume")
    try:
        manifest = store.read_manifest()
    except RunDamagedError:
        if given is None and store.read_study_text() is None:
            raise
        return rebuild_manifest(store, given)
    _refuse_if_busy(store, manifest)
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
        now, then = json.loads(json.dumps(fresh[key], default=str)), manifest[key]
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


def _refuse_if_busy(store: RunStore, manifest: Mapping[str, Any]) -> None:
    writer = manifest.get("writer")
    if manifest.get("status") == "running" and writer_alive(writer):
        raise ConfigError(
            f"{store.path}: is being written by process {writer['pid']} on {writer['host']}; "
            "wait for it or stop it first"
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
