"""GazeboState: the position, the turn flow (place, extra domino, draws) and apply/undo.

The position is a handful of flat lists indexed by cell (``color``, ``nook_of``, ``patios``),
two bitboards (``nookmask``: squares in nooks, ``freemask``: uncovered open cells) and a dict of
:class:`~gardensim.games.gazebo.rules.records.Nook` records by id. Nooks never split (rulings 7), so
merging is relabelling. Open placement *slots* (pairs of free cells next to terrain) are kept
incrementally, as a set and, for sampling, a sorted list, so legal moves never scan the board.
``standing`` holds per-seat aggregates the evaluation reads; ``events`` every event so far
(telemetry counts from it). Every attribute is declared in ``fields.py``.

Undo is a trail in the python-chess spirit: every write to a list or dict first records
``(container, key, old value)`` (slot changes go on ``slot_trail``, one entry per placement);
:meth:`undo` unwinds both to the mark saved by :meth:`apply_action` and restores a tuple of
scalars. Legal actions live in ``legality.py``, event resolution in ``events.py``, what the
rulings decide in ``rules.py``; observation, determinization, evaluation and telemetry in their
own modules.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import repeat
from operator import attrgetter
from typing import Any

from gardensim.core.errors import IllegalMoveError
from gardensim.core.protocol import TERMINAL, Action
from gardensim.games.gazebo.rules import notation
from gardensim.games.gazebo.rules.evaluation import EvaluationMixin
from gardensim.games.gazebo.rules.events import MISSING, EventsMixin
from gardensim.games.gazebo.rules.fields import N_STANDING, StateFields
from gardensim.games.gazebo.rules.geometry import (
    DECLINE,
    DRAW_GENERAL,
    DRAW_PRIVATE,
    DRAW_RESERVE,
)
from gardensim.games.gazebo.rules.legality import LegalityMixin
from gardensim.games.gazebo.rules.observation import ObservationMixin
from gardensim.games.gazebo.rules.records import FREE_PATIO, Nook
from gardensim.games.gazebo.rules.rulings import DRAW, EXTRA, OVER, PLACE, Phase, winners
from gardensim.games.gazebo.rules.telemetry import TelemetryMixin

__all__ = ["DRAW", "EXTRA", "OVER", "PLACE", "GazeboState", "Phase"]


class _Attributes:
    """A state's attributes as a mapping, so the undo trail restores them like list items."""

    __slots__ = ("state",)

    def __init__(self, state: Any) -> None:
        self.state = state

    def __setitem__(self, name: str, value: Any) -> None:
        setattr(self.state, name, value)


