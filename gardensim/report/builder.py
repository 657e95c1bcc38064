"""Write a self-contained HTML report, a markdown summary and a CSV per table from runs.

The report reads only what a run carries (``games``, ``turns``, ``study``, ``manifest``), so a
stored run, a fresh :func:`gardensim.simulate` result or a synthetic stand-in all work. Layout
lives in ``templates/`` (``string.Template`` files); this module only fills them. Figures are
embedded as base64 PNG so ``index.html`` opens anywhere with no other file.

Runs of different games never share a section: each game gets a part of its own, headed by the
game's title, with the questions its spec declares (``sections.part_spec``). In a report of
several games the section ids and table files of a part start with the game's name
(``<game>-seat``, ``tables/<game>-seat-shares.csv``); a report of one game has no part heading
and plain names. Board pictures come from the games' own report parts.
"""

from __future__ import annotations

import base64
import html
import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from string import Template
from typing import TYPE_CHECKING, Any

from gardensim import __version__
from gardensim.analysis.frames import combine
from gardensim.core.errors import ConfigError
from gardensim.report.conditions import game_words, labelled, run_labels
from gardensim.report.outdir import check_target, staged
from gardensim.report.screen import screen_html
from gardensim.report.sections import (
    Budget,
    PartSpec,
    Section,
    adjust_seat_tests,
    compute_sections,
    ladder_section,
    part_spec,
)
from gardensim.report.verdicts import (
    CSV_COLUMNS,
    VerdictRow,
    in_family,
    mark_incomplete,
    ordered,
    table_html,
    table_md,
    too_few_deals_row,
)
from gardensim.sim.studyfile import to_toml

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

TEMPLATES = Path(__file__).parent / "templates"
DPI = 100
#: how the tables' CSV files write floats: 12 significant digits, as a float's last bits
#: depend on the machine's floating-point paths (SIMD width, library builds), and a report
#: regenerated elsewhere from the same games must have the same bytes
TABLE_FLOATS = "%.12g"


def template(name: str) -> Template:
    """A template file of ``templates/``."""
    return Template((TEMPLATES / name).read_text(encoding="utf-8"))


def study_dict(run: Any) -> dict[str, Any]:
    """The study of a run as a plain dict (a :class:`~gardensim.sim.study.Study` or a mapping)."""
    study = getattr(run, "study", None)
    if study is None:
        study = (getattr(run, "manifest", None) or {}).get("study", {})
    if hasattr(study, "to_dict"):
        return dict(study.to_dict())
    return dict(study) if isinstance(study, Mapping) else {}


def file_name(name: str) -> str:
    """``name`` made safe as one file name (a study built in Python may hold a '/')."""
    safe = re.sub(r"[/\\\x00-\x1f]+", "-", name).lstrip(".-")
    return safe or "study"


