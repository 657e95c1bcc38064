"""The questions a report answers, each computed from the frames into a :class:`Section`.

A section holds its plain-English sentences, its figures and its tables; a question the frames
cannot answer (a missing column, a single arm, a single bot) becomes a section with a note
saying why, so one report layout serves every game and study. A report covering several games
gives each game a part of its own: the questions its spec declares
(:class:`~gardensim.core.spec.ReportPart`), generic ones from :data:`SECTIONS` and the game's
own, so a game is never asked another game's questions.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pandas as pd

from gardensim.analysis import arms, luck, plots, samplesize, scores, seat, shape, strength, upsets
from gardensim.analysis.frames import MissingData
from gardensim.analysis.verdict import FAIR_MARGIN
from gardensim.core.spec import GENERIC_COLUMNS, Columns, Question, load
from gardensim.report.verdicts import VerdictRow, comparison_row, seat_rows

if TYPE_CHECKING:
    from matplotlib.figure import Figure


@dataclass
class Section:
    """One question of the report and its answer."""

    id: str
    title: str
    question: str
    sentences: list[str] = field(default_factory=list)
    figures: list[tuple[str, Figure]] = field(default_factory=list)
    tables: list[tuple[str, pd.DataFrame]] = field(default_factory=list)
    note: str = ""
    #: The sentences repeated under "Answers in brief" (default: all of them).
    answers: list[str] | None = None
    #: Result objects a report adjusts after every part is computed (the seat tests).
    results: dict[str, list[Any]] = field(default_factory=dict)
    #: Rows of the verdict table this section answers (shown when the part lists it among
    #: its answers).
    rows: list[VerdictRow] = field(default_factory=list)

    def show(self, summary: Any, caption: str, figure: Figure, table: str) -> None:
        """Answer with a summary of ``analysis.shape`` (its sentences and its table) and one
        figure."""
        self.sentences = summary.sentences
        self.figures.append((caption, figure))
        self.tables.append((table, summary.table))


@dataclass
class Budget:
    """Bootstrap replicates (and permutations) per method: small for tests, larger for real
    reports; and the study's equivalence margin for seat verdicts."""

    variance: int = 300
    skill: int = 400
    #: Paired comparisons use deal-clustered t intervals now; kept so callers' budgets stand.
    arms: int = 2000
    permutations: int = 999
    fair_margin: float = FAIR_MARGIN
    #: What the part's game columns mean (its standing, its start player), from its spec.
    columns: Columns = GENERIC_COLUMNS


def _need_turns(turns: pd.DataFrame, what: str) -> None:
    """Questions about the course of a game read the turns frame, which a run stores only
    with telemetry."""
    if turns.empty:
        raise MissingData(f"{what} the turns frame (telemetry); skipped")


def _frame(results: list[Any], attr: str, **extra: Any) -> pd.DataFrame:
    return pd.concat([getattr(r, attr).assign(**{k: getattr(r, v) for k, v in extra.items()})
                      for r in results], ignore_index=True)


def seat_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    start = budget.columns.start_player
    per_arm = seat.seat_advantage(games, budget.fair_margin, adjust=False, start_player=start)
    s.results = {"answers": per_arm, "per_arm": per_arm}
    s.figures.append(("Win share per seat with 95% intervals clustered on deals; dashed: fair "
                      "share.", plots.seat_plot(per_arm)))
    render_seat(s)


def render_seat(s: Section) -> None:
    """Sentences and tables of the seat section from its results: one answer per arm, each
    with its verdict (a study's arms are its factor, never pooled)."""
    answers, per_arm = s.results["answers"], s.results["per_arm"]
    s.answers = [r.sentence for r in answers]
    s.rows = seat_rows(answers)
    s.sentences = list(s.answers)
    s.tables = [("seat-shares", seat.seat_frame(per_arm)),
                ("seat-verdicts", seat.verdict_frame(answers))]


