"""The answer grid a report opens with: one row per question, game, player count and condition
(the arm), each holding its numbers; every word shown for it is generated from those numbers.

A designer reads the first screen and nothing else, so each row says the value in points
against the fair share, the interval the verdict read (simultaneous over the rows shown
together, see :mod:`gardensim.analysis.verdict`) and the verdict word. The same row becomes a
line of ``tables/answers.csv``, so the words and the CSV cannot disagree. Rows come from the
analysis results the sections computed (each section fills
:attr:`~gardensim.report.sections.Section.rows`); a game's own questions fill theirs in the
game's report part, so this module knows no game.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gardensim.analysis.verdict import KINDS as VERDICT_KINDS
from gardensim.analysis.verdict import MIN_DEALS, Verdict, judge

#: Marks shown in the grid, by kind: fair (green), unfair (red), differs and undecided
#: (neutral), incomplete (the arm's run stopped before its planned games).
KINDS = (*VERDICT_KINDS, "incomplete")
#: The settlement label of an answer played at one strength (nothing to settle against).
ONE_STRENGTH = "one strength only: not tested for settlement"
CSV_COLUMNS = ["game", "players", "question", "condition", "value", "low", "high", "games",
               "deals", "bots", "strength", "settlement", "verdict", "words", "more_games",
               "unit", "reference", "margin", "arm", "section"]


@dataclass(frozen=True)
class VerdictRow:
    """One answer of the grid: a quantity with its 95% interval against a reference."""

    question: str
    players: int
    #: The condition in words (``report.conditions``: the arm's name until its settings are
    #: known).
    condition: str
    #: The quantity (a share, a difference of shares, or a number) and its 95% interval.
    value: float
    lo: float
    hi: float
    #: What the value is judged against (the fair share; 0 for a difference).
    reference: float
    #: The equivalence margin; None for a quantity no margin applies to (a score).
    margin: float | None
    games: int
    deals: int
    bots: str
    arm: str = ""
    #: True when the value is a share (points), False for any other number.
    share: bool = True
    #: Who the value is about ("first player", "seat 2", "the weaker bot wins").
    who: str = ""
    section: str = ""
    game: str = ""
    strength: str = ""
    settlement: str = ONE_STRENGTH
    #: Answers shown together (the family of the simultaneous intervals).
    family: int = 1
    #: The verdict the seat analysis reached for several seats (decided on another seat than
    #: the row's own interval shows only when it names that seat); None: judged from the row.
    verdict_override: Verdict | None = None
    incomplete: bool = False
    #: A change between two arms (judged against no change, in its own words).
    compare: bool = False
    #: The arm a change is measured from (with ``compare``).
    baseline: str = ""

    @property
    def verdict(self) -> Verdict:
        if self.verdict_override is not None:
            return self.verdict_override
        return judge(self.value, self.lo, self.hi, self.reference, self.margin,
                     games=self.games, deals=self.deals, players=self.players,
                     family=self.family, share=self.share, name=self.who,
                     compare=self.compare)

    @property
    def kind(self) -> str:
        return "incomplete" if self.incomplete else self.verdict.kind

    @property
    def word(self) -> str:
        return "incomplete" if self.incomplete else self.verdict.word

    @property
    def words(self) -> str:
        text = self.verdict.text
        return f"incomplete run: {text}" if self.incomplete else text

    @property
    def rest(self) -> str:
        """The words after the verdict's mark, which the grid shows beside them ("**unfair**
        seat 0 is +16 points from fair", not "**unfair** unfair: seat 0 ...")."""
        words, mark = self.words, self.word
        after = words[len(mark):len(mark) + 1]
        if not self.incomplete and words.startswith(mark) and after in (":", ",", " ", ""):
            return words[len(mark):].lstrip(":, ")
        return words

    @property
    def scale(self) -> float:
        return 100.0 if self.share else 1.0

    def edge(self) -> tuple[float, float, float]:
        """Value, low and high of the departure from the reference (points for a share), the
        interval the verdict read; NaN without one."""
        v = self.verdict
        return tuple(self.scale * (x - self.reference)  # type: ignore[return-value]
                     for x in (self.value, v.lo, v.hi))

    def value_text(self) -> str:
        """``+16.0 pts (66.0% vs fair 50.0%)``, ``+3.1 pts``, or ``+1.25`` for a number."""
        edge, _, _ = self.edge()
        if not math.isfinite(edge):
            return "not estimated"
        if not self.share:
            return f"{edge:+.2f}"
        if self.reference:
            return (f"{edge:+.1f} pts ({100 * self.value:.1f}% vs fair "
                    f"{100 * self.reference:.1f}%)")
        return f"{edge:+.1f} pts"

    def interval_text(self) -> str:
        _, lo, hi = self.edge()
        if not (math.isfinite(lo) and math.isfinite(hi)):
            return "no interval"
        return f"[{lo:+.1f}, {hi:+.1f}]" if self.share else f"[{lo:+.2f}, {hi:+.2f}]"

    def record(self) -> dict[str, Any]:
        """The row as ``tables/answers.csv`` holds it."""
        edge, lo, hi = self.edge()
        return {"game": self.game, "players": self.players, "question": self.question,
                "condition": self.condition, "value": round(edge, 3),
                "low": round(lo, 3) if math.isfinite(lo) else None,
                "high": round(hi, 3) if math.isfinite(hi) else None,
                "games": self.games, "deals": self.deals, "bots": self.bots,
                "strength": self.strength, "settlement": self.settlement,
                "verdict": self.word, "words": self.words,
                "more_games": self.verdict.games_needed,
                "unit": "points" if self.share else "number",
                "reference": self.scale * self.reference, "margin":
                None if self.margin is None else self.scale * self.margin,
                "arm": self.arm, "section": self.section}


