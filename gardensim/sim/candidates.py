"""Play rule-option candidates on the same deals and judge each seat's win share against fair.

A balance fix proposed from stored games (a handicap re-scored from final margins, say) is a
guess: change a rule and the bots play differently. Here each candidate (rule options merged over
one arm of a study) is played as its own arm with the study's master seed and game indices, so
every candidate sees the same deals and bot generators (common random numbers, see
:mod:`gardensim.sim.study`) and candidates compare paired. Seat shares and their intervals come
from :func:`gardensim.analysis.seat.seat_advantage`, and a candidate is *fair* when every seat's
interval lies inside the fair share ± the study's equivalence margin (two one-sided tests read
off the 95% interval, so each side is tested at 2.5%).

Nothing here knows a game: which option a search varies, and in what order candidates are tried,
is the game's business (e.g. :mod:`gardensim.games.gazebo.handicap`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from gardensim.analysis.verdict import FAIR_MARGIN
from gardensim.core.errors import ConfigError
from gardensim.sim.study import Study

if TYPE_CHECKING:
    import pandas as pd

VERDICTS = ("fair", "unfair", "undecided")


@dataclass(frozen=True)
class Candidate:
    """Rule options to try, merged over one arm's; ``name`` becomes the arm name."""

    name: str
    options: Mapping[str, Any]


@dataclass(frozen=True)
class Judgement:
    """Whether a candidate's measured seat shares are fair within the margin.

    ``more_games`` (undecided only) estimates how many more games per candidate would settle it,
    by shrinking the measured intervals as 1/sqrt(games): the intervals already carry whatever
    within-deal correlation the seat analysis accounts for, so the estimate inherits it.
    """

    verdict: str
    more_games: int | None = None


@dataclass
class Measured:
    """One candidate played: its seat table (``seat``, ``share``, ``lo``, ``hi``) and verdict."""

    candidate: Candidate
    players: int
    games: int
    margin: float
    table: pd.DataFrame = field(repr=False)
    judgement: Judgement
    frame: pd.DataFrame | None = field(default=None, repr=False)

    @property
    def worst_gap(self) -> float:
        """Largest distance of a seat's share from the fair share."""
        return float((self.table["share"] - 1 / self.players).abs().max())


@dataclass
class Search:
    """Candidates played in ladder order; ``answer`` is the first judged fair, if any."""

    played: list[Measured]
    answer: Measured | None
    ladder_size: int

    @property
    def closest(self) -> Measured:
        """The played candidate whose worst seat is nearest the fair share."""
        return min(self.played, key=lambda m: m.worst_gap)


def fair_margin(study: Study, override_points: float | None = None) -> float:
    """The equivalence margin as a share: ``override_points`` (CLI), else the study's
    ``fair_margin`` key, else the default; both in percentage points."""
    points = override_points
    if points is None:
        points = getattr(study, "fair_margin", None)
    if points is None:
        points = FAIR_MARGIN * 100
    fair = 100 / study.players
    if isinstance(points, bool) or not isinstance(points, int | float) or not 0 < points < fair:
        raise ConfigError(
            f"fair margin must be a number of percentage points between 0 and {fair:g} "
            f"(the fair share of {study.players} seats), got {points!r}"
        )
    return float(points) / 100


def whole_deals(study: Study, games: int) -> int:
    """``games`` rounded up so that every deal is played by every line-up from every seat;
    a partial last deal would leave the seat effect confounded with that deal."""
    from gardensim.sim.play import lineup_seating

    arm = study.resolve()[0]
    per_deal = next(g for g in itertools.count(1)
                    if lineup_seating(arm.lineups, g, arm.rotate)[0] > 0)
    return per_deal * math.ceil(games / per_deal)


def candidate_study(study: Study, arm: str, candidate: Candidate, games: int, seed: int) -> Study:
    """A one-arm study playing ``candidate`` over arm ``arm`` of ``study`` (its board, bots and
    options), ``games`` games from master seed ``seed``, without the turns frame."""
    raw = study.to_dict()
    arms = {a.name: a.to_dict() for a in study.arms}
    if arms and arm not in arms:
        raise ConfigError(f"study {study.name!r} has no arm {arm!r}")
    base = arms.get(arm, {"name": arm})
    raw.update(games=games, seed=seed, telemetry=False,
               arms=[{**base, **candidate.options, "name": candidate.name}])
    return Study.from_dict(raw)


