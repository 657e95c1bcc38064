"""Notebook 3: step through a stored Gazebo game; the board at each step and that move's events.

A stored game is its seed and move list (``docs/telemetry.md``); :func:`game_steps` re-plays it
through the rules from the seed, move by move, so every picture is a position the engine itself
reached (an illegal stored move would stop the replay with the engine's own message).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gardensim.core.errors import ConfigError, GardensimError
from gardensim.widgets.cache import runs_root
from gardensim.widgets.display import figure_png, message, picture

if TYPE_CHECKING:
    from gardensim.sim.api import Run

DRAW_SOURCES = {"DRAW:GENERAL": "the general pile", "DRAW:PRIVATE": "their private pile",
                "DRAW:RESERVE": "the reserve"}


@dataclass
class Step:
    """Position after ``index`` moves (0: the start), with the move that led to it."""

    index: int
    move: str | None
    player: int | None
    events: list[dict[str, Any]]
    state: dict[str, Any] = field(repr=False)


def game_steps(run: Run | str | Path, game: int, arm: str | None = None) -> list[Step]:
    """Every position of stored game ``game`` (of ``arm``), from the start to the end."""
    from gardensim.core import registry
    from gardensim.sim.api import stored_game

    config, seed, moves = stored_game(run, game, arm)
    if config["game"] != "gazebo":
        raise ConfigError(f"game replay draws Gazebo boards; this run is of {config['game']!r}")
    from gardensim.games.gazebo.rules.replay import play_token, replay_actions

    engine = registry.make_game(config["game"], config["board"], config["players"],
                                config["options"])
    state = replay_actions(engine, seed, [])
    steps = [Step(0, None, None, [], state.to_dict())]
    for index, token in enumerate(moves, start=1):
        play_token(state, index, token)
        snapshot = state.to_dict()
        record = snapshot["moves"][-1]
        steps.append(Step(index, record["move"], record["player"], record["events"], snapshot))
    return steps


def _seats(seats: int | list[int] | None) -> str:
    """``seat 1`` or ``seat 0, seat 2``; events give one seat or a list (``from`` of a steal)."""
    if seats is None:
        return "nobody"
    if isinstance(seats, int):
        seats = [seats]
    return ", ".join(f"seat {s}" for s in seats) or "nobody"


EVENT_TEXT = {
    "create": "{who} starts a nook on {cells} (1 gazebo)",
    "expand": "{who}'s nook grows to {cells}",
    "absorb": "{who} absorbs the nooks on {cells}{returned}",
    "big": "{who}'s nook on {cells} is big: a second gazebo",
    "claim": "{who} claims the patio at {cell}",
    "steal": "{who} steals the patio at {cell} from {source}",
    "zen": "{who} covers the zen space at {cell} (a reserve draw)",
    "pedestal": "{who} covers the pedestal at {cell}",
    "vase": "the vase at {cell} is triggered by {who}",
    "win": "game over ({reason}); winners: {winners}",
}

#: Event types the game summary counts, and how it names them.
COUNTED_EVENTS = {"create": "nooks started", "absorb": "nook absorptions", "big": "big nooks",
                  "claim": "patio claims", "steal": "patio steals", "zen": "zen spaces covered",
                  "vase": "vases triggered"}


def describe_event(event: dict[str, Any]) -> str:
    """One event of the engine contract's event table in words."""
    template = EVENT_TEXT.get(event["type"])
    if template is None:
        return f"{event['type']}: {event}"
    return template.format(
        who=_seats(event.get("player")), cells=" ".join(event.get("cells", [])),
        cell=event.get("cell"), source=_seats(event.get("from")),
        reason=event.get("reason"), winners=_seats(event.get("winners")),
        returned=f"; gazebos go back to {_seats(event['from'])}" if event.get("from") else "",
    )


