"""The game protocol: what bots, the runner and analysis may know about any game.

Shaped after OpenSpiel's ``Game``/``State`` split. A :class:`Game` holds the static facts of one
rules configuration (board, player count, options) and deals seeded initial states. A
:class:`GameState` is one position; it is mutated in place by :meth:`GameState.apply_action` and
restored by :meth:`GameState.undo`, so look-ahead costs no copies.

Actions are plain ``int`` codes, private to each game; :meth:`GameState.action_to_string` and
:meth:`GameState.string_to_action` translate them to the game's notation. Every decision a player
takes is an action, including draws and other bookkeeping choices, so bots can search them.

Chance is resolved by the state's own seeded generator (shuffled piles, bag draws), never by the
caller, so one seed always gives the same game. Hidden information is explicit: a bot must only
use :meth:`GameState.legal_actions`, :meth:`GameState.observation` and a
:meth:`GameState.determinize` sample, never the true hidden contents of the state.

Rewards: :meth:`GameState.returns` gives each seat's share of the win, summing to 1 (``1/k`` to
each of ``k`` seats that share a win; both partners of a winning partnership share it).

Required core: every abstract method below (a new game writes these and nothing else).
Optional capabilities (:data:`CAPABILITIES`) have generic defaults; a game declares one by
overriding it, for speed or for telemetry, and :func:`~gardensim.core.conformance.check_game`
then verifies it against the default it replaces (:func:`capabilities` lists what a state
declares).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

Action = int
TERMINAL = -1
#: Most seats any game may have: the frames hold one column per seat up to this many.
MAX_SEATS = 4


#: Optional capabilities: name -> what overriding it promises (checked by ``check_game``).
CAPABILITIES: dict[str, str] = {
    "action_values": "one-ply values equal to apply, value, undo for every action",
    "commit": "applying an action never undone equals apply_action",
    "turn_table": "batched turn columns equal to one turn_row per turn (batched_turns)",
    "turn_row": "per-turn telemetry whose keys are the game's turn_columns",
    "game_row": "per-game telemetry whose keys are the game's game_columns",
    "random_action": "a uniformly random legal action, faster",
    "actions_to_strings": "the notation of many actions at once, equal to one by one",
}


def capabilities(state: GameState) -> set[str]:
    """The optional capabilities ``state``'s class declares by overriding the default."""
    kind = type(state)
    found = {name for name in CAPABILITIES if name != "turn_table"
             and getattr(kind, name) is not getattr(GameState, name)}
    if kind.batched_turns:
        found.add("turn_table")
    return found


class Game(ABC):
    """Static facts of one rules configuration; deals initial states from a seed.

    Subclasses set :attr:`name` (the registry name) and expose ``board``, ``num_players``
    and ``options`` (validated, with defaults filled in).
    """

    name: ClassVar[str]
    #: Column name -> pandas dtype string for :meth:`GameState.turn_row`.
    turn_columns: ClassVar[Mapping[str, str]] = {}
    #: Column name -> pandas dtype string for :meth:`GameState.game_row`.
    game_columns: ClassVar[Mapping[str, str]] = {}

    num_players: int
    board_name: str
    options: Mapping[str, Any]

    @abstractmethod
    def new_initial_state(self, seed: int) -> GameState:
        """A fresh game, with every chance event driven by ``seed``."""

    def describe(self) -> dict[str, Any]:
        """JSON-able summary of this configuration (stored in run manifests)."""
        return {
            "game": self.name,
            "board": self.board_name,
            "players": self.num_players,
            "options": dict(self.options),
        }


