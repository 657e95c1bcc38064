"""What a run manifest must hold, checked once where it is read.

A manifest is a text file a user can edit, copy half of, or lose keys of, and the store trusts
it to say which game each part holds. So reading one checks, before anything uses it: the keys
every reader needs are there with the right kinds; the study, the seeds and the game counts
agree with each other; and the batches it lists done tile every arm exactly (batch ``b`` holds
games ``b * size`` up to the next batch's first, once each), so an edited ``batches.size``
cannot make ``--resume`` replay games already stored, or a report read a game twice. Any
failure is one line (:class:`~gardensim.core.errors.RunDamagedError` in the store) naming what
disagrees.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Keys every reader of a run needs, and what each must be (keys inside in :data:`NESTED`).
REQUIRED: dict[str, type] = {
    "status": str, "study": dict, "rules": dict, "arms": dict, "seeds": dict, "frames": dict,
    "games": dict, "batches": dict, "timings": dict,
}
NESTED: dict[str, tuple[str, ...]] = {
    "frames": ("arms", "games", "turns"),
    "games": ("per_arm", "arms", "total", "done"),
    "batches": ("size", "total"),
    "seeds": ("master",),
    "timings": ("sessions",),
}


class ManifestProblem(ValueError):
    """What is wrong with a manifest, in words for the one-line error."""


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_keys(manifest: Mapping[str, Any]) -> None:
    """Every key a reader needs is there, of the right kind."""
    for key, kind in REQUIRED.items():
        if key not in manifest:
            raise ManifestProblem(f"no {key!r} key")
        if not isinstance(manifest[key], kind):
            raise ManifestProblem(f"{key!r} is not a {'table' if kind is dict else 'string'}")
    for key, inner in NESTED.items():
        for name in inner:
            if name not in manifest[key]:
                raise ManifestProblem(f"no {key}.{name} key")
    arms = manifest["frames"]["arms"]
    if not isinstance(arms, list) or not arms or not all(isinstance(a, str) for a in arms):
        raise ManifestProblem("frames.arms is not a list of arm names")
    if list(manifest["games"]["arms"]) != arms or sorted(manifest["arms"]) != sorted(arms):
        raise ManifestProblem("the arms of frames, games and arms differ")
    size, per_arm = manifest["batches"]["size"], manifest["games"]["per_arm"]
    if not _count(size) or size < 1:
        raise ManifestProblem(f"batches.size {size!r} is not a positive integer")
    if not _count(per_arm) or per_arm < 1:
        raise ManifestProblem(f"games.per_arm {per_arm!r} is not a positive integer")


def check_agreement(manifest: Mapping[str, Any]) -> None:
    """The study, seeds and counts say the same: the study's games are ``games.per_arm``, its
    seed is ``seeds.master``, and the batch and game totals follow from them."""
    study, games, batches = manifest["study"], manifest["games"], manifest["batches"]
    arms = manifest["frames"]["arms"]
    if study.get("games") != games["per_arm"]:
        raise ManifestProblem(
            f"the study plays {study.get('games')!r} games per arm, games.per_arm says "
            f"{games['per_arm']!r}")
    if study.get("seed", 0) != manifest["seeds"]["master"]:
        raise ManifestProblem(
            f"the study's seed {study.get('seed', 0)!r} differs from seeds.master "
            f"{manifest['seeds']['master']!r}")
    per_arm = -(-games["per_arm"] // batches["size"])
    if batches["total"] != per_arm * len(arms) or games["total"] != games["per_arm"] * len(arms):
        raise ManifestProblem(
            f"batches.total {batches['total']!r} or games.total {games['total']!r} does not "
            f"follow from {games['per_arm']} games per arm in batches of {batches['size']} over "
            f"{len(arms)} arms")


def check_tiling(manifest: Mapping[str, Any], done: list[Any]) -> None:
    """The batches listed done (``done``) tile their arms: each names a known arm and a batch
    of the plan, holds exactly that batch's games, and appears once."""
    arms = manifest["frames"]["arms"]
    size, per_arm = manifest["batches"]["size"], manifest["games"]["per_arm"]
    batches = -(-per_arm // size)
    seen: set[tuple[str, int]] = set()
    for entry in done:
        if not isinstance(entry, Mapping):
            raise ManifestProblem("a done batch is not a table")
        arm, batch, games = entry.get("arm"), entry.get("batch"), entry.get("games")
        if arm not in arms:
            raise ManifestProblem(f"a done batch names arm {arm!r}, not one of the run's")
        if not _count(batch) or batch >= batches:
            raise ManifestProblem(
                f"arm {arm!r} lists batch {batch!r}; {per_arm} games in batches of {size} "
                f"make batches 0..{batches - 1}")
        start, stop = batch * size, min(batch * size + size, per_arm)
        if not isinstance(games, list) or games != [start, stop]:
            raise ManifestProblem(
                f"batch {batch} of arm {arm!r} records games {_range(games)}, but batches of "
                f"{size} give it games {start}..{stop - 1} (batches.size edited?)")
        if (arm, batch) in seen:
            raise ManifestProblem(f"batch {batch} of arm {arm!r} is listed twice")
        seen.add((arm, batch))
        parts = entry.get("parts") or {}
        if not isinstance(parts, Mapping) or not all(
            isinstance(r, Mapping) and _count(r.get("bytes")) and isinstance(r.get("sha256"), str)
            for r in parts.values()
        ):
            raise ManifestProblem(f"batch {batch} of arm {arm!r} has no size or checksum")


def _range(games: Any) -> str:
    if isinstance(games, list) and len(games) == 2 and all(_count(g) for g in games):
        return f"{games[0]}..{games[1] - 1}"
    return repr(games)[:40]