def figure_png(fig: Figure) -> tuple[str, int, int]:
    """(base64 PNG, width px, height px) of a figure."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    width, height = (int(round(x * DPI)) for x in fig.get_size_inches())
    return base64.b64encode(buf.getvalue()).decode("ascii"), width, height


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return "" if value != value else f"{value:.4g}"
    return str(value)


def _seeds_text(studies: Sequence[Mapping[str, Any]]) -> str:
    """The studies' master seeds for the page's header line. The header holds no clock time, so
    the same runs give a byte-identical report (``make demo`` leaves the committed copy as is)."""
    seeds = sorted({int(s["seed"]) for s in studies if "seed" in s})
    if not seeds:
        return "no seed"
    return ("seed " if len(seeds) == 1 else "seeds ") + ", ".join(map(str, seeds))


def _runs(run_or_runs: Any) -> list[Any]:
    if hasattr(run_or_runs, "games"):
        return [run_or_runs]
    runs = list(run_or_runs)
    if not runs:
        raise ValueError("build_report needs at least one run")
    return runs


def _default_command(runs: Sequence[Any], out_dir: Path) -> str:
    paths = [str(r.path) for r in runs if getattr(r, "path", None)]
    if len(paths) == len(runs):
        return f"gardensim report {' '.join(paths)} --out {out_dir}"
    return "built in Python from in-memory frames: gardensim.report.build_report(runs, out_dir)"


def _section_html(s: Section, table_dir: str, chart: bool = False) -> str:
    """A section chart-first: its lede (the first sentence), its first chart when it answers a
    row of the first screen (``chart``), and the rest folded, so the page stays a few screens
    long and every detail is one click away."""
    lede = [f'<p class="answer">{html.escape(t)}</p>' for t in s.sentences[:1]]
    figures = [template("figure.html").substitute(
        data=data, caption=html.escape(caption), width=width, height=height)
        for caption, fig in s.figures for data, width, height in [figure_png(fig)]]
    shown, folded = (figures[:1], figures[1:]) if chart else ([], figures)
    rest = [f'<p class="answer">{html.escape(t)}</p>' for t in s.sentences[1:]]
    if s.note:
        rest.append(f'<p class="note">{html.escape(s.note)}</p>')
    rest += folded
    for name, frame in s.tables:
        rest.append(template("table.html").substitute(
            name=html.escape(name), csv=f"{table_dir}/{name}.csv",
            html=frame.to_html(index=False, classes="data", border=0, na_rep="",
                               float_format=lambda x: f"{x:.4g}")))
    counts = [(len(s.sentences) - len(lede), "sentence"), (len(folded), "chart"),
              (len(s.tables), "table")]
    what = ", ".join(f"{n} {word}{'s' if n > 1 else ''}" for n, word in counts if n)
    more = (f'<details class="more"><summary>More: {what}</summary>' + "\n".join(rest)
            + "</details>") if rest else ""
    return template("section.html").substitute(
        id=s.id, title=html.escape(s.title), question=html.escape(s.question),
        body="\n".join([*lede, *shown, more]))


def _section_md(s: Section, table_dir: str, heading: str = "##") -> str:
    """A section in the summary: its question, its first sentence and its tables' links; the
    other sentences and the figures are on the page (``index.html#id``), so the summary stays
    one read (the grid above it holds every answer)."""
    parts = []
    if s.sentences:
        more = len(s.sentences) - 1
        parts.append(s.sentences[0] + (f" ([{more} more](index.html#{s.id}))" if more else ""))
    if s.note:
        parts.append(f"> {s.note}")
    if s.tables:
        parts.append("Tables: " + ", ".join(f"[{name}]({table_dir}/{name}.csv)"
                                            for name, _ in s.tables))
    return template("section.md").substitute(heading=heading, title=s.title,
                                             question=s.question, body="\n\n".join(parts))


@dataclass
class Part:
    """The sections of one game's runs, the sentences it repeats as answers, its rows of the
    verdict table, and the sections it leaves out because its runs cannot answer them."""

    game: str
    spec: PartSpec
    runs: list[Any]
    games: int
    sections: list[Section]
    answers: list[str]
    rows: list[VerdictRow] = field(default_factory=list)
    #: (title, why) of each question left out: its section would only have said so.
    skipped: list[tuple[str, str]] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        return f"part-{self.game}"

    def summary(self) -> str:
        names = ", ".join(str(study_dict(r).get("name", "study")) for r in self.runs)
        arms = sorted({str(a) for r in self.runs for a in r.games["arm"].unique()})
        return f"Studies {names}: {self.games} games; arms {', '.join(arms)}."


def _runs_by_game(runs: Sequence[Any]) -> dict[str, list[Any]]:
    """Runs grouped by game, games in the order they first appear."""
    out: dict[str, list[Any]] = {}
    for run in runs:
        out.setdefault(str(study_dict(run).get("game") or "games"), []).append(run)
    return out


def _fair_margin(runs: Sequence[Any], budget: Budget) -> float:
    """The equivalence margin of a part: its studies' ``fair_margin`` (the strictest when they
    differ), else the budget's default."""
    margins = [float(m) / 100 for r in runs if (m := study_dict(r).get("fair_margin")) is not None]
    return min(margins) if margins else budget.fair_margin