def describe_move(step: Step) -> str:
    """The move that led to ``step`` in words."""
    if step.move is None:
        return "start position"
    who = f"seat {step.player}"
    if step.move in DRAW_SOURCES:
        return f"move {step.index}: {who} draws from {DRAW_SOURCES[step.move]}"
    if step.move == "-":
        return f"move {step.index}: {who} declines the extra domino"
    return f"move {step.index}: {who} places {step.move}"


def stored_runs(root: str | Path | None = None) -> list[Path]:
    """Complete stored Gazebo runs under ``root`` (default: the panels' runs folder)."""
    from gardensim.sim.api import load
    from gardensim.sim.store import is_run

    folder = runs_root(root)
    found = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        if is_run(path):
            run = load(path)
            if run.complete and run.study.game == "gazebo":
                found.append(path)
    return found


def _board_of(run: Run, arm: str) -> Any:
    """The garden an arm was played on, as the engine loaded it (a study may leave the board
    to the game's default)."""
    from gardensim.core import registry

    config = run.manifest["arms"][arm]
    return registry.make_game(config["game"], config["board"], config["players"],
                              config["options"]).board


#: Outline of the domino laid by the move on show.
LAST_MOVE_COLOUR = "#D00000"


def cell_xy(label: str) -> tuple[int, int]:
    """Column and row (0-based) of a cell named in the notation (``C5``), which are the x and y
    of its centre in the board picture."""
    return ord(label[0].upper()) - ord("A"), int(label[1:]) - 1


def step_png(board: Any, step: Step, title: str) -> bytes:
    """The board after ``step``, with the domino that move laid outlined."""
    from matplotlib.patches import Rectangle

    from gardensim.games.gazebo.rules.render import draw_board

    ax = draw_board(board, state=step.state)
    ax.set_title(title, fontsize=10)
    if step.move and "@" in step.move and step.state.get("dominoes"):
        xs, ys = zip(*(cell_xy(label) for label in step.state["dominoes"][-1]), strict=True)
        ax.add_patch(Rectangle((min(xs) - 0.5, min(ys) - 0.5), max(xs) - min(xs) + 1,
                               max(ys) - min(ys) + 1, fill=False, zorder=6,
                               edgecolor=LAST_MOVE_COLOUR, linewidth=2.5))
    return figure_png(ax.figure, dpi=80)


