"""The verdict table a report opens with: one row per question, player count and arm, in plain
words, with the value and its interval, the games behind it and the bots that played.

A designer reads the first screen and nothing else, so each row says the answer ("fair within
±3 points", "first player +16.0 points") and a coloured mark; the statistics stay in the
section the row links to. Rows come from the analysis results the sections computed (each
section fills :attr:`~gardensim.report.sections.Section.rows`); a game's own questions fill
theirs in the game's report part, so this module knows no game.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

#: Marks shown in the table, by kind: fair (green), unfair / differs (red), undecided (grey),
#: incomplete (orange: the arm's run stopped before its planned games).
KINDS = ("fair", "unfair", "undecided", "incomplete")


@dataclass(frozen=True)
class VerdictRow:
    """One answer of the verdict table."""

    question: str
    players: int
    answer: str
    kind: str
    value: str
    #: Games behind the row; 0 when the answer counts deals instead (it says so).
    games: int
    bots: str
    arm: str = ""
    #: The word next to the coloured mark (default: the kind).
    mark: str = ""
    #: Id of the section holding the long answer (set by the builder when empty).
    section: str = ""
    #: Size of the effect, to pick the row that speaks for a group of arms.
    size: float = 0.0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"verdict kind must be one of {KINDS}, not {self.kind!r}")


def bots_short(bots: str) -> str:
    """``greedy bots in every seat`` from an analysis' ``with greedy bots in every seat``."""
    return bots.removeprefix("with ").strip()


def pct(x: float) -> str:
    return "" if not math.isfinite(x) else f"{100 * x:.1f}%"


def interval(mean: float, lo: float, hi: float, share: bool = True, signed: bool = False) -> str:
    """``54.1% (51.2–57.0)`` for a share, ``+3.1 points (+0.4 to +5.8)`` for a difference of
    shares, ``+1.25 (−0.3 to 2.8)`` for any other number."""
    if share and signed:
        return f"{100 * mean:+.1f} points ({100 * lo:+.1f} to {100 * hi:+.1f})"
    if share:
        return f"{100 * mean:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"
    if signed:
        return f"{mean:+.2f} ({lo:+.2f} to {hi:+.2f})"
    return f"{mean:.2f} ({lo:.2f}–{hi:.2f})"


def difference_kind(lo: float, hi: float, margin: float | None) -> str:
    """Fair when the interval of a difference lies inside ±``margin`` (no margin: never),
    unfair when it excludes zero, undecided otherwise: the equivalence logic of
    :mod:`gardensim.analysis.verdict` applied to a paired difference."""
    if margin is not None and -margin <= lo and hi <= margin:
        return "fair"
    if lo > 0 or hi < 0:
        return "unfair"
    return "undecided"


def seat_rows(results: Sequence[Any]) -> list[VerdictRow]:
    """Rows of the seat answers (:class:`~gardensim.analysis.seat.SeatAdvantage` with their
    Holm-adjusted verdicts)."""
    rows = []
    for r in results:
        if r.verdict is None or not r.quantities:
            continue
        first = r.quantities[0]
        worst = max(r.quantities, key=lambda q: abs(q.deviation))
        if abs(first.deviation) >= abs(worst.deviation) - 1e-9:
            worst = first
        if r.verdict.kind == "fair":
            answer = r.verdict.text.split(" (")[0]
        elif r.verdict.kind == "unfair":
            who = "first player" if worst is first else worst.name
            answer = f"{who} {100 * worst.deviation:+.1f} points"
        elif r.verdict.games_needed:
            answer = f"about {r.verdict.games_needed} more games would settle it"
        else:
            answer = "too few deals to judge"
        arm = " + ".join(r.pooled) if r.pooled else r.arm
        est = first.estimate
        rows.append(VerdictRow(
            "First-player advantage", r.players, answer, r.verdict.kind,
            "wins " + interval(est.mean, est.lo, est.hi), r.games,
            bots_short(r.bots), arm, size=abs(worst.deviation)))
    return rows


