"""Gazebo handicaps played, not guessed: the smallest per-seat ``gazebos`` that makes seats fair.

The series rule (the player with the fewest remaining gazebos wins) makes a per-seat gazebo count
the natural handicap: a favoured seat gets more to place. Re-scoring stored final margins
(:func:`.questions.gazebo_compensation`) gives a first estimate, but it assumes play
would not change with the counts, and played games show it overshoots. So for every setting of a
study (each arm with equal counts: its board, drawing system and bots, at the study's player
count) this module plays the unchanged rules, takes the direction of the handicap from the
estimate, and plays a ladder of whole-gazebo steps on the same deals until one is judged fair
(:mod:`gardensim.sim.candidates`). The estimate stays in the output, labelled
"estimate before play". ``docs/handicap.md`` has the method and its limits.

This is the game's part of ``gardensim handicap``; the command finds it as the ``handicap``
module of the game's package and calls :func:`search_handicap`, :func:`search_frame` and each
result's :meth:`HandicapSearch.lines` and :meth:`HandicapSearch.to_dict`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.sim.candidates import (
    Candidate,
    Measured,
    Search,
    fair_margin,
    play_candidate,
    smallest_fair,
    whole_deals,
)

if TYPE_CHECKING:
    import pandas as pd

    from gardensim.games.gazebo.questions import GazeboCompensation
    from gardensim.sim.study import Study

#: The rule option holding each seat's starting gazebos (``gazebos = "25,24"``).
OPTION = "gazebos"
BASELINE = "even"


@dataclass(frozen=True)
class Setting:
    """One arm of a study whose seats start with equal gazebos: searched on its own."""

    arm: str
    where: str
    players: int
    draw: str
    base: int
    bots: str


def gazebos_text(counts: Sequence[int]) -> str:
    """The option value for per-seat counts: ``"27,24"``."""
    return ",".join(str(c) for c in counts)


def share_text(share: float, lo: float, hi: float) -> str:
    """``66.0% [57.1, 74.9]``: a seat share with its interval, in percent."""
    return f"{100 * share:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def bots_phrase(lineups: Sequence[Sequence[str]], rotate: bool) -> str:
    """How every sentence names the bots: ``with greedy bots in every seat``."""
    specs = sorted({s for lineup in lineups for s in lineup})
    if len(specs) == 1:
        return f"with {specs[0]} bots in every seat"
    if len(lineups) > 1:
        return f"with every line-up of {', '.join(specs)} rotated over the seats"
    if rotate:
        return f"with {' and '.join(lineups[0])} bots rotated over the seats"
    return "with " + ", ".join(f"{b} in seat {s}" for s, b in enumerate(lineups[0]))


def settings_of(study: Study) -> list[Setting]:
    """The study's arms whose seats start with equal gazebos (an arm that already hands out a
    handicap is a candidate, not a setting to search from)."""
    if study.game != "gazebo":
        raise ConfigError(
            f"study {study.name!r} plays {study.game!r}; the gazebo handicap search needs "
            "game = \"gazebo\""
        )
    out = []
    for arm in study.resolve():
        c = arm.config
        game = registry.make_game(c["game"], c["board"], c["players"], c["options"])
        counts = game.options[OPTION]
        if len(set(counts)) > 1:
            continue
        name = study.name if not study.arms else f"{study.name}/{arm.name}"
        where = (f"{name} ({game.options['draw']} drawing, {game.board_name}, "
                 f"{study.players} players)")
        out.append(Setting(arm.name, where, study.players, game.options["draw"], counts[0],
                           bots_phrase(arm.lineups, arm.rotate)))
    if not out:
        raise ConfigError(
            f"every arm of study {study.name!r} already sets per-seat gazebos; the search needs "
            "an arm whose seats start equal"
        )
    return out


def direction_of(estimate: Sequence[int], shares: Sequence[float]) -> tuple[float, ...]:
    """Which seats get extra gazebos, and in what proportion (largest 1): the estimate's
    handicap when it proposes one, else each seat's measured excess over the least-winning
    seat; all zeros when the measured seats are exactly equal."""
    weights = [float(e) for e in estimate]
    if not any(weights):
        weights = [s - min(shares) for s in shares]
    top = max(weights)
    return tuple(w / top if top > 0 else 0.0 for w in weights)


def baseline(base: int, players: int) -> Candidate:
    """The unchanged rules: every seat starts with ``base`` gazebos."""
    return Candidate(BASELINE, {OPTION: gazebos_text([base] * players)})


def handicap_ladder(base: int, direction: Sequence[float], max_extra: int) -> list[Candidate]:
    """Equal counts first, then step ``k`` (1..``max_extra``) gives each seat
    ``round(k × direction)`` extra gazebos, so the most favoured seat gets exactly ``k``."""
    ladder = [baseline(base, len(direction))]
    if not any(direction):
        return ladder
    for k in range(1, max_extra + 1):
        extra = [math.floor(k * d + 0.5) for d in direction]
        name = "extra-" + "-".join(str(e) for e in extra)
        ladder.append(Candidate(name, {OPTION: gazebos_text([base + e for e in extra])}))
    return ladder


def counts_of(candidate: Candidate) -> tuple[int, ...]:
    return tuple(int(c) for c in str(candidate.options[OPTION]).split(","))


def _option(measured: Measured) -> str:
    return f'gazebos = "{gazebos_text(counts_of(measured.candidate))}"'


def _shares(measured: Measured) -> str:
    return ", ".join(share_text(r.share, r.lo, r.hi) for r in measured.table.itertuples())


@dataclass
class HandicapSearch:
    """The search of one setting: the estimate before play and the candidates played."""

    setting: Setting
    estimate: GazeboCompensation | None
    search: Search
    margin: float

    @property
    def games(self) -> int:
        return self.search.played[0].games

    def estimate_line(self) -> str:
        s, e = self.setting, self.estimate
        head = f"{s.where}, {s.bots}: estimate before play"
        if e is None:
            return f"{head}: none (the baseline games lack final gazebo supplies)."
        before = ", ".join(f"{100 * x:.1f}%" for x in e.shares_before)
        if not any(e.extra):
            return (f"{head}: re-scoring the final margins of the {e.games} baseline games "
                    f"suggests no handicap (seat shares {before}).")
        counts = gazebos_text([s.base + x for x in e.extra])
        after = ", ".join(f"{100 * x:.1f}%" for x in e.shares_after)
        return (f'{head}: re-scoring the final margins of the {e.games} baseline games, '
                f'gazebos = "{counts}" would move seat shares from {before} to {after} '
                "(not played; the played candidates below decide).")

    def conclusion(self) -> str:
        """The answer in one sentence: the smallest fair handicap, or why there is none yet."""
        s, search, games = self.setting, self.search, self.games
        fair = f"fair within ±{100 * self.margin:g} points"
        head = f"{s.where}, {s.bots}, {games} games per candidate on the same deals"
        answer = search.answer
        if answer is not None:
            if answer is search.played[0]:
                return (f"{head}: the seats are already {fair} ({_shares(answer)}); "
                        "no handicap needed.")
            return (f"{head}: the smallest handicap played that is {fair} is "
                    f"{_option(answer)} (seat shares {_shares(answer)}).")
        head += f": no candidate was shown {fair}"
        promising = [m for m in search.played
                     if m.judgement.verdict == "undecided" and m.worst_gap < self.margin]
        if promising:
            m, more = promising[0], promising[0].judgement.more_games or 0
            return (f"{head}; undecided: the smallest that may be fair is {_option(m)} "
                    f"(seat shares {_shares(m)}): play {more} more games per candidate "
                    f"(--games {games + more}).")
        if len(search.played) == 1:
            return f"{head}, and no seat is favoured, so no handicap was tried."
        seat, pair = self.crossing()
        if pair is None:
            last = search.played[-1]
            text = f"{head}; even {_option(last)} leaves seat {seat} above fair ({_shares(last)})"
            more = last.judgement.more_games
            if more is None:
                return f"{text}: try a larger --max-extra."
            return (f"{text}; undecided: play {more} more games per candidate "
                    f"(--games {games + more}) or try a larger --max-extra.")
        before, after = pair
        text = (f"{head}; seat {seat}'s share crosses fair between {_option(before)} "
                f"({_shares(before)}) and {_option(after)} ({_shares(after)})")
        more = [m.judgement.more_games for m in pair if m.judgement.more_games]
        if not more:
            return f"{text}; both are unfair, so no whole-gazebo handicap is {fair}."
        return (f"{text}, so the fair count may lie between whole gazebos; undecided: play "
                f"{min(more)} more games per candidate (--games {games + min(more)}) to "
                "decide the nearer.")

    def crossing(self) -> tuple[int, tuple[Measured, Measured] | None]:
        """The seat favoured by the unchanged rules, and the consecutive candidates between
        which its share falls from above fair to below (None when it never does)."""
        played = self.search.played
        first = played[0].table
        seat = int(first.loc[first["share"].idxmax(), "seat"])
        fair = 1 / self.setting.players
        share = [float(m.table.set_index("seat").loc[seat, "share"]) for m in played]
        for i in range(1, len(played)):
            if share[i - 1] >= fair > share[i]:
                return seat, (played[i - 1], played[i])
        return seat, None

    def table_lines(self) -> list[str]:
        """The candidates played, one line each, under a heading naming the bots."""
        seats = [f"seat {i}" for i in range(self.setting.players)]
        widths = [12, 3 * self.setting.players + 6, *[22] * len(seats)]
        rows = [["candidate", "gazebos", *seats, "verdict"]]
        for m in self.search.played:
            verdict = m.judgement.verdict
            if m.judgement.more_games:
                verdict += f" (+{m.judgement.more_games} games)"
            if m is self.search.answer:
                verdict += "  <- smallest fair"
            rows.append([m.candidate.name, gazebos_text(counts_of(m.candidate)),
                         *[share_text(r.share, r.lo, r.hi) for r in m.table.itertuples()],
                         verdict])
        heading = f"{self.setting.where}, {self.setting.bots}:"
        return [heading] + ["  " + "".join(c.ljust(w) for c, w in zip(r, widths, strict=False))
                            + r[-1] for r in rows]

    def lines(self) -> list[str]:
        """What the command prints for this setting."""
        return [self.estimate_line(), *self.table_lines(), self.conclusion()]

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form of the whole search."""
        s, e = self.setting, self.estimate
        return {
            "arm": s.arm, "setting": s.where, "players": s.players, "draw": s.draw,
            "bots": s.bots, "games_per_candidate": self.games, "fair_margin": self.margin,
            "estimate_before_play": None if e is None else {
                "gazebos": gazebos_text([s.base + x for x in e.extra]),
                "shares_before": list(e.shares_before), "shares_after": list(e.shares_after),
            },
            "candidates": [
                {"candidate": m.candidate.name, "gazebos": gazebos_text(counts_of(m.candidate)),
                 "games": m.games, "verdict": m.judgement.verdict,
                 "more_games": m.judgement.more_games,
                 "seats": m.table[["seat", "share", "lo", "hi"]].to_dict("records")}
                for m in self.search.played
            ],
            "smallest_fair": None if self.search.answer is None
            else gazebos_text(counts_of(self.search.answer.candidate)),
            "conclusion": self.conclusion(),
        }