def adjust_seat_tests(sections: list[Section], family: int = 1) -> None:
    """Holm's correction over every seat test the report states (all parts), the verdicts
    read from intervals simultaneous over the ``family`` answers of the grid, and the seat
    sections rewritten with them."""
    mine = [sec for sec in sections if sec.results.get("answers")]
    answers = [r for sec in mine for r in sec.results["answers"]]
    if not answers:
        return
    seat.holm(answers, family)
    for sec in mine:
        render_seat(sec)


def variance_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    results = luck.variance_decomposition(games, boot=budget.variance)
    s.sentences = [r.sentence for r in results]
    s.figures.append(("Shares of the variance of a player's result, from duplicate play.",
                      plots.variance_plot(results)))
    s.tables.append(("variance-components", _frame(results, "table", arm="arm",
                                                   players="players", deals="deals")))


def luck_compare_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    notes = []
    try:
        upset = upsets.upset_rate(games)
    except MissingData as exc:
        notes.append(str(exc))
    else:
        s.sentences += [r.sentence for r in upset]
        s.rows += [comparison_row(
            "Luck: the weaker bot's upset rate", r.players, r.arm, r.baseline, r.difference,
            r.ci, r.pairs, r.bots, f"the weaker bot ({r.weaker}) wins",
            margin=budget.fair_margin) for r in upset]
        s.figures.append(("How often the weaker bot beats the stronger, per arm, with 95% "
                          "intervals clustered on deals.", plots.upset_plot(upset)))
        s.tables.append(("upset-rates", upsets.upset_frame(upset)))
    try:
        results = arms.compare_luck(games, boot=budget.variance, columns=budget.columns)
    except MissingData as exc:
        if not s.sentences:
            raise MissingData(" ".join([*notes, str(exc)])) from None
        notes.append(str(exc))
    else:
        s.sentences += [r.sentence for r in results]
        s.rows += [comparison_row(
            "Luck: how much the deal decides", r.players, r.arm, r.baseline, r.difference,
            r.ci, r.deals, r.bots, f"the deal's share of the result (on {r.deals} common "
            "deals)", margin=budget.fair_margin, deals=r.deals)
            for r in results if all(map(math.isfinite, r.ci))]
        s.figures.append(("Deal share of outcome variance for these bots, arm minus baseline, "
                          "on common deals.", plots.luck_compare_plot(results)))
        s.tables.append(("luck-comparison", pd.DataFrame.from_records([
            {"players": r.players, "baseline": r.baseline, "arm": r.arm, "deals": r.deals,
             "baseline_deal_share": r.baseline_share, "arm_deal_share": r.arm_share,
             "difference": r.difference, "lo": r.ci[0], "hi": r.ci[1],
             "gap_difference": r.gap_difference,
             "gap_lo": None if r.gap_ci is None else r.gap_ci[0],
             "gap_hi": None if r.gap_ci is None else r.gap_ci[1]} for r in results])))
    s.note = " ".join(notes)


def skill_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    results = luck.skill_expression(games, boot=budget.skill)
    s.sentences = [r.sentence for r in results]
    s.figures.append(("Stronger bot's score and spread of Elo ratings, 95% bootstrap intervals.",
                      plots.skill_plot(results)))
    s.tables.append(("skill-ratings", _frame(results, "ratings")))


def arms_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    results = arms.compare_arms(games, "first_player")
    try:
        results += arms.compare_arms(games, "stronger_bot")
    except MissingData:
        pass
    s.answers = [r.sentence for r in results]
    s.rows = [comparison_row(
        f"Rule variant: {arms.outcome(r.outcome).description}", r.players, r.arm, r.baseline,
        r.difference, r.ci, r.pairs, r.bots, arms.outcome(r.outcome).description,
        margin=budget.fair_margin) for r in results]
    results += arms.compare_arms(games, "turns")
    s.sentences = [r.sentence for r in results]
    s.figures.append(("Arm minus baseline with 95% intervals clustered on deals.",
                      plots.arms_plot(results)))
    s.tables.append(("arm-comparisons", arms.comparison_frame(results)))


