"""Notebook 1: does the first player win too often? Seat win shares with intervals, live.

The default line-up is a mirror match (the same bot in every seat, seats rotated over the same
deals), which isolates the seat from bot strength.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as w

from gardensim.analysis.frames import MissingData, pct
from gardensim.widgets.base import Panel
from gardensim.widgets.display import figure_png, paragraphs, picture, table_html
from gardensim.widgets.form import StudyForm

if TYPE_CHECKING:
    from gardensim.analysis.seat import SeatAdvantage
    from gardensim.sim.api import Run
    from gardensim.sim.study import Study


class SeatPanel(Panel):
    """Pick game, board, players, the game's dropdown option, bots and games; see each seat's
    win share with its 95% interval against the fair share, and whatever the game adds about
    seats (``GameSpec.seat_extras``, e.g. a handicap that would even them)."""

    def __init__(
        self,
        games: int = 200,
        *,
        game: str | None = None,
        board: str | None = None,
        players: int = 2,
        draw: str | None = None,
        bots: Sequence[str] = ("greedy", "greedy"),
        seed: int = 1,
        runs_dir: str | Path | None = None,
        jobs: int | None = None,
        progress: bool = True,
    ) -> None:
        super().__init__(runs_dir, jobs, progress)
        self.form = StudyForm(game=game, board=board, players=players, draw=draw, bots=bots,
                              games=games, seed=seed)
        self.form.observe(lambda: self.from_ui(self.settings_changed))
        self.image = picture()
        self.text = w.HTML()
        self.table = w.HTML()
        self.results: list[SeatAdvantage] = []
        self.outputs = [self.image, self.text, self.table]
        self.widget = w.VBox([
            self.style, self.form.widget, w.HBox([self.run_button, self.status]), self.log,
            *self.outputs,
        ])

    def study(self) -> Study:
        """One arm, named after the dropdown option's value (or the board) so sentences read
        "In <value>-draw, 2 players, …" rather than naming a generic arm."""
        f = self.form
        arm = f"{f.draw.value}-draw" if f.draw.value else (f.board.value or f.game.value)
        return f.study(f"seats-{f.game.value}-{f.board.value or 'default'}-{f.players.value}p",
                       arms=[{"name": arm}])

    def show(self, run: Run) -> None:
        from gardensim.analysis.plots import seat_plot
        from gardensim.analysis.seat import seat_advantage, seat_frame
        from gardensim.core import registry
        from gardensim.core.spec import load

        games = run.games
        spec = registry.game_spec(run.study.game)
        self.results = seat_advantage(games, start_player=spec.columns.start_player)
        self.image.value = figure_png(seat_plot(self.results))
        self.sentences = [r.sentence for r in self.results]
        if spec.seat_extras is not None:
            try:
                self.sentences += load(spec.seat_extras)(games)
            except MissingData:
                pass
        self.text.value = paragraphs(self.sentences)
        self.table.value = table_html(seat_frame(self.results))

    def answer(self) -> str:
        """Does the first player win too often? The verdict (fair within the margin, unfair,
        or undecided with the games to play), then the numbers."""
        if not self.results:
            return "No games have been run yet: press Run (or call panel.run())."
        r = self.results[0]
        first = r.table.iloc[0]
        fair = 1 / r.players
        verdict = r.verdict
        if verdict is not None and verdict.kind == "unfair":
            lead = ("Yes: the first player wins more than the fair" if first["share"] > fair
                    else "No, rather the opposite: the first player wins less than the fair")
            text = f"{lead} {pct(fair)} ({r.bots})."
        elif verdict is not None and verdict.kind == "fair":
            text = f"No: the seats are {verdict.text} ({r.bots})."
        else:
            more = "" if verdict is None or verdict.games_needed is None else (
                f"; about {verdict.games_needed} more games would settle it")
            text = (f"Not decided after {r.games} games: the interval of the first player's "
                    f"share is too wide to call the seats fair or unfair{more}.")
        return " ".join([text, *self.sentences])