def incomplete_arms(runs: Sequence[Any]) -> dict[str, tuple[int, int]]:
    """Arms of runs that stopped before their planned games: ``{arm: (played, planned)}``
    (an arm with no game at all counts as played 0). Reads the run's manifest."""
    out: dict[str, tuple[int, int]] = {}
    for run in runs:
        manifest = getattr(run, "manifest", None) or {}
        planned = (manifest.get("games") or {}).get("per_arm")
        if planned is None or manifest.get("status") == "complete":
            continue
        arms = list((manifest.get("games") or {}).get("arms") or manifest.get("arms") or [])
        played = run.games["arm"].astype(str).value_counts()
        for arm in arms or list(played.index):
            count = int(played.get(str(arm), 0))
            if count < int(planned):
                out[str(arm)] = (count, int(planned))
    return out


def _progress_bar(total: int, progress: bool | None) -> Any:
    """A tqdm bar over report sections on stderr when asked, or by default when stderr is a
    terminal; None when silent."""
    import sys

    if progress is None:
        progress = sys.stderr.isatty()
    if not progress:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="report", unit="section", file=sys.stderr, leave=False)


def _is_empty(s: Section) -> bool:
    return not (s.sentences or s.figures or s.tables)


def estimable(games: pd.DataFrame, margin: float) -> tuple[pd.DataFrame, list[VerdictRow]]:
    """The games of arms with enough deals to estimate anything, in their stored order (the
    study's order of arms is the order of its strengths, weakest first), and a row for every
    other arm saying how many more games it needs (no interval is computed for it)."""
    import pandas as pd

    from gardensim.analysis.frames import bots_phrase, deals_of, groups
    from gardensim.analysis.verdict import MIN_DEALS

    keep, rows = [], []
    for arm, players, group in groups(games):
        deals = len(set(deals_of(group).tolist()))
        if deals >= MIN_DEALS:
            keep.append((arm, players))
        else:
            rows.append(too_few_deals_row(arm, players, len(group), deals,
                                          bots_phrase(group, players), margin))
    kept = pd.MultiIndex.from_tuples(keep, names=["arm", "players"]) if keep else None
    if kept is None:
        return games.iloc[:0], rows
    mask = pd.MultiIndex.from_arrays([games["arm"].astype(str), games["players"].astype(int)]
                                     ).isin(kept)
    return games[mask], rows


def compute_parts(runs: Sequence[Any], budget: Budget | None = None,
                  progress: bool | None = False,
                  ladders: Sequence[tuple[str, pd.DataFrame]] = ()) -> list[Part]:
    """One part per game; with several games, ids and table names get the game as prefix.
    The answers of all parts are one family: their verdicts read intervals simultaneous over
    every row of the answer grid. Arms with too few deals to estimate get a row saying so
    and take no part in any section. A section with nothing but a note (the runs cannot
    answer it) is left out and listed in the part's ``skipped``. A game's proved strength
    ladder (``ladders``: game, table) is its part's second section."""
    by_game = _runs_by_game(runs)
    budget = budget or Budget()
    specs = {game: part_spec(game) for game in by_game}
    bar = _progress_bar(sum(len(s.sections) for s in specs.values()), progress)
    computed = []
    try:
        for game, group in by_game.items():
            spec = specs[game]
            games, turns = combine(group)
            part_budget = replace(budget, fair_margin=_fair_margin(group, budget),
                                  columns=spec.columns)
            usable, thin = estimable(games, part_budget.fair_margin)
            if len(usable) < len(games) and "arm" in turns and len(turns):
                turns = turns[turns["arm"].isin(usable["arm"].unique())]
            sections = (compute_sections(usable, turns, part_budget, spec.sections,
                                         spec.questions, progress=bar) if len(usable) else [])
            sections[1:1] = [ladder_section(t) for name, t in ladders if name == game]
            computed.append((game, spec, group, len(games), sections, thin, usable,
                             part_budget))
    finally:
        if bar is not None:
            bar.close()

    def answer_rows(spec: PartSpec, sections: list[Section]) -> list[VerdictRow]:
        return [r for s in sections if s.id in spec.answers for r in s.rows]

    family = sum(len(answer_rows(spec, secs)) + len(thin)
                 for _, spec, _, _, secs, thin, *_ in computed)
    adjust_seat_tests([s for c in computed for s in c[4]], family)
    incomplete = set(incomplete_arms(runs))
    parts = []
    for game, spec, group, count, sections, thin, usable, part_budget in computed:
        answers = [t for s in sections if s.id in spec.answers
                   for t in (s.sentences if s.answers is None else s.answers)]
        skipped = [(s.title, s.note) for s in sections if _is_empty(s)]
        sections = [s for s in sections if not _is_empty(s)]
        if len(by_game) > 1:
            sections = [replace(s, id=f"{game}-{s.id}",
                                tables=[(f"{game}-{name}", f) for name, f in s.tables])
                        for s in sections]
        rows = list(thin)
        for s, sid in zip(sections, (s.id for s in sections), strict=True):
            base = sid.removeprefix(f"{game}-") if len(by_game) > 1 else sid
            if base in spec.answers:
                rows += [replace(r, section=r.section or sid) for r in s.rows]
        rows = settled(rows, usable, part_budget)
        rows = labelled(rows, run_labels(group, game_words(game)))
        rows = [replace(r, game=spec.title) for r in rows]
        rows = ordered(mark_incomplete(in_family(rows, family), incomplete))
        parts.append(Part(game, spec, group, count, sections, answers, rows, skipped))
    return parts


