"""Verdicts on "is it fair?", with one meaning wherever gardensim states one (the report, the
``gardensim handicap`` command, the notebooks).

A p-value alone answers the wrong question: with few games every game looks fair ("no evidence
that seats differ"), with very many every game looks unfair. A study sets a ``fair_margin``
(default 3 points of win share): the largest departure from the fair share it would call fair.
Every verdict reads one interval against fair ± margin:

- **fair** when the interval lies inside fair ± m (an equivalence test: two one-sided tests);
- **unfair** when it lies wholly outside fair ± m;
- **differs** (a neutral word) when it excludes fair but reaches into fair ± m: the seats differ
  from even, perhaps by less than the margin;
- **undecided** otherwise, in two grades: *about fair, not yet proven* when the estimate lies
  inside the margin and the interval near it (within ± 2m), *unknown* when it is wider.

Several answers shown together are one family: their intervals are widened to simultaneous
Bonferroni intervals (level ``1 - 0.05/k`` for ``k`` answers), so the chance of any false
"unfair" or "fair" among them stays at 5%. There is one "more games" rule
(:func:`more_games`): the games for an 80% chance that the interval settles (fits inside the
margin, or lies wholly outside it), from the interval's own standard error; at the margin's
edge, where no feasible number of games settles it, a plain sentence says so instead.

With fewer than :data:`MIN_DEALS` deals there is nothing to estimate: the clustered interval
has too few degrees of freedom to mean anything, so no interval is computed and the verdict
says how many more games would give one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

from gardensim.stats.cluster import ClusteredMean

#: Default equivalence margin: seats within 3 points of win share of fair are "fair".
FAIR_MARGIN = 0.03
ALPHA = 0.05
#: Power of the "more games" rule: the chance that the interval settles after them.
POWER = 0.8
#: Fewest deals an interval is computed from (a t interval on 2 degrees of freedom).
MIN_DEALS = 3
#: More games than this many times those played are "not feasible": said in words.
EDGE_FACTOR = 50
#: The verdict kinds, and the words of the two undecided grades.
KINDS = ("fair", "unfair", "differs", "undecided")
ABOUT_FAIR = "about fair"
UNKNOWN = "unknown"

NORMAL = NormalDist()


@dataclass(frozen=True)
class Verdict:
    """The answer to "is it fair?" for one quantity (or the decisive one of several)."""

    kind: str
    text: str
    margin: float
    #: More games (whole deals) that would settle a verdict short of fair/unfair; None when
    #: settled, or at the margin's edge (the text says so).
    games_needed: int | None = None
    #: "about fair" or "unknown" for an undecided verdict; "" otherwise.
    grade: str = ""
    #: The interval the verdict read (simultaneous over the family; NaN when none).
    lo: float = math.nan
    hi: float = math.nan
    #: Index of the quantity that decided it (several seats).
    decisive: int = 0
    #: The short word when the kind's own word would mislead (a change between two arms is
    #: "changed" or "no change", not "unfair" or "fair"); "" otherwise.
    label: str = ""

    @property
    def word(self) -> str:
        """The short word shown next to a colour mark."""
        if self.label:
            return self.label
        if self.kind == "undecided":
            return self.grade
        return self.kind


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


def family_z(family: int = 1) -> float:
    """The normal quantile of a two-sided simultaneous 95% interval over ``family`` answers."""
    return NORMAL.inv_cdf(1 - ALPHA / (2 * max(family, 1)))


def simultaneous(mean: float, lo: float, hi: float, family: int = 1) -> tuple[float, float]:
    """A 95% interval widened to the Bonferroni level of ``family`` answers (by the ratio of
    normal quantiles: the intervals are t intervals on enough deals to be near normal)."""
    if family <= 1 or not (math.isfinite(lo) and math.isfinite(hi)):
        return lo, hi
    scale = family_z(family) / family_z(1)
    return mean - (mean - lo) * scale, mean + (hi - mean) * scale


def clip_share(lo: float, hi: float, floor: float = 0.0) -> tuple[float, float]:
    """A share's interval clipped to [0, 1] (no share lies outside it), or a difference of two
    shares' to [-1, 1] (``floor=-1``: a change can be negative)."""
    return min(max(lo, floor), 1.0), min(max(hi, floor), 1.0)


def whole_deals(n: float, players: int) -> int:
    """``n`` games rounded up to whole deals (a multiple of the player count), at least one."""
    players = max(players, 1)
    return players * max(math.ceil(n / players - 1e-9), 1)


def more_games(deviation: float, half: float, margin: float, games: int, players: int,
               family: int = 1) -> int | None:
    """The one "more games" rule: how many more games give an 80% chance that an interval of
    half-width ``half`` (after ``games`` games, at the family's level) around a departure
    ``deviation`` from the reference settles, taking the departure as the truth: inside ±margin
    when the departure is smaller than the margin, wholly outside it when larger. None at the
    margin's edge (more than :data:`EDGE_FACTOR` times the games played)."""
    z = family_z(family)
    se = half / z
    gap = abs(margin - abs(deviation))
    if not (se > 0 and gap > 0 and games > 0):
        return None
    total = games * (se * (z + NORMAL.inv_cdf(POWER)) / gap) ** 2
    if total > EDGE_FACTOR * games:
        return None
    return whole_deals(max(total - games, 1), players)


