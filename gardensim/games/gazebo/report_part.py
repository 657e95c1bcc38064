"""Gazebo's part of a report: its own questions as report sections, and its board pictures.

The section builders take the same ``(section, games, turns, budget)`` as the generic ones in
:mod:`gardensim.report.sections`; the spec (:mod:`.spec`) places them in the part's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from gardensim.games.gazebo import figures, questions

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from gardensim.report.sections import Budget, Section

DEFAULT_BOARD = "aviary"


def _frame(results: list[Any], attr: str) -> pd.DataFrame:
    return pd.concat([getattr(r, attr) for r in results], ignore_index=True)


def claims_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    """The publisher's claims about the drawing systems, each measured (``.claims``)."""
    from gardensim.games.gazebo.claims import claims_table

    table = claims_table(games, turns, budget.columns, budget.fair_margin)
    s.sentences = list(table["sentence"])
    s.figures.append(("Each claim's measure, Qin-style minus Gazebo-style drawing on the same "
                      "deals, with intervals simultaneous over the table; green: the claim "
                      "holds, red: it does not, grey: not shown.", figures.claims_plot(table)))
    s.tables.append(("publisher-claims", table.drop(columns=["sentence"])))
    s.note = ("A claim is read at the bots it was played with (the Bots of each line), and "
              "says \"not shown\" until its interval leaves no change behind.")


def compensation_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    """Handicap arms of the run (seats starting with different gazebos) as played, with
    intervals; for the other arms, the re-scoring of final margins, labelled as an estimate
    before play (``gardensim handicap`` plays it)."""
    from gardensim.games.gazebo.played_handicaps import bots_in, played_handicaps

    played = played_handicaps(games)
    handicapped = {(p.arm, p.players) for p in played}
    results = [r for r in questions.gazebo_compensation(games)
               if (r.arm, r.players) not in handicapped]
    label = "estimate before play"
    s.sentences = [p.sentence for p in played] + [
        r.sentence if label in r.sentence.lower()
        else f"Estimate before play (re-scored final margins, not played; "
             f"{bots_in(games, r.arm, r.players)}): {r.sentence}"
        for r in results]
    s.rows = [handicap_row(p, budget.fair_margin) for p in played]
    s.answers = [p.sentence for p in played]  # the estimates are no answer: only a lead
    if played:
        s.tables.append(("handicap-played", pd.concat([
            p.table.assign(arm=p.arm, players=p.players, gazebos=",".join(map(str, p.counts)),
                           games=p.games, verdict=p.judgement.verdict)
            for p in played], ignore_index=True)))
    if not results:
        return
    s.figures.append(("Estimate before play: each seat's re-scored win share if it alone got "
                      "that many extra gazebos.", figures.compensation_plot(results)))
    s.tables.append(("compensation", pd.DataFrame.from_records([
        {"arm": r.arm, "players": r.players, "games": r.games, "kind": label,
         "extra_gazebos": ",".join(map(str, r.extra)),
         "gazebos_option": "" if r.base is None else ",".join(str(r.base + e) for e in r.extra),
         "shares_before": ", ".join(f"{x:.3f}" for x in r.shares_before),
         "shares_after": ", ".join(f"{x:.3f}" for x in r.shares_after),
         "rule_agreement": r.rule_agreement} for r in results])))


#: The grid's question for a played handicap.
HANDICAP_QUESTION = "What handicap makes the seats even?"


def handicap_row(played: Any, margin: float) -> Any:
    """The grid row of a played handicap: the first seat's share with it, against fair."""
    from gardensim.games.gazebo.rules.ruleset import RULES
    from gardensim.report.verdicts import VerdictRow, bots_short

    first = played.table.iloc[0]
    condition = RULES.option("gazebos").say(list(played.counts))
    return VerdictRow(HANDICAP_QUESTION, played.players, condition, float(first.share),
                      float(first.lo), float(first.hi), 1 / played.players, margin,
                      played.games, played.deals, bots_short(played.bots), played.arm,
                      who="first player")


def singles_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    results = questions.singles_drawn(games)
    s.sentences = [r.sentence for r in results]
    s.figures.append(("Singles drawn per player per game, by arm.",
                      figures.singles_plot(results)))
    s.tables.append(("singles-drawn", _frame(results, "table")))
    s.tables.append(("singles-distribution", _frame(results, "distribution")))


def draw_advantage_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    results = questions.draw_advantage(games)
    s.sentences = [r.sentence for r in results]
    s.figures.append(("Win share by draw advantage (points sized by count) and the logistic fit.",
                      figures.draw_advantage_plot(results)))
    s.tables.append(("draw-advantage", pd.DataFrame.from_records([
        {"arm": r.arm, "players": r.players, "games": r.games, "odds_ratio": r.odds_ratio,
         "lo": r.ci[0], "hi": r.ci[1], "p_value": r.p_value, "advantage_sd": r.advantage_sd,
         "odds_ratio_per_sd": r.odds_ratio_per_sd, "lo_per_sd": r.ci_per_sd[0],
         "hi_per_sd": r.ci_per_sd[1]} for r in results])))


def pictures(runs: Sequence[Any]) -> list[tuple[str, Figure]]:
    """Each garden used and the final position of each stored run's first game.

    Only runs stored on disk can be replayed; the engine is imported here, in the game's own
    report part, never in the analysis.
    """
    from gardensim.games.gazebo.rules.render import board_figure
    from gardensim.report.builder import study_dict
    from gardensim.sim.api import replay_stored

    out, seen = [], set()
    for run in runs:
        study = study_dict(run)
        if getattr(run, "path", None) is None:
            continue
        arms = (getattr(run, "manifest", None) or {}).get("arms", {})
        arm = str(run.games["arm"].iloc[0])
        game = int(run.games["game"].iloc[0])
        default = study.get("board") or DEFAULT_BOARD
        boards = [(c.get("board") or default) for c in arms.values()]
        for garden in boards or [default]:
            if garden not in seen:
                seen.add(garden)
                out.append((f"The {garden} garden.", board_figure(garden, title=garden)))
        board = (arms.get(arm) or {}).get("board") or default
        state = replay_stored(run, game, arm)
        caption = (f"{study.get('name')}: final position of game {game} ({arm}, "
                   f"{study.get('players')} players).")
        out.append((caption, board_figure(board, state, title=f"game {game}, {arm}")))
    return out


def gardens_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    """The arms side by side (a gardens study has one arm per garden), with the caveat that
    the shipped gardens are designed stand-ins for the printed ones."""
    from gardensim.report.sections import side_by_side_section

    side_by_side_section(s, games, turns, budget)
    s.note = ("The gardens are designed stand-ins with the printed gardens' features, not "
              "transcriptions of the printed boards; their answers will change once someone "
              "transcribes those.")


def series_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    """The rulebook's series (one game per garden, fewest gazebos left over the series wins):
    its winner's seat and bot as the seat question asks them of single games, and how often
    it is not the player who won most of the series' games; every sentence read from a row
    of ``gazebo-series.csv``."""
    from gardensim.games.gazebo import series

    played = series.score_series(games)
    table = series.series_frame(series.series_rows(played, budget.fair_margin))
    s.sentences = series.series_sentences(table)
    s.tables.append(("series", table))
    s.tables.append(("series-winners", series.series_winners_frame(played)))