#: The settlement label of an answer played at several strengths that no test reads.
NOT_TESTED = "not tested for settlement (only the first player's share is)"


def settled(rows: Sequence[VerdictRow], games: pd.DataFrame,
            budget: Budget) -> list[VerdictRow]:
    """Rows of arms played at several strengths (``arm@strength``) with their strength and,
    for the first player's share and a rule's effect on it, whether that answer settled as the
    bots got stronger (:func:`analysis.settle.settlement`, per study: its arms share deals);
    rows of one strength keep "one strength only"."""
    from gardensim.analysis.arms import outcome
    from gardensim.analysis.frames import MissingData
    from gardensim.analysis.settle import settlement
    from gardensim.analysis.strength import split_arm

    if not len(games) or not any(split_arm(r.arm)[1] for r in rows):
        return list(rows)
    names = games["arm"].astype(str)
    marked = names.map(lambda a: split_arm(a)[1] is not None)
    labels: dict[tuple[int, str], str] = {}
    for _, study in games[marked].groupby(names[marked].map(lambda a: a.rpartition("/")[0]),
                                          sort=False):
        try:
            table = settlement(study, 100 * budget.fair_margin, boot=budget.arms)
        except MissingData:
            continue
        labels.update({(int(t.players), str(t.condition)): str(t.settlement)
                       for t in table.itertuples(index=False)})
    out = []
    for r in rows:
        arm, strength = split_arm(r.arm)
        if strength is None:
            out.append(r)
            continue
        condition = arm
        if r.compare:
            base = r.condition.partition(" against ")[2]
            study = arm.rpartition("/")[0]
            base_arm = split_arm(f"{study}/{base}" if study else base)[0]
            condition = f"{arm} vs {base_arm}"
        first = r.who == ("first player" if not r.compare
                          else outcome("first_player").description)
        label = labels.get((r.players, condition)) if first else None
        out.append(replace(r, strength=strength, settlement=label or NOT_TESTED))
    return out


def _contents_html(parts: Sequence[Part], extra: Sequence[tuple[str, str]]) -> str:
    def items(entries: Iterable[tuple[str, str]]) -> str:
        return "".join(f'<li><a href="#{sid}">{html.escape(t)}</a></li>' for sid, t in entries)

    if len(parts) == 1:
        return items([(s.id, s.title) for s in parts[0].sections] + list(extra))
    nested = "".join(
        f'<li><a href="#{p.anchor}">{html.escape(p.spec.title)}</a><ol>'
        f"{items((s.id, s.title) for s in p.sections)}</ol></li>" for p in parts)
    return nested + items(extra)


def _verdict_rows(parts: Sequence[Part]) -> list[VerdictRow]:
    """Every part's rows in report order."""
    return [row for p in parts for row in p.rows]


