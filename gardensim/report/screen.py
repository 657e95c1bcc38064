"""The report's first screen: every question of the study answered in one screen at 1440×900.

The answer grid (:mod:`gardensim.report.verdicts`) holds one row per answer, over a hundred in
a full study; a designer reads the first screen and nothing else. So the first screen folds
those rows into *lines*, each a question asked of one game under one condition:

- an answer played at several bot strengths is one line, its cells the rungs weakest first, so
  that "does it hold at stronger play?" is read along the line, with the word *reverses* when
  two rungs lie on opposite sides of no change, and the top rung's settlement label;
- answers played at one strength are one line per game, player count, bots and study, its
  cells the conditions; the lines of several player counts with the same conditions share one
  line when their cells fit (``MERGE``).

Each cell is the row itself: the value in points, its interval as a small bar against the
±margin band, the verdict word; the row's full words, interval, games and arm are its tooltip,
and it links to the section that answers it. Rows a designer would not name on the first
screen stay in the full grid below it: mixed line-ups of a question that has mirror matches,
rule comparisons other than the study's own factor (the conditions of its game's first study),
and the seat rows of arms another question answers (a played handicap candidate). When the
same answer was played by several studies, the one with most games speaks.

Nothing here knows a game: lines come from the rows' own fields.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from gardensim.report.verdicts import VerdictRow

#: The question whose rows the study's factor is read from.
SEAT_QUESTION = "Does the first player win too often?"
#: The bar's axis: ± this many points.
SPAN = 25.0
#: Cells of several player counts that share one line (more would wrap).
MERGE = 4
MIRROR = " bots in every seat"
ROTATED = " rotated over the seats"


@dataclass(frozen=True)
class Cell:
    label: str
    row: VerdictRow


@dataclass
class Line:
    """One line of the first screen: a question asked of one game under one condition."""

    question: str
    label: str
    cells: list[Cell] = field(default_factory=list)
    #: What the line says across its cells (reversal, settlement), generated from its rows.
    note: str = ""


def rung(row: VerdictRow) -> str:
    """The bots of a row in a few words: its strength, the bot of a mirror match, or "X vs Y"
    for a rotated line-up."""
    if row.strength:
        return row.strength
    bots = row.bots
    if bots.endswith(MIRROR):
        return bots.removesuffix(MIRROR)
    return bots.removesuffix(ROTATED).replace(" and ", " vs ")


def _mirror(row: VerdictRow) -> bool:
    return bool(row.strength) or row.bots.endswith(MIRROR)


def _sides(condition: str) -> tuple[str, str] | None:
    arm, sep, base = condition.partition(" against ")
    return (arm, base) if sep else None


def factors(rows: Sequence[VerdictRow]) -> dict[str, set[str]]:
    """Per game, the conditions of its first study's seat rows: what the study set compares
    first (a drawing system, a board side)."""
    first: dict[str, str] = {}
    out: dict[str, set[str]] = {}
    for r in rows:
        if r.question != SEAT_QUESTION or r.compare:
            continue
        study = r.arm.rpartition("/")[0]
        if first.setdefault(r.game, study) == study:
            out.setdefault(r.game, set()).add(r.condition)
    return out


def shown(rows: Sequence[VerdictRow]) -> list[VerdictRow]:
    """The rows the first screen shows (module docstring), the largest of each answer; the
    seat rows of a study that another question answers move to that question."""
    factor = factors(rows)
    moved = {r.arm.rpartition("/")[0]: r.question for r in rows
             if not r.compare and r.question != SEAT_QUESTION and r.arm}
    elsewhere = {r.arm for r in rows if not r.compare and r.question != SEAT_QUESTION}
    mirrored = {(r.question, r.game) for r in rows if _mirror(r)}
    bases: dict[tuple[str, str], list[str]] = {}
    for r in rows:
        if r.compare and (sides := _sides(r.condition)):
            bases.setdefault((r.question, r.game), []).append(sides[1])
    best: dict[tuple[str, str, int, str, str], VerdictRow] = {}
    for r in rows:
        if r.question == SEAT_QUESTION and r.arm in elsewhere:
            continue
        if r.question == SEAT_QUESTION and (to := moved.get(r.arm.rpartition("/")[0])):
            r = replace(r, question=to)
        if not _mirror(r) and (r.question, r.game) in mirrored:
            continue
        sides = _sides(r.condition) if r.compare else None
        if sides is not None:
            if not set(sides) <= factor.get(r.game, set()):
                continue
            found = bases[(r.question, r.game)]
            if sides[1] != max(found, key=found.count):
                continue
        key = (r.question, r.game, r.players, r.condition, rung(r))
        if key not in best or r.games > best[key].games:
            best[key] = r
    return list(best.values())


def _order(rows: Sequence[VerdictRow], rungs: Sequence[str]) -> dict[str, int]:
    """Rungs weakest first: the studies' strength lists, then the rest as they come."""
    order = {name: i for i, name in enumerate(rungs)}
    for r in rows:
        order.setdefault(rung(r), len(order))
    return order


def reverses(cells: Sequence[Cell]) -> bool:
    """Whether two cells' intervals lie on opposite sides of no change (the fair share)."""
    above = below = False
    for c in cells:
        _, lo, hi = c.row.edge()
        above |= math.isfinite(lo) and lo > 0
        below |= math.isfinite(hi) and hi < 0
    return above and below


