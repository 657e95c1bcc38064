"""Summer Pavilion's part of a report: each seat's mean score, where the points come from
(placements, stars, number sets, structures, penalties) per board, and game length in rounds.

A designer comparing boards asks which source of points a board changes, and whether a seat
scores more; both were only in the CSVs. Everything is read from the games frame (the final
ledger columns of :mod:`.telemetry`), never from the engine. Means have 95% intervals clustered
on deals, as everywhere in the report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from gardensim.analysis.frames import (
    MissingData,
    bots_phrase,
    deals_of,
    groups,
    label,
    long_seats,
    require,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from gardensim.report.sections import Budget, Section

#: (name in sentences, per-seat column, sign): the ledger columns a final score adds up.
SOURCES = (("placements", "placement", 1), ("stars", "stars", 1),
           ("number sets", "numbers", 1), ("structures", "sets", 1),
           ("token penalty", "token_penalty", -1), ("discard penalty", "discard_penalty", -1))


def _mean_ci(values: np.ndarray, deals: np.ndarray) -> tuple[float, float, float]:
    from gardensim.stats.cluster import clustered_mean

    cm = clustered_mean(values, deals)
    return cm.mean, cm.lo, cm.hi


def seat_scores(games: pd.DataFrame) -> pd.DataFrame:
    """Per arm, player count and seat: the mean final score with its interval."""
    records = []
    for arm, n, rows in groups(games):
        deals = deals_of(rows)
        for s in range(n):
            mean, lo, hi = _mean_ci(rows[f"score_{s}"].astype(float).to_numpy(), deals)
            records.append({"arm": arm, "players": n, "seat": s, "games": len(rows),
                            "mean": mean, "lo": lo, "hi": hi})
    return pd.DataFrame.from_records(records)


def score_sources(games: pd.DataFrame) -> pd.DataFrame:
    """Per arm and player count: a player's mean points from each source (penalties
    negative), and the starting points left over so the sources add up to the score."""
    records = []
    for arm, n, rows in groups(games):
        data = long_seats(rows, n, extra=["score"] + [c for _, c, _ in SOURCES])
        deals = data["deal"].to_numpy()
        counted = np.zeros(len(data))
        for name, column, sign in SOURCES:
            values = sign * data[column].to_numpy()
            counted += values
            mean, lo, hi = _mean_ci(values, deals)
            records.append({"arm": arm, "players": n, "source": name, "mean": mean, "lo": lo,
                            "hi": hi})
        mean, lo, hi = _mean_ci(data["score"].to_numpy() - counted, deals)
        records.append({"arm": arm, "players": n, "source": "starting points", "mean": mean,
                        "lo": lo, "hi": hi})
    return pd.DataFrame.from_records(records)


def rounds_table(games: pd.DataFrame) -> pd.DataFrame:
    """Per arm and player count: game length in rounds (mean with interval, range)."""
    records = []
    for arm, n, rows in groups(games):
        rounds = rows["rounds"].astype(float).to_numpy()
        mean, lo, hi = _mean_ci(rounds, deals_of(rows))
        records.append({"arm": arm, "players": n, "games": len(rows), "mean": mean, "lo": lo,
                        "hi": hi, "min": rounds.min(), "max": rounds.max()})
    return pd.DataFrame.from_records(records)


def _sentence(arm: str, n: int, rows: pd.DataFrame, seats: pd.DataFrame,
              sources: pd.DataFrame, rounds: pd.DataFrame) -> str:
    seat_text = ", ".join(f"seat {r.seat} {r.mean:.1f} ({r.lo:.1f}–{r.hi:.1f})"
                          for r in seats.itertuples())
    source_text = ", ".join(f"{r.source} {r.mean:+.1f}" for r in sources.itertuples()
                            if abs(r.mean) >= 0.05)
    r = rounds.iloc[0]
    span = f"always {r['min']:.0f}" if r["min"] == r["max"] else f"{r['min']:.0f}–{r['max']:.0f}"
    return (f"In {label(arm, n)}, {bots_phrase(rows, n)}, mean scores are {seat_text} "
            f"(95% CIs clustered on deals); a player's points come from {source_text}; "
            f"games last {r['mean']:.2f} rounds ({span}).")


def sources_plot(sources: pd.DataFrame) -> Figure:
    """A player's mean points by source, one horizontal bar group per arm, one panel per
    player count, with 95% intervals."""
    from gardensim.analysis.plots import _err, colours_for, panel_figure

    players = sorted(int(p) for p in sources["players"].unique())
    fig, axes = panel_figure(len(players), height=3.4)
    colours = colours_for([str(a) for a in sources["arm"].unique()])
    names = list(dict.fromkeys(sources["source"]))
    y = np.arange(len(names))
    for ax, n in zip(axes, players, strict=False):
        rows = sources[sources["players"] == n]
        arms = sorted(rows["arm"].unique(), key=str)
        height = 0.8 / len(arms)
        for i, arm in enumerate(arms):
            part = rows[rows["arm"] == arm].set_index("source").reindex(names)
            ax.barh(y + (i - (len(arms) - 1) / 2) * height, part["mean"], height=height,
                    xerr=_err(part["mean"], part["lo"], part["hi"]), capsize=2,
                    color=colours[str(arm)], label=str(arm).rpartition("/")[2])
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_yticks(y, names if ax is axes[0] else [""] * len(names), fontsize="small")
        ax.invert_yaxis()
        ax.set_xlabel("points per player")
        ax.set_title(f"{n} players", fontsize="medium")
        ax.legend(fontsize="x-small")
    return fig


def scores_section(
    s: Section, games: pd.DataFrame, turns: pd.DataFrame, budget: Budget
) -> None:
    """Per-seat scores, score sources and rounds, one sentence per arm and player count."""
    require(games, ["score_0", "placement_0", "rounds"], "score sources")
    seats, sources, rounds = seat_scores(games), score_sources(games), rounds_table(games)
    if seats.empty:
        raise MissingData("score sources need games; skipped")
    for arm, n, rows in groups(games):
        pick = {"arm": arm, "players": n}

        def of(frame: pd.DataFrame, pick: dict = pick) -> pd.DataFrame:
            return frame[(frame["arm"] == pick["arm"]) & (frame["players"] == pick["players"])]

        s.sentences.append(_sentence(arm, n, rows, of(seats), of(sources), of(rounds)))
    s.figures.append(("A player's mean points by source per board (penalties negative), with "
                      "95% intervals clustered on deals.", sources_plot(sources)))
    s.tables += [("seat-scores", seats), ("score-sources", sources), ("rounds", rounds)]
