"""Figures for every question, as matplotlib ``Figure`` objects built without pyplot.

No global pyplot state and no display backend: the figures render to PNG or SVG anywhere (the
report embeds them; notebooks show them). Each takes the result objects of the analysis
functions, so a figure always shows exactly the numbers its sentence states.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from gardensim.analysis.arms import ArmComparison, LuckComparison
    from gardensim.analysis.luck import SkillExpression, VarianceDecomposition
    from gardensim.analysis.scores import ScoreComparison, ScoreDistribution
    from gardensim.analysis.seat import SeatAdvantage
    from gardensim.analysis.shape import ShapeSummary
    from gardensim.analysis.upsets import UpsetComparison

WIDTH = 3.6
HEIGHT = 3.0


def panel_figure(
    panels: int, height: float = HEIGHT, columns: int = 3, width: float = WIDTH
) -> tuple[Figure, list[Axes]]:
    """A figure of ``panels`` axes of ``width`` inches, wrapped after ``columns`` per row;
    spare axes hidden."""
    from matplotlib.figure import Figure

    panels = max(panels, 1)
    cols = min(panels, columns)
    rows = -(-panels // cols)
    fig = Figure(figsize=(width * cols, height * rows), layout="constrained")
    axes = list(fig.subplots(rows, cols, squeeze=False).ravel())
    for spare in axes[panels:]:
        spare.set_visible(False)
    return fig, axes[:panels]


def shared_legend(fig: Figure, axes: Sequence[Axes], columns: int = 3) -> None:
    """One legend for all panels, below them: a study of many arms has more entries than a
    panel has room for, and an in-panel legend covered the data or collapsed the layout. The
    figure grows by the legend's rows, so the panels keep their size."""
    seen: dict[str, Any] = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
            seen.setdefault(label, handle)
    if not seen:
        return
    rows = -(-len(seen) // columns)
    fig.set_figheight(fig.get_figheight() + 0.22 * rows + 0.2)
    fig.legend(list(seen.values()), list(seen), loc="outside lower center", ncols=columns,
               fontsize="small", frameon=False)


def colours_for(names: Sequence[str]) -> dict[str, Any]:
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    return {name: cmap(i % 10) for i, name in enumerate(sorted(set(names)))}


def _err(value: Any, lo: Any, hi: Any) -> np.ndarray:
    """Error-bar lengths; a percentile interval may exclude its estimate, so clip at 0."""
    value, lo, hi = (np.asarray(x, dtype=float) for x in (value, lo, hi))
    return np.nan_to_num(np.clip(np.vstack([value - lo, hi - value]), 0, None))


def by_players(results: Sequence[Any]) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = {}
    for r in results:
        out.setdefault(r.players, []).append(r)
    return dict(sorted(out.items()))


def seat_plot(results: Sequence[SeatAdvantage]) -> Figure:
    """Win share per seat with 95% deal-clustered intervals against the fair share, per player
    count."""
    by = by_players(results)
    fig, axes = panel_figure(len(by))
    colours = colours_for([r.arm for r in results])
    for ax, (players, group) in zip(axes, by.items(), strict=False):
        width = 0.7 / len(group)
        for i, r in enumerate(group):
            t = r.table
            x = t["seat"].to_numpy() + (i - (len(group) - 1) / 2) * width
            err = _err(t["share"], t["lo"], t["hi"])
            ax.errorbar(x, t["share"], yerr=err, fmt="o", capsize=3, color=colours[r.arm],
                        label=r.arm)
        ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label="fair")
        ax.set_xticks(range(players))
        ax.set_xlabel("seat (0 plays first)")
        ax.set_ylabel("win share")
        ax.set_title(f"{players} players")
    shared_legend(fig, axes)
    return fig


def variance_plot(results: Sequence[VarianceDecomposition]) -> Figure:
    """Stacked shares of outcome variance: deal, seat, bot, play."""
    fig, axes = panel_figure(1, height=0.6 + 0.45 * max(len(results), 1))
    ax = axes[0]
    fig.set_figwidth(WIDTH * 2)
    names = ["deal", "seat", "bot", "play"]
    colours = colours_for(names)
    labels = [f"{r.arm}, {r.players}p" for r in results]
    left = np.zeros(len(results))
    for name in names:
        share = np.array([r.table.set_index("component").loc[name, "share"] for r in results])
        ax.barh(labels, share, left=left, color=colours[name], label=name)
        left += share
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of variance of a player's result")
    ax.invert_yaxis()
    ax.legend(ncols=4, fontsize="small", loc="lower center", bbox_to_anchor=(0.5, 1.0))
    return fig


