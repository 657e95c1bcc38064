"""Notebook 4: the rule-variant lab. Change a rule, play it paired against the baseline on the
same deals and seatings, and see which outcomes moved beyond their 95% intervals.

Pairing is what makes a small lab run worth reading: game ``g`` of the variant and game ``g`` of
the baseline share the deal, so their difference carries the rule change without most of the
deal's noise (``gardensim.analysis.arms``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gardensim.analysis.frames import MissingData, pct
from gardensim.core.errors import ConfigError
from gardensim.games.gazebo.rules.ruleset import RULES
from gardensim.widgets.base import Panel
from gardensim.widgets.choices import default_options
from gardensim.widgets.display import figure_png, paragraphs, picture, table_html
from gardensim.widgets.form import StudyForm
from gardensim.widgets.knobs import option_control

if TYPE_CHECKING:
    import pandas as pd

    from gardensim.analysis.arms import ArmComparison
    from gardensim.sim.api import Run
    from gardensim.sim.study import Study

BASELINE, VARIANT = "baseline", "variant"
#: Rule options the lab varies (docs/gazebo-engine-contract.md, "Game and options").
KNOBS = ("gazebos", "hand_size", "private_singles", "draw")
#: Outcomes compared, with how sentences name them. Totals over seats are summed from the
#: per-seat columns of the games frame.
OUTCOMES = {
    "first_player": "the first player's win share",
    "stronger_bot": "the stronger bot's win share",
    "turns": "game length in turns",
    "dominoes_placed": "dominoes placed per game",
    "absorbs": "nook absorptions per game",
    "steals": "patio steals per game",
    "singles_drawn": "single-coloured dominoes drawn per game",
}
SHARES = ("first_player", "stronger_bot")
SEAT_TOTALS = ("absorbs", "steals", "singles_drawn")


def with_totals(games: pd.DataFrame) -> pd.DataFrame:
    """``games`` plus per-game totals over seats (``absorbs`` = absorbs_0 + absorbs_1 + …)."""
    games = games.copy()
    for name in SEAT_TOTALS:
        columns = [c for c in games.columns if c.rsplit("_", 1)[0] == name]
        if columns:
            games[name] = games[columns].astype("Float64").sum(axis=1, skipna=True).astype(float)
    return games


def _value(x: float, share: bool, signed: bool = False) -> str:
    if share:
        return f"{100 * x:+.1f} points" if signed else pct(x)
    return f"{x:+.2f}" if signed else f"{x:.2f}"


class VariantLab(Panel):
    """Baseline settings on top, the variant's rules below; Run plays both arms paired."""

    def __init__(
        self,
        games: int = 200,
        *,
        board: str | None = "aviary",
        players: int = 2,
        draw: str = "gazebo",
        bots: Sequence[str] = ("greedy", "greedy:epsilon=0.15"),
        seed: int = 1,
        variant: Mapping[str, Any] | None = None,
        runs_dir: str | Path | None = None,
        jobs: int | None = None,
        progress: bool = True,
    ) -> None:
        super().__init__(runs_dir, jobs, progress)
        self.form = StudyForm(game="gazebo", board=board, players=players, draw=draw, bots=bots,
                              games=games, seed=seed)
        self.form.game.disabled = True
        base = self.baseline_options()
        # from the declared rule set (ranges, choices, words); gazebos starts empty: "as the
        # baseline", since its default depends on the board and the player count
        self.knobs: dict[str, w.ValueWidget] = {
            name: option_control(RULES.option(name), None if name == "gazebos" else base[name])
            for name in KNOBS}
        self.knobs["gazebos"].placeholder = "same as baseline (e.g. 22 or 24,22)"
        self.set_variant(**dict(variant or {}))
        self.form.observe(lambda: self.from_ui(self.settings_changed))
        for knob in self.knobs.values():
            knob.observe(lambda _change: self.from_ui(self.settings_changed), names="value")
        self.plots = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.table = w.HTML()
        self.text = w.HTML()
        self.results: list[ArmComparison] = []
        self.outputs = [self.table, self.plots, self.text]
        self.widget = w.VBox([
            self.style, w.HTML("<b>Baseline</b>"), self.form.widget,
            w.HTML("<b>Variant</b> (rules that differ from the baseline)"),
            w.VBox(list(self.knobs.values())),
            w.HBox([self.run_button, self.status]), self.log, *self.outputs,
        ])

    # ----- the two arms ------------------------------------------------------------------
    def baseline_options(self) -> dict[str, Any]:
        """The baseline's rule options, every default filled in by the engine."""
        f = self.form
        return default_options("gazebo", f.board.value, f.players.value) | {"draw": f.draw.value}

    def set_variant(self, **values: Any) -> None:
        """Set variant knobs by option name (``lab.set_variant(hand_size=4)``)."""
        unknown = sorted(set(values) - set(KNOBS))
        if unknown:
            raise ConfigError(f"the lab varies {', '.join(KNOBS)}; not {unknown[0]!r}")
        for name, value in values.items():
            if name == "gazebos":  # a text box: one count, or one per seat
                value = ",".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
            self.knobs[name].value = value

    def changes(self) -> dict[str, Any]:
        """Variant options that differ from the baseline's."""
        base = self.baseline_options()
        out: dict[str, Any] = {}
        for name, knob in self.knobs.items():
            value = knob.value
            if name == "gazebos":
                value = str(value).strip()
                if not value or self._gazebos(value) == tuple(base["gazebos"]):
                    continue
            elif value == base[name]:
                continue
            out[name] = value
        return out

    def _gazebos(self, text: str) -> tuple[int, ...]:
        """Per-seat gazebo counts of a ``gazebos`` option as the engine reads it (``"22"`` is
        22 for every seat), so typing the baseline's own count is no change."""
        from gardensim.core import registry

        f = self.form
        game = registry.make_game("gazebo", f.board.value, f.players.value, {"gazebos": text})
        return tuple(game.options["gazebos"])

    def describe_changes(self) -> str:
        """The changes in words: ``hand_size 3 → 4, draw gazebo → qin``."""
        base = self.baseline_options()
        parts = []
        for name, value in self.changes().items():
            before = base[name]
            before = ",".join(map(str, before)) if isinstance(before, tuple) else before
            parts.append(f"{name} {before} → {value}")
        return ", ".join(parts)

    def study(self) -> Study:
        changes = self.changes()
        if not changes:
            raise ConfigError("the variant equals the baseline: change gazebos, hand_size, "
                              "private_singles or the drawing system")
        f = self.form
        arms = [{"name": BASELINE}, {"name": VARIANT, **changes}]
        return f.study(f"variant-{f.board.value}-{f.players.value}p", arms=arms)

    # ----- results -----------------------------------------------------------------------
    def show(self, run: Run) -> None:
        from gardensim.analysis import arms, plots

        games = with_totals(run.games)
        self.results, skipped = [], []
        for name in OUTCOMES:
            if name not in arms.OUTCOMES and name not in games.columns:
                continue
            try:
                self.results += arms.compare_arms(games, name, baseline=BASELINE)
            except MissingData as exc:
                skipped.append(str(exc))
        pictures = []
        for result in self.results:  # one small forest plot per outcome, wrapped in rows
            pictures.append(picture())
            pictures[-1].value = figure_png(plots.arms_plot([result]))
        self.plots.children = pictures
        self.table.value = table_html(self.moved_frame())
        self.sentences = [r.sentence for r in self.results]
        self.text.value = paragraphs(self.sentences + [f"Skipped: {s}" for s in skipped])

    def moved_frame(self) -> pd.DataFrame:
        """One row per outcome: baseline, variant, difference with its interval, and whether
        the interval excludes zero (the outcome moved)."""
        import pandas as pd

        return pd.DataFrame.from_records([
            {"outcome": OUTCOMES.get(r.outcome, r.outcome), "baseline": r.baseline_mean,
             "variant": r.arm_mean, "difference": r.difference, "lo": r.ci[0], "hi": r.ci[1],
             "moved": r.ci[0] > 0 or r.ci[1] < 0, "pairs": r.pairs}
            for r in self.results
        ])

    def answer(self) -> str:
        """Which outcomes the rule change moved, by how much, and which it did not."""
        if not self.results:
            return "No games have been run yet: press Run (or call lab.run())."
        moved, still = [], []
        for r in self.results:
            share = r.outcome in SHARES
            name = OUTCOMES.get(r.outcome, r.outcome)
            if r.ci[0] > 0 or r.ci[1] < 0:
                direction = "rose" if r.difference > 0 else "fell"
                moved.append(
                    f"{name} {direction} from {_value(r.baseline_mean, share)} to "
                    f"{_value(r.arm_mean, share)} ({_value(r.difference, share, True)}, 95% CI "
                    f"{_value(r.ci[0], share, True)} to {_value(r.ci[1], share, True)})"
                )
            else:
                still.append(name)
        pairs = self.results[0].pairs
        text = f"With {self.describe_changes()} ({pairs} games paired with the baseline), "
        if moved:
            text += "; ".join(moved)
            if still:
                text += f"; no detectable change in {', '.join(still)}"
        else:
            text += f"no outcome moved beyond its 95% interval ({', '.join(still)})"
        return text + "."
