"""A tiny hidden-information card game used to test bots and the runner apart from real games.

Deck: cards 1..6, three of each, shuffled. Each seat holds two hidden cards. On a turn a seat
plays one card onto the shared line: it scores the card's value if the card is higher than the
line's last card, else nothing; then it draws the deck's top card, if any. The game ends when
every hand is empty; the highest score wins, ties share the win.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from gardensim.core.errors import IllegalMoveError
from gardensim.core.protocol import TERMINAL, Action, Game, GameState
from gardensim.core.spec import GameSpec, Question, ReportPart

#: The toy's one board (its only layout is a line of cards).
BOARDS = ("line",)


class ToyGame(Game):
    name = "toy"
    turn_columns: ClassVar[dict[str, str]] = {"card": "int8", "points": "int16"}
    game_columns: ClassVar[dict[str, str]] = {"scores": "object"}

    def __init__(self, board: str | None = None, players: int = 2, options: dict | None = None):
        self.board_name = board or "line"
        self.num_players = players
        self.options = dict(options or {})

    def new_initial_state(self, seed: int) -> ToyState:
        rng = random.Random(seed)
        deck = [v for v in range(1, 7) for _ in range(3)]
        rng.shuffle(deck)
        hands = [sorted(deck[2 * p : 2 * p + 2]) for p in range(self.num_players)]
        return ToyState(self, hands, deck[2 * self.num_players :])


class ToyState(GameState):
    def __init__(self, game: ToyGame, hands: list[list[int]], deck: list[int]):
        self.game = game
        self.hands = hands
        self.deck = deck
        self.line: list[int] = []
        self.scores = [0] * game.num_players
        self._player = 0
        self._turn = 0
        self._stack: list[Any] = []

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self._player

    @property
    def turn(self) -> int:
        return self._turn

    def legal_actions(self) -> list[Action]:
        return sorted(set(self.hands[self._player])) if not self.is_terminal() else []

    def apply_action(self, action: Action) -> None:
        p = self._player
        self._stack.append(([h[:] for h in self.hands], self.deck[:], self.line[:],
                            self.scores[:], self._player, self._turn))
        self.hands[p].remove(action)
        if not self.line or action > self.line[-1]:
            self.scores[p] += action
        self.line.append(action)
        if self.deck:
            self.hands[p].append(self.deck.pop())
            self.hands[p].sort()
        self._player = (p + 1) % self.game.num_players
        self._turn += 1

    def undo(self) -> None:
        hands, deck, line, scores, player, turn = self._stack.pop()
        self.hands, self.deck, self.line, self.scores = hands, deck, line, scores
        self._player, self._turn = player, turn

    def clone(self) -> ToyState:
        c = ToyState(self.game, [h[:] for h in self.hands], self.deck[:])
        c.line, c.scores = self.line[:], self.scores[:]
        c._player, c._turn = self._player, self._turn
        c._stack = list(self._stack)
        return c

    def is_terminal(self) -> bool:
        return not any(self.hands)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.scores)
        best = max(self.scores)
        winners = [p for p, s in enumerate(self.scores) if s == best]
        return [1 / len(winners) if p in winners else 0.0 for p in range(len(self.scores))]

    def action_to_string(self, action: Action) -> str:
        return str(action)

    def string_to_action(self, text: str) -> Action:
        try:
            action = int(text)
        except ValueError:
            raise IllegalMoveError(f"{text!r}: not a card") from None
        if action not in self.legal_actions():
            raise IllegalMoveError(f"{text}: not in hand")
        return action

    def observation(self, player: int) -> dict[str, Any]:
        return {
            "hand": list(self.hands[player]) if player >= 0 else None,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "line": list(self.line),
            "scores": list(self.scores),
            "to_move": self.current_player,
        }

    def determinize(self, player: int, rng: random.Random) -> ToyState:
        unseen = [v for v in range(1, 7) for _ in range(3)]
        for v in self.line + self.hands[player]:
            unseen.remove(v)
        rng.shuffle(unseen)
        c = self.clone()
        for p, h in enumerate(self.hands):
            if p != player:
                c.hands[p] = sorted(unseen.pop() for _ in h)
        c.deck = unseen
        c._stack = []
        return c

    def evaluate(self, player: int) -> float:
        others = max((s for p, s in enumerate(self.scores) if p != player), default=0)
        return min(1.0, max(0.0, 0.5 + (self.scores[player] - others) / 60))

    def mark(self) -> Any:
        return list(self.scores)

    def turn_row(self, mark: Any, actions: list[Action]) -> dict[str, Any]:
        seat = (self._player - 1) % self.game.num_players
        return {"card": actions[-1], "points": self.scores[seat] - mark[seat]}

    def game_row(self) -> dict[str, Any]:
        return {"scores": list(self.scores)}


def cards_section(s: Any, games: Any, turns: Any, budget: Any) -> None:
    """The toy's own report question: the mean card played, per arm (from its ``card``
    column), so a test can see a game's question reach the report."""
    from gardensim.analysis.frames import MissingData

    if turns.empty or "card" not in turns:
        raise MissingData("cards played need the turns frame; skipped")
    table = turns.groupby("arm", observed=True)["card"].mean().rename("mean_card").reset_index()
    s.sentences = [f"In {r.arm}, the mean card played is {r.mean_card:.2f}."
                   for r in table.itertuples()]
    s.tables.append(("toy-cards", table))


SPEC = GameSpec(
    name="toy",
    title="Toy cards",
    game="tests.support.toygame:ToyGame",
    default_board="line",
    boards="tests.support.toygame:BOARDS",
    min_players=2,
    max_players=4,
    report=ReportPart(
        title="Toy cards",
        sections=("seat", "cards", "arms", "length", "sample-size"),
        answers=("seat", "cards"),
        questions=(Question("cards", "Cards played", "Which cards do players play?",
                            "tests.support.toygame:cards_section"),),
    ),
)


def line_figure(board: str, state: Any = None, title: str | None = None) -> Any:
    """The toy's renderer: an empty line of cards, titled (a test that a report draws boards
    through the spec)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(2, 1))
    fig.add_subplot().set_title(title or board)
    return fig
