"""How long a panel's next run will take, said before Run is pressed.

A designer deciding whether to press Run needs the cost in seconds, not in games: the same 200
games take a second with greedy Gazebo bots in the compiled kernel and minutes with Queen's
Garden searchers in Python. The rate is the one this machine measured: every stored run's
manifest records its games, seconds and workers, so the estimate reads the stored runs that
played the same game, player count and line-up, and says nothing when none did (a guess from
another machine or another line-up would be a number that means nothing).
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gardensim.sim.study import Study


def _key(game: str, players: set[int], lineups: list[list[str]]) -> tuple[Any, ...]:
    return game, tuple(sorted(players)), tuple(sorted({tuple(x) for x in lineups}))


def study_key(study: Study) -> tuple[Any, ...]:
    """What a stored run must share with ``study`` for its rate to apply."""
    lineups = [list(arm.bots or study.bots or []) for arm in study.arms]
    return _key(study.game, {study.players}, lineups or [list(study.bots or [])])


def cpu_seconds_per_game(runs_dir: str | Path, key: tuple[Any, ...]) -> float | None:
    """The median CPU-seconds a game took in the stored runs under ``runs_dir`` with ``key``
    (seconds times workers over games, per session), or None when none matches."""
    found = []
    for manifest in Path(runs_dir).glob("*/manifest.json"):
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
            rules = data["rules"].values()
            game = {r["game"] for r in rules}
            if len(game) != 1:
                continue
            lineups = [lineup for r in rules for lineup in r["lineups"]]
            if _key(game.pop(), {int(r["players"]) for r in rules}, lineups) != key:
                continue
            for session in data["timings"]["sessions"]:
                if session["games"]:
                    found.append(session["seconds"] * max(session["workers"] or 1, 1)
                                 / session["games"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            continue  # a damaged or foreign manifest says nothing about the rate
    return statistics.median(found) if found else None


def estimate_text(study: Study, runs_dir: str | Path | None, jobs: int | None) -> str:
    """``≈ 12 s for 400 games`` from the measured rate, or why there is no estimate."""
    from gardensim.widgets.cache import runs_root

    total = study.games * max(len(study.arms), 1)
    per_game = cpu_seconds_per_game(runs_root(runs_dir), study_key(study))
    if per_game is None:
        return (f"{total} games; no time estimate yet (no stored run of this line-up on this "
                "machine: the first run measures it)")
    seconds = total * per_game / max(jobs or 1, 1)
    when = f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min"
    return f"{total} games ≈ {when} at the rate this line-up played here"


__all__ = ["cpu_seconds_per_game", "estimate_text", "study_key"]