def answers_frame(parts: Sequence[Part]) -> pd.DataFrame:
    """``tables/answers.csv``: one line per row of the answer grid, the words included."""
    import pandas as pd

    return pd.DataFrame.from_records([r.record() for r in _verdict_rows(parts)],
                                     columns=CSV_COLUMNS)


def rungs_of(runs: Sequence[Any]) -> list[str]:
    """The strengths the studies climb, weakest first, in the order the studies list them."""
    out: list[str] = []
    for run in runs:
        for name in study_dict(run).get("strengths") or ():
            if isinstance(name, str) and name not in out:
                out.append(name)
    return out


def _verdicts_html(parts: Sequence[Part]) -> str:
    """The first screen (:mod:`.screen`), then every row of the answer grid, folded."""
    rows = _verdict_rows(parts)
    if not rows:
        return '<p class="note">No question of this report has a verdict.</p>'
    rungs = rungs_of([r for p in parts for r in p.runs])
    return (screen_html(rows, rungs) + '<details id="all-answers"><summary>Every answer in '
            f"full: {len(rows)} rows, with their words (also "
            '<a href="tables/answers.csv">answers.csv</a>)</summary>'
            + table_html(rows, "answer-table") + "</details>")


def bots_of(runs: Sequence[Any]) -> list[str]:
    """Every bot that sat at a table in the runs, in order of first appearance."""
    names: list[str] = []
    for run in runs:
        for col in (c for c in run.games.columns if re.fullmatch(r"bot_\d+", str(c))):
            for name in run.games[col].dropna().astype(str).unique():
                if name not in names:
                    names.append(name)
    return names


def _bots_text(parts: Sequence[Part]) -> tuple[str, str | None]:
    """The sentence naming the bots, and the id of the section measuring their strength."""
    names = bots_of([r for p in parts for r in p.runs])
    listed = ", ".join(names) if names else "unnamed bots"
    link = next((s.id for p in parts for s in p.sections
                 if s.id.endswith(("strength", "skill", "luck-compare"))), None)
    text = (f"Bots that played: {listed}. Every answer describes games between these bots, "
            "not people: an edge that greedy play shows may be larger or smaller when people "
            "play, and a rule that is fair for one bot may not be for another.")
    return text, link


def _bots_html(parts: Sequence[Part]) -> str:
    text, link = _bots_text(parts)
    more = (f' How strong they are against each other: <a href="#{link}">bot strength</a>.'
            if link else "")
    return f'<div class="bots"><p>{html.escape(text)}{more}</p></div>'


def _partial_text(runs: Sequence[Any]) -> str:
    """The warning of a report on runs that stopped early, or an empty string."""
    short = incomplete_arms(runs)
    if not short:
        return ""
    played = sum(p for p, _ in short.values())
    planned = sum(q for _, q in short.values())
    missing = sorted(a for a, (p, _) in short.items() if p == 0)
    text = (f"Incomplete run: the unfinished arms played {played} of {planned} planned games "
            f"({', '.join(f'{a} {p}/{q}' for a, (p, q) in sorted(short.items()))}).")
    if missing:
        text += f" Missing arms (no game played): {', '.join(missing)}."
    return text + (" Their rows say \"incomplete\"; finish the run with gardensim simulate "
                   "--resume and rebuild the report.")


def _skipped_html(parts: Sequence[Part]) -> str:
    items = [(p.spec.title if len(parts) > 1 else "", t, why) for p in parts
             for t, why in p.skipped]
    if not items:
        return ""
    lis = "".join(f"<li>{html.escape(f'{g}: ' if g else '')}{html.escape(t)}: "
                  f"{html.escape(why or 'nothing to show')}</li>" for g, t, why in items)
    return (f'<section id="not-applicable"><h2>Not applicable</h2><p class="question">'
            f"Questions these runs cannot answer, left out of the report.</p><ul>{lis}</ul>"
            "</section>")


