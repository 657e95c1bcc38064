"""What a game declares about itself: one :class:`GameSpec` per game package.

Generic code (the runner, the analysis, the report, the panels, the CLI) learns everything
game-specific from the spec: which class plays the game, which boards it ships, what its
telemetry columns *mean* (which one is the standing, whether higher is better, which records the
start player), which questions its report asks and how its boards are drawn. Nothing generic
names a game, so a game is a plugin: a package exposing a spec through the ``gardensim.games``
entry-point group (``docs/plugins.md``).

A spec holds dotted paths (``"package.module:attr"``), never the objects themselves, so reading
every spec imports no engine; :func:`load` imports one thing when it is needed. Specs are frozen
dataclasses of strings and tuples, so they pickle and can travel to worker processes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any


def load(path: str) -> Any:
    """The object a ``"package.module:attr"`` path names (a module when there is no ``:``)."""
    module, _, attr = path.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attr) if attr else loaded


@dataclass(frozen=True)
class Columns:
    """What a game's telemetry columns mean, so generic analysis need not guess from names.

    Per-seat columns are stored as ``<prefix>_0``, ``<prefix>_1``…; a prefix here names them all.
    """

    #: Per-seat column of the games frame (and, when the game records it every turn, of the
    #: turns frame) holding each seat's standing: who leads, and by how much the winner won.
    standing: str | None = None
    #: True when a larger standing is better (points); False when smaller is (pieces left).
    higher_is_better: bool = True
    #: What the standing counts, for sentences ("points", "pieces").
    unit: str = "points"
    #: Column of the turns frame with the mover's standing after the turn, for games that do
    #: not record every seat's standing every turn (carried forward for the others).
    mover_standing: str | None = None
    #: Column of the games frame holding the seat that started; None: seat 0 always starts.
    start_player: str | None = None
    #: Per-seat count of what a player was dealt or drew, whose spread between players measures
    #: the luck of the deal (compared between arms); None when the game declares none.
    deal_luck: str | None = None
    #: Words for ``deal_luck`` in sentences.
    deal_luck_words: str = ""
    #: Per-seat column prefixes of the games frame (documentation and seat totals in panels).
    per_seat: tuple[str, ...] = ()


#: Columns of a game that declares no meaning: standings from ``score_*`` when present.
GENERIC_COLUMNS = Columns(standing="score")


@dataclass(frozen=True)
class Question:
    """A question only this game asks: a report section built by ``builder``, a function
    ``(section, games, turns, budget) -> None`` like the generic ones in
    :mod:`gardensim.report.sections`."""

    id: str
    title: str
    question: str
    builder: str


@dataclass(frozen=True)
class ReportPart:
    """The questions a game's runs are asked, in report order, and which are repeated under
    "Answers in brief". ``sections`` mixes generic section ids and the ids of ``questions``;
    None asks every generic question."""

    title: str
    sections: tuple[str, ...] | None = None
    answers: tuple[str, ...] | None = None
    questions: tuple[Question, ...] = ()
    #: ``(runs) -> [(caption, figure)]``: board pictures for the report's "Gardens" section.
    pictures: str | None = None


@dataclass(frozen=True)
class WidgetChoices:
    """What the notebook panels offer for this game beyond boards and player counts."""

    #: Rule option the panels present as a dropdown, and its choices (a ``module:attr`` path
    #: to a sequence), e.g. a drawing system.
    option: str | None = None
    choices: str | None = None


@dataclass(frozen=True)
class GameSpec:
    """Everything gardensim needs to know about one game, as dotted paths and plain data.

    ``game`` builds the :class:`~gardensim.core.protocol.Game` from ``(board, players,
    options)`` and validates the options (a bad one raises ``ConfigError`` naming it);
    ``boards`` names the shipped boards (a sequence, or a function returning one).
    """

    name: str
    title: str
    game: str
    default_board: str | None = None
    boards: str | None = None
    min_players: int = 2
    max_players: int = 4
    columns: Columns = GENERIC_COLUMNS
    report: ReportPart | None = None
    widgets: WidgetChoices = field(default_factory=WidgetChoices)
    #: Modules defining ``add_parser(subparsers)``: the game's own CLI subcommands.
    commands: tuple[str, ...] = ()
    #: Module with ``search_handicap`` and ``search_frame`` (``gardensim handicap``).
    handicap: str | None = None
    #: ``(board, state=None, title=None) -> Figure``: a picture of a board or a position.
    renderer: str | None = None
    #: ``(games frame) -> [sentence]``: what the seat panel adds after the seat answer.
    seat_extras: str | None = None
    #: Study keys that are shorthands for this game's rule options, kept for old study files.
    legacy_keys: tuple[str, ...] = ()
    #: The game's :class:`~gardensim.core.rules.RuleSet`: every rule option, declared once.
    rules: str | None = None
    #: ``(game, bots) -> play``: a faster engine for what its coverage declares; ``play`` has
    #: the signature and result of ``sim.play.play_game`` after its first two arguments (and
    #: may have ``many(master_seed, [(game, deal, play)], telemetry) -> [record]`` to play a
    #: batch, ``sim.play.play_games``). It is called only for configurations its
    #: ``fast_coverage`` (a :class:`~gardensim.core.fastpath.Coverage`) holds, and needs
    #: ``rules`` to be declared; anything else plays in the readable engine.
    fast_engine: str | None = None
    fast_coverage: str | None = None
    #: ``(games frame) -> frame``: how the game scores a series of games (one per board, the
    #: same players in the same seats), one row per series with its winners; a study's
    #: ``series`` key needs it, as the winner of a series is a rule of the game.
    series: str | None = None
    #: ``"package:file"``: the game's ladder of bots, weakest first (a TOML file of ``rungs``,
    #: with ``[players.N]`` tables for other seat counts), which ``strengths = "ladder"``
    #: climbs; which bots climb is the game's own knowledge, so the file is in its package.
    ladder: str | None = None
    #: ``(board name) -> title``: a board as a reader knows it (its printed name), for the
    #: report's conditions (``report.conditions``); None: the board's name.
    board_title: str | None = None

    def factory(self) -> Callable[..., Any]:
        return load(self.game)

    def board_names(self) -> list[str]:
        if not self.boards:
            return []
        found = load(self.boards)
        return list(found() if callable(found) else found)