def comparison_row(question: str, players: int, arm: str, baseline: str, difference: float,
                   ci: tuple[float, float], games: int, bots: str, what: str,
                   share: bool = True, margin: float | None = None) -> VerdictRow:
    """A row for a paired difference ``arm − baseline`` of ``what`` (a share in points, or a
    number): "differs" when its interval excludes zero, "same" when it lies inside the
    margin."""
    kind = difference_kind(ci[0], ci[1], margin)
    size = f"{100 * difference:+.1f} points" if share else f"{difference:+.2f}"
    study, _, _ = arm.rpartition("/")
    base = baseline.removeprefix(f"{study}/") if study else baseline
    if kind == "fair":
        answer = f"{what} as under {base} (within ±{100 * (margin or 0):g} points)"
        mark = "same"
    elif kind == "unfair":
        answer = f"{what} {size} against {base}"
        mark = "differs"
    else:
        answer = f"no clear change in {what} against {base} ({size})"
        mark = "undecided"
    return VerdictRow(question, players, answer, kind,
                      interval(difference, ci[0], ci[1], share, signed=True), games,
                      bots_short(bots), arm, mark, size=abs(difference))


def ordered(rows: Sequence[VerdictRow]) -> list[VerdictRow]:
    """Rows grouped by question (in order of first appearance), then by player count."""
    first: dict[str, int] = {}
    for i, row in enumerate(rows):
        first.setdefault(row.question, i)
    return sorted(rows, key=lambda r: (first[r.question], r.players))


SEVERITY = {"incomplete": 3, "unfair": 2, "undecided": 1, "fair": 0}


def summarise(rows: Sequence[VerdictRow]) -> list[VerdictRow]:
    """One row per question and player count, so the table fits a screen: a single arm's row
    as it is; for several arms the most severe verdict (largest effect among them) speaks,
    with how many arms share it, the games summed and the bots listed once."""
    groups: dict[tuple[str, int], list[VerdictRow]] = {}
    for row in rows:
        groups.setdefault((row.question, row.players), []).append(row)
    out = []
    for group in groups.values():
        if len(group) == 1:
            out.append(group[0])
            continue
        lead = max(group, key=lambda r: (SEVERITY[r.kind], r.size))
        same = sum(r.kind == lead.kind for r in group)
        bots = list(dict.fromkeys(r.bots for r in group))
        answer = (f"in {same} of {len(group)} arms; "
                  f"{'largest' if lead.kind == 'unfair' else 'e.g.'} {lead.arm}: {lead.answer}")
        out.append(replace(lead, answer=answer, games=sum(r.games for r in group),
                           bots="; ".join(bots), arm=f"{len(group)} arms"))
    return out


def mark_incomplete(rows: Sequence[VerdictRow], incomplete: set[str]) -> list[VerdictRow]:
    """Rows whose arm (or one of its pooled arms) did not finish say so instead of judging."""
    out = []
    for row in rows:
        arms = {a.strip() for a in row.arm.split("+")} if row.arm else set()
        if arms & incomplete:
            row = replace(row, kind="incomplete", mark="incomplete",
                          answer=f"incomplete run: {row.answer}")
        out.append(row)
    return out


def table_html(rows: Sequence[VerdictRow], prefix: dict[int, str] | None = None,
               ident: str = "verdict-table") -> str:
    """The verdict table; ``prefix`` maps a row's index to the game title shown before its
    question (reports of several games)."""
    head = ("<tr><th>Question</th><th>Players</th><th>Answer</th><th>Value (95% CI)</th>"
            "<th>Games</th><th>Bots</th></tr>")
    body = []
    for i, r in enumerate(rows):
        game = (prefix or {}).get(i, "")
        question = f"{html.escape(game)}: " if game else ""
        question += html.escape(r.question)
        if r.arm:
            question += f' <span class="arm">{html.escape(r.arm)}</span>'
        body.append(
            f'<tr class="{r.kind}"><td><a href="#{html.escape(r.section)}">{question}</a></td>'
            f"<td>{r.players}</td>"
            f'<td><span class="mark {r.kind}">{html.escape(r.mark or r.kind)}</span> '
            f"{html.escape(r.answer)}</td><td>{html.escape(r.value)}</td>"
            f"<td>{r.games or '—'}</td><td>{html.escape(r.bots)}</td></tr>")
    return (f'<table class="verdicts" id="{ident}"><thead>{head}</thead><tbody>'
            + "\n".join(body) + "</tbody></table>")


def table_md(rows: Sequence[VerdictRow], prefix: dict[int, str] | None = None) -> str:
    lines = ["| Question | Players | Answer | Value (95% CI) | Games | Bots |",
             "|---|---|---|---|---|---|"]
    for i, r in enumerate(rows):
        game = (prefix or {}).get(i, "")
        question = f"{game}: {r.question}" if game else r.question
        question += f" ({r.arm})" if r.arm else ""
        lines.append(f"| [{question}](#{r.section}) | {r.players} | **{r.mark or r.kind}** "
                     f"{r.answer} | {r.value} | {r.games or '—'} | {r.bots} |")
    return "\n".join(lines)
