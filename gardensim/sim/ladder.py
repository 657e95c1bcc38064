"""A settling study climbs its ladder: rungs played upward on the same deals until answers settle.

A study with ``settle = true`` (or ``strengths = "ladder"``) lists its ``strengths`` weakest
first. Each rung is played as one ordinary run in ``OUT/rung-N``: every arm as a mirror match of
that rung (``arm@rung``, the same games a ``strengths`` study plays) and, above the first rung, a
*step* arm where the rung plays the one below with the seats rotated
(:func:`gardensim.analysis.settle.step_arm`), on the first arm's rules. After each rung the climb
reads the stored frames of every rung so far and stops when every answer has settled, when the
step shows the new rung no stronger (a bot ceiling), when the rungs run out, or when the CPU
time spent reaches ``settle_budget``. The same analysis labels the answers
(:func:`gardensim.analysis.settle.settlement`), so the label a table shows is why the climb
stopped; that is why this one module of the runner reads the analysis.

Every rung run is a plain study (its seed, games and game indices the study's), so it is
resumable on its own, and climbing again after a kill finishes the rung it was in and goes on:
the rungs already complete are reused, never replayed. ``OUT/ladder.json`` records the rungs
played, their CPU-seconds (the batches' own play time, summed) and why the climb stopped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gardensim.sim.study import BASE_ARM, Arm, Study, strength_arm

#: The climb's record beside its rung runs.
LADDER_RECORD = "ladder.json"
#: Why a climb stops, besides the analysis's own reasons ("settled", "bot ceiling").
OUT_OF_RUNGS = "out of rungs"
OUT_OF_BUDGET = "CPU budget spent"


def rung_folder(out: Path, index: int) -> Path:
    """Where rung ``index`` (0 = the weakest) is stored."""
    return out / f"rung-{index + 1}"


def rung_study(study: Study, index: int) -> Study:
    """The plain study that plays rung ``index`` of ``study``: each arm as a mirror match of
    the rung, plus the step arm against the rung below (from the second rung up)."""
    from gardensim.analysis.settle import step_arm

    assert study.strengths is not None
    rung = study.strengths[index]
    arms = study.arms or [Arm(name=BASE_ARM)]
    played = [Arm(name=strength_arm(a.name, rung), options=dict(a.options), board=a.board)
              for a in arms]
    if index > 0:
        lower = study.strengths[index - 1]
        played.append(Arm(name=step_arm(lower, rung), options=dict(arms[0].options),
                          board=arms[0].board, bots=[rung] + [lower] * (study.players - 1)))
    return replace(study, name=f"{study.name}-rung-{index + 1}", strengths=None,
                   bots=[rung] * study.players,
                   pool=None, arms=played, settle=False, settle_budget=None,
                   description=f"rung {index + 1} ({rung}) of the settling study "
                   f"{study.name!r}")


def cpu_seconds(path: Path) -> float:
    """CPU-seconds a stored run's games took: its batches' own play time, summed (each batch
    plays on one core, so this is core time, whatever the number of workers)."""
    from gardensim.sim.store import RunStore

    return float(sum(entry.get("seconds") or 0.0 for entry in RunStore(path).read_done()))


@dataclass
class Ladder:
    """A climb's outcome: the study, the rung runs played (weakest first), their CPU-seconds,
    why it stopped, and the answers' settlement table."""

    study: Study
    path: Path
    runs: list[Any]
    seconds: list[float]
    stop: str

    @property
    def games(self) -> Any:
        """Every rung's games frame, stacked in rung order (arms named per rung)."""
        import pandas as pd

        return pd.concat([run.games for run in self.runs], ignore_index=True)

    def settlement(self) -> Any:
        from gardensim.analysis.settle import settlement

        return settlement(self.games, self.study.fair_margin, game=self.study.game)

    def record(self) -> dict[str, Any]:
        assert self.study.strengths is not None
        return {
            "study": self.study.name,
            "rungs": self.study.strengths,
            "played": [
                {"rung": self.study.strengths[i], "run": rung_folder(self.path, i).name,
                 "cpu_seconds": round(s, 3), "games": int(len(run.games))}
                for i, (run, s) in enumerate(zip(self.runs, self.seconds, strict=True))
            ],
            "cpu_seconds": round(sum(self.seconds), 3),
            "stop": self.stop,
        }


def climb(study: Study, out: str | Path, **simulate: Any) -> Ladder:
    """Play ``study``'s rungs upward into ``out`` until its answers settle (module docstring);
    ``simulate`` goes to :func:`gardensim.sim.api.simulate` for each rung (``jobs``,
    ``backend``, ``progress``...)."""
    from gardensim.analysis.settle import climb_decision
    from gardensim.core.errors import ConfigError
    from gardensim.sim.api import simulate as play

    if not study.settle or study.strengths is None:
        raise ConfigError(f"study {study.name!r} does not climb: give strengths with "
                          "settle = true, or strengths = \"ladder\"")
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    runs, seconds, stop = [], [], OUT_OF_RUNGS
    for index in range(len(study.strengths)):
        if study.settle_budget is not None and sum(seconds) >= study.settle_budget:
            stop = OUT_OF_BUDGET
            break
        runs.append(play(rung_study(study, index), rung_folder(out, index), **simulate))
        seconds.append(cpu_seconds(rung_folder(out, index)))
        if index == 0:
            continue
        import pandas as pd

        decided = climb_decision(pd.concat([r.games for r in runs], ignore_index=True),
                                 study.fair_margin)
        if decided is not None:
            stop = decided
            break
    ladder = Ladder(study, out, runs, seconds, stop)
    (out / LADDER_RECORD).write_text(json.dumps(ladder.record(), indent=1) + "\n")
    return ladder