class GameState(ABC):
    """One position of a game. Mutable; cheap to :meth:`clone`; supports :meth:`undo`."""

    __slots__ = ()  # subclasses may keep a __dict__ or name their slots

    game: Game

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat to act, or :data:`TERMINAL` once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for :attr:`current_player`, in a stable order."""

    @abstractmethod
    def apply_action(self, action: Action) -> None:
        """Play ``action`` (assumed legal; use :meth:`play` for untrusted input)."""

    @abstractmethod
    def undo(self) -> None:
        """Take back the last applied action exactly (snapshot stack)."""

    def commit(self, action: Action) -> None:
        """Apply an action that will never be undone (the runner's moves, a playout's steps),
        so a game may skip its undo bookkeeping. Actions applied before it can no longer be
        undone either."""
        self.apply_action(action)

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy, including the chance generator's state."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Win share per seat (sums to 1 at a terminal state, all zero before)."""

    @abstractmethod
    def action_to_string(self, action: Action) -> str: ...

    def actions_to_strings(self, actions: Sequence[Action]) -> list[str]:
        """:meth:`action_to_string` of each action (a game's stored move list); games may
        name them faster in one go."""
        return [self.action_to_string(a) for a in actions]

    @abstractmethod
    def string_to_action(self, text: str) -> Action:
        """Parse notation; raises :class:`~gardensim.core.errors.IllegalMoveError` if the
        text is malformed or the action is not legal here."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may know, as a JSON-able dict."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A full state consistent with ``player``'s observation, hidden parts resampled.

        Must depend only on ``observation(player)`` and ``rng``: reshuffling what ``player``
        cannot see must not change the result. The returned state has a fresh chance generator
        drawn from ``rng``.
        """

    @abstractmethod
    def evaluate(self, player: int) -> float:
        """Heuristic value of this position for ``player`` in [0, 1] (higher is better).

        Uses only what ``player`` may know; bots call it on determinized states.
        """

    def use_weights(self, weights: Mapping[str, float]) -> None:
        """Evaluate with ``weights`` (term -> weight; terms left out keep the game's default)
        from now on, in this state and its clones. Bots call it on their own determinized
        copies (a ``weights`` spec parameter), so the weights travel with the state instead of
        module state. Games whose evaluation has no weights refuse."""
        from gardensim.core.errors import ConfigError

        raise ConfigError(f"game {self.game.name!r}: its evaluation takes no weights")

    @property
    @abstractmethod
    def turn(self) -> int:
        """Index of the current turn (one seat's whole turn may span several actions)."""

    # ----- conveniences with generic defaults -------------------------------------------
    def value(self, player: int) -> float:
        """Value of this position for ``player`` in [0, 1], as bots compare positions.

        A finished game is worth its outcome: 1 for a win (shared with a partner or tied
        winners alike, since ``returns`` splits the share but either way the seat did not
        lose), 0 for a loss. A live game is worth the heuristic :meth:`evaluate`.
        """
        if self.is_terminal():
            return 1.0 if self.returns()[player] > 0 else 0.0
        return self.evaluate(player)

    def action_values(self, player: int, actions: Sequence[Action]) -> list[float]:
        """:meth:`value` for ``player`` after each of ``actions``: apply, value, undo.

        One-ply look-ahead is what greedy play and tree ordering spend their time on, so a game
        may override this with a faster computation; it must return exactly these numbers and
        leave the state as it found it.
        """
        out = []
        for action in actions:
            self.apply_action(action)
            out.append(self.value(player))
            self.undo()
        return out

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action; games may override with a faster sampler."""
        return rng.choice(self.legal_actions())

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def play(self, action: Action | str) -> Action:
        """Validate then apply an action or notation string; returns the action code."""
        from gardensim.core.errors import IllegalMoveError

        if isinstance(action, str):
            action = self.string_to_action(action)
        if self.is_terminal():
            raise IllegalMoveError("the game is over")
        if not self.is_legal(action):
            raise IllegalMoveError(f"{self.action_to_string(action)}: not a legal action")
        self.apply_action(action)
        return action

    # ----- telemetry: flat rows the runner stores ---------------------------------------
    def mark(self) -> Any:
        """A cheap opaque snapshot taken at the start of a turn, handed back to :meth:`turn_row`
        (for example the history length, the hand summary and the supplies)."""
        return None

    def turn_row(self, mark: Any, actions: Sequence[Action]) -> dict[str, Any]:
        """Columns describing one finished turn: ``actions`` were played since ``mark`` was
        taken. Keys follow ``Game.turn_columns``; the runner adds game, arm, turn, seat, bot
        and decision time itself."""
        return {}

    #: True when the game fills its turn columns in one pass at the end of the game
    #: (:meth:`turn_table`) instead of one :meth:`turn_row` per turn.
    batched_turns: ClassVar[bool] = False

    def turn_table(
        self, marks: Sequence[Any], actions: Sequence[Sequence[Action]]
    ) -> dict[str, list[Any]]:
        """Every turn's columns at once, for games with :attr:`batched_turns`: ``marks[t]`` was
        taken at the start of turn ``t`` and ``marks[-1]`` once more when the game ended, so
        turn ``t`` is what changed from ``marks[t]`` to ``marks[t + 1]`` while ``actions[t]``
        were played. One vectorised pass per game costs far less than a row per turn, which
        is what keeps telemetry cheap (issue 4). Must equal :meth:`turn_row` turn by turn."""
        raise NotImplementedError(f"{type(self).__name__} has no batched turn columns")

    def game_row(self) -> dict[str, Any]:
        """Columns describing the finished game. Keys follow ``Game.game_columns``."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        """Full JSON-able picture of the position (for replay output and rendering)."""
        return self.observation(-1)