def _difference_plot(results: Sequence[Any], xlabel: str) -> Figure:
    """One row per compared pair of arms: the paired difference (``arm − baseline``) with its
    95% interval, against a dashed zero."""
    fig, axes = panel_figure(1, height=1.2 + 0.4 * max(len(results), 1))
    fig.set_figwidth(WIDTH * 2)
    ax = axes[0]
    y = np.arange(len(results))
    diff = np.array([r.difference for r in results])
    err = _err(diff, [r.ci[0] for r in results], [r.ci[1] for r in results])
    ax.errorbar(diff, y, xerr=err, fmt="o", capsize=3)
    ax.axvline(0, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(y, [f"{r.arm} − {r.baseline}, {r.players}p" for r in results],
                  fontsize="small")
    ax.set_ylim(len(results) - 0.5, -0.5)
    ax.set_xlabel(xlabel)
    return fig


def upset_plot(results: Sequence[UpsetComparison]) -> Figure:
    """Each arm's upset rate (the weaker bot beating the stronger) with 95% deal-clustered
    intervals, one row per arm and pair of bots: the baseline above, the compared arm below."""
    fig, axes = panel_figure(1, height=1.2 + 0.5 * max(len(results), 1))
    fig.set_figwidth(WIDTH * 2)
    ax = axes[0]
    labels, rates, los, his = [], [], [], []
    for r in results:
        for arm, rate, ci in ((r.baseline, r.baseline_rate, r.baseline_ci),
                              (r.arm, r.arm_rate, r.arm_ci)):
            labels.append(f"{r.weaker} vs {r.stronger}, {arm}, {r.players}p")
            rates.append(rate)
            los.append(ci[0])
            his.append(ci[1])
    y = np.arange(len(labels))
    ax.errorbar(rates, y, xerr=_err(rates, los, his), fmt="o", capsize=3)
    ax.set_yticks(y, labels, fontsize="small")
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.set_xlabel("share of games the weaker bot beats the stronger")
    return fig


def luck_compare_plot(results: Sequence[LuckComparison]) -> Figure:
    """The paired difference of the deal's share of variance between arms, with intervals."""
    return _difference_plot(results, "difference in the deal's share of outcome variance")


def skill_plot(results: Sequence[SkillExpression]) -> Figure:
    """How often the stronger bot wins, with bootstrap intervals, per arm and player count."""
    fig, axes = panel_figure(2)
    labels = [f"{r.arm}, {r.players}p" for r in results]
    y = np.arange(len(results))
    share = np.array([r.stronger_share for r in results])
    share_err = _err(share, [r.stronger_ci[0] for r in results],
                     [r.stronger_ci[1] for r in results])
    spread = np.array([r.spread for r in results])
    spread_err = _err(spread, [r.spread_ci[0] for r in results], [r.spread_ci[1] for r in results])
    axes[0].errorbar(share, y, xerr=share_err, fmt="o", capsize=3)
    axes[0].axvline(0.5, color="grey", linestyle="--", linewidth=1)
    axes[0].set_xlabel("stronger bot's score")
    axes[1].errorbar(spread, y, xerr=spread_err, fmt="o", capsize=3)
    axes[1].set_xlabel("SD of Elo ratings")
    for ax in axes:
        ax.set_yticks(y, labels)
        ax.invert_yaxis()
    return fig


def arms_plot(results: Sequence[ArmComparison]) -> Figure:
    """Arm minus baseline with 95% deal-clustered intervals, one panel per outcome (a share
    and a length in turns do not share an axis), stacked: the arms' names are long, and side by
    side panels leave them no room. A share is drawn in points, as the text says it."""
    from gardensim.analysis.arms import outcome

    outcomes: dict[str, list[ArmComparison]] = {}
    for r in results:
        outcomes.setdefault(r.outcome, []).append(r)
    rows = max(len(group) for group in outcomes.values())
    fig, axes = panel_figure(len(outcomes), height=1.2 + 0.3 * rows, columns=1,
                             width=3 * WIDTH)
    for ax, (name, group) in zip(axes, outcomes.items(), strict=False):
        what = outcome(name)
        scale = 100.0 if what.is_share else 1.0
        y = np.arange(len(group))
        diff = scale * np.array([r.difference for r in group])
        err = _err(diff, [scale * r.ci[0] for r in group], [scale * r.ci[1] for r in group])
        ax.errorbar(diff, y, xerr=err, fmt="o", capsize=3)
        ax.axvline(0, color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(y, [f"{r.arm} − {r.baseline}, {r.players}p" for r in group],
                      fontsize="small")
        ax.set_ylim(len(group) - 0.5, -0.5)
        ax.set_title(what.description, fontsize="medium")
        ax.set_xlabel("arm − baseline" + (" (points)" if what.is_share else ""))
    return fig


def score_plot(results: Sequence[ScoreDistribution]) -> Figure:
    """Every player's final score per arm as overlaid histograms (share of player-games per
    2-point bin), one panel per player count; dashed lines mark the means."""
    by = by_players(results)
    fig, axes = panel_figure(len(by))
    colours = colours_for([r.arm for r in results])
    for ax, (players, group) in zip(axes, by.items(), strict=False):
        low = min(float(r.scores.min()) for r in group)
        high = max(float(r.scores.max()) for r in group)
        bins = np.arange(np.floor(low / 2) * 2, high + 3, 2)
        for r in group:
            ax.hist(r.scores.ravel(), bins=bins, histtype="step", density=True,
                    color=colours[r.arm], label=f"{r.arm} (mean {r.mean:.1f})")
            ax.axvline(r.mean, color=colours[r.arm], linestyle="--", linewidth=1)
        ax.set_xlabel("final score of a player")
        ax.set_ylabel("density")
        ax.set_title(f"{players} players")
        ax.set_ylim(top=ax.get_ylim()[1] * 1.4)  # headroom: the legend must not hide the peaks
        ax.legend(fontsize="small", loc="upper left")
    return fig


def score_difference_plot(results: Sequence[ScoreComparison]) -> Figure:
    """Paired difference of a player's mean score for every pair of arms, with 95%
    deal-clustered intervals."""
    return _difference_plot(results, "difference in a player's mean final score (points)")


def length_plot(games: pd.DataFrame) -> Figure:
    """Histogram of game length in turns per arm, one panel per player count and study."""
    fig, colours, panels = arm_panels(games[["arm", "players", "turns"]])
    for ax, rows in panels:
        bins = np.arange(rows["turns"].min(), rows["turns"].max() + 2) - 0.5
        for label, part, colour in arm_rows(rows, colours):
            ax.hist(part["turns"], bins=bins, histtype="step", color=colour, label=label,
                    density=True)
        _axis_labels(ax, "turns", "share of games")
    return fig


def grouped_bars(summary: ShapeSummary, category: str, value: str, xlabel: str) -> Figure:
    """Bars of ``value`` by ``category`` per arm, one panel per player count and study, with
    intervals when the table has ``lo``/``hi``."""
    table = summary.table
    fig, colours, panels = arm_panels(table)
    for ax, rows in panels:
        cats = sorted(rows[category].unique(), key=str)
        x = np.arange(len(cats))
        arms = sorted(rows["arm"].unique(), key=str)
        width = 0.8 / len(arms)
        for i, arm in enumerate(arms):
            part = rows[rows["arm"] == arm].set_index(category).reindex(cats)
            yerr = None
            if "lo" in part and "hi" in part:
                yerr = _err(part[value], part["lo"], part["hi"])
            ax.bar(x + (i - (len(arms) - 1) / 2) * width, part[value].fillna(0), width=width,
                   yerr=yerr, capsize=2, color=colours[str(arm)],
                   label=str(arm).rpartition("/")[2])
        ax.set_xticks(x, [str(c) for c in cats], rotation=30, ha="right", fontsize="small")
        _axis_labels(ax, xlabel, value)
    return fig


def lead_plot(history: pd.DataFrame) -> Figure:
    """Histogram of when the eventual winner took the lead for good (fraction of the game),
    one panel per player count and study, one line per arm."""
    fig, colours, panels = arm_panels(history)
    for ax, rows in panels:
        for label, part, colour in arm_rows(rows, colours):
            ax.hist(part["decisive_fraction"].dropna(), bins=np.linspace(0, 1, 21),
                    histtype="step", color=colour,
                    weights=np.full(part["decisive_fraction"].notna().sum(),
                                    1 / max(part["decisive_fraction"].notna().sum(), 1)),
                    label=label)
        _axis_labels(ax, "share of the game before the winner led for good", "share of games")
    return fig


def branching_plot(summary: ShapeSummary) -> Figure:
    """Median legal moves per tenth of the game, one line per arm, one panel per player count
    and study; a log axis with plain numbers as tick labels."""
    from matplotlib import ticker

    fig, colours, panels = arm_panels(summary.table)
    for ax, rows in panels:
        for label, part, colour in arm_rows(rows, colours):
            ax.plot((part["progress"] + 0.5) / 10, part["median"], marker="o", markersize=3,
                    color=colour, label=label)
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(ticker.LogLocator(subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
        ax.yaxis.set_minor_formatter(ticker.NullFormatter())
        _axis_labels(ax, "progress through the game", "median legal moves")
    return fig


def arm_panels(
    table: pd.DataFrame,
) -> tuple[Figure, dict[str, Any], list[tuple[Axes, pd.DataFrame]]]:
    """The layout every per-arm figure shares: one titled panel per player count and study
    (:func:`study_panels`; a table without ``players`` is one panel), each arm one colour across
    panels. Returns the figure, the colour of each arm and (axes, rows) per panel."""
    if "players" not in table:
        table = table.assign(players=0)
    panels = study_panels(table)
    fig, axes = panel_figure(len(panels))
    colours = colours_for([str(a) for a in table["arm"].unique()])
    for ax, (title, _) in zip(axes, panels, strict=False):
        ax.set_title(title, fontsize="medium")
    return fig, colours, [(ax, rows) for ax, (_, rows) in zip(axes, panels, strict=False)]


def arm_rows(rows: pd.DataFrame, colours: dict[str, Any]
             ) -> Iterator[tuple[str, pd.DataFrame, Any]]:
    """(legend label, rows, colour) of each arm with rows in a panel; the label drops the
    ``study/`` prefix the panel title already gives."""
    for arm, part in rows.groupby("arm", observed=True):
        if not part.empty:
            yield str(arm).rpartition("/")[2], part, colours[str(arm)]


def _axis_labels(ax: Axes, xlabel: str, ylabel: str) -> None:
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize="x-small")


def study_panels(table: pd.DataFrame) -> list[tuple[str, pd.DataFrame]]:
    """(title, rows) per player count and study: arms of several studies are named
    ``study/arm``, and one panel per study keeps each panel to a few lines and its legend
    readable."""
    out = []
    study = table["arm"].astype(str).str.rpartition("/")[0]
    for n in sorted(int(p) for p in table["players"].unique()):
        for name in sorted(study[table["players"] == n].unique()):
            rows = table[(table["players"] == n) & (study == name)]
            count = f"{n} players" if n else "all games"
            out.append((f"{name}, {count}" if name else count, rows))
    return out


def margin_plot(summary: ShapeSummary, unit: str = "points") -> Figure:
    """Winning margin as a histogram with one bin per whole unit, one step line per arm and
    one panel per player count and study (the margin is a count, so its axis is numeric)."""
    fig, colours, panels = arm_panels(summary.table)
    for ax, rows in panels:
        top = int(np.ceil(rows["margin"].max())) if len(rows) else 0
        bins = np.arange(0, top + 2) - 0.5
        for label, part, colour in arm_rows(rows, colours):
            ax.hist(part["margin"].astype(float), bins=bins, weights=part["share"],
                    histtype="step", color=colour, label=label)
        ax.xaxis.get_major_locator().set_params(integer=True)
        _axis_labels(ax, f"winner's lead ({unit})", "share of games")
    return fig


def side_by_side_plot(table: pd.DataFrame) -> Figure:
    """First-player edge, game length and winning margin per arm with 95% intervals, one
    panel each; arms on the vertical axis so long names stay readable."""
    fig, axes = panel_figure(3, height=max(2.2, 0.45 * len(table) + 1.2))
    labels = [f"{a} ({p}p)" for a, p in zip(table["arm"], table["players"], strict=True)]
    y = np.arange(len(table))
    panels = [("edge", "first player's edge (points)", 100.0),
              ("turns", "game length (turns)", 1.0), ("margin", "winner's lead", 1.0)]
    for ax, (key, xlabel, scale) in zip(axes, panels, strict=True):
        value = table[key].to_numpy(float) * scale
        lo = table[f"{key}_lo"].to_numpy(float) * scale
        hi = table[f"{key}_hi"].to_numpy(float) * scale
        ax.errorbar(value, y, xerr=_err(value, lo, hi), fmt="o", capsize=3, color="#0072B2")
        if key == "edge":
            ax.axvline(0, color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(y, labels if ax is axes[0] else [""] * len(y))
        ax.invert_yaxis()
        ax.set_xlabel(xlabel)
    return fig