def strength_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    sweeps = strength.seat_across_strengths(games, boot=budget.arms)
    try:
        sweeps += strength.arms_across_strengths(games, boot=budget.arms)
    except MissingData:
        pass
    s.sentences = [w.sentence for w in sweeps]
    s.tables.append(("strength-sweeps", strength.strength_frame(sweeps)))


def scores_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    distributions = scores.score_distributions(games)
    s.sentences = [r.sentence for r in distributions]
    s.figures.append(("Every player's final score, by arm; dashed: the means.",
                      plots.score_plot(distributions)))
    s.tables.append(("score-distributions", scores.distribution_frame(distributions)))
    try:
        comparisons = scores.compare_scores(games, resamples=budget.permutations)
    except MissingData as exc:
        s.note = str(exc)
        return
    s.answers = [r.sentence for r in comparisons]
    s.rows = [comparison_row(
        "Board or variant: mean score per player", r.players, r.arm, r.baseline, r.difference,
        r.ci, r.pairs, r.bots, "a player scores", share=False) for r in comparisons]
    s.sentences += s.answers
    s.figures.append(("A player's mean score, arm minus arm on common deals, with 95% "
                      "intervals clustered on deals.", plots.score_difference_plot(comparisons)))
    s.tables.append(("score-comparisons", scores.score_comparison_frame(comparisons)))


def length_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    summary = shape.length_distribution(games)
    s.show(summary, "Game length in turns.",
           plots.length_plot(games), "game-length")


def endings_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    summary = shape.end_reasons(games)
    s.show(summary, "Share of games by end reason, 95% intervals clustered on deals.",
           plots.grouped_bars(summary, "end_reason", "share", "end reason"), "end-reasons")


def margin_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    summary = shape.winning_margin(games, budget.columns)
    summary.sentences = [t.replace("; 0.0% of games are tied at the top.", ".")
                         for t in summary.sentences]
    s.show(summary, "Winner's lead over the runner-up at the end: share of games per margin.",
           plots.margin_plot(summary, budget.columns.unit), "winning-margin")


def side_by_side_table(games: pd.DataFrame, columns: Columns) -> pd.DataFrame:
    """Per arm and player count: the first player's edge over a fair share, the game length
    in turns and the winner's lead, each a mean with a 95% interval clustered on deals."""
    import numpy as np

    from gardensim.analysis.frames import deals_of, groups, seat_columns
    from gardensim.analysis.shape import _standing
    from gardensim.stats.cluster import clustered_mean

    records = []
    for arm, n, rows in groups(games):
        deals = deals_of(rows)
        wins = rows[seat_columns("win", n)].astype(float).to_numpy()
        standing = -np.sort(-_standing(rows, n, columns)[0], axis=1)
        values = {"edge": wins[:, 0] - 1 / n, "turns": rows["turns"].astype(float).to_numpy(),
                  "margin": standing[:, 0] - standing[:, 1]}
        record: dict[str, Any] = {"arm": arm, "players": n, "games": len(rows)}
        for key, v in values.items():
            cm = clustered_mean(v, deals)
            record.update({key: cm.mean, f"{key}_lo": cm.lo, f"{key}_hi": cm.hi})
        records.append(record)
    return pd.DataFrame.from_records(records)


