"""GazeboGame: one rules configuration (board, player count, options) dealing seeded games."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gardensim.core.errors import ConfigError
from gardensim.core.protocol import Game
from gardensim.games.gazebo.rules.board import Board, load_board
from gardensim.games.gazebo.rules.dominoes import deal
from gardensim.games.gazebo.rules.evaluation import weights as evaluation_weights
from gardensim.games.gazebo.rules.geometry import Geometry, geometry
from gardensim.games.gazebo.rules.options import validate_options
from gardensim.games.gazebo.rules.state import GazeboState
from gardensim.games.gazebo.rules.telemetry import GAME_COLUMNS, TURN_COLUMNS


class GazeboGame(Game):
    """Gazebo on ``board`` (a shipped name, a path or a :class:`Board`) for 2-4 players.

    ``options`` are the rule options of docs/gazebo-engine-contract.md, validated here; the
    validated dict (defaults filled in) is ``self.options``.
    """

    name = "gazebo"
    turn_columns: ClassVar[Mapping[str, str]] = TURN_COLUMNS
    game_columns: ClassVar[Mapping[str, str]] = GAME_COLUMNS

    def __init__(
        self,
        board: str | Board | None = "aviary",
        players: int = 2,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ConfigError(f"players={players!r}: Gazebo is for 2, 3 or 4 players")
        self.board: Board = board if isinstance(board, Board) else load_board(board or "aviary")
        if not self.board.min_players <= players <= self.board.max_players:
            raise ConfigError(
                f"players={players}: board {self.board.key!r} is for "
                f"{self.board.min_players}-{self.board.max_players} players"
            )
        self.board_name = self.board.key
        self.num_players = players
        self.options = validate_options(options, players, self.board)
        self.geometry: Geometry = geometry(self.board)
        #: the evaluation's default weights (``evaluation.TERMS`` order), read once per game
        self.weights = tuple(evaluation_weights().values())

    def new_initial_state(self, seed: int) -> GazeboState:
        """A fresh game; ``seed`` fixes every shuffle (rulings 17, 18)."""
        o = self.options
        dealt = deal(o["draw"], self.num_players, o["hand_size"], o["private_singles"], seed)
        return GazeboState(self, dealt)

    def sandbox_state(self) -> GazeboState:
        """A position where hands and piles are ignored: any domino may be placed (replays)."""
        return GazeboState(self, None, sandbox=True)

    def describe(self) -> dict[str, Any]:
        out = super().describe()
        out["options"]["gazebos"] = list(self.options["gazebos"])
        return out

    def __repr__(self) -> str:
        draw = self.options["draw"]
        return f"GazeboGame({self.board_name!r}, players={self.num_players}, draw={draw!r})"