class ReplayPanel:
    """Pick a stored run, arm and game; a slider (with a play button) steps through the moves."""

    def __init__(self, run: Run | str | Path | None = None, runs_dir: str | Path | None = None):
        self.runs_dir = runs_dir
        paths = stored_runs(runs_dir)
        if run is not None:
            given = run.path if not isinstance(run, str | Path) else Path(run)
            if given is None:
                raise ConfigError("replay needs a stored run (simulate with out=...)")
            paths = [Path(given)] + [p for p in paths if p.resolve() != Path(given).resolve()]
        if not paths:
            raise ConfigError(f"no stored Gazebo run under {runs_root(runs_dir)}; run one first")
        self.run: Run | None = None
        self.board: Any = None
        self.steps: list[Step] = []
        self._quiet = False
        self._pngs: dict[int, bytes] = {}
        self.run_select = w.Dropdown(options=[(p.name, p) for p in paths], description="run")
        self.arm = w.Dropdown(description="arm")
        self.game = w.BoundedIntText(description="game", min=0, value=0)
        self.step = w.IntSlider(description="move", min=0, value=0, continuous_update=False)
        self.play = w.Play(interval=900, min=0, value=0)
        w.jslink((self.play, "value"), (self.step, "value"))
        self.image = picture()
        self.caption = w.HTML()
        self.events = w.HTML()
        self.status = w.HTML()
        self.log = w.Output()
        self.run_select.observe(lambda _c: self._from_ui(self._pick_run), names="value")
        self.arm.observe(lambda _c: self._from_ui(self._pick_game), names="value")
        self.game.observe(lambda _c: self._from_ui(self._pick_game), names="value")
        self.step.observe(lambda _c: self._from_ui(self._draw), names="value")
        self.widget = w.VBox([
            w.HBox([self.run_select, self.arm, self.game]), w.HBox([self.play, self.step]),
            self.status, self.log, self.caption, self.image, self.events,
        ])
        self._pick_run()

    def _from_ui(self, action: Callable[[], None]) -> None:
        """A control's callback has no cell to show an exception in; show it in the panel."""
        with self.log:
            action()

    # ----- choosing ----------------------------------------------------------------------
    def _pick_run(self) -> None:
        from gardensim.sim.api import load

        self.run = load(self.run_select.value)
        arms = self.run.arms
        self._quiet = True
        try:
            self.game.max = self.run.manifest["games"]["per_arm"] - 1
            if list(self.arm.options) != arms:
                self.arm.options = arms
            if self.arm.value not in arms:
                self.arm.value = arms[0]
        finally:
            self._quiet = False
        self._pick_game()

    def _pick_game(self) -> None:
        if self._quiet or self.run is None or self.arm.value is None:
            return
        try:
            self.steps = game_steps(self.run, int(self.game.value), self.arm.value)
        except GardensimError as exc:
            self.status.value = message(str(exc), "error")
            return
        self._pngs = {}
        self.board = _board_of(self.run, self.arm.value)
        self.status.value = ""
        last = len(self.steps) - 1
        self.play.max = last
        self.step.max = last
        if self.step.value == 0:
            self._draw()
        else:
            self.step.value = 0

    def show(self, game: int | None = None, step: int | None = None,
             arm: str | None = None) -> None:
        """Jump to a game (and arm) and a move number, as the controls would."""
        if arm is not None:
            self.arm.value = arm
        if game is not None:
            self.game.value = game
        if step is not None:
            self.step.value = min(step, self.step.max)

    # ----- drawing -----------------------------------------------------------------------
    def _draw(self) -> None:
        if not self.steps:
            return
        step = self.steps[self.step.value]
        if step.index not in self._pngs:
            title = f"game {self.game.value}, {describe_move(step)}"
            self._pngs[step.index] = step_png(self.board, step, title)
        self.image.value = self._pngs[step.index]
        self.caption.value = f"<b>{describe_move(step)}</b> of {len(self.steps) - 1}" + (
            " (the domino laid is outlined in red)" if step.move and "@" in step.move else "")
        items = "".join(f"<li>{describe_event(e)}</li>" for e in step.events)
        self.events.value = f"<ul>{items}</ul>" if items else "<i>no events</i>"

    def answer(self) -> str:
        """How the chosen game went, in one paragraph computed from its moves."""
        if not self.steps:
            return "No game is loaded."
        end = self.steps[-1].state
        counts = Counter(e["type"] for s in self.steps for e in s.events)
        placed = sum(1 for s in self.steps if s.move and "@" in s.move)
        text = (f"Game {self.game.value} of {self.arm.value} took {len(self.steps) - 1} moves "
                f"({placed} dominoes placed) and ended by {end.get('end_reason')}: "
                f"{_seats(end.get('winners', [])) or 'nobody'} won, with gazebos left "
                f"{', '.join(f'seat {s}: {n}' for s, n in enumerate(end.get('supply', [])))}.")
        shown = [f"{counts[k]} {name}" for k, name in COUNTED_EVENTS.items() if counts[k]]
        if shown:
            text += f" Events: {', '.join(shown)}."
        swings = [s for s in self.steps if any(e["type"] in ("absorb", "steal") for e in s.events)]
        if swings:
            s = max(swings, key=lambda s: sum(e["type"] in ("absorb", "steal") for e in s.events))
            text += (f" The biggest swing was {describe_move(s)}: "
                     f"{'; '.join(describe_event(e) for e in s.events)}.")
        else:
            text += " No nook was absorbed and no patio stolen."
        return text

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
