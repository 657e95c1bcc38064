"""Azul: Queen's Garden as a gardensim game (issue 22).

``QueensGame(board="standard", players=2, options=None)``: ``board`` is the side of the board
and wheel, ``standard`` or ``variant`` (spec 11); 2-4 players; options declared in :mod:`.ruleset`.
Every designed value comes from ``data/rules.toml`` (:mod:`.rules`). The rules live in
:mod:`.state` (turn structure), :mod:`.display` (acquiring), :mod:`.garden` (placement and the
group rule), :mod:`.payment` and :mod:`.scoring`; the notation in :mod:`.notation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gardensim.core.errors import ConfigError
from gardensim.core.protocol import Game
from gardensim.games.queens.geometry import Geometry, build_geometry
from gardensim.games.queens.options import validate_options
from gardensim.games.queens.rules import SIDES, QueensRules, load_rules
from gardensim.games.queens.ruleset import played_rules
from gardensim.games.queens.state import QueensState
from gardensim.games.queens.telemetry import GAME_COLUMNS, TURN_COLUMNS


class QueensGame(Game):
    """One Queen's Garden configuration: board side, player count and rule options."""

    name = "queens"
    turn_columns: ClassVar[Mapping[str, str]] = TURN_COLUMNS
    game_columns: ClassVar[Mapping[str, str]] = GAME_COLUMNS

    def __init__(self, board: str | None = None, players: int = 2,
                 options: Mapping[str, Any] | None = None,
                 rules: QueensRules | None = None) -> None:
        self.board_name = board or "standard"
        if self.board_name not in SIDES:
            raise ConfigError(f"queens: board={board!r}; allowed values are {', '.join(SIDES)}")
        self.rules = rules or load_rules()
        if not isinstance(players, int) or players not in self.rules.stack_size:
            allowed = ", ".join(map(str, sorted(self.rules.stack_size)))
            raise ConfigError(f"queens: players={players!r}; allowed values are {allowed}")
        self.num_players = players
        self.options = validate_options(options, players, self.rules)
        self.geo: Geometry = build_geometry(self.rules)
        one = self.options["joker_rewards"] == "one"
        #: Jokers per surrounded feature kind (spec 7).
        self.joker_reward = {k: 1 if one else v for k, v in self.rules.joker_reward.items()}
        self.rules = played_rules(self.rules, self.options)

    def new_initial_state(self, seed: int) -> QueensState:
        return QueensState(self, seed)

    def __repr__(self) -> str:
        return f"<QueensGame {self.board_name} {self.num_players}p>"
