"""What every panel shares: a Run button, a status line, a progress area, cached runs, and
user errors shown in the panel instead of as a traceback.

A panel re-runs by itself when its settings change and a stored run of the new settings exists
(showing it is instant); otherwise it waits for the Run button, since a fresh study takes time.
Until then, and while a run plays, the results on screen belong to other settings: they are
dimmed (:meth:`Panel.mark_stale`) the moment a control changes, and shown clear again only when
the new settings' results replace them, so no one reads an old answer as the new one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gardensim.core.errors import GardensimError
from gardensim.widgets.cache import cached_run, has_cached_run, run_path
from gardensim.widgets.display import message
from gardensim.widgets.estimate import estimate_text

#: The CSS class of a dimmed result.
STALE = "gardensim-stale"

if TYPE_CHECKING:
    from gardensim.sim.api import Run
    from gardensim.sim.study import Study


class Panel:
    """Base of the notebook panels. Subclasses build ``self.widget`` and implement
    :meth:`study` (what to play) and :meth:`show` (turn the run into figures and sentences)."""

    def __init__(
        self, runs_dir: str | Path | None = None, jobs: int | None = None, progress: bool = True
    ) -> None:
        self.runs_dir = runs_dir
        self.jobs = jobs
        self.progress = progress
        self.run_button = w.Button(description="Run", button_style="primary", icon="play")
        self.run_button.on_click(lambda _button: self.from_ui(self.run))
        self.status = w.HTML()
        #: the stylesheet of a dimmed result (ipywidgets' own ``add_class``), in the panel
        self.style = w.HTML(f"<style>.{STALE} {{ opacity: 0.35; filter: grayscale(1); }}</style>")
        #: the widgets holding results, dimmed while they belong to other settings
        self.outputs: list[w.Widget] = []
        self.stale = False
        self.log = w.Output()
        self.last_run: Run | None = None
        self.sentences: list[str] = []

    # ----- to be provided by each panel --------------------------------------------------
    def study(self) -> Study:
        raise NotImplementedError

    def show(self, run: Run) -> None:
        raise NotImplementedError

    # ----- running -----------------------------------------------------------------------
    def run(self) -> Run | None:
        """Play (or load) the study of the current settings and show it; a bad setting is
        reported on the status line and returns None."""
        try:
            study = self.study()
            self.status.value = message(f"running {study.games} games per arm…")
            self.mark_stale(True)
            with self.log:
                self.log.clear_output()
                run = cached_run(study, self.runs_dir, jobs=self.jobs, progress=self.progress)
            self.last_run = run
            self.show(run)
            self.mark_stale(False)
        except GardensimError as exc:
            self.status.value = message(str(exc), "error")
            return None
        how = "reused the stored run" if run.reused else "simulated and stored"
        self.status.value = message(
            f"{run.manifest['games']['total']} games: {how} at {run_path(study, self.runs_dir)}",
            "done",
        )
        return run

    def from_ui(self, action: Callable[[], object]) -> None:
        """Run ``action`` for a click or a changed control: an unexpected exception there has
        no cell to show it, so it is shown in the panel's output area instead."""
        with self.log:
            action()

    def settings_changed(self) -> None:
        """Show a stored run of the new settings at once, or say that Run is needed."""
        try:
            study = self.study()
        except GardensimError as exc:
            self.status.value = message(str(exc), "error")
            return
        if has_cached_run(study, self.runs_dir):
            self.run()
        else:
            self.mark_stale(True)
            shown = " (the dimmed results are for the earlier settings)" if self.last_run else ""
            cost = estimate_text(study, self.runs_dir, self.jobs)
            self.status.value = message(
                f"settings changed: press Run to play {study.games} games per arm: {cost}{shown}"
            )

    def mark_stale(self, stale: bool) -> None:
        """Dim (or clear) the results on screen: they belong to other settings than the
        controls show."""
        self.stale = stale
        for widget in self.outputs:
            (widget.add_class if stale else widget.remove_class)(STALE)

    # ----- display -----------------------------------------------------------------------
    widget: w.Widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