def bots_short(bots: str) -> str:
    """``greedy bots in every seat`` from an analysis' ``with greedy bots in every seat``."""
    return bots.removeprefix("with ").strip()


def seat_rows(results: Sequence[Any]) -> list[VerdictRow]:
    """Rows of the seat answers (:class:`~gardensim.analysis.seat.SeatAdvantage` with their
    verdicts): the seat that decided the verdict, its share against fair."""
    rows = []
    for r in results:
        if r.verdict is None or not r.quantities:
            continue
        q = r.quantities[r.verdict.decisive]
        who = "first player" if r.verdict.decisive == 0 else q.name
        if r.teams is not None:
            who = "first player's partnership"
        e = q.estimate
        rows.append(VerdictRow(
            "Does the first player win too often?", r.players, r.arm, e.mean, e.lo, e.hi,
            q.fair, r.fair_margin, r.games, r.deals, bots_short(r.bots), r.arm, who=who,
            family=r.tests, verdict_override=r.verdict))
    return rows


def comparison_row(question: str, players: int, arm: str, baseline: str, difference: float,
                   ci: tuple[float, float], games: int, bots: str, what: str,
                   share: bool = True, margin: float | None = None,
                   deals: int | None = None) -> VerdictRow:
    """A row for a paired difference ``arm − baseline`` of ``what``: judged like any other
    quantity against 0 ± margin (no margin: "differs" when the interval excludes 0)."""
    study, _, _ = arm.rpartition("/")
    base = baseline.removeprefix(f"{study}/") if study else baseline
    name = arm.removeprefix(f"{study}/") if study else arm
    return VerdictRow(question, players, f"{name} against {base}", difference, ci[0], ci[1],
                      0.0, margin, games, games if deals is None else deals,
                      bots_short(bots), arm, share=share, who=what, compare=True,
                      baseline=baseline)


def too_few_deals_row(arm: str, players: int, games: int, deals: int, bots: str,
                      margin: float) -> VerdictRow:
    """The row of an arm with fewer than ``MIN_DEALS`` deals: nothing is estimated for it."""
    return VerdictRow("Does the first player win too often?", players, arm, math.nan,
                      math.nan, math.nan, 1 / players, margin, games, deals, bots_short(bots),
                      arm, who="first player")


def ordered(rows: Sequence[VerdictRow]) -> list[VerdictRow]:
    """Rows grouped by question (in order of first appearance), then by player count."""
    first: dict[str, int] = {}
    for i, row in enumerate(rows):
        first.setdefault(row.question, i)
    return sorted(rows, key=lambda r: (first[r.question], r.players))


