"""Figures of Gazebo's own questions (:mod:`.questions`), built like the generic ones in
:mod:`gardensim.analysis.plots`."""

from __future__ import annotations

from collections.abc import Sequence
from textwrap import fill
from typing import TYPE_CHECKING

from gardensim.analysis.plots import WIDTH, colours_for, panel_figure, shared_legend

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

    from gardensim.games.gazebo.questions import DrawAdvantage, GazeboCompensation, SinglesDrawn


#: Panels per row of the compensation figure.
COMPENSATION_COLUMNS = 4


def compensation_plot(results: Sequence[GazeboCompensation]) -> Figure:
    """Re-scored win share of each seat against extra gazebos given to that seat alone."""
    # wrapped: one row of every arm was a strip too wide to read
    fig, axes = panel_figure(len(results), columns=min(COMPENSATION_COLUMNS,
                                                       max(len({r.arm for r in results}), 1)))
    for ax, r in zip(axes, results, strict=False):
        for seat, rows in r.curve.groupby("seat"):
            ax.plot(rows["extra"], rows["share"], marker="o", markersize=3, label=f"seat {seat}")
        ax.axhline(1 / r.players, color="grey", linestyle="--", linewidth=1)
        ax.axvline(0, color="grey", linewidth=0.5)
        ax.set_xlabel("extra gazebos for that seat")
        ax.set_ylabel("re-scored win share")
        ax.set_title(f"{r.arm}, {r.players} players", fontsize="medium")
        ax.legend(fontsize="small")
    return fig


def singles_plot(results: Sequence[SinglesDrawn]) -> Figure:
    """Distribution of single-coloured dominoes drawn per player per game, by arm."""
    fig, axes = panel_figure(len(results))
    for ax, r in zip(axes, results, strict=False):
        arms = sorted(r.distribution["arm"].unique())
        colours = colours_for(arms)
        width = 0.8 / len(arms)
        for i, arm in enumerate(arms):
            rows = r.distribution[r.distribution["arm"] == arm]
            ax.bar(rows["singles"] + (i - (len(arms) - 1) / 2) * width, rows["share"],
                   width=width, color=colours[arm], label=arm)
        ax.set_xlabel("singles drawn per player per game")
        ax.set_ylabel("share of player-games")
        ax.set_title(f"{r.players} players")
    shared_legend(fig, axes)
    return fig


def draw_advantage_plot(results: Sequence[DrawAdvantage]) -> Figure:
    """Observed win share by draw advantage (points, size = players) and the fitted curve."""
    panels: dict[tuple[int, str], list[DrawAdvantage]] = {}
    for r in results:
        panels.setdefault((r.players, r.arm.rpartition("/")[0]), []).append(r)
    fig, axes = panel_figure(len(panels))
    colours = colours_for([r.arm for r in results])
    for ax, ((players, study), group) in zip(axes, sorted(panels.items()), strict=False):
        for r in group:
            if r.curve.empty:
                continue
            c = colours[r.arm]
            size = 8 + 60 * r.binned["n"] / r.binned["n"].max()
            ax.scatter(r.binned["advantage"], r.binned["win"], s=size, color=c, alpha=0.6)
            ax.plot(r.curve["advantage"], r.curve["win"], color=c,
                    label=f"{r.arm.rpartition('/')[2]} (OR {r.odds_ratio:.2f})")
        ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1)
        ax.set_xlabel("singles drawn minus others' mean")
        ax.set_ylabel("win share (every seat)")
        ax.set_title(f"{study}, {players} players" if study else f"{players} players",
                     fontsize="medium")
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize="x-small")
    return fig


#: a claim verdict's colour: held, refuted, not shown
CLAIM_COLOURS = {"yes": "tab:green", "no": "tab:red", "not shown": "tab:grey"}


def claims_plot(table: pd.DataFrame) -> Figure:
    """Qin-style minus Gazebo-style on each claim's measure, one panel per measure, one line
    per study and line-up, with its simultaneous interval; the colour is the claim's verdict."""
    measures = list(dict.fromkeys(table["measure"]))
    fig, axes = panel_figure(len(measures), columns=2, width=1.6 * WIDTH)
    for ax, measure in zip(axes, measures, strict=False):
        rows = table[table["measure"] == measure].reset_index(drop=True)
        scale = 100.0 if bool(rows["share"].iloc[0]) else 1.0
        for y, r in rows.iterrows():
            colour = CLAIM_COLOURS[str(r["verdict"])]
            ax.errorbar(scale * r["difference"], y,
                        xerr=[[scale * (r["difference"] - r["lo"])],
                              [scale * (r["hi"] - r["difference"])]],
                        fmt="o", color=colour, capsize=3)
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_yticks(range(len(rows)),
                      [f"{r.study or 'study'}, {r.players}p\n{r.bots}" for r in rows.itertuples()],
                      fontsize="x-small")
        ax.invert_yaxis()
        first = rows.iloc[0]
        ax.set_title(fill(f"{first['claim']}: {first['words']}", 48), fontsize="small")
        ax.set_xlabel("Qin-style minus Gazebo-style" + (" (points)" if scale == 100 else ""))
    return fig
