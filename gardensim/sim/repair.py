"""Checking a stored run's parts before resuming it, and rebuilding a lost manifest.

Games are pure functions of (rules, bots, master seed, arm, game index), so any batch can be
played again and gives the same rows: a missing or damaged part costs only the time to replay
its batch. :func:`survey` sorts the batches a run holds into good ones and ones to replay;
:func:`rebuild_manifest` makes a new manifest from the study (``study.toml`` beside the parts,
or one the user names) after checking that the parts on disk were played from it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gardensim.core import seeding
from gardensim.core.errors import ConfigError, GardensimError, RunDamagedError
from gardensim.sim.runner import Plan, new_manifest, now
from gardensim.sim.store import KINDS, STUDY_FILE, RunStore, rules_digest
from gardensim.sim.study import Study


@dataclass
class Survey:
    """What :func:`survey` found: the good batches with their manifest entries, and one line per
    batch to play again, listed done but with a part gone (``missing``) or with a part that
    fails its check (``damaged``)."""

    done: set[tuple[int, int]] = field(default_factory=set)
    entries: list[dict[str, Any]] = field(default_factory=list)
    damaged: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    @property
    def replayed(self) -> int:
        return len(self.damaged) + len(self.missing)


def recorded_batches(manifest: Mapping[str, Any], arms: list[str]) -> dict[tuple[int, int], Any]:
    """(arm index, batch) -> the manifest's entry, for every batch the manifest lists done."""
    out = {}
    for entry in manifest.get("batches", {}).get("done", []):
        if entry.get("arm") in arms:
            out[(arms.index(entry["arm"]), int(entry["batch"]))] = entry
    return out


def survey(store: RunStore, plan: Plan, manifest: Mapping[str, Any]) -> Survey:
    """Check every batch the manifest lists or the disk holds: a listed part must match its
    recorded size and checksum, an unlisted one (stored just before a kill) must read and hold
    its batch's games; a part of other rules than the manifest's is refused (ConfigError)."""
    kinds = KINDS if plan.study.telemetry else ("games",)
    listed = recorded_batches(manifest, [a.name for a in plan.arms])
    rules = [rules_digest(manifest["rules"][a.name]) for a in plan.arms]
    on_disk = {(a, b) for kind, a, b in store.scan() if kind == "games"}
    found = Survey()
    for a, b in sorted(listed.keys() | on_disk):
        if a >= len(plan.arms) or b >= plan.batches_per_arm:
            continue
        entry = listed.get((a, b))
        recorded = (entry or {}).get("parts") or {}
        start, stop = plan.batch_games(b)
        records, problems = {}, []
        for kind in kinds:
            problem, record = store.check_part(
                kind, a, b, recorded.get(kind), (start, stop) if kind == "games" else None,
                rules[a],
            )
            if problem is None:
                records[kind] = record
            else:
                problems.append(problem)
        if not problems:
            found.done.add((a, b))
            found.entries.append({
                "arm": plan.arms[a].name, "batch": b, "games": [start, stop],
                "seconds": (entry or {}).get("seconds"), "finished": (entry or {}).get("finished"),
                "parts": records,
            })
        elif entry is not None and all(": missing part" in p for p in problems):
            found.missing.append(problems[0])
        else:
            found.damaged.append(next((p for p in problems if ": missing part" not in p),
                                      problems[0]))
    return found


def stored_study(store: RunStore) -> Study:
    """The study kept beside the parts (``study.toml``)."""
    text = store.read_study_text()
    if text is None:
        raise RunDamagedError(
            f"{store.path}: its manifest is lost and no {STUDY_FILE} is stored; "
            f"gardensim simulate --resume STUDY.toml --out {store.path} rebuilds it"
        )
    try:
        return Study.from_dict(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, GardensimError) as exc:
        raise RunDamagedError(
            f"{store.path / STUDY_FILE}: damaged ({exc}); gardensim simulate --resume "
            f"STUDY.toml --out {store.path} rebuilds the run from the study you name"
        ) from None


def rebuild_manifest(store: RunStore, study: Study | None) -> tuple[Plan, dict[str, Any]]:
    """A plan and a fresh manifest for a run whose manifest is lost, from ``study`` or the
    stored ``study.toml``; the parts on disk must have been played from that study."""
    study = stored_study(store) if study is None else study
    plan = Plan.build(study, _batch_size(store, study))
    _check_parts_belong(store, plan)
    manifest = new_manifest(plan)
    manifest["status"] = "interrupted"
    manifest["rebuilt"] = now()
    return plan, manifest


def _first_games_part(store: RunStore) -> tuple[int, int, Any] | None:
    """(arm, batch, table) of a readable games part, a later batch rather than batch 0 (whose
    length does not tell the batch size when it is the only batch)."""
    parts = sorted(((a, b) for kind, a, b in store.scan() if kind == "games"),
                   key=lambda ab: (ab[1] == 0, ab))
    for a, b in parts:
        try:
            return a, b, store.read_part("games", a, b, None)
        except RunDamagedError:
            continue
    return None


def _batch_size(store: RunStore, study: Study) -> int | None:
    """The batch size the parts were written with: batch ``b`` starts at game ``b * size``;
    None (the default size) when no part survives."""
    found = _first_games_part(store)
    if found is None:
        return None
    _, batch, table = found
    games = table.column("game").to_pylist()
    if not games:
        return None
    if batch == 0:
        return len(games)
    size, rest = divmod(min(games), batch)
    if rest or size < 1:
        raise ConfigError(f"{store.path}: its parts do not split into batches of one size")
    return size


def _check_parts_belong(store: RunStore, plan: Plan) -> None:
    """Refuse to rebuild from a study the parts were not played from: the arm names and the
    deal seeds of a stored part must be the study's."""
    found = _first_games_part(store)
    if found is None:
        return
    arm, _, table = found
    rows = table.select(["arm", "deal", "seed"]).to_pylist()
    names = [a.name for a in plan.arms]
    wrong = arm >= len(names) or any(
        str(r["arm"]) != names[arm] or r["seed"] != seeding.game_seed(plan.study.seed, r["deal"])
        for r in rows
    )
    if wrong:
        raise ConfigError(
            f"{store.path}: its parts were not played from study {plan.study.name!r} (another "
            "arm or seed); name the study the run was played from"
        )
