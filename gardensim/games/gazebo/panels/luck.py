"""Notebook 2: Qin-style against Gazebo-style drawing, the luck measures side by side.

One study, one arm per drawing system, every arm playing the same deals and seatings, so the
systems compare paired. The default line-up pits greedy against a greedy bot that plays a random
move 15% of the time (it still wins about a quarter of its games; plain random never wins, which
would hide any difference): how reliably the stronger one wins is the most direct reading of how
much skill shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gardensim.analysis.frames import MissingData, pct
from gardensim.core.errors import ConfigError
from gardensim.widgets.base import Panel
from gardensim.widgets.display import figure_png, interval, paragraphs, picture
from gardensim.widgets.form import LABEL, StudyForm

if TYPE_CHECKING:
    import pandas as pd

    from gardensim.sim.api import Run
    from gardensim.sim.study import Study

#: Failures of a measure on too few games (a regression that cannot be fitted) besides
#: MissingData; the measure is then reported as skipped instead of stopping the panel.
SKIPPABLE: tuple[type[Exception], ...] = (MissingData, ValueError, ArithmeticError)


def arm_name(system: str) -> str:
    """Arm of a drawing system, named as in the shipped studies (``qin-draw``)."""
    return f"{system}-draw"


class LuckPanel(Panel):
    """How much does the draw decide, per drawing system? Singles drawn, the odds an extra
    single buys, the deal's share of outcome variance, and how often the stronger bot wins."""

    def __init__(
        self,
        games: int = 200,
        *,
        board: str | None = "aviary",
        players: int = 2,
        systems: Sequence[str] = ("gazebo", "qin"),
        bots: Sequence[str] = ("greedy", "greedy:epsilon=0.15"),
        seed: int = 1,
        runs_dir: str | Path | None = None,
        jobs: int | None = None,
        progress: bool = True,
    ) -> None:
        super().__init__(runs_dir, jobs, progress)
        self.form = StudyForm(game="gazebo", board=board, players=players, bots=bots,
                              games=games, seed=seed, show_draw=False)
        self.form.game.disabled = True
        self.systems = w.SelectMultiple(options=self.form.draw.options, value=tuple(systems),
                                        description="compare", style=LABEL, rows=3)
        self.form.observe(lambda: self.from_ui(self.settings_changed))
        self.systems.observe(lambda _change: self.from_ui(self.settings_changed), names="value")
        self.table = w.HTML()
        self.text = w.HTML()
        self.images = {name: picture() for name in
                       ("singles", "draw advantage", "variance", "skill")}
        tabs = w.Tab(children=list(self.images.values()))
        for i, name in enumerate(self.images):
            tabs.set_title(i, name)
        self.measures: dict[str, Any] = {}
        self.outputs = [self.table, tabs, self.text]
        self.widget = w.VBox([
            self.style, self.form.widget, self.systems, w.HBox([self.run_button, self.status]),
            self.log, *self.outputs,
        ])

    def study(self) -> Study:
        """One arm per chosen drawing system, all on the same deals."""
        f = self.form
        arms = [{"name": arm_name(s), "draw": s} for s in self.systems.value]
        if len(arms) < 2:
            raise ConfigError("choose at least two drawing systems to compare")
        return f.study(f"luck-{f.board.value}-{f.players.value}p", arms=arms)

    def show(self, run: Run) -> None:
        from gardensim.analysis import arms, luck, plots
        from gardensim.games.gazebo import figures, questions

        games = run.games
        baseline = run.arms[0]
        steps = {
            "singles": (questions.singles_drawn, figures.singles_plot),
            "draw advantage": (questions.draw_advantage, figures.draw_advantage_plot),
            "variance": (luck.variance_decomposition, plots.variance_plot),
            "skill": (luck.skill_expression, plots.skill_plot),
        }
        self.measures, skipped = {}, []
        for name, (measure, plot) in steps.items():
            try:
                self.measures[name] = measure(games)
                self.images[name].value = figure_png(plot(self.measures[name]))
            except SKIPPABLE as exc:
                skipped.append(f"{name}: {exc}")
                self.images[name].value = b""
        try:
            self.measures["paired"] = arms.compare_arms(games, "stronger_bot", baseline=baseline)
        except SKIPPABLE as exc:
            skipped.append(f"paired comparison: {exc}")
        self.sentences = [r.sentence for rs in self.measures.values() for r in rs]
        self.text.value = paragraphs(self.sentences + [f"Skipped — {s}" for s in skipped])
        self.table.value = self.side_by_side().to_html(border=0)

    def side_by_side(self) -> pd.DataFrame:
        """One column per drawing system (arm), one row per luck measure, with intervals."""
        import pandas as pd

        rows: dict[str, dict[str, str]] = {}

        def put(measure: str, arm: str, text: str) -> None:
            rows.setdefault(measure, {})[arm] = text

        for r in self.measures.get("singles", []):
            for t in r.table.itertuples():
                put("singles drawn per player (sd)", t.arm, f"{t.mean:.2f} ({t.sd:.2f})")
                put("gap luckiest − unluckiest", t.arm, interval(t.gap_mean, (t.gap_lo, t.gap_hi)))
        for r in self.measures.get("draw advantage", []):
            put("odds ratio per extra single", r.arm, interval(r.odds_ratio, r.ci))
        for r in self.measures.get("variance", []):
            shares = r.table.set_index("component")["share"]
            put("deal's share of variance", r.arm, interval(shares["deal"], r.deal_ci, True))
            put("seat's share of variance", r.arm, pct(shares["seat"]))
        for r in self.measures.get("skill", []):
            put("stronger bot's score", r.arm, interval(r.stronger_share, r.stronger_ci, True))
            put("Elo spread of the bots (SD)", r.arm, f"{r.spread:.0f} "
                f"({r.spread_ci[0]:.0f}–{r.spread_ci[1]:.0f})")
        return pd.DataFrame.from_dict(rows, orient="index").rename_axis("measure")

    def answer(self) -> str:
        """Is one drawing system luckier? Read from the paired stronger-bot comparison and the
        deal's share of the variance."""
        if not self.measures:
            return "No games have been run yet: press Run (or call panel.run())."
        parts = []
        for c in self.measures.get("paired", []):
            lo, hi = c.ci
            if hi < 0:
                verdict = (f"Yes: under {c.arm} the stronger bot wins less often than under "
                           f"{c.baseline}, so the draw decides more")
            elif lo > 0:
                verdict = (f"No, the reverse: under {c.arm} the stronger bot wins more often than "
                           f"under {c.baseline}, so skill shows more")
            else:
                verdict = (f"No clear difference between {c.arm} and {c.baseline} after "
                           f"{c.pairs} paired games")
            parts.append(
                f"{verdict} (stronger bot's share {pct(c.baseline_mean)} against "
                f"{pct(c.arm_mean)}, difference {100 * c.difference:+.1f} points, 95% CI "
                f"{100 * lo:+.1f} to {100 * hi:+.1f})."
            )
        deal = {r.arm: r for r in self.measures.get("variance", [])}
        if deal:
            shares = "; ".join(
                f"{arm} {pct(r.table.set_index('component').loc['deal', 'share'])} "
                f"(CI {pct(r.deal_ci[0])}–{pct(r.deal_ci[1])})" for arm, r in deal.items()
            )
            parts.append(f"The deal's share of the variance of a player's result: {shares}.")
        if not parts:
            parts.append("The luck measures could not be computed from these games: "
                         + " ".join(self.sentences))
        return " ".join(parts)