def side_by_side_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    """Arms (boards, variants) side by side on the three things a designer compares first."""
    if games["arm"].nunique() < 2:
        raise MissingData("a side-by-side comparison needs two arms or more; skipped")
    table = side_by_side_table(games, budget.columns)
    unit = budget.columns.unit
    s.sentences = [
        f"{r.arm}, {r.players} players: first player {100 * r.edge:+.1f} points from fair "
        f"(95% CI {100 * r.edge_lo:+.1f} to {100 * r.edge_hi:+.1f}); games last "
        f"{r.turns:.1f} turns ({r.turns_lo:.1f}–{r.turns_hi:.1f}); the winner leads by "
        f"{r.margin:.2f} {unit} ({r.margin_lo:.2f}–{r.margin_hi:.2f}); {r.games} games."
        for r in table.itertuples()]
    s.figures.append(("First player's edge over a fair share, game length and winner's lead "
                      f"({unit}) per arm, with 95% intervals clustered on deals.",
                      plots.side_by_side_plot(table)))
    s.tables.append(("side-by-side", table))


def lead_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    _need_turns(turns, "lead changes need")
    summary = shape.lead_changes(turns, games, budget.columns)
    s.show(summary, "When the eventual winner took the lead for good.",
           plots.lead_plot(shape.lead_history(turns, budget.columns)), "lead-changes")
    c = budget.columns
    better = "more" if c.higher_is_better else "fewer"
    s.note = (f"The leader after a turn is the one player strictly best placed in {c.unit} "
              f"({better} is better); the lead changes when another player becomes that "
              "player, and a tie for the lead is no leader.")


def events_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    _need_turns(turns, "events need")
    summary = _events_that_happen(turns, games)
    s.show(summary, "Mean events per game with 95% intervals.",
           plots.grouped_bars(summary, "event", "mean", "event"), "events-per-game")


def _events_that_happen(turns: pd.DataFrame, games: pd.DataFrame) -> shape.ShapeSummary:
    """Events per game, arm by arm, leaving out the events an arm never saw (a garden with no
    vases has no vase row rather than "0.00 vase")."""
    tables, sentences = [], []
    for _, part in turns.groupby("arm", observed=True, sort=True):
        events = [c for c in part.columns if c.startswith("ev_")]
        never = [c for c in events if not part[c].astype(float).any()]
        if len(never) == len(events):
            continue
        summary = shape.events_per_game(part.drop(columns=never), games)
        tables.append(summary.table)
        sentences += summary.sentences
    if not tables:
        raise MissingData("no event happened in any game; skipped")
    return shape.ShapeSummary("events per game", pd.concat(tables, ignore_index=True),
                              sentences)


def branching_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    _need_turns(turns, "branching needs")
    summary = shape.branching_factor(turns)
    s.show(summary, "Median legal moves over the course of a game.",
           plots.branching_plot(summary), "branching-factor")


def samplesize_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    plan = samplesize.sample_size(games)
    s.sentences = plan.sentences
    s.tables.append(("sample-size", plan.table))


Builder = Callable[[Section, pd.DataFrame, pd.DataFrame, Budget], None]

#: (id, title, question, builder) in report order.
SECTIONS: list[tuple[str, str, str, Builder]] = [
    ("seat", "Seat advantage", "Does the first player win too often?", seat_section),
    ("variance", "What decides a game",
     "For these bots, how much of a result is the deal, the seat, the bot, or play?",
     variance_section),
    ("luck-compare", "Is one drawing system luckier?",
     "Does the weaker bot beat the stronger one more often under one arm, and how much more "
     "does the deal predetermine the result for these bots?", luck_compare_section),
    ("skill", "Skill expression",
     "Does the stronger bot win more reliably under one drawing system?", skill_section),
    ("side-by-side", "Arms side by side",
     "How do the arms (boards or rule variants) compare on first-player edge, game length and "
     "winning margin?", side_by_side_section),
    ("arms", "Arms compared on common deals",
     "Does the rule variant change who wins or how long games last?", arms_section),
    ("strength", "Answers across bot strength",
     "Do the seat and rule-variant answers hold as play gets stronger?", strength_section),
    ("scores", "Score distributions",
     "How many points do players score under each arm (board or rule variant), and which "
     "arms differ?", scores_section),
    ("length", "Game length", "How long are games?", length_section),
    ("endings", "How games end", "Which end condition finishes games?", endings_section),
    ("margin", "Winning margin", "How close are games at the end?", margin_section),
    ("lead", "Lead changes and decisiveness",
     "How often does the lead change, and when is the game decided?", lead_section),
    ("events", "Events per game", "What happens in a typical game?", events_section),
    ("branching", "Branching factor", "How many choices does a player have?",
     branching_section),
    ("sample-size", "Sample size", "Were there enough games, and how many would do?",
     samplesize_section),
]