def _sections_html(parts: Sequence[Part]) -> str:
    out = []
    for p in parts:
        if len(parts) > 1:
            out.append(template("part.html").substitute(
                id=p.anchor, title=html.escape(p.spec.title), summary=html.escape(p.summary())))
        prefix = f"{p.game}-" if len(parts) > 1 else ""
        out += [_section_html(s, "tables", chart=bool(s.rows) and s.id.removeprefix(prefix)
                              in p.spec.answers) for s in p.sections]
    return "\n".join(out)


def _sections_md(parts: Sequence[Part]) -> str:
    if len(parts) == 1:
        return "\n".join(_section_md(s, "tables") for s in parts[0].sections)
    return "\n".join(f"## {p.spec.title}\n\n{p.summary()}\n\n"
                     + "\n".join(_section_md(s, "tables", "###") for s in p.sections)
                     for p in parts)


def _pictures(runs: Sequence[Any]) -> list[tuple[str, Figure]]:
    """Board pictures of each game: its report part's own (``ReportPart.pictures``, given that
    game's runs), else each board its runs used drawn by its ``renderer``, if it has one.
    Games render their own boards; the report never imports an engine itself."""
    from gardensim.core import registry
    from gardensim.core.errors import ConfigError
    from gardensim.core.spec import load

    out = []
    for game, group in _runs_by_game(runs).items():
        try:
            spec = registry.game_spec(game)
        except ConfigError:
            continue
        if spec.report is not None and spec.report.pictures is not None:
            out += load(spec.report.pictures)(group)
        elif spec.renderer is not None:
            draw = load(spec.renderer)
            out += [(f"The {board} board.", draw(board, title=board))
                    for board in _boards_used(group, spec.default_board)]
    return out


def _boards_used(runs: Sequence[Any], default: str | None) -> list[str]:
    """Boards the runs' arms played, in order of first use (the study's, else the game's
    default, for arms that name none)."""
    boards: list[str] = []
    for run in runs:
        study = study_dict(run)
        arms = (getattr(run, "manifest", None) or {}).get("arms", {})
        base = study.get("board") or default
        for board in [c.get("board") or base for c in arms.values()] or [base]:
            if board is not None and board not in boards:
                boards.append(board)
    return boards


def _pictures_html(runs: Sequence[Any]) -> str:
    """The "Gardens" section, or nothing when no run can be drawn."""
    try:
        pictures = _pictures(runs)
    except Exception as exc:  # pictures are a courtesy; the statistics stand without them
        body = f'<p class="note">Board pictures unavailable: {html.escape(str(exc))}</p>'
        return template("pictures.html").substitute(body=body)
    parts = []
    for caption, fig in pictures:
        data, width, height = figure_png(fig)
        parts.append(template("figure.html").substitute(
            data=data, caption=html.escape(caption), width=width, height=height))
    return template("pictures.html").substitute(body="\n".join(parts)) if parts else ""


def _study_summary(run: Any, study: Mapping[str, Any]) -> str:
    manifest = getattr(run, "manifest", None) or {}
    games = len(run.games)
    arms = ", ".join(sorted(str(a) for a in run.games["arm"].unique()))
    where = f" stored at {run.path}" if getattr(run, "path", None) else ""
    status = manifest.get("status", "unknown")
    version = manifest.get("gardensim_version", manifest.get("version", "unknown"))
    return (f"{games} games over arms {arms}; status {status}; played with gardensim "
            f"{version}{where}.")


def build_report(
    run_or_runs: Any,
    out_dir: str | Path,
    *,
    command: str | None = None,
    title: str | None = None,
    budget: Budget | None = None,
    pictures: bool = True,
    notice: str | None = None,
    progress: bool | None = None,
    ladders: Sequence[tuple[str, pd.DataFrame]] = (),
) -> Path:
    """Write ``index.html``, ``summary.md``, ``tables/*.csv`` and ``studies/*.toml`` into
    ``out_dir`` from one run or several (for example one per player count); returns the path of
    ``index.html``. ``command`` is the command line printed as the way to reproduce it;
    ``notice`` a line shown under the title (the light version says so there); ``progress``
    shows a bar over the sections (default: when stderr is a terminal); ``ladders`` (game,
    table) are proved strength ladders, each shown in its game's part."""
    runs = _runs(run_or_runs)
    out = Path(out_dir)
    check_target(out)
    _refuse_empty(runs)
    parts = compute_parts(runs, budget, progress, ladders)
    with staged(out) as folder:
        _write(folder, out, runs, parts, command=command, title=title, pictures=pictures,
               notice=notice)
    return out / "index.html"


