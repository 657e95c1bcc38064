"""The Summer Pavilion position and its turn structure (the protocol's ``GameState``).

The position is a handful of short int lists (tile counts per colour for the bag, tower, centre,
factories, pools and corners; colour ids for the supply and the 42 spaces of each board) plus a
few scalars, so a snapshot is a tuple of list copies: :meth:`apply_action` pushes one and
:meth:`undo` pops it, python-chess style. Per-seat and per-factory rows are copy-on-write
(:mod:`.snapshots`), so a snapshot copies only the outer lists.

Decisions (see :mod:`~gardensim.games.pavilion.notation`): phase 1 takes (``draft``); phase 2
places (``place``), splits the payment between wild and real tiles when there is a choice
(``wilds``), takes each owed bonus tile (``bonus``), passes, and at a pass in rounds 1-5 with
tiles left keeps up to four of them one by one (``keep``) or stops and discards the rest
(``discard``). A *turn* is one rules turn: a take,
a placement with its payment and bonus tiles, or a pass with its keeps, so one seat's
consecutive decisions belonging together form one turn. Players with no tiles left are passed
automatically (spec 4.1); that is no decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gardensim.core.errors import IllegalMoveError
from gardensim.core.protocol import TERMINAL, Action, GameState
from gardensim.games.pavilion import chance, drafting, placing, render, telemetry
from gardensim.games.pavilion import notation as nt
from gardensim.games.pavilion.boards import SPACES
from gardensim.games.pavilion.evaluation import evaluate
from gardensim.games.pavilion.observation import observe
from gardensim.games.pavilion.phases import BONUS, DRAFT, KEEP, OVER, PAY, PHASE_NAMES, PLACE
from gardensim.games.pavilion.scoring import final_breakdown

if TYPE_CHECKING:
    from gardensim.games.pavilion.game import PavilionGame



class PavilionState(GameState):
    """One Summer Pavilion position. Build it with :meth:`PavilionGame.new_initial_state`."""

    def __init__(self, game: PavilionGame, seed: int) -> None:
        self.game = game
        side = self.side = game.side
        rules = side.rules
        n = self.num_players = game.num_players
        self.rng = chance.seed_state(seed)
        self.round = 1
        self.wild = side.wild_order[0]
        self.phase = DRAFT
        self.bag = [rules.tiles_per_colour] * len(rules.colours)
        self.tower = [0] * 6
        self.centre = [0] * 6
        self.factories = [[0] * 6 for _ in range(rules.factories[n])]
        self.supply = [-1] * rules.supply_spaces
        self.token = -1
        self.pools = [[0] * 6 for _ in range(n)]
        self.corners = [[0] * 6 for _ in range(n)]
        self.boards = [[-1] * SPACES for _ in range(n)]
        self.scores = [rules.start_score] * n
        self.ledger = [[0, 0, 0, 0, 0] for _ in range(n)]
        self.passed = [False] * n
        self.owed = 0
        self.paying = -1
        self.keep_left = 0
        self._turn = 0
        self.final: list[dict[str, int]] | None = None
        self._stack: list[tuple[Any, ...]] = []
        first = game.options["first_player"]
        if first == "random":
            self.rng, first = chance.next_random(self.rng, n)
        self.start_player = self.player = self.first_player = first
        chance.refill_supply(self)
        chance.fill_factories(self, rules.tiles_per_factory)

    # ----- snapshots ----------------------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        return (
            self.rng, self.round, self.wild, self.phase, self.player, self.start_player,
            self.token, self.owed, self.paying, self.keep_left, self._turn, self.final,
            self.bag[:], self.tower[:], self.centre[:], self.factories[:],
            self.supply[:], self.pools[:], self.corners[:],
            self.boards[:], self.scores[:], self.ledger[:],
            self.passed[:],
        )

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (self.rng, self.round, self.wild, self.phase, self.player, self.start_player,
         self.token, self.owed, self.paying, self.keep_left, self._turn, self.final,
         self.bag, self.tower, self.centre, self.factories, self.supply, self.pools,
         self.corners, self.boards, self.scores, self.ledger, self.passed) = snap

    def undo(self) -> None:
        self._restore(self._stack.pop())

    def clone(self) -> PavilionState:
        twin = object.__new__(PavilionState)
        twin.game, twin.side, twin.num_players = self.game, self.side, self.num_players
        twin.first_player = self.first_player
        twin._restore(self._snapshot())
        twin._stack = list(self._stack)
        return twin

    # ----- protocol -----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.player

    @property
    def turn(self) -> int:
        return self._turn

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            return placing.legal_placements(self)
        if phase == DRAFT:
            return drafting.legal_drafts(self)
        if phase == PAY:
            space = self.paying
            colour = self.boards[self.player][space]
            return placing.legal_payments(self, colour, self.side.cost[space] - 1)
        if phase == BONUS:
            return placing.legal_bonus(self)
        if phase == KEEP:
            return placing.legal_keeps(self)
        return []

    def apply_action(self, action: Action) -> None:
        self._stack.append(self._snapshot())
        phase = self.phase
        p = self.player
        if phase == DRAFT:
            source, colour = divmod(action - nt.DRAFT_BASE, nt.COLOURS)
            drafting.apply_draft(self, source, colour)
            self._turn += 1
            if drafting.drafting_over(self):
                self._start_placing()
            else:
                self.player = (p + 1) % self.num_players
        elif phase == PLACE:
            if action == nt.PASS:
                if placing.apply_pass(self):
                    self.phase = KEEP
                else:
                    self._end_turn(p)
                return
            space, colour = divmod(action - nt.PLACE_BASE, nt.COLOURS)
            self.owed = placing.apply_place(self, space, colour)
            due = self.side.cost[space] - 1
            low, high = placing.payment_range(self.pools[p], colour, self.wild, due)
            if low == high:
                placing.apply_payment(self, colour, due, low)
                self._after_payment(p)
            else:
                self.phase = PAY
                self.paying = space
        elif phase == PAY:
            space = self.paying
            self.paying = -1
            placing.apply_payment(
                self, self.boards[p][space], self.side.cost[space] - 1, action - nt.PAY_BASE
            )
            self._after_payment(p)
        elif phase == BONUS:
            placing.apply_bonus(self, action - nt.BONUS_BASE)
            self.owed -= 1
            if not self.owed or max(self.supply) < 0:
                self.owed = 0
                self._end_turn(p)
        elif phase == KEEP:
            if action == nt.DISCARD:
                placing.discard_pool(self, p)
                self._end_turn(p)
            elif placing.apply_keep(self, action - nt.KEEP_BASE):
                self._end_turn(p)
        else:
            self._stack.pop()
            raise IllegalMoveError("the game is over")

    # ----- turn structure -----------------------------------------------------------------
    def _start_placing(self) -> None:
        """Phase 2 begins with the token's holder, or the round's start player (spec 4.1)."""
        self.phase = PLACE
        self.passed = [False] * self.num_players
        self._seek_player(self.token if self.token >= 0 else self.start_player)

    def _after_payment(self, p: int) -> None:
        if self.owed:
            self.phase = BONUS
        else:
            self._end_turn(p)

    def _end_turn(self, p: int) -> None:
        """After every phase-2 turn the supply is refilled (spec 4.4, BGA)."""
        self.phase = PLACE
        chance.refill_supply(self)
        self._turn += 1
        self._seek_player((p + 1) % self.num_players)

    def _seek_player(self, first: int) -> None:
        """Next seat clockwise from ``first`` still placing; empty pools pass automatically."""
        n = self.num_players
        for i in range(n):
            q = (first + i) % n
            if self.passed[q]:
                continue
            if not any(self.pools[q]):
                self.passed[q] = True
                continue
            self.player = q
            return
        self._end_round()

    def _end_round(self) -> None:
        """Phase 3 (spec 5), or the final scoring after the last round (spec 6)."""
        rules = self.side.rules
        if self.round == rules.rounds:
            self._final_scoring()
            return
        self.round += 1
        self.wild = self.side.wild_order[self.round - 1]
        if self.token >= 0:
            self.start_player = self.token
        elif self.game.options["no_token_start"] == "next":
            self.start_player = (self.start_player + 1) % self.num_players
        self.token = -1
        self.passed = [False] * self.num_players
        self.pools = [[a + b for a, b in zip(pool, corner, strict=True)]
                      for pool, corner in zip(self.pools, self.corners, strict=True)]
        self.corners = [[0] * 6 for _ in range(self.num_players)]
        chance.fill_factories(self, rules.tiles_per_factory)
        self.phase = DRAFT
        self.player = self.start_player
        if drafting.drafting_over(self):
            self._start_placing()

    def _final_scoring(self) -> None:
        values = self.game.star_values
        self.final = [final_breakdown(self.side, b, values) for b in self.boards]
        for p, part in enumerate(self.final):
            self.scores[p] += part["total"]
        self.phase = OVER
        self.player = TERMINAL

    def returns(self) -> list[float]:
        """Shared ties: every seat with the best score gets an equal share (spec 6)."""
        if self.phase != OVER:
            return [0.0] * self.num_players
        best = max(self.scores)
        winners = [p for p, s in enumerate(self.scores) if s == best]
        return [1 / len(winners) if p in winners else 0.0 for p in range(self.num_players)]

    # ----- notation -----------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return nt.action_to_string(action, self.side.rules.letters)

    def string_to_action(self, text: str) -> Action:
        action = nt.parse_action(text, self.side.rules.letters)
        if self.phase == OVER:
            raise IllegalMoveError(f"{text}: the game is over")
        if action not in self.legal_actions():
            raise IllegalMoveError(
                f"{text}: not legal now ({PHASE_NAMES[self.phase]}, seat {self.player})"
            )
        return action

    # ----- views, evaluation, telemetry ---------------------------------------------------
    def tile_count(self) -> int:
        """Every tile in play, wherever it is (the 132-tile invariant of spec 5)."""
        placed = sum(1 for b in self.boards for c in b if c >= 0)
        supply = sum(1 for c in self.supply if c >= 0)
        return (sum(self.bag) + sum(self.tower) + sum(self.centre) + supply + placed
                + sum(map(sum, self.factories)) + sum(map(sum, self.pools))
                + sum(map(sum, self.corners)))

    def observation(self, player: int) -> dict[str, Any]:
        return observe(self, player)

    def to_dict(self) -> dict[str, Any]:
        return {**observe(self, -1), "rng": self.rng}

    def determinize(self, player: int, rng: random.Random) -> PavilionState:
        """Only the order of future bag draws is hidden (bag contents are public: all 132 tiles
        are accounted for elsewhere), so a sample is this position with a fresh generator."""
        twin = self.clone()
        twin.rng = chance.seed_state(rng.getrandbits(64))
        twin._stack = []
        return twin

    def evaluate(self, player: int) -> float:
        return evaluate(self, player)

    def mark(self) -> Any:
        return telemetry.mark(self)

    def turn_row(self, mark: Any, actions: Sequence[Action]) -> dict[str, Any]:
        return telemetry.turn_row(self, mark, actions)

    def game_row(self) -> dict[str, Any]:
        return telemetry.game_row(self)

    def __str__(self) -> str:
        return render.text(self)

    def _repr_html_(self) -> str:
        return render.to_html(self)

    def __repr__(self) -> str:
        scores = "/".join(map(str, self.scores))
        return (f"<PavilionState {self.side.name} round {self.round} "
                f"{PHASE_NAMES[self.phase]} seat {self.player} scores {scores}>")