#: Sections whose sentences are repeated under "Answers in brief", unless a part says otherwise.
ANSWER_SECTIONS = ("seat", "variance", "luck-compare", "skill", "arms", "strength")


@dataclass(frozen=True)
class PartSpec:
    """The questions asked of one game's runs (generic section ids and the game's own
    questions, in report order), which of them are repeated as answers, and what its columns
    mean."""

    title: str
    sections: tuple[str, ...]
    answers: tuple[str, ...] = ANSWER_SECTIONS
    questions: tuple[Question, ...] = ()
    columns: Columns = GENERIC_COLUMNS


#: The id and title of a part's proved strength ladder (``report.ladders``).
LADDER_SECTION = ("strength-ladder", "Is each bot stronger than the one below?")


def ladder_section(table: pd.DataFrame) -> Section:
    """The section of a proved ladder: one sentence per step, from its row, and the table."""
    from gardensim.report.ladders import step_sentence

    sid, title = LADDER_SECTION
    s = Section(sid, title, "Does each rung of the bots' strength ladder beat the rung below "
                "it in play, and by how much?")
    s.sentences = [step_sentence(r) for r in table.itertuples(index=False)]
    s.tables.append(("strength-ladder", table))
    return s


def part_spec(game: str | None) -> PartSpec:
    """The part a game's spec declares; a game without one (or not registered here) is asked
    every generic question (notes say which its frames cannot answer)."""
    from gardensim.core import registry
    from gardensim.core.errors import ConfigError

    every = tuple(sid for sid, *_ in SECTIONS)
    try:
        spec = registry.game_spec(str(game))
    except ConfigError:
        return PartSpec(str(game or "games"), every)
    part = spec.report
    if part is None:
        return PartSpec(spec.title, every, columns=spec.columns)
    return PartSpec(part.title, every if part.sections is None else part.sections,
                    ANSWER_SECTIONS if part.answers is None else part.answers,
                    part.questions, spec.columns)


def compute_sections(games: pd.DataFrame, turns: pd.DataFrame, budget: Budget | None = None,
                     ids: tuple[str, ...] | None = None,
                     questions: tuple[Question, ...] = (),
                     progress: Any = None) -> list[Section]:
    """The sections ``ids`` in that order (default: every generic one, in catalogue order),
    from the generic catalogue and a game's own ``questions``; a question the frames cannot
    answer keeps its place with a note saying why. ``progress`` (a tqdm bar, or None) is
    advanced once per section, so a slow report shows where it is."""
    budget = budget or Budget()
    catalogue: dict[str, tuple[str, str, str, Builder]] = {entry[0]: entry for entry in SECTIONS}
    for q in questions:
        catalogue[q.id] = (q.id, q.title, q.question, load(q.builder))
    unknown = [sid for sid in ids or () if sid not in catalogue]
    if unknown:
        raise ValueError(f"unknown report section {unknown[0]!r}")
    out = []
    for sid in ids or tuple(entry[0] for entry in SECTIONS):
        _, title, question, build = catalogue[sid]
        if progress is not None:
            progress.set_postfix_str(title, refresh=False)
        section = Section(sid, title, question)
        try:
            build(section, games, turns, budget)
        except MissingData as exc:
            section = Section(sid, title, question, note=str(exc))
        out.append(section)
        if progress is not None:
            progress.update()
    return out
