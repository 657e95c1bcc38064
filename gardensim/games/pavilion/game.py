"""Azul: Summer Pavilion (+ Glazed Pavilion) as a gardensim game, registered as ``pavilion``.

``PavilionGame(board="base", players=2, options=None)``: ``board`` is one of ``base``,
``base-grey``, ``glazed-orange``, ``glazed-purple`` (data/*.toml); 2-4 players; rule
options are declared in :mod:`~gardensim.games.pavilion.ruleset`. The rules themselves live in
:mod:`.state` (turn structure), :mod:`.drafting` (phase 1), :mod:`.placing` (phase 2) and
:mod:`.scoring`; the notation in :mod:`.notation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gardensim.core.errors import ConfigError
from gardensim.core.protocol import Game
from gardensim.games.pavilion.boards import BoardSide, load_board
from gardensim.games.pavilion.options import validate_options
from gardensim.games.pavilion.state import PavilionState
from gardensim.games.pavilion.telemetry import GAME_COLUMNS, TURN_COLUMNS

DEFAULT_BOARD = "base"


class PavilionGame(Game):
    """One Summer Pavilion configuration: board side, player count and rule options."""

    name = "pavilion"
    turn_columns: ClassVar[Mapping[str, str]] = TURN_COLUMNS
    game_columns: ClassVar[Mapping[str, str]] = GAME_COLUMNS

    def __init__(
        self,
        board: str | None = None,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.board_name = board or DEFAULT_BOARD
        self.side: BoardSide = load_board(self.board_name)
        if not isinstance(players, int) or players not in self.side.rules.factories:
            allowed = ", ".join(map(str, sorted(self.side.rules.factories)))
            raise ConfigError(f"pavilion: players={players!r}; allowed values are {allowed}")
        self.num_players = players
        self.options = validate_options(options, players, self.side, self.board_name)
        bga = self.options["purple_star_values"] == "bga" and self.side.bga_star_values
        #: Points of a completed single-coloured star, per colour id (spec 6, 8, option 10.5).
        self.star_values: tuple[int, ...] = (
            self.side.bga_star_values if bga else self.side.star_values  # type: ignore[assignment]
        )

    def new_initial_state(self, seed: int) -> PavilionState:
        return PavilionState(self, seed)

    def __repr__(self) -> str:
        return f"<PavilionGame {self.board_name} {self.num_players}p>"