def seat_table(frame: pd.DataFrame) -> pd.DataFrame:
    """Seat shares with intervals of a one-arm games frame (``seat``, ``share``, ``lo``,
    ``hi``), as the seat analysis computes them."""
    from gardensim.analysis.seat import seat_advantage

    (result,) = seat_advantage(frame)
    return result.table[["seat", "share", "lo", "hi"]].reset_index(drop=True)


def judge(table: pd.DataFrame, players: int, games: int, margin: float,
          deals: int | None = None) -> Judgement:
    """Every seat judged as :func:`gardensim.analysis.verdict.judge` does (one meaning of fair,
    unfair and "more games" everywhere): fair when each seat is, unfair when any is, else
    undecided with the games the verdict module's one rule asks for (None at the margin's
    edge). A seat whose interval excludes fair but reaches into the margin is undecided here:
    a candidate is kept only when shown fair."""
    from gardensim.analysis.verdict import MIN_DEALS, combine
    from gardensim.analysis.verdict import judge as judge_share

    fair = 1 / players
    deals = deals if deals is not None else max(games // players, 0)
    lo, hi = table["lo"].to_numpy(float), table["hi"].to_numpy(float)
    if not (np.isfinite(lo).all() and np.isfinite(hi).all()):
        deals = min(deals, MIN_DEALS - 1)
    verdict = combine([judge_share(float(r.share), float(r.lo), float(r.hi), fair, margin,
                                   games=games, deals=deals, players=players)
                       for r in table.itertuples()])
    kind = verdict.kind if verdict.kind in ("fair", "unfair") else "undecided"
    return Judgement(kind, verdict.games_needed if kind == "undecided" else None)


def play_candidate(
    study: Study, arm: str, candidate: Candidate, *, games: int, seed: int, margin: float,
    jobs: int | None = None,
) -> Measured:
    """Play one candidate and judge it (games are rounded up to whole deals)."""
    from gardensim.sim.api import simulate

    one = candidate_study(study, arm, candidate, whole_deals(study, games), seed)
    frame = simulate(one, jobs=jobs, progress=False).games
    table = seat_table(frame)
    return Measured(candidate, study.players, len(frame), margin, table,
                    judge(table, study.players, len(frame), margin), frame)


def overshot(measured: Measured, favoured: int) -> bool:
    """The seat favoured at the start of the ladder is now wholly below fair − margin: a
    ladder that only adds to its handicap cannot bring it back."""
    row = measured.table.set_index("seat").loc[favoured]
    return bool(row["hi"] < 1 / measured.players - measured.margin)


def smallest_fair(
    ladder: Sequence[Candidate], measure: Callable[[Candidate], Measured], *,
    progress: bool = False, desc: str = "candidates",
) -> Search:
    """Play ``ladder`` (smallest change first, the unchanged rules at its head) in order and
    stop at the first candidate judged fair, or once the seat favoured by the first has been
    pushed wholly below fair; each step only adds to the handicap, so nothing later is smaller.

    A linear scan rather than bisection: an *undecided* step says nothing about which side the
    answer lies on, and ladders are short (a handful of whole-gazebo steps).
    """
    from tqdm.auto import tqdm

    played: list[Measured] = []
    favoured: int | None = None
    with tqdm(total=len(ladder), unit="candidate", desc=desc, disable=not progress) as bar:
        for candidate in ladder:
            measured = measure(candidate)
            played.append(measured)
            bar.update(1)
            if measured.judgement.verdict == "fair":
                return Search(played, measured, len(ladder))
            if favoured is None:
                favoured = int(measured.table.loc[measured.table["share"].idxmax(), "seat"])
            elif overshot(measured, favoured):
                break
    return Search(played, None, len(ladder))
