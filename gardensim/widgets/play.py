"""Notebook 5: play a game against bots, to feel a rule rather than only measure it.

The panel is a front end over :class:`~gardensim.widgets.session.PlaySession`: the settings
reuse the study controls (game, board, players, the game's dropdown option, a bot per seat,
seed) plus the person's seat and the deal; the board is the game's own notebook picture (its
state's ``_repr_html_``, else its spec's ``renderer``); a legal move is a button to click when
there are few, and otherwise an entry of a list narrowed by typing part of its notation. The
bots answer at once; Undo takes the person's last move back; a finished game is stored by
itself as a replayable record (:mod:`.played`), and Store keeps an unfinished one.
Every button has a method doing the same (``panel.play(move)``), so notebooks and tests script
the clicks.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gardensim.core.errors import GardensimError
from gardensim.widgets.choices import option_choices
from gardensim.widgets.display import figure_png, message
from gardensim.widgets.form import LABEL, StudyForm
from gardensim.widgets.session import PlaySession

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from gardensim.core.protocol import GameState

#: Up to this many legal moves are offered as buttons; more go to the filtered list only
#: (a tile-laying turn can have a hundred or more).
BUTTON_LIMIT = 16
#: Moves of the game shown in the move log, latest last.
LOG_MOVES = 12


def position_html(state: GameState) -> str:
    """The game's own picture of ``state``: its ``_repr_html_``, else the spec's renderer as
    an embedded PNG, else its text."""
    from gardensim.core import registry

    own = getattr(state, "_repr_html_", None)
    if callable(own):
        return str(own())
    spec = registry.game_spec(state.game.name)
    if spec.renderer is not None:
        from gardensim.core.spec import load

        png = figure_png(load(spec.renderer)(state.game.board_name, state))
        return f'<img src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">'
    return f"<pre>{html.escape(str(state))}</pre>"


class PlayPanel:
    """Pick a game and the bots, press New game, then play: click a move (or pick it from the
    list), watch the bots answer, undo, and find the finished game stored under
    ``<runs>/played/``."""

    def __init__(
        self,
        *,
        game: str | None = None,
        board: str | None = None,
        players: int = 2,
        draw: str | None = None,
        bots: Sequence[str] = ("greedy", "greedy"),
        human: int = 0,
        seed: int = 1,
        deal: int = 0,
        runs_dir: str | Path | None = None,
    ) -> None:
        self.runs_dir = runs_dir
        self.form = StudyForm(game=game, board=board, players=players, draw=draw, bots=bots,
                              seed=seed)
        self.form.games.layout.display = "none"
        self.human = w.BoundedIntText(value=human, min=0, max=3, description="your seat",
                                      style=LABEL, layout=w.Layout(width="12em"))
        self.deal = w.BoundedIntText(value=deal, min=0, max=2**31 - 1, description="deal",
                                     style=LABEL, layout=w.Layout(width="12em"))
        self.new_button = w.Button(description="New game", button_style="primary", icon="play")
        self.new_button.on_click(lambda _b: self._from_ui(self.new_game))
        self.status = w.HTML()
        self.board = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.filter = w.Text(placeholder="type part of a move", description="find",
                             style=LABEL, continuous_update=True)
        self.filter.observe(lambda _c: self._fill_list(), names="value")
        self.list = w.Select(rows=8, layout=w.Layout(width="22em"))
        self.play_button = w.Button(description="Play", icon="check")
        self.play_button.on_click(lambda _b: self._from_ui(self.play_selected))
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.undo_button.on_click(lambda _b: self._from_ui(self.undo))
        self.store_button = w.Button(description="Store", icon="save")
        self.store_button.on_click(lambda _b: self._from_ui(self.store))
        self.moves_log = w.HTML()
        self.log = w.Output()
        self.session: PlaySession | None = None
        self.stored: Path | None = None
        self.widget = w.VBox([
            self.form.widget,
            w.HBox([self.human, self.deal, self.new_button]),
            self.status, self.log, self.board, self.buttons,
            w.HBox([w.VBox([self.filter, self.list]),
                    w.VBox([self.play_button, self.undo_button, self.store_button])]),
            self.moves_log,
        ])
        self._show()

    # ----- what the buttons do -----------------------------------------------------------
    def new_game(self) -> PlaySession | None:
        """Start a game with the current settings (a bad one goes to the status line)."""
        f = self.form
        options: dict[str, Any] = {}
        option = option_choices(f.game.value)[0]
        if option and f.draw.value:
            options[option] = f.draw.value
        try:
            self.session = PlaySession(f.game.value, f.board.value, f.players.value,
                                       human=int(self.human.value), bots=f.bot_specs,
                                       options=options, seed=int(f.seed.value),
                                       deal=int(self.deal.value))
        except GardensimError as exc:
            self.session = None
            self._show(message(str(exc), "error"))
            return None
        self.stored = None
        self._show()
        return self.session

    def play(self, move: str) -> None:
        """Play ``move`` (its notation) for the person, as its button or the list would."""
        if self.session is None:
            self._show(message("press New game first", "error"))
            return
        try:
            self.session.play(move)
        except GardensimError as exc:
            self._show(message(str(exc), "error"))
            return
        if self.session.over:
            self.store()
            return
        self._show()

    def play_selected(self) -> None:
        """The Play button: the move picked in the list."""
        if self.list.value is None:
            self._show(message("pick a move in the list first", "error"))
            return
        self.play(self.list.value)

    def undo(self) -> None:
        if self.session is None:
            return
        taken = self.session.undo()
        self.stored = None
        self._show(message(f"took back {taken} actions" if taken
                           else "nothing of yours to take back"))

    def store(self) -> Path | None:
        """Store the game (finished or not) as a replayable record; its path."""
        if self.session is None:
            return None
        try:
            self.stored = self.session.store(self.runs_dir)
        except GardensimError as exc:
            self._show(message(str(exc), "error"))
            return None
        self._show()
        return self.stored

    def click(self, move: str) -> None:
        """Click the button of ``move`` when it has one, else pick it in the list (typing part
        of it in the find box first) and click Play: what a person does, for scripts."""
        for button in self.buttons.children:
            if button.description == move:
                button.click()
                return
        self.filter.value = move
        self.list.value = move
        self.play_button.click()

    # ----- display -----------------------------------------------------------------------
    def _from_ui(self, action: Callable[[], object]) -> None:
        with self.log:
            action()

    def _show(self, note: str | None = None) -> None:
        session = self.session
        if session is None:
            self.board.value = ""
            self._offer([])
            self.status.value = note or message("choose the settings and press New game")
            return
        self.board.value = position_html(session.state)
        self._offer(session.legal_moves())
        done = session.result()
        if self.stored is not None:
            done += f"; stored at {self.stored}"
        self.status.value = note or message(done, "done" if session.over else "info")
        recent = session.history[-LOG_MOVES:]
        first = len(session.history) - len(recent) + 1
        self.moves_log.value = "<br>".join(
            html.escape(f"{i}. seat {m.seat} ({'you' if m.by_human else 'bot'}): {m.text}")
            for i, m in enumerate(recent, start=first))

    def _offer(self, moves: list[str]) -> None:
        self._moves = moves
        buttons = []
        if len(moves) <= BUTTON_LIMIT:
            for move in moves:
                button = w.Button(description=move, layout=w.Layout(width="auto"))
                button.on_click(lambda b: self._from_ui(lambda: self.play(b.description)))
                buttons.append(button)
        self.buttons.children = buttons
        for control in (self.play_button, self.list, self.filter):
            control.disabled = not moves
        self.undo_button.disabled = self.session is None or not any(
            m.by_human for m in self.session.history)
        self.store_button.disabled = self.session is None
        self._fill_list()

    def _fill_list(self) -> None:
        wanted = self.filter.value.strip().lower()
        self.list.options = [m for m in self._moves if wanted in m.lower()]

    def answer(self) -> str:
        """How the game went and where it is stored, proved by replaying the stored record."""
        from gardensim.widgets.played import check_record

        if self.session is None:
            return "No game has been played yet: press New game (or call panel.new_game())."
        from gardensim.core import registry

        s = self.session
        text = (f"{registry.game_spec(s.engine.name).title}, you in seat {s.human} against "
                f"{', '.join(b.spec for b in s.bots.values())}: {s.result()}.")
        if self.stored is None:
            return text + " Not stored yet."
        check_record(self.stored)
        return text + (f" Stored at {self.stored}; replaying it through the rules from seed "
                       f"{s.deal_seed} reaches the same final position.")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
