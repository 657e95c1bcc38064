"""Queen's Garden's own report question: where each side's points come from.

The builder takes the generic ``(section, games, turns, budget)`` of
:mod:`gardensim.report.sections` and reads only the games frame's per-seat ledger columns
(:mod:`.telemetry`), so it needs no engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from gardensim.analysis.frames import MissingData

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from gardensim.report.sections import Budget, Section

#: Ledger columns that add to the score, then those that take from it (the game's start score
#: makes up the rest).
GAINS = ("round_scoring", "pavilion_points", "end_groups", "size_bonuses", "jokers")
LOSSES = ("leftovers", "buys", "first_pass_penalty", "discards")
WORDS = {"round_scoring": "round scoring", "pavilion_points": "pavilions",
         "end_groups": "end groups", "size_bonuses": "size bonuses", "jokers": "jokers",
         "leftovers": "leftovers", "buys": "6-point buys", "first_pass_penalty": "first pass",
         "discards": "pass discards"}


def seat_ledgers(games: pd.DataFrame) -> pd.DataFrame:
    """One row per seat and game: arm, players, seat, score and every ledger source."""
    fields = ("score", *GAINS, *LOSSES)
    seats = sorted({int(c.rsplit("_", 1)[1]) for c in games.columns
                    if c.startswith("round_scoring_")})
    if not seats:
        raise MissingData("no per-seat score breakdown in the games frame; skipped")
    keys = [c for c in ("arm", "players") if c in games.columns]
    rows = [games[keys].assign(seat=s, **{f: games[f"{f}_{s}"] for f in fields})
            for s in seats]
    out = pd.concat(rows, ignore_index=True).dropna(subset=["score"])
    return out.astype({f: float for f in fields})


def breakdown_table(games: pd.DataFrame) -> pd.DataFrame:
    """Mean points per seat and game from each source, by arm and player count."""
    ledgers = seat_ledgers(games)
    keys = [c for c in ("arm", "players") if c in ledgers.columns]
    table = ledgers.groupby(keys, observed=True)[["score", *GAINS, *LOSSES]].mean()
    table.insert(0, "seat_games", ledgers.groupby(keys, observed=True).size())
    return table.reset_index()


def breakdown_section(s: Section, games: pd.DataFrame, turns: pd.DataFrame,
                      budget: Budget) -> None:
    table = breakdown_table(games)
    for row in table.itertuples(index=False):
        where = ", ".join(f"{k} {getattr(row, k)}" for k in ("arm", "players")
                          if k in table.columns)
        gains = ", ".join(f"{WORDS[k]} +{getattr(row, k):.1f}" for k in GAINS)
        losses = ", ".join(f"{WORDS[k]} -{getattr(row, k):.1f}" for k in LOSSES
                           if getattr(row, k) > 0)
        s.sentences.append(f"{where}: {row.score:.1f} points per seat on average "
                           f"({row.seat_games} seat-games); {gains}"
                           + (f"; lost to {losses}." if losses else "."))
    s.tables.append(("score-breakdown", table.round(2)))
    s.figures.append(("Mean points per seat from each source (losses below zero).",
                      breakdown_plot(table)))


def breakdown_plot(table: pd.DataFrame) -> Figure:
    """Stacked bars, one per arm and player count: gains up, losses down."""
    from matplotlib.figure import Figure

    keys = [c for c in ("arm", "players") if c in table.columns]
    labels = [" ".join(str(v) for v in r) for r in table[keys].itertuples(index=False)]
    fig = Figure(figsize=(max(4.0, 1.2 * len(labels) + 2), 3.6))
    ax = fig.subplots()
    x = range(len(labels))
    up = [0.0] * len(labels)
    down = [0.0] * len(labels)
    for k in GAINS:
        ax.bar(x, table[k], bottom=up, label=WORDS[k])
        up = [a + b for a, b in zip(up, table[k], strict=True)]
    for k in LOSSES:
        ax.bar(x, -table[k], bottom=down, label=WORDS[k])
        down = [a - b for a, b in zip(down, table[k], strict=True)]
    ax.set_xticks(list(x), labels, rotation=20)
    ax.set_ylabel("points per seat")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    return fig
