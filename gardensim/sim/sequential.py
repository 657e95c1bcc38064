"""Play until decided: a study played batch by batch until the first player's share of every
arm is called fair or unfair by a sequential test, or its games (the budget) run out.

The test is the two-sided SPRT of :mod:`gardensim.stats.sequential` on the deal-clustered
share of seat 0 (the first player) minus the fair share, with ``delta`` the study's fair
margin: "fair" means a departure of the margin was rejected (wrongly, at most ``beta`` of the
time), "unfair" that fairness was rejected (wrongly, at most ``alpha`` of the time, split over
the arms). It looks after every batch of whole deals that every arm has played, in batch
order, so the decision depends only on the games, never on workers or interruptions: a resumed
run re-reads its stored batches and decides where an uninterrupted one would.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gardensim.analysis.verdict import FAIR_MARGIN
from gardensim.sim.runner import BatchResult
from gardensim.sim.study import Study
from gardensim.stats.sequential import DEPARTS, NEAR, SPRT, Look

WORDS = {NEAR: "fair", DEPARTS: "unfair"}
#: The words of a rule change judged against the baseline.
PAIRED_WORDS = {NEAR: "no change", DEPARTS: "changed"}


@dataclass(frozen=True)
class Decision:
    """Where the sequential test of one arm stands."""

    arm: str
    look: Look
    fair: float
    paired: bool = False

    @property
    def kind(self) -> str:
        return (PAIRED_WORDS if self.paired else WORDS).get(self.look.kind, "undecided")

    @property
    def text(self) -> str:
        if self.paired:
            return (f"{self.arm}: {self.kind} in the first player's share "
                    f"({100 * self.look.mean:+.1f} points against the baseline, after "
                    f"{self.look.clusters} paired deals)")
        share = self.fair + self.look.mean if math.isfinite(self.look.mean) else math.nan
        return (f"{self.arm}: {self.kind} (first player {100 * share:.1f}%, fair "
                f"{100 * self.fair:.1f}%, after {self.look.clusters} deals)")


class SeatWatcher:
    """Collects seat 0's wins per arm and batch, and looks after every whole batch prefix."""

    def __init__(self, study: Study, batch_size: int, alpha: float = 0.05,
                 beta: float = 0.05, paired: bool = False) -> None:
        self.arms = study.arm_names
        #: With ``paired``, each later arm is judged by its per-game difference from the first
        #: arm on the same games (a rule change against the baseline), 0 being "no change".
        self.paired = paired and len(self.arms) > 1
        self.fair = 0.0 if self.paired else 1 / study.players
        judged = len(self.arms) - 1 if self.paired else len(self.arms)
        margin = (study.fair_margin / 100) if study.fair_margin else FAIR_MARGIN
        self.test = SPRT(margin, alpha / judged, beta)
        self.batch_size = batch_size
        self.wins: dict[str, dict[int, Any]] = {arm: {} for arm in self.arms}

    def add_frame(self, arm: str, games: Any) -> None:
        """Take the rows (``game``, ``deal``, ``win_0``) of stored games of ``arm``."""
        for batch, rows in games.groupby(games["game"] // self.batch_size):
            ordered = rows.sort_values("game")
            self.wins[arm][int(batch)] = ordered[["deal", "win_0"]].astype(float).reset_index(
                drop=True)

    def add(self, result: BatchResult) -> bool:
        games = result.games.select(["game", "deal", "win_0"]).to_pandas()
        self.add_frame(result.task.arm_name, games)
        return self.decided()

    def decisions(self) -> list[Decision]:
        import pandas as pd

        prefix = 0
        while all(prefix in self.wins[arm] for arm in self.arms):
            prefix += 1
        out = []
        for arm in self.arms[1:] if self.paired else self.arms:
            batches = [self.wins[arm][b] for b in range(prefix)]
            if self.paired:
                base = [self.wins[self.arms[0]][b] for b in range(prefix)]
                batches = [b.assign(win_0=b["win_0"] - a["win_0"].to_numpy())
                           for b, a in zip(batches, base, strict=True)]
            if not batches:
                out.append(Decision(arm, self.test.run([], []), self.fair,
                                    self.paired))
                continue
            rows = pd.concat(batches)
            per_deal = rows.groupby("deal", sort=True)["win_0"].mean().to_numpy() - self.fair
            looks = np.cumsum([b["deal"].nunique() for b in batches]).tolist()
            out.append(Decision(arm, self.test.run(per_deal, looks), self.fair,
                                    self.paired))
        return out

    def decided(self) -> bool:
        return all(d.look.decided for d in self.decisions())

    def status(self) -> str:
        return "; ".join(f"{d.arm} {d.kind}" for d in self.decisions())


def deal_block(study: Study) -> int:
    """Games per deal: every batch holds whole deals, so each look sees whole deals."""
    lineups = max(len(arm.lineups) for arm in study.resolve())
    return lineups * (study.players if study.rotate else 1)


def play_until_decided(study: Study | Mapping[str, Any] | str | Path,
                       out: str | Path | None = None, *, deals_per_look: int = 10,
                       paired: bool = False, **settings: Any) -> tuple[Any, list[Decision]]:
    """(run, decisions): ``study`` played until every arm's first-player share is decided or
    its games run out (``paired``: every later arm's change from the first); a stored run at
    ``out`` is re-read first and continued."""
    from gardensim.sim import api
    from gardensim.sim.store import is_run

    study = Study.coerce(study)
    batch_size = deal_block(study) * deals_per_look
    stored = api.load(out) if out is not None and is_run(out) else None
    if stored is not None:
        batch_size = stored.manifest["batches"]["size"]
    watcher = SeatWatcher(study, batch_size, paired=paired)
    if stored is not None:
        for arm, rows in stored.games.groupby("arm", observed=True):
            watcher.add_frame(str(arm), rows)
        if watcher.decided() or stored.complete:
            return stored, watcher.decisions()
    run = api.simulate(study, out, batch_size=batch_size, watcher=watcher, **settings)
    return run, watcher.decisions()