def lines(rows: Sequence[VerdictRow], rungs: Sequence[str] = ()) -> list[Line]:
    """The first screen's lines, in question order, then game, then player count."""
    kept = shown(rows)
    order = _order(kept, rungs)
    questions = list(dict.fromkeys(r.question for r in rows))
    questions += [q for q in dict.fromkeys(r.question for r in kept) if q not in questions]
    games = list(dict.fromkeys(r.game for r in rows))
    climbs: dict[tuple[str, str, int, str], list[VerdictRow]] = {}
    for r in kept:
        climbs.setdefault((r.question, r.game, r.players, r.condition), []).append(r)
    out: list[tuple[tuple[int, int, int, int], Line]] = []
    flat: dict[tuple[str, str, int, str, str], list[VerdictRow]] = {}
    for (question, game, players, condition), group in climbs.items():
        if len({rung(r) for r in group}) < 2:
            continue
        group.sort(key=lambda r: order[rung(r)])
        line = Line(question, f"{game} · {players}p · {condition.replace(' against ', ' vs ')}",
                    [Cell(rung(r), r) for r in group])
        top = group[-1]
        said = "reverses with strength" if reverses(line.cells) else ""
        if top.strength:
            said = f"{said}; {top.settlement}" if said else top.settlement
        line.note = said
        out.append(((questions.index(question), games.index(game), players, 0), line))
    for (question, game, players, _), group in climbs.items():
        if len({rung(r) for r in group}) >= 2:
            continue
        for r in group:
            study = r.arm.rpartition("/")[0]
            flat.setdefault((question, game, players, rung(r), study), []).append(r)
    merged: dict[tuple[str, str, str, tuple[str, ...]], list[tuple[int, list[VerdictRow]]]] = {}
    for (question, game, players, bots, _), group in flat.items():
        names = tuple(sorted(r.condition for r in group))
        merged.setdefault((question, game, bots, names), []).append((players, group))
    for (question, game, bots, _), counts in merged.items():
        # one line for several player counts when they fit on it
        chunks = ([counts] if len(counts) > 1 and sum(len(g) for _, g in counts) <= MERGE
                  else [[c] for c in counts])
        for chunk in chunks:
            group = [r for _, g in chunk for r in g]
            bases = {s[1] for r in group if (s := _sides(r.condition))}
            common = next(iter(bases)) if len(bases) == 1 else ""
            players = "/".join(f"{p}" for p, _ in chunk) + "p"
            label = f"{game} · {players} · {bots}" + (f" · vs {common}" if common else "")
            several = len(chunk) > 1
            cells = [Cell((f"{r.players}p " if several else "")
                          + (r.condition.removesuffix(f" against {common}") if common
                             else r.condition), r) for r in group]
            out.append(((questions.index(question), games.index(game), chunk[0][0], 1),
                         Line(question, label, cells)))
    return [line for _, line in sorted(out, key=lambda item: item[0])]


def _bar(row: VerdictRow) -> str:
    """The interval against the ±margin band, as positioned spans (an inline mark, not a
    figure)."""
    edge, lo, hi = row.edge()
    if not (row.share and math.isfinite(lo) and math.isfinite(hi)):
        return ""

    def x(v: float) -> float:
        return 50 + 50 * max(min(v / SPAN, 1.0), -1.0)

    m = 100 * (row.margin or 0.0)
    return (f'<span class="ibar" aria-hidden="true"><i class="band" style="left:{x(-m):.1f}%;'
            f'width:{x(m) - x(-m):.1f}%"></i><i class="zero"></i><i class="ci" style="left:'
            f'{x(lo):.1f}%;width:{max(x(hi) - x(lo), 1.0):.1f}%"></i><i class="est" style="left:'
            f'{x(edge):.1f}%"></i></span>')


def _value(row: VerdictRow) -> str:
    edge, _, _ = row.edge()
    if not math.isfinite(edge):
        return "—"
    return f"{edge:+.1f}" if row.share else f"{edge:+.2f}"


def _cell_html(cell: Cell) -> str:
    r = cell.row
    tip = " · ".join(x for x in (
        f"{r.game} {r.players}p · {r.condition} · {rung(r)}", f"{r.value_text()} "
        f"{r.interval_text()}", f"{r.word}: {r.rest}", f"{r.games} games, {r.deals} deals",
        r.arm) if x)
    tag, href = ("a", f' href="#{html.escape(r.section)}"') if r.section else ("span", "")
    return (f'<{tag}{href} class="cell" title="{html.escape(tip)}"><span class="lab">'
            f'{html.escape(cell.label)}</span> <b>{_value(r)}</b> {_bar(r)}'
            f'<span class="mark {r.kind}">{html.escape(r.word)}</span></{tag}>')


def screen_html(rows: Sequence[VerdictRow], rungs: Sequence[str] = (),
                ident: str = "verdict-table") -> str:
    """The first screen's table; values are points from fair (or from no change)."""
    found = lines(rows, rungs)
    margins = {100 * r.margin for r in rows if r.margin is not None and r.share}
    band = f"±{min(margins):g}-point" if margins else "margin"
    head = ("<tr><th>Question</th><th>Game · players · condition or bots</th>"
            f"<th>Points from fair (or from no change) · bar: 95% interval against the {band} "
            "band · in italics: as bots get stronger</th></tr>")
    body, last = [], None
    for line in found:
        question = "" if line.question == last else html.escape(line.question)
        last = line.question
        cells = "".join(_cell_html(c) for c in line.cells)
        if line.note:
            cells += f'<span class="settle">{html.escape(line.note)}</span>'
        body.append(f'<tr><th scope="row">{question}</th><td class="where">'
                    f'{html.escape(line.label)}</td><td class="cells">{cells}</td></tr>')
    return (f'<div class="scroll"><table class="screen" id="{ident}"><thead>{head}</thead>'
            "<tbody>" + "\n".join(body) + "</tbody></table></div>")


__all__ = ["Cell", "Line", "SEAT_QUESTION", "factors", "lines", "reverses",
           "rung", "screen_html", "shown"]