class GazeboState(
    LegalityMixin, EventsMixin, ObservationMixin, EvaluationMixin, TelemetryMixin
):
    """One Gazebo position. Built by :meth:`GazeboGame.new_initial_state` or, with
    ``sandbox=True``, for replays where hands and piles are ignored (any domino may be placed)."""

    __slots__ = ()

    def __init__(self, game: Any, deal: Any = None, sandbox: bool = False) -> None:
        self.game = game
        self.attrs = _Attributes(self)
        self.geo = geo = game.geometry
        n_players = game.num_players
        self.n = n_players
        opts = game.options
        self.qin = opts["draw"] != "gazebo"
        self.hand_size = opts["hand_size"]
        self.raised_two = opts["raised_steal_needs_two"]
        self.move_ends = opts["no_move_ends_game"]
        self.partnership = opts["partnership"]
        self.start_gazebos = opts["gazebos"]
        self.big_nook = opts["big_nook"]
        self.sandbox = sandbox
        self.weights: tuple[float, ...] = game.weights
        self.color = list(geo.start_colors)
        self.nook_of = [-1] * geo.size
        self.nooks: dict[int, Nook] = {}
        self.contacts = [None, None, None]
        self.next_nook = 0
        self.patios = [FREE_PATIO] * geo.size
        self.standing = [0] * N_STANDING
        self.slots: set[int] = set()
        self.nookmask = 0
        self.freemask = geo.open_mask
        self.supply = list(self.start_gazebos)
        self.dominoes: list[tuple[int, int]] = []
        if deal is None:
            self.hands = [[0] * 6 for _ in range(n_players)]
            self.general: tuple[int, ...] = ()
            self.private: list[tuple[int, ...]] = [() for _ in range(n_players)]
            self.reserve: tuple[int, ...] = ()
            self.set_counts: tuple[int, ...] = (0,) * 6
        else:
            self.hands = [list(h) for h in deal.hands]
            self.general = deal.general
            self.private = list(deal.private)
            self.reserve = deal.reserve
            self.set_counts = deal.dominoes
        self.gptr = 0
        self.rptr = 0
        self.pptr = [0] * n_players
        self.phase = PLACE
        self.player = 0
        #: the protocol's ``turn`` and ``current_player`` (``player``, or TERMINAL once the game
        #: is over) as plain slots, set where a turn starts or the game ends: the play loop reads
        #: them at every move, and a property read costs a Python call under 3.11
        self.turn = 0
        self.current_player = 0
        self.placed_this_turn = 0
        self.zen_credits = 0
        self.passes = 0
        self.winners: tuple[int, ...] = ()
        self.end_reason: str | None = None
        self.last_player: int | None = None
        self.events = []
        self.draw_log = []
        self.records = []
        self.trail = []
        self.slot_trail = []
        self.frames = []
        self.slots.update(geo.start_slots)
        #: slots open now or closed for good (a cell covered): the others may still open
        self.known = set(self.slots)
        #: the open slots in order, for choosing among them: kept in step with ``slots`` by
        #: committed moves, dropped (None) by undoable ones and put back by :meth:`undo`
        self.slot_list: list[int] | None = sorted(self.slots)
        self._start_turn()

    # ----- protocol basics ------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        out = [0.0] * self.n
        if self.phase == OVER and self.winners:
            share = 1 / len(self.winners)
            for s in self.winners:
                out[s] = share
        return out

    def on_board(self) -> list[int]:
        return [s - left for s, left in zip(self.start_gazebos, self.supply, strict=True)]

    # ----- apply / undo ---------------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        self.frames.append(
            (
                len(self.trail),
                self.phase,
                self.player,
                self.current_player,
                self.turn,
                self.placed_this_turn,
                self.nookmask,
                self.freemask,
                self.gptr,
                len(self.dominoes),
                self.standing[:],
                len(self.draw_log),
                len(self.events),
                len(self.slot_trail),
                self.slot_list,
            )
        )
        self.slot_list = None
        self._apply(action)

    def commit(self, action: Action) -> None:
        """:meth:`apply_action` without an undo frame: with nothing waiting to be undone, the
        trail's old values can never be read again, so they are dropped instead of kept."""
        if self.frames:
            self.apply_action(action)
            return
        self.trail.clear()
        self.slot_trail.clear()
        self._apply(action)

    def _apply(self, action: Action) -> None:
        if action >= DRAW_GENERAL:
            if action != DECLINE:
                self._draw(action)
            self._refill()
            return
        slot, a, b, x, y, t, groups = self.geo.placement_parts[action]  # type: ignore[misc]
        if not self.sandbox:
            hand = self.hands[self.player]
            self.trail.append((hand, t, hand[t]))
            hand[t] -= 1
        if self.passes:
            self.set_scalar("passes", 0)
        self.placed_this_turn += 1
        extra = self._place(slot, a, b, x, y, groups)
        if self.phase == OVER:
            return
        if extra and self.placed_this_turn == 1 and self.has_legal_placement():
            self.phase = EXTRA
        else:
            self._refill()

    def undo(self) -> None:
        (
            mark,
            self.phase,
            self.player,
            self.current_player,
            self.turn,
            self.placed_this_turn,
            self.nookmask,
            self.freemask,
            self.gptr,
            n_dominoes,
            self.standing,
            n_draws,
            n_events,
            n_slot_changes,
            self.slot_list,
        ) = self.frames.pop()
        trail = self.trail
        for _ in range(len(trail) - mark):
            obj, key, old = trail.pop()
            if old is MISSING:
                del obj[key]
            else:
                obj[key] = old
        if len(self.slot_trail) > n_slot_changes:
            removed, added, fresh = self.slot_trail.pop()
            self.slots.difference_update(added)
            self.slots |= removed
            self.known.difference_update(fresh)
        del self.dominoes[n_dominoes:]
        del self.draw_log[n_draws:]
        del self.events[n_events:]

    def clone(self) -> GazeboState:
        """An independent copy; its undo history starts empty (the trail points at the
        original's containers, so it cannot be shared)."""
        c = object.__new__(GazeboState)
        deque(map(setattr, repeat(c), _SLOTS, _get_slots(self)), maxlen=0)  # C-level copy
        c.attrs = _Attributes(c)
        c.color = self.color[:]
        c.nook_of = self.nook_of[:]
        c.nooks = dict(self.nooks)
        c.contacts = self.contacts[:]
        c.patios = self.patios[:]
        c.standing = self.standing[:]
        c.slots = set(self.slots)
        c.slot_list = None if self.slot_list is None else self.slot_list[:]
        c.known = set(self.known)
        c.supply = self.supply[:]
        c.dominoes = self.dominoes[:]
        c.hands = [h[:] for h in self.hands]
        c.private = list(self.private)
        c.pptr = self.pptr[:]
        c.draw_log = self.draw_log[:]
        c.events = self.events[:]
        c.records = self.records[:]
        c.trail = []
        c.slot_trail = []
        c.frames = []
        return c

    # ----- turn flow ------------------------------------------------------------------
    def set_scalar(self, name: str, value: Any) -> None:
        """Set an attribute that rarely changes, recording the old value on the trail (so the
        per-action undo frame stays small)."""
        self.trail.append((self.attrs, name, getattr(self, name)))
        setattr(self, name, value)

    def _refill(self) -> None:
        """Draw until the hand is full (rulings 11), then pass the turn on; a choice between
        piles waits for the player, a single possibility is applied automatically (contract:
        forced choices are not actions). A sandbox has no hands: it passes the turn at once."""
        if self.sandbox:
            self._end_turn()
            return
        p = self.player
        hand = self.hands[p]
        while sum(hand) < self.hand_size:
            general = self.gptr < len(self.general)
            if self.qin:
                if not general:
                    break
                self._draw(DRAW_GENERAL)
                continue
            private = self.pptr[p] < len(self.private[p])
            reserve = self.zen_credits > 0 and self.rptr < len(self.reserve)
            if general + private + reserve > 1:
                self.phase = DRAW
                return
            if general:
                self._draw(DRAW_GENERAL)
            elif private:
                self._draw(DRAW_PRIVATE)
            elif reserve:
                self._draw(DRAW_RESERVE)
            else:
                break
        self._end_turn()

    def _draw(self, source: int) -> None:
        p = self.player
        if source == DRAW_GENERAL:
            t = self.general[self.gptr]
            self.gptr += 1
        elif source == DRAW_PRIVATE:
            t = self.private[p][self.pptr[p]]
            self.trail.append((self.pptr, p, self.pptr[p]))
            self.pptr[p] += 1
        else:
            t = self.reserve[self.rptr]
            self.set_scalar("rptr", self.rptr + 1)
            self.set_scalar("zen_credits", self.zen_credits - 1)
        hand = self.hands[p]
        self.trail.append((hand, t, hand[t]))
        hand[t] += 1
        self.draw_log.append(source + (p << 2) + (t << 4))  # fields.draw_entry's layout

    def _end_turn(self) -> None:
        if self.zen_credits:
            self.set_scalar("zen_credits", 0)
        self.placed_this_turn = 0
        self.player = (self.player + 1) % self.n
        self.turn += 1
        self._start_turn()

    def _start_turn(self) -> None:
        """Rulings 14: no domino in hand or no legal placement ends the game, or with
        ``no_move_ends_game`` off the player passes and a full round of passes ends it."""
        while True:
            if not self.sandbox and not any(self.hands[self.player]):
                reason = "no-domino"
            elif not self.slot_takes_a_domino():
                reason = "no-placement"
            else:
                self.phase = PLACE
                self.current_player = self.player
                return
            if self.move_ends:
                self._finish(reason, None)
                return
            self.set_scalar("passes", self.passes + 1)
            if self.passes >= self.n:
                self._finish("all-passed", None)
                return
            self.player = (self.player + 1) % self.n
            self.turn += 1

    def _finish(self, reason: str, last: int | None) -> None:
        """Game over (rulings 14, 15): record the reason and every seat sharing the win."""
        self.phase = OVER
        self.current_player = TERMINAL
        self.set_scalar("end_reason", reason)
        self.set_scalar("last_player", last)
        self.set_scalar("winners", tuple(sorted(
            winners(self.supply, self.start_gazebos, last, self.partnership)
        )))
        self.events.append(("win", last, self.winners, reason))

    # ----- notation -------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return self.geo.action_name(action)

    def actions_to_strings(self, actions: Sequence[Action]) -> list[str]:
        return self.geo.action_names(actions)

    def string_to_action(self, text: str) -> Action:
        action = notation.parse_action(self.geo, text)
        if not self.is_legal(action):
            raise IllegalMoveError(f"{text.strip()}: not a legal action here")
        return action

    def _repr_html_(self) -> str:
        """The position as a picture when a notebook displays the state (pgx's habit)."""
        from gardensim.games.gazebo.rules.render import repr_html

        return repr_html(self.geo.board, self)

    def __repr__(self) -> str:
        status = f"over ({self.end_reason})" if self.phase == OVER else f"seat {self.player}"
        return (
            f"<GazeboState {self.geo.board.key} turn {self.turn} {status} "
            f"supply {self.supply}>"
        )


_SLOTS = StateFields.__slots__
_get_slots = attrgetter(*_SLOTS)