def _estimate(frame: pd.DataFrame | None, max_extra: int) -> GazeboCompensation | None:
    from gardensim.analysis.frames import MissingData
    from gardensim.games.gazebo.questions import gazebo_compensation

    if frame is None:
        return None
    try:
        return gazebo_compensation(frame, max_extra=max_extra)[0]
    except MissingData:
        return None


Measure = Callable[[Setting, Candidate], Measured]


def search_setting(
    setting: Setting, measure: Measure, max_extra: int, margin: float
) -> HandicapSearch:
    """Play the setting's equal counts, build the ladder from the estimate, search it."""
    cache: dict[str, Measured] = {}

    def measured(candidate: Candidate) -> Measured:
        if candidate.name not in cache:
            cache[candidate.name] = measure(setting, candidate)
        return cache[candidate.name]

    even = measured(baseline(setting.base, setting.players))
    estimate = _estimate(even.frame, max_extra)
    extra = estimate.extra if estimate is not None else (0,) * setting.players
    direction = direction_of(extra, list(even.table["share"]))
    ladder = handicap_ladder(setting.base, direction, max_extra)
    return HandicapSearch(setting, estimate, smallest_fair(ladder, measured), margin)


def search_handicap(
    study: Study, *, games: int | None = None, max_extra: int = 4, seed: int | None = None,
    jobs: int | None = None, margin_points: float | None = None, progress: bool = True,
) -> list[HandicapSearch]:
    """Search every setting of ``study``: ``games`` per candidate (default the study's,
    rounded up to whole deals), extra gazebos 0..``max_extra`` for the most favoured seat,
    master seed ``seed`` (default the study's), equivalence margin in points (default the
    study's ``fair_margin``)."""
    from tqdm.auto import tqdm

    games = study.games if games is None else games
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError(f"--games must be a positive integer, got {games!r}")
    if isinstance(max_extra, bool) or not isinstance(max_extra, int) or not 0 <= max_extra <= 24:
        raise ConfigError(f"--max-extra must be an integer 0..24, got {max_extra!r}")
    seed = study.seed if seed is None else seed
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ConfigError(f"--seed must be an integer 0..2**63-1, got {seed!r}")
    margin = fair_margin(study, margin_points)
    settings = settings_of(study)
    per_candidate = whole_deals(study, games)
    for s in settings:
        if s.base + max_extra > 96:
            raise ConfigError(f"--max-extra {max_extra}: {s.base} + {max_extra} gazebos exceeds "
                              "the option's limit of 96")

    with tqdm(total=len(settings) * (max_extra + 1), unit="candidate", desc=study.name,
              disable=not progress) as bar:
        def measure(setting: Setting, candidate: Candidate) -> Measured:
            result = play_candidate(study, setting.arm, candidate, games=per_candidate,
                                    seed=seed, margin=margin, jobs=jobs)
            bar.update(1)
            return result

        results = [search_setting(s, measure, max_extra, margin) for s in settings]
        bar.total = bar.n
        bar.refresh()
    return results


def search_frame(results: Sequence[HandicapSearch]) -> pd.DataFrame:
    """Every candidate played, one row per seat, for CSV."""
    import pandas as pd

    rows = []
    for r in results:
        for m in r.search.played:
            for seat in m.table.itertuples():
                rows.append({
                    "arm": r.setting.arm, "players": r.setting.players, "draw": r.setting.draw,
                    "bots": r.setting.bots, "candidate": m.candidate.name,
                    "gazebos": gazebos_text(counts_of(m.candidate)), "games": m.games,
                    "seat": int(seat.seat), "share": seat.share, "lo": seat.lo, "hi": seat.hi,
                    "verdict": m.judgement.verdict, "more_games": m.judgement.more_games,
                    "fair_margin": r.margin, "smallest_fair": m is r.search.answer,
                })
    return pd.DataFrame.from_records(rows)