def too_few_deals(games: int, deals: int, players: int) -> int:
    """More games that would give :data:`MIN_DEALS` deals at this run's games per deal."""
    per_deal = games / deals if deals > 0 else players
    return whole_deals(max(MIN_DEALS * per_deal - games, 1), players)


def judge(value: float, lo: float, hi: float, reference: float, margin: float | None, *,
          games: int, deals: int, players: int, family: int = 1, share: bool = True,
          name: str = "", compare: bool = False) -> Verdict:
    """The verdict on one quantity ``value`` with its 95% interval ``(lo, hi)`` against
    ``reference`` ± ``margin`` (no margin: only "differs" or "unknown"), shown among ``family``
    answers. ``share`` clips the interval to [0, 1] (a change of a share: [-1, 1]);
    ``name`` prefixes the unfair sentence;
    ``compare``: the quantity is a change between two arms, so its words are "changed" and
    "no change" rather than "unfair" and "fair"."""
    m = margin or 0.0
    if margin is not None and not 0 < margin < 0.5:
        raise ValueError("fair_margin must be a share between 0 and 0.5 (0.03 = ±3 points)")
    if deals < MIN_DEALS or not (math.isfinite(lo) and math.isfinite(hi)):
        more = too_few_deals(games, deals, players)
        return Verdict("undecided", f"undecided: too few deals to estimate: play {more} more "
                       "games", m, more, UNKNOWN)
    lo, hi = simultaneous(value, lo, hi, family)
    if share:
        lo, hi = clip_share(lo, hi, floor=-1.0 if compare else 0.0)
    d, a, b = value - reference, lo - reference, hi - reference
    half = (hi - lo) / 2
    unit = "points" if share else ""
    scale = 100 if share else 1

    def num(x: float) -> str:
        return f"{scale * x:+.1f}" if share else f"{x:+.2f}"

    ci = f"(CI {num(a)} to {num(b)})"
    keep = {"margin": m, "lo": lo, "hi": hi}
    if margin is not None and -m <= a and b <= m:
        text = f"no change beyond {points(m)}" if compare else f"fair within {points(m)}"
        if a > 0 or b < 0:
            text += f" ({'changed' if compare else 'differs from even'} by less than that)"
        return Verdict("fair", text, label="no change" if compare else "", **keep)
    if margin is not None and (a > m or b < -m):
        if compare:
            who = f"{name}: " if name else ""
            return Verdict("unfair", f"changed: {who}{num(d)} {unit} {ci}, beyond "
                           f"{points(m)}".replace("  ", " "), label="changed", **keep)
        who = f"{name} is " if name else ""
        return Verdict("unfair", f"unfair: {who}{num(d)} {unit} from fair {ci}".replace("  ", " "),
                       **keep)
    more = more_games(d, half, m, games, players, family) if margin is not None else None
    if margin is not None and more is None:
        tail = f"it sits at the margin's edge ({points(m)}): more games will hardly settle it"
    elif more is not None:
        tail = f"{more} more games"
    else:
        tail = "no margin is set for it"
    if a > 0 or b < 0:
        moved = "changed" if compare else "differs from even"
        return Verdict("differs", f"{moved} by {num(d)} {unit} {ci}, perhaps within "
                       f"the margin: {tail}".replace("  ", " "), games_needed=more, **keep)
    if margin is not None and abs(d) < m and -2 * m <= a and b <= 2 * m:
        about = "about no change" if compare else "about fair"
        return Verdict("undecided", f"{about}, not yet proven: {tail}", games_needed=more,
                       grade=ABOUT_FAIR, **keep)
    return Verdict("undecided", f"unknown: interval ±{scale * half:.1f} {unit}: "
                   f"{tail}".replace("  ", " "), games_needed=more, grade=UNKNOWN, **keep)


#: Which verdict of several quantities speaks for them all, most telling first.
PRECEDENCE = {"unfair": 0, "differs": 1, "undecided": 2, "fair": 3}


def combine(verdicts: Sequence[Verdict]) -> Verdict:
    """The verdict on several quantities (every seat): fair only when each is fair, unfair when
    any is, else the first that differs, else the undecided one needing the most games."""
    def key(i: int) -> tuple[int, float]:
        v = verdicts[i]
        need = v.games_needed if v.games_needed is not None else math.inf
        return PRECEDENCE[v.kind], -need
    best = min(range(len(verdicts)), key=key)
    chosen = verdicts[best]
    return Verdict(chosen.kind, chosen.text, chosen.margin, chosen.games_needed, chosen.grade,
                   chosen.lo, chosen.hi, best)


def decide(quantities: Sequence[Quantity], margin: float, games: int, players: int,
           family: int = 1) -> Verdict:
    """The verdict on ``quantities`` (every seat, or seat 0's team) for ``games`` games of
    ``players`` seats, shown among ``family`` answers."""
    return combine([judge(q.estimate.mean, q.estimate.lo, q.estimate.hi, q.fair, margin,
                          games=games, deals=q.estimate.clusters, players=players,
                          family=family, name=q.name)
                    for q in quantities])