def _refuse_empty(runs: Sequence[Any]) -> None:
    """A run with no games has nothing to report; say which and how to fill it."""
    for run in runs:
        if len(run.games) == 0:
            path = getattr(run, "path", None)
            name = study_dict(run).get("name", "study")
            fix = f"; finish it with gardensim simulate --resume {path}" if path else ""
            raise ConfigError(f"{path or name}: the run holds no games yet{fix}")


def write_table(frame: Any, path: Path) -> None:
    """A report table as CSV, floats to ``TABLE_FLOATS``."""
    frame.to_csv(path, index=False, float_format=TABLE_FLOATS)


def _write(folder: Path, out: Path, runs: Sequence[Any], parts: list[Part], *,
           command: str | None, title: str | None, pictures: bool,
           notice: str | None = None) -> None:
    """Write every file of the report into ``folder`` (which becomes ``out``)."""
    tables_dir, studies_dir = folder / "tables", folder / "studies"
    tables_dir.mkdir()
    studies_dir.mkdir()
    for s in (s for p in parts for s in p.sections):
        for name, frame in s.tables:
            write_table(frame, tables_dir / f"{name}.csv")
    write_table(answers_frame(parts), tables_dir / "answers.csv")

    studies = [study_dict(r) for r in runs]
    study_html, study_md = [], []
    for run, study in zip(runs, studies, strict=True):
        name = str(study.get("name", "study"))
        toml = to_toml(study)
        (studies_dir / f"{file_name(name)}.toml").write_text(toml, encoding="utf-8")
        summary = _study_summary(run, study)
        study_html.append(template("study.html").substitute(
            name=html.escape(name), summary=html.escape(summary), toml=html.escape(toml)))
        study_md.append(f"- **{name}**: {summary} [Study file](studies/{file_name(name)}.toml).")

    names = [str(s.get("name", "study")) for s in studies]
    title = title or f"gardensim report: {', '.join(names)}"
    command = command or _default_command(runs, out)
    common = dict(title=title, version=__version__, seeds=_seeds_text(studies),
                  games_total=sum(p.games for p in parts))
    notice_html = f'<p class="notice">{html.escape(notice)}</p>' if notice else ""
    partial = _partial_text(runs)
    warning_html = f'<p class="warning" id="partial">{html.escape(partial)}</p>' if partial else ""

    pictures_html = _pictures_html(runs) if pictures else ""
    skipped_html = _skipped_html(parts)
    extra = [("pictures", "Gardens")] if pictures_html else []
    extra += [("not-applicable", "Not applicable")] if skipped_html else []
    extra += [("study", "Study and reproduction")]
    page = template("index.html").substitute(
        **{k: html.escape(str(v)) for k, v in common.items()},
        notice=notice_html,
        warning=warning_html,
        verdicts=_verdicts_html(parts),
        bots=_bots_html(parts),
        toc=_contents_html(parts, extra),
        sections=_sections_html(parts),
        skipped=skipped_html,
        command=html.escape(command),
        pictures=pictures_html,
        studies="\n".join(study_html),
    )
    (folder / "index.html").write_text(page, encoding="utf-8")
    rows = _verdict_rows(parts)
    bots_text, _ = _bots_text(parts)
    skipped_md = "\n".join(f"- {t}: {why}" for p in parts for t, why in p.skipped)
    summary_md = template("summary.md").substitute(
        **common, notice=f"\n> {notice}\n" if notice else "", command=command,
        warning=f"\n> **{partial}**\n" if partial else "",
        verdicts=table_md(rows) if rows else "No question has a verdict.",
        bots=bots_text,
        skipped=f"## Not applicable\n\n{skipped_md}\n" if skipped_md else "",
        sections=_sections_md(parts),
        studies="\n".join(study_md),
    )
    (folder / "summary.md").write_text(summary_md, encoding="utf-8")
