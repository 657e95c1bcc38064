"""Verdicts on "is it fair?": fair within a margin, unfair, or undecided with the games to play.

A p-value alone answers the wrong question: with few games every game looks fair ("no
evidence that seats differ"), with very many every game looks unfair. A study sets a
``fair_margin`` (default 3 points of win share): the largest departure from the fair share it
would call fair. Then:

- **fair within ±m** when every 95% interval lies inside fair ± m (an equivalence test:
  two one-sided tests at 2.5% each, and, over several seats, an intersection-union test that
  needs no multiplicity correction); when the seats nonetheless differ detectably, the text
  says so ("by less than that");
- **unfair** when the test of equal seats rejects at 5% after Holm's correction over the tests
  of the report and equivalence was not shown (the text gives the worst seat's departure and
  its interval, so a reader sees whether it may still lie inside the margin);
- **undecided** otherwise, with the games that would settle it, taking the observed departure
  ``d`` as the truth: the interval settles the question once it fits inside the margin or
  excludes fair, whichever needs fewer games. For ``|d|`` under half the margin that is the
  games for an 80% chance that the interval lands inside it; otherwise the games to detect
  ``d`` with 80% power at level 5%/k for a family of k tests (Holm's strictest step, so the
  plan errs towards more games). Both use the measured design effect
  (:mod:`gardensim.analysis.samplesize`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from gardensim.analysis.samplesize import games_for_difference, games_for_equivalence
from gardensim.stats.cluster import ClusteredMean

#: Default equivalence margin: seats within 3 points of win share of fair are "fair".
FAIR_MARGIN = 0.03
ALPHA = 0.05


@dataclass(frozen=True)
class Verdict:
    """The answer to "is it fair?" for one group of games."""

    kind: str  # "fair" | "unfair" | "undecided"
    text: str
    margin: float
    #: More games (whole deals) that would settle an undecided verdict; None otherwise, or
    #: when there are too few deals to plan from.
    games_needed: int | None = None


def points(margin: float) -> str:
    """``±3 points`` for a margin of 0.03."""
    return f"±{100 * margin:g} points"


@dataclass(frozen=True)
class Quantity:
    """A share the verdict is about: its name in sentences, its clustered mean, its fair value."""

    name: str
    estimate: ClusteredMean
    fair: float

    @property
    def deviation(self) -> float:
        return self.estimate.mean - self.fair


def decide(quantities: Sequence[Quantity], p_value: float, margin: float, games: int,
           players: int, per: int = 1, tests: int = 1) -> Verdict:
    """The verdict on ``quantities`` (every seat, or seat 0's team) given the (adjusted)
    p-value of the test of equal seats, for ``games`` games of ``players`` seats; ``per``
    spreads the games to play over that many pooled arms ("per arm"), and ``tests`` is the
    size of the Holm family the games to play must survive."""
    if not 0 < margin < 0.5:
        raise ValueError("fair_margin must be a share between 0 and 0.5 (0.03 = ±3 points)")
    inside = all(q.estimate.lo >= q.fair - margin and q.estimate.hi <= q.fair + margin
                 for q in quantities)
    worst = max(quantities, key=lambda q: abs(q.deviation))
    if inside:
        text = f"fair within {points(margin)}"
        if p_value < ALPHA:
            text += " (the seats differ detectably, by less than that)"
        return Verdict("fair", text, margin)
    if p_value < ALPHA:
        return Verdict(
            "unfair",
            f"unfair: {worst.name} is {100 * worst.deviation:+.1f} points from fair "
            f"(95% CI {100 * (worst.estimate.lo - worst.fair):+.1f} to "
            f"{100 * (worst.estimate.hi - worst.fair):+.1f})", margin)
    more = _games_to_settle(worst, margin, games, players, per, tests)
    if more is None:
        return Verdict("undecided", "undecided: too few deals to judge", margin)
    unit = " per arm" if per > 1 else ""
    return Verdict("undecided", f"undecided: play about {more} more games{unit}", margin, more)


def _games_to_settle(q: Quantity, margin: float, games: int, players: int, per: int,
                     tests: int) -> int | None:
    se = q.estimate.se
    if not math.isfinite(se) or se <= 0 or q.estimate.clusters < 2:
        return None
    variance = games * se * se
    if abs(q.deviation) < margin / 2:
        total = games_for_equivalence(margin, q.deviation, variance, players=players)
    else:
        total = games_for_difference(q.deviation, math.sqrt(variance), ALPHA / tests,
                                     players=players)
    extra = max(total - games, players) / per
    return players * math.ceil(extra / players)
