"""One game a person plays against bots: moves, bot replies, undo, and the stored record.

The session is the logic of the play panel (:mod:`.play`) without any widget, so tests and
scripts drive it directly. It knows games only through the protocol and the registry:
``legal_moves`` names the legal actions with ``action_to_string``, a move is validated by
``GameState.play``, the bots answer with ``choose_action``, undo is ``GameState.undo``.

Seeding follows the studies: the deal of game ``deal`` with master seed ``seed`` is
``seeding.game_seed(seed, deal)``, so a person can play the very deal a study's bots played.
Each bot decision draws from its own generator, keyed by the master seed, the deal, the
number of actions played before it and the seat (:data:`REPLY_ROLE`): after an undo, the
same move gets the same answer, and a session replays move for move from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gardensim.core import registry, seeding
from gardensim.core.errors import ConfigError, IllegalMoveError
from gardensim.widgets.played import HUMAN, RECORD_FORMAT, RECORD_VERSION, normalised, store_record

if TYPE_CHECKING:
    from gardensim.core.protocol import Action, GameState

#: Seed-path role of a bot's decision in a played game (``seeding.DEAL`` and ``seeding.BOT``
#: are the studies' roles), so a reply's generator is no study generator.
REPLY_ROLE = 2


@dataclass(frozen=True)
class Move:
    """One action of the game: who played it (a seat) and whether a person or a bot did."""

    seat: int
    action: int
    text: str
    by_human: bool


class PlaySession:
    """A game between a person in seat ``human`` and bots in the other seats.

    ``bots`` is one spec for every other seat or one spec per seat (the human's entry is
    ignored); a bad game, board, option or spec raises ConfigError before anything is played.
    Bots that move before the person (a bot in seat 0) answer at once.
    """

    def __init__(
        self,
        game: str,
        board: str | None = None,
        players: int = 2,
        *,
        human: int = 0,
        bots: str | Sequence[str] = "greedy",
        options: dict[str, Any] | None = None,
        seed: int = 1,
        deal: int = 0,
    ) -> None:
        if seed < 0 or deal < 0:
            raise ConfigError(f"seed and deal must be non-negative integers, got {seed}, {deal}")
        self.options = dict(options or {})
        self.engine = registry.make_game(game, board, players, self.options)
        if not 0 <= human < self.engine.num_players:
            raise ConfigError(f"human seat {human} is not a seat of a "
                              f"{self.engine.num_players}-player game")
        specs = [bots] if isinstance(bots, str) else list(bots)
        if len(specs) not in (1, self.engine.num_players):
            raise ConfigError(f"bots: give one spec or {self.engine.num_players}, "
                              f"got {len(specs)}")
        self.human = human
        self.bots = {s: registry.make_bot(specs[s % len(specs)])
                     for s in range(self.engine.num_players) if s != human}
        for bot in self.bots.values():
            bot.check_game(self.engine)
        self.seed = seed
        self.deal = deal
        self.deal_seed = seeding.game_seed(seed, deal)
        self.state: GameState = self.engine.new_initial_state(self.deal_seed)
        self.history: list[Move] = []
        self.bots_reply()

    # ----- whose turn, what is legal ---------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def humans_turn(self) -> bool:
        return not self.over and self.state.current_player == self.human

    def legal_moves(self) -> list[str]:
        """The person's legal moves in the game's notation (empty when it is not their turn)."""
        if not self.humans_turn:
            return []
        return self.state.actions_to_strings(self.state.legal_actions())

    # ----- playing -----------------------------------------------------------------------
    def play(self, move: str | int) -> list[Move]:
        """Play the person's ``move`` (notation or action code) and let the bots answer until
        it is the person's turn again or the game is over; returns the bots' moves.
        IllegalMoveError (the game's own reason) when the move is not legal or not theirs."""
        if self.over:
            raise IllegalMoveError("the game is over")
        if not self.humans_turn:
            raise IllegalMoveError(f"seat {self.state.current_player} (a bot) is to move")
        if isinstance(move, str):
            move = self.state.string_to_action(move)
        self._play(move, by_human=True)
        return self.bots_reply()

    def bots_reply(self) -> list[Move]:
        """Let every bot to move choose and play, until the person or the end is due."""
        answered = []
        while not self.over and not self.humans_turn:
            seat = self.state.current_player
            action = self.bots[seat].choose_action(self.state, self._reply_rng(seat))
            answered.append(self._play(action, by_human=False))
        return answered

    def _reply_rng(self, seat: int) -> random.Random:
        return random.Random(seeding.derive_seed(self.seed, REPLY_ROLE, self.deal,
                                                 len(self.history), seat))

    def _play(self, action: Action, by_human: bool) -> Move:
        """Validate and apply ``action``, named in the notation of the position it is played in."""
        if not self.state.is_legal(action):
            raise IllegalMoveError(f"action {action} is not a legal action here")
        seat = self.state.current_player
        text = self.state.action_to_string(action)
        self.state.apply_action(action)
        move = Move(seat, action, text, by_human)
        self.history.append(move)
        return move

    def undo(self) -> int:
        """Take back the person's last move and every bot move after it; returns how many
        actions were taken back (0 when the person has not moved yet)."""
        if not any(m.by_human for m in self.history):
            return 0
        taken = 0
        while True:
            move = self.history.pop()
            self.state.undo()
            taken += 1
            if move.by_human:
                return taken

    # ----- the result and the record -----------------------------------------------------
    @property
    def moves(self) -> list[str]:
        return [m.text for m in self.history]

    def seats(self) -> list[str]:
        """Who plays each seat: ``human`` or the bot's canonical spec."""
        return [HUMAN if s == self.human else self.bots[s].spec
                for s in range(self.engine.num_players)]

    def result(self) -> str:
        """The outcome in words (or whose turn it is while the game goes on)."""
        if not self.over:
            who = "your" if self.humans_turn else f"seat {self.state.current_player}'s"
            return f"{len(self.history)} moves played; {who} turn"
        returns = self.state.returns()
        winners = [s for s, r in enumerate(returns) if r > 0]
        names = ", ".join(("you" if s == self.human else f"seat {s} ({self.bots[s].spec})")
                          for s in winners)
        verdict = "you won" if winners == [self.human] else (
            "you shared the win" if self.human in winners else "you lost")
        return f"game over after {len(self.history)} moves: {verdict} (winners: {names})"

    def record(self) -> dict[str, Any]:
        """The finished (or unfinished) game as a replayable record (:mod:`.played`)."""
        config = self.engine.describe()
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": config["game"],
            "board": config["board"],
            "players": config["players"],
            "options": normalised(self.options),
            "rules": normalised(config["options"]),
            "master_seed": self.seed,
            "deal": self.deal,
            "seed": self.deal_seed,
            "seats": self.seats(),
            "human": self.human,
            "over": self.over,
            "moves": self.moves,
            "by_human": [m.by_human for m in self.history],
            "returns": normalised(self.state.returns()),
            "final": normalised(self.state.to_dict()),
        }

    def store(self, root: str | Path | None = None) -> Path:
        """Store the record under ``<runs>/played/`` and return its path."""
        return store_record(self.record(), root)
