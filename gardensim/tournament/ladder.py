"""A strength ladder proved by play: each rung against the one below, on shared deals.

A ladder is only a ladder if every rung beats the one below it in games, not by its budget: so
each adjacent pair plays its own seat-rotated tournament (:func:`run_tournament`), and the table
says, per step, the upper rung's win share with its deal-clustered 95% interval, the Elo step
that share means, and what a game at that rung costs. A step counts as proved when its share is
at least :data:`STEP_SHARE` and its interval lies wholly above an even share: the strength
issue's target, declared once here.

The cost column is what a game with the rung in every seat costs in CPU-seconds, measured by
:func:`gardensim.sim.bench.bench` on the same engine after the step's tournament (a few games,
warmed up). The tournament's own decision times cannot say it: a compiled engine times a whole
batch, shared over the turns of both bots.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from gardensim.analysis.seat import elo_from_share
from gardensim.core.errors import ConfigError
from gardensim.sim.bench import bench
from gardensim.sim.play import DEFAULT_ENGINE
from gardensim.tournament.results import TournamentResult
from gardensim.tournament.runner import run_tournament

#: Games of a rung against itself that measure its cost (enough to average a few deals).
COST_GAMES = 8

#: The least win share against the rung below that makes a step of the ladder (with its
#: interval above an even share).
STEP_SHARE = 0.55
#: The least win share of the top rung against the game's reference bot (the strongest bot it
#: shipped before the ladder climbed past it) that shows the ladder reached new strength.
TOP_SHARE = 0.70
#: ``against`` of a row: a step (the rung below), or the top rung against the reference bot.
BELOW, REFERENCE = "rung below", "reference"

COLUMNS = ["game", "players", "rung", "below", "against", "games", "deals", "win_share", "low",
           "high", "elo_step", "cpu_s_per_game", "step"]


def elo_step(share: float) -> float:
    """The Elo difference that predicts ``share`` (:func:`elo_from_share`); a step that won or
    lost every game is infinitely far, not the clipped share's rating."""
    if not 0 < share < 1:
        return math.copysign(math.inf, share - 0.5)
    return elo_from_share(share)


def cpu_seconds_per_game(game: str, rung: str, board: str | None = None,
                         options: Mapping[str, Any] | None = None,
                         engine: str = DEFAULT_ENGINE, games: int = COST_GAMES) -> float:
    """CPU-seconds of one two-player game with ``rung`` in both seats, on ``engine``."""
    rate = bench(game=game, board=board, players=2, bot=rung, games=games, seed=1,
                 options=options, engine=engine)["games_per_cpu_s"]
    return 1 / rate if rate else math.nan


def step_row(game: str, lower: str, upper: str, result: TournamentResult,
             cpu_s_per_game: float, against: str = BELOW) -> dict[str, Any]:
    """One step of the table from the tournament of ``upper`` (bot 1) against ``lower``, and
    the upper rung's cost; ``against`` the reference bot, the target is :data:`TOP_SHARE`."""
    stats = result.bots[1]
    lo, hi = stats["ci95"]
    share = float(stats["win_rate"])
    proved = share >= (STEP_SHARE if against == BELOW else TOP_SHARE) and lo > 0.5
    return {"game": game, "players": int(result.config["players"]), "rung": upper,
            "below": lower, "against": against, "games": len(result.games),
            "deals": len({g.deal for g in result.games}), "win_share": share, "low": lo,
            "high": hi, "elo_step": elo_step(share),
            "cpu_s_per_game": cpu_s_per_game,
            "step": "proved" if proved else "not proved"}


def prove_ladder(game: str, rungs: Sequence[str], games: int = 200, seed: int = 1,
                 board: str | None = None, options: Mapping[str, Any] | None = None,
                 jobs: int = 1, progress: bool = False,
                 engine: str = DEFAULT_ENGINE, reference: str | None = None) -> pd.DataFrame:
    """Each rung of ``rungs`` (weakest first) against the one below, ``games`` games each at
    two players; one row per step (:data:`COLUMNS`), and with a ``reference`` bot (not a rung)
    a last row of the top rung against it."""
    if len(rungs) < 2:
        raise ConfigError(f"a ladder needs at least two rungs, got {list(rungs)!r}")
    pairs = [(lower, upper, BELOW) for lower, upper in zip(rungs, rungs[1:], strict=False)]
    if reference is not None and reference not in rungs[-2:]:
        pairs.append((reference, rungs[-1], REFERENCE))
    rows = []
    costs: dict[str, float] = {}
    for lower, upper, against in pairs:
        result = run_tournament(game, [lower, upper], players=2, games=games, seed=seed,
                                board=board, options=options, jobs=jobs, progress=progress,
                                n_boot=200, engine=engine)
        if upper not in costs:
            costs[upper] = cpu_seconds_per_game(game, upper, board, options, engine)
        rows.append(step_row(game, lower, upper, result, costs[upper], against))
    return pd.DataFrame.from_records(rows, columns=COLUMNS)


def ladder_text(table: pd.DataFrame) -> str:
    """The table for the terminal, one line per step, each generated from its row."""
    lines = []
    for r in table.itertuples(index=False):
        what = ("step" if r.against == BELOW
                else f"top rung against the reference (target {100 * TOP_SHARE:.0f}%)")
        lines.append(f"{r.rung} against {r.below}: wins {100 * r.win_share:.1f}% "
                     f"[{100 * r.low:.1f}, {100 * r.high:.1f}] of {r.games} games on {r.deals} "
                     f"deals, Elo step {r.elo_step:+.0f}, {r.cpu_s_per_game:.3g} CPU-s a game: "
                     f"{what} {r.step}")
    return "\n".join(lines)


__all__ = ["BELOW", "COLUMNS", "REFERENCE", "STEP_SHARE", "TOP_SHARE", "cpu_seconds_per_game",
           "elo_step", "ladder_text", "prove_ladder", "step_row"]