def in_family(rows: Sequence[VerdictRow], family: int | None = None) -> list[VerdictRow]:
    """The rows shown together, each judged on intervals simultaneous over the ``family``
    answers (default: these rows); seat rows carry the verdict their analysis reached over the
    same family."""
    k = len(rows) if family is None else family
    return [replace(r, family=k) if r.verdict_override is None else r for r in rows]


def mark_incomplete(rows: Sequence[VerdictRow], incomplete: set[str]) -> list[VerdictRow]:
    """Rows whose arm did not finish say so instead of judging."""
    return [replace(r, incomplete=True) if r.arm and r.arm in incomplete else r for r in rows]


def _bar(row: VerdictRow, span: float = 25.0) -> str:
    """The interval as a small bar against the ±margin band, on a fixed ±``span`` axis."""
    _, lo, hi = row.edge()
    if not (row.share and math.isfinite(lo) and math.isfinite(hi)):
        return ""

    def x(v: float) -> float:
        return 60 + 60 * max(min(v / span, 1.0), -1.0)

    m = 100 * (row.margin or 0.0)
    edge = row.edge()[0]
    return (f'<svg class="bar" width="120" height="14" viewBox="0 0 120 14" aria-hidden="true">'
            f'<rect class="band" x="{x(-m):.1f}" y="1" width="{x(m) - x(-m):.1f}" height="12"/>'
            f'<line class="zero" x1="60" x2="60" y1="0" y2="14"/>'
            f'<line class="ci" x1="{x(lo):.1f}" x2="{x(hi):.1f}" y1="7" y2="7"/>'
            f'<circle class="est" cx="{x(edge):.1f}" cy="7" r="2.5"/></svg>')


def table_html(rows: Sequence[VerdictRow], ident: str = "verdict-table") -> str:
    """The answer grid: question, condition, players, value, interval bar, verdict, games,
    bots; IDs only in tooltips."""
    head = ("<tr><th>Question</th><th>Game · players · condition</th><th>Value</th>"
            "<th>Interval vs ±margin</th><th>Verdict</th><th>Games</th><th>Bots</th></tr>")
    body = []
    last = None
    for r in rows:
        question = "" if r.question == last else html.escape(r.question)
        last = r.question
        where = " · ".join(x for x in (r.game, f"{r.players}p", r.condition) if x)
        tip = html.escape(f"{r.arm} · {r.deals} deals" if r.arm else f"{r.deals} deals")
        body.append(
            f'<tr class="{r.kind}"><td>{question}</td>'
            + (f'<td><a href="#{html.escape(r.section)}" title="{tip}">{html.escape(where)}</a>'
               if r.section else f'<td title="{tip}">{html.escape(where)}')
            + f"</td><td>{html.escape(r.value_text())}</td>"
            f'<td title="{html.escape(r.interval_text())}">{_bar(r)} '
            f"{html.escape(r.interval_text())}</td>"
            f'<td><span class="mark {r.kind}">{html.escape(r.word)}</span> '
            f'<span class="words">{html.escape(r.rest)}</span></td>'
            f"<td>{r.games or '—'}</td><td>{html.escape(r.bots)}</td></tr>")
    return (f'<div class="scroll"><table class="verdicts" id="{ident}"><thead>{head}</thead>'
            "<tbody>" + "\n".join(body) + "</tbody></table></div>")


def table_md(rows: Sequence[VerdictRow]) -> str:
    lines = ["| Question | Game · players · condition | Value | Interval | Verdict | Games "
             "| Bots |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        where = " · ".join(x for x in (r.game, f"{r.players}p", r.condition) if x)
        question = f"[{r.question}](#{r.section})" if r.section else r.question
        lines.append(f"| {question} | {where} | {r.value_text()} | "
                     f"{r.interval_text()} | **{r.word}** {r.rest} | {r.games or '—'} | "
                     f"{r.bots} |")
    return "\n".join(lines)


__all__ = ["CSV_COLUMNS", "KINDS", "MIN_DEALS", "ONE_STRENGTH", "VerdictRow", "bots_short",
           "comparison_row", "in_family", "mark_incomplete", "ordered", "seat_rows",
           "table_html", "table_md", "too_few_deals_row"]
