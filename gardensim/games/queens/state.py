"""The Queen's Garden position and its turn structure (the protocol's ``GameState``).

A position is a few flat int lists (bag and tower counts per hexagon, scores, jokers), per-seat
rows (stored tile counts, gardens, areas, ledgers) that are copy-on-write so a snapshot copies
only outer lists, and tuples for the expansions (stack, later stacks, display, supply). Undo
pops a snapshot, python-chess style.

Decisions (notation in :mod:`.notation`): in the action phase a take, a tile placement, an
expansion placement, a face-down buy or a pass; after a placement the payment set when more than
one is legal; after a pass each discarded tile, then ``done`` (asked only while tiles are
stored). A *turn* is one of those rules turns with its follow-ups.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gardensim.core.errors import IllegalMoveError
from gardensim.core.protocol import TERMINAL, Action, GameState
from gardensim.games.queens import chance, display, render, telemetry
from gardensim.games.queens import notation as nt
from gardensim.games.queens.evaluation import evaluate
from gardensim.games.queens.garden import (
    FACE_DOWN,
    UNPLACED,
    newly_surrounded,
)
from gardensim.games.queens.geometry import CELLS, area_cell
from gardensim.games.queens.moves import action_phase_moves
from gardensim.games.queens.observation import (
    determinize,
    expansion_ids,
    observe,
    tile_count,
)
from gardensim.games.queens.payment import paid_items, payments
from gardensim.games.queens.scoring import (
    BUYS,
    DISCARDS,
    FACE_UP,
    FIRST_PASS,
    JOKERS_GAINED,
    JOKERS_LOST,
    LEDGER,
    PASSES,
    PAVILIONS,
    ROUND,
    TILES_PLACED,
    final_scoring,
    lose,
    round_points,
)
from gardensim.games.queens.scoring import (
    FACE_DOWN as LEDGER_FACE_DOWN,
)

if TYPE_CHECKING:
    from gardensim.games.queens.game import QueensGame

ACT, PAY, DISCARD, OVER = range(4)
PHASE_NAMES = ("act", "pay", "discard", "over")
_FIELDS = ("rng", "round", "phase", "player", "start_player", "marker", "_turn", "pending",
           "stack", "future", "top_tiles", "display", "supply", "revealed", "final")
_ROWS = ("bag", "tower", "tiles", "jokers", "exps", "boards", "areas", "rewarded", "scores",
         "ledger", "passed")


def _row(rows: list[list[int]], i: int) -> list[int]:
    """A private copy of ``rows[i]``, ready to change (rows are shared with snapshots)."""
    row = rows[i] = rows[i][:]
    return row


class QueensState(GameState):
    """One Queen's Garden position. Build it with :meth:`QueensGame.new_initial_state`."""

    def __init__(self, game: QueensGame, seed: int) -> None:
        self.game = game
        rules = self.rules = game.rules
        self.geo = game.geo
        self.side = game.board_name
        n = self.num_players = game.num_players
        self.rng = chance.seed_state(seed)
        self.round = 1
        self.phase = ACT
        self.marker = -1
        self._turn = 0
        self.pending = -1
        self.final = False
        self.bag = [rules.copies] * 36
        self.tower = [0] * 36
        self.tiles = [[0] * 36 for _ in range(n)]
        self.jokers = [rules.start_jokers] * n
        self.exps: list[tuple[int, ...]] = [()] * n
        self.boards = [[-1] * CELLS for _ in range(n)]
        self.areas = [[UNPLACED] * 6 for _ in range(n)]
        self.rewarded = [0] * n
        self.scores = [rules.start_score] * n
        self.ledger = [[0] * len(LEDGER) for _ in range(n)]
        self.passed = [False] * n
        self.revealed = 0
        self._stack: list[tuple[Any, ...]] = []
        self.rng, order = chance.shuffled(self.rng, rules.expansions)
        size = rules.stack_size[n]
        stacks = [tuple(order[i * size:(i + 1) * size]) for i in range(rules.rounds)]
        self.supply = tuple(order[rules.rounds * size:])
        self.stack, self.future = stacks[0], tuple(stacks[1:])
        self.display: tuple[tuple[int, tuple[int, ...]], ...] = ()
        self.top_tiles: tuple[int, ...] = ()
        first = game.options["first_player"]
        if first == "random":
            self.rng, first = chance.next_random(self.rng, n)
        self.start_player = self.player = self.first_player = first
        display.refill_top(self)
        self._seek_player(first)

    # ----- snapshots ----------------------------------------------------------------------
    def _snapshot(self) -> tuple[Any, ...]:
        d = self.__dict__
        return (*(d[f] for f in _FIELDS), *(d[r][:] for r in _ROWS))

    def _restore(self, snap: tuple[Any, ...]) -> None:
        d = self.__dict__
        for name, value in zip(_FIELDS + _ROWS, snap, strict=True):
            d[name] = value

    def undo(self) -> None:
        self._restore(self._stack.pop())

    def commit(self, action: Action) -> None:
        """No snapshot: a committed action is never undone (nor those before it)."""
        self._stack.clear()
        self._apply(action)

    def clone(self) -> QueensState:
        twin = object.__new__(QueensState)
        for key in ("game", "rules", "geo", "side", "num_players", "first_player"):
            twin.__dict__[key] = self.__dict__[key]
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

    def room(self, p: int) -> tuple[int, int]:
        """(free tile slots, free expansion slots) of seat ``p``'s storage."""
        r = self.rules
        return (r.storage_tiles - sum(self.tiles[p]) - self.jokers[p],
                r.storage_expansions - len(self.exps[p]))

    def legal_actions(self) -> list[Action]:
        phase, p = self.phase, self.player
        if phase == ACT:
            return self._legal_act(p)
        if phase == PAY:
            h = self.pending
            return [nt.pay_action(h, c) for c in payments(
                h, self.rules.values[h % 6], self.tiles[p], self.exps[p], self.jokers[p])]
        if phase == DISCARD:
            return [nt.DONE] + [nt.DISCARD_BASE + h for h, k in enumerate(self.tiles[p]) if k]
        return []

    def _legal_act(self, p: int, first: bool = False) -> list[Action]:
        return action_phase_moves(self, p, first)

    def apply_action(self, action: Action) -> None:
        self._stack.append(self._snapshot())
        try:
            self._apply(action)
        except IllegalMoveError:
            self._restore(self._stack.pop())
            raise

    def _apply(self, action: Action) -> None:
        p = self.player
        phase = self.phase
        if phase == ACT:
            kind = nt.kind_of(action)
            if kind == "take":
                tiles_taken, exps_taken, _ = display.apply_acquire(self, action - nt.ACQ_BASE)
                row = _row(self.tiles, p)
                for h in tiles_taken:
                    row[h] += 1
                self.exps[p] = self.exps[p] + tuple(exps_taken)
                self._end_turn(p)
            elif kind == "place":
                h, cell = divmod(action - nt.PLACE_BASE, CELLS)
                _row(self.tiles, p)[h] -= 1
                self._placed(p, h, cell)
            elif kind == "expansion":
                h, rest = divmod(action - nt.EXPAND_BASE, 36)
                a, j = divmod(rest, 6)
                exps = list(self.exps[p])
                exps.remove(h)
                self.exps[p] = tuple(exps)
                _row(self.areas, p)[a] = h
                _row(self.ledger, p)[FACE_UP] += 1
                self._placed(p, h, area_cell(a, j))
            elif kind == "buy":
                lose(self, p, self.rules.buy_cost, BUYS)
                _row(self.areas, p)[action - nt.BUY_BASE] = FACE_DOWN + self.supply[0]
                self.supply = self.supply[1:]
                _row(self.ledger, p)[LEDGER_FACE_DOWN] += 1
                self._after_placement(p)
            elif action == nt.PASS:
                self._pass(p)
            else:
                self._illegal(action)
        elif phase == PAY and nt.kind_of(action) == "pay" and (
                nt.pay_parts(action)[0] == self.pending):
            self._pay(p, nt.pay_parts(action)[1])
        elif phase == DISCARD and action == nt.DONE:
            self._end_turn(p)
        elif phase == DISCARD and nt.DISCARD_BASE <= action < nt.BUY_BASE:
            h = action - nt.DISCARD_BASE
            _row(self.tiles, p)[h] -= 1
            self.tower[h] += 1
            cost = 1 if self.rules.pass_discard_cost == "1" else self.rules.values[h % 6]
            lose(self, p, cost, DISCARDS)
            if not any(self.tiles[p]):
                self._end_turn(p)
        else:
            self._illegal(action)

    def _illegal(self, action: Action) -> None:
        raise IllegalMoveError(f"action {action} is not possible in phase "
                               f"{PHASE_NAMES[self.phase]}")

    # ----- turn structure -----------------------------------------------------------------
    def _placed(self, p: int, h: int, cell: int) -> None:
        """The hexagon is on the garden; its payment is chosen next unless only one set is
        legal (spec 5), and the surround rewards follow the payment (spec 7)."""
        _row(self.boards, p)[cell] = h
        _row(self.ledger, p)[TILES_PLACED] += 1
        self.pending = h
        options = payments(h, self.rules.values[h % 6], self.tiles[p], self.exps[p],
                           self.jokers[p])
        if len(options) == 1:
            self._pay(p, options[0])
        else:
            self.phase = PAY

    def _pay(self, p: int, code: int) -> None:
        h = self.pending
        tiles, exps, jokers = paid_items(h, self.rules.values[h % 6], code)
        if tiles:
            row = _row(self.tiles, p)
            for t in tiles:
                row[t] -= 1
                self.tower[t] += 1
        held = list(self.exps[p])
        for e in exps:
            held.remove(e)
        self.exps[p] = tuple(held)
        self.supply = self.supply + tuple(exps)
        self.jokers[p] -= jokers
        self.pending = -1
        self.phase = ACT
        self._after_placement(p)

    def _after_placement(self, p: int) -> None:
        """Surround rewards (spec 7): jokers up to the storage limit, the excess lost."""
        found = newly_surrounded(self.geo, self.boards[p], self.areas[p], self.rewarded[p])
        for cell, kind in found:
            self.rewarded[p] |= 1 << cell
            reward = self.game.joker_reward[kind]
            fit = min(reward, self.room(p)[0])
            self.jokers[p] += fit
            ledger = _row(self.ledger, p)
            ledger[JOKERS_GAINED] += fit
            ledger[JOKERS_LOST] += reward - fit
        self._end_turn(p)

    def _pass(self, p: int) -> None:
        """Spec 4D: the first passer takes the marker and loses a point, then discards."""
        self._mark_passed(p)
        if any(self.tiles[p]):
            self.phase = DISCARD
        else:
            self._end_turn(p)

    def _mark_passed(self, p: int) -> None:
        self.passed[p] = True
        _row(self.ledger, p)[PASSES] += 1
        if self.marker < 0:
            self.marker = p
            lose(self, p, self.rules.first_pass_penalty, FIRST_PASS)

    def _end_turn(self, p: int) -> None:
        self.phase = ACT
        self._turn += 1
        self._seek_player((p + 1) % self.num_players)

    def _seek_player(self, first: int) -> None:
        """The next seat clockwise from ``first`` that has not passed. A seat with no move but
        pass passes by itself (a forced choice, no decision); it still chooses its discards."""
        n = self.num_players
        for i in range(n):
            q = (first + i) % n
            if self.passed[q]:
                continue
            self.player = q
            can_buy = (self.supply and self.scores[q] >= self.rules.buy_threshold
                       and UNPLACED in self.areas[q])
            if can_buy or self._legal_act(q, first=True)[0] != nt.PASS:
                return
            self._mark_passed(q)
            if any(self.tiles[q]):
                self.phase = DISCARD
                return
        self._end_round()

    def _end_round(self) -> None:
        """Phase 2 scoring (spec 8), then final scoring (spec 10) or preparation (spec 9)."""
        rules = self.rules
        for q in range(self.num_players):
            wheel, pavilions = round_points(rules, self.side, self.boards[q], self.areas[q],
                                            self.round)
            self.scores[q] += wheel + pavilions
            ledger = _row(self.ledger, q)
            ledger[ROUND] += wheel
            ledger[PAVILIONS] += pavilions
        if self.round == rules.rounds:
            final_scoring(self)
            self.final = True
            self.phase = OVER
            self.player = TERMINAL
            return
        for h in self.top_tiles:
            self.tower[h] += 1
        for _, tiles in self.display:
            for h in tiles:
                self.tower[h] += 1
        self.supply = self.supply + tuple(e for e, _ in self.display) + self.stack
        self.display, self.top_tiles = (), ()
        self.stack, self.future = self.future[0], self.future[1:]
        self.round += 1
        self.passed = [False] * self.num_players
        self.start_player = self.player = self.marker
        self.marker = -1
        display.refill_top(self)
        self._seek_player(self.start_player)

    def returns(self) -> list[float]:
        """Shared ties: every seat with the best score gets an equal share (spec 10)."""
        if self.phase != OVER:
            return [0.0] * self.num_players
        best = max(self.scores)
        winners = [p for p, s in enumerate(self.scores) if s == best]
        return [1 / len(winners) if p in winners else 0.0 for p in range(self.num_players)]

    # ----- notation -----------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return nt.action_to_string(action, self.rules, self.geo)

    def string_to_action(self, text: str) -> Action:
        action = nt.parse_action(text, self.rules, self.geo, self.pending)
        if self.phase == OVER:
            raise IllegalMoveError(f"{text}: the game is over")
        if action not in self.legal_actions():
            raise IllegalMoveError(
                f"{text}: not legal now ({PHASE_NAMES[self.phase]}, seat {self.player})")
        return action

    # ----- views, evaluation, telemetry ---------------------------------------------------
    def tile_count(self) -> int:
        """Every tile wherever it is (the 108-tile invariant)."""
        return tile_count(self)

    def expansion_ids(self) -> list[int]:
        """Every expansion wherever it is, sorted (the 36-expansion invariant)."""
        return expansion_ids(self)

    def observation(self, player: int) -> dict[str, Any]:
        return observe(self, player)

    def to_dict(self) -> dict[str, Any]:
        return {**observe(self, -1), "rng": self.rng, "hidden": {
            "stack": list(self.stack), "future": [list(s) for s in self.future],
            "supply": list(self.supply), "display": [e for e, _ in self.display],
            "face_down": [list(a) for a in self.areas]}}

    def determinize(self, player: int, rng: random.Random) -> QueensState:
        return determinize(self, player, rng)

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

    def _repr_svg_(self) -> str:
        return render.to_svg(self)

    def _repr_html_(self) -> str:
        return render.to_html(self)

    def __repr__(self) -> str:
        scores = "/".join(map(str, self.scores))
        return (f"<QueensState round {self.round} {PHASE_NAMES[self.phase]} "
                f"seat {self.player} scores {scores}>")
