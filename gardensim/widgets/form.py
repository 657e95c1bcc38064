"""The study controls shared by the panels: game, board, players, drawing system, bots, games.

Choices cascade the way the rules do: a game offers its own boards and drawing systems, a board
its own player counts, and the player count decides how many bot boxes there are. Listeners
hear one notification per user change, not one per cascaded update.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import ipywidgets as w

from gardensim.core import registry
from gardensim.sim.study import Study
from gardensim.widgets.choices import (
    BOT_CHOICES,
    board_names,
    game_names,
    option_choices,
    player_counts,
)

LABEL = {"description_width": "6em"}


class StudyForm:
    """Controls that describe a study; :meth:`study` turns their values into a :class:`Study`.

    ``show_draw=False`` hides the drawing-system box for panels that compare every system.
    """

    def __init__(
        self,
        *,
        game: str | None = None,
        board: str | None = None,
        players: int = 2,
        draw: str | None = None,
        bots: Sequence[str] = ("greedy", "greedy"),
        games: int = 200,
        seed: int = 1,
        show_draw: bool = True,
    ) -> None:
        self._listeners: list[Callable[[], None]] = []
        self._updating = 0
        self._show_draw = show_draw
        self._bot_specs = list(bots)
        names = game_names()
        self.game = w.Dropdown(options=names, value=game if game is not None else names[0],
                               description="game", style=LABEL)
        self.board = w.Dropdown(description="board", style=LABEL)
        self.players = w.ToggleButtons(description="players", style=LABEL)
        self.players.style.button_width = "3em"
        self.draw = w.Dropdown(description="drawing", style=LABEL)
        self.bots: list[w.Combobox] = []
        self.bot_box = w.HBox()
        self.games = w.BoundedIntText(value=games, min=1, max=10_000_000,
                                      description="games", style=LABEL)
        self.seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                     description="seed", style=LABEL)
        with self._cascade():
            self._fill_game(board, players, draw)
        self.game.observe(self._on_game, names="value")
        self.board.observe(self._on_board, names="value")
        self.players.observe(self._on_players, names="value")
        for control in (self.draw, self.games, self.seed):
            control.observe(lambda _change: self._notify(), names="value")
        self.widget = w.VBox([
            w.HBox([self.game, self.board]),
            self.players,
            self.draw,
            self.bot_box,
            w.HBox([self.games, self.seed]),
        ])

    # ----- cascading choices -------------------------------------------------------------
    @contextmanager
    def _cascade(self) -> Iterator[None]:
        """Silence listeners while one change ripples through the dependent controls."""
        self._updating += 1
        try:
            yield
        finally:
            self._updating -= 1

    def _fill_game(self, board: str | None, players: int, draw: str | None) -> None:
        game = self.game.value
        boards = board_names(game)
        self.board.options = boards or [("(none)", None)]
        default = registry.game_spec(game).default_board
        fallback = default if default in boards else (boards[0] if boards else None)
        self.board.value = board if board in boards else fallback
        self.board.disabled = not boards
        systems = option_choices(game)[1]
        self.draw.options = systems or [("(none)", None)]
        self.draw.value = draw if draw in systems else (systems[0] if systems else None)
        self.draw.layout.display = "" if systems and self._show_draw else "none"
        self._fill_players(players)

    def _fill_players(self, players: int) -> None:
        counts = player_counts(self.game.value, self.board.value) or [players]
        self.players.options = [(str(n), n) for n in counts]
        self.players.value = players if players in counts else counts[0]
        self._fill_bots()

    def _fill_bots(self) -> None:
        n = self.players.value
        specs = [b.value for b in self.bots] or self._bot_specs
        specs = (specs + [specs[-1]] * n)[:n]
        self.bots = [
            w.Combobox(value=spec, options=list(BOT_CHOICES), ensure_option=False,
                       continuous_update=False,
                       placeholder="bot spec", description=f"seat {s}",
                       style={"description_width": "3.5em"},
                       layout=w.Layout(width="13em"))
            for s, spec in enumerate(specs)
        ]
        for box in self.bots:
            box.observe(lambda _change: self._notify(), names="value")
        self.bot_box.children = self.bots

    def _on_game(self, _change: Mapping[str, Any]) -> None:
        with self._cascade():
            self._fill_game(self.board.value, self.players.value, self.draw.value)
        self._notify()

    def _on_board(self, _change: Mapping[str, Any]) -> None:
        if self._updating:
            return
        with self._cascade():
            self._fill_players(self.players.value)
        self._notify()

    def _on_players(self, _change: Mapping[str, Any]) -> None:
        if self._updating:
            return
        with self._cascade():
            self._fill_bots()
        self._notify()

    # ----- listeners and values ----------------------------------------------------------
    def observe(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` once after every change a user makes to any control."""
        self._listeners.append(callback)

    def _notify(self) -> None:
        if self._updating:
            return
        for callback in self._listeners:
            callback()

    def set(self, **values: Any) -> None:
        """Set several controls at once (``form.set(players=3, bots=["greedy"] * 3)``), with a
        single notification; handy in notebooks and tests."""
        with self._cascade():
            if "game" in values:
                self.game.value = values["game"]
                self._fill_game(values.get("board"), values.get("players", 2),
                                values.get("draw"))
            if "board" in values:
                self.board.value = values["board"]
                self._fill_players(values.get("players", self.players.value))
            if "players" in values:
                self.players.value = values["players"]
                self._fill_bots()
            if "draw" in values:
                self.draw.value = values["draw"]
            if "bots" in values:
                for box, spec in zip(self.bots, values["bots"], strict=False):
                    box.value = spec
            for key in ("games", "seed"):
                if key in values:
                    getattr(self, key).value = values[key]
        self._notify()

    @property
    def bot_specs(self) -> list[str]:
        return [b.value.strip() for b in self.bots]

    def describe(self) -> str:
        """The settings in a few words, for titles and sentences."""
        parts = [self.game.value]
        if self.board.value:
            parts.append(self.board.value)
        parts.append(f"{self.players.value} players")
        if self.draw.value and self._show_draw:
            parts.append(f"{self.draw.value} drawing")
        parts.append(" v ".join(self.bot_specs))
        return ", ".join(parts)

    def study(
        self,
        name: str,
        *,
        arms: Sequence[Mapping[str, Any]] = (),
        options: Mapping[str, Any] | None = None,
        draw: bool | None = None,
    ) -> Study:
        """The study these controls describe; ``draw`` (default: when the box is shown) puts the
        chosen drawing system into the study. Raises ConfigError for a bad bot spec or option."""
        raw: dict[str, Any] = {
            "name": name,
            "game": self.game.value,
            "players": self.players.value,
            "bots": self.bot_specs,
            "games": int(self.games.value),
            "seed": int(self.seed.value),
            "options": dict(options or {}),
            "arms": [dict(a) for a in arms],
        }
        if self.board.value:
            raw["board"] = self.board.value
        option = option_choices(self.game.value)[0]
        if option and self.draw.value and (self._show_draw if draw is None else draw):
            raw["options"][option] = self.draw.value
        study = Study.from_dict(raw)
        study.resolve()
        return study
