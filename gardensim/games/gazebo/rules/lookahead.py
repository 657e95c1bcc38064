"""One-ply look-ahead values for :class:`GazeboState`, faster than apply-value-undo each action.

Greedy play and MCTS (move ordering and greedy rollouts) value every legal action; that is where
their time goes. Most actions are *plain*: each colour of the domino either touches no nook of
its colour (making a new nook with the lone squares it touches, if any) or joins exactly one
nook, and no nook becomes big (five squares). A plain placement makes no absorb and no big nook;
each new nook places one gazebo, and the only patios whose count changes are those a nook
touches for the first time (a growing nook keeps its gazebos and owner, and re-settling a patio
whose count is unchanged does nothing, rulings 8-10). What else follows is fixed by the zen
spaces covered (reserve credits, which can turn a forced draw into a choice, rulings 12) and by
whether a pedestal or a vase new to one of the mover's nooks gives an extra placement (rulings
13). So the value after a plain placement depends only on whether the domino was single-coloured
(the evaluation reads a hand only through its count of single-coloured dominoes, and whether an
extra placement can be made only through the hand not being empty, the same whichever domino of
it was played), how many nooks it created, how the patios it brings nooks to change hands or threat
(:func:`rules.patio_outcome`), the evaluation's ``exposed`` term (which reads the free cells
and the nooks' sizes and halos, recomputed here for the changed nooks), the zen spaces covered
and the extra placement - as long as an open slot with at most one nook square beside it surely
survives, so the next turn (or the extra placement) cannot fail for want of a place. The first
action of each key but the ``exposed`` term is applied, scored and undone; the evaluation's
other terms (``EvaluationMixin.score_parts``) are shared by the rest, which add their own
``exposed`` count in the very order ``evaluate`` does, so the floats are identical. Everything
else (absorbs, big nooks) is applied, valued and undone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gardensim.core.protocol import Action
from gardensim.games.gazebo.rules.evaluation import count_exposed, logistic
from gardensim.games.gazebo.rules.events import EMPTY
from gardensim.games.gazebo.rules.fields import StateFields
from gardensim.games.gazebo.rules.geometry import DRAW_GENERAL
from gardensim.games.gazebo.rules.legality import XY
from gardensim.games.gazebo.rules.rulings import EXTRA, PLACE, patio_outcome

#: open slots with at most one nook square beside them always take some domino (rulings 6).
#: A placement closes at most 7 slots and puts a nook square beside at most 24 more, so with
#: this many of them open any placement leaves one; a quiet one (no nook square) needs 8.
SIMPLE_SLOTS_KEPT = 32
QUIET_SAFE = 8
TWO_NOOKS = -2


class LookaheadMixin(StateFields):
    """``action_values`` for :class:`GazeboState` (see the module docstring for why it is exact)."""

    __slots__ = ()

    def action_values(self, player: int, actions: Sequence[Action]) -> list[float]:
        if self.sandbox or self.phase not in (PLACE, EXTRA):
            return super().action_values(player, actions)
        geo = self.geo
        slot_cells, special, touching = geo.slot_cells, geo.slot_special, geo.slot_touching
        nmask, bit, slot_nmask = geo.nmask, geo.bit, geo.slot_nmask
        patio_adj, vase_adj = geo.patio_adj, geo.vase_adj
        pedestal, zen_cell, qin = geo.pedestal, geo.zen, self.qin
        nook_of = self.nook_of
        nooks = self.nooks
        colored = self._color_masks()
        mover = self.player
        exposure = _Exposure(self, player)
        watched, unchanged = exposure.watched, exposure.now
        simple = self._simple_slots()
        quiet_safe = len(simple) >= QUIET_SAFE
        always_safe = len(simple) >= SIMPLE_SLOTS_KEPT
        by_key: dict[tuple, float] = {}
        parts: dict[tuple, tuple[float | None, Any]] = {}  # by key less the exposed term
        counts: dict[int, list[int]] = {}  # patio_counts, as they are needed
        out = []
        last_slot = -1
        for action in actions:
            key: tuple[Any, ...] | None = None
            if action < DRAW_GENERAL:
                slot, xy = divmod(action, 9)
                if slot != last_slot:  # what only the slot decides, once for its orientations
                    last_slot = slot
                    a, b = slot_cells[slot]  # type: ignore[misc]  # a legal action's slot
                    pair, at_a, at_b = (a, b), (a,), (b,)
                    near_a, near_b = nmask[a], nmask[b]
                    covered = bit[a] | bit[b]
                    watched_covered = covered & watched
                    slot_extra = slot_zen = 0
                    if special[slot]:
                        slot_extra = pedestal[a] | pedestal[b]
                        if not qin:
                            slot_zen = zen_cell[a] + zen_cell[b]
                    quiet = None  # (safe, exposed) of a domino meeting no square of its colours
                x, y = XY[xy]
                if x == y:
                    groups: Any = (((near_a | near_b) & colored[x], x, pair),)
                else:
                    touch_a, touch_b = near_a & colored[x], near_b & colored[y]
                    groups = ((touch_a, x, at_a), (touch_b, y, at_b)) if touch_a or touch_b else ()
                if not groups:  # only the two cells covered change
                    if quiet is None:
                        safe = quiet_safe or _leaves_a_place(simple, touching[slot], slot_nmask, 0)
                        quiet = (safe, exposure.after(covered, [], []) if watched_covered
                                 else unchanged)
                    if quiet[0]:
                        key = (False, 0, (), slot_zen, slot_extra, quiet[1])
                else:
                    extra = slot_extra
                    growths: list[tuple[int, int, int]] = []
                    created: list[tuple[int, int, int, int]] = []
                    # (patio, nook) first contacts; new nooks are -1, -2
                    patios: list[tuple[int, int]] = []
                    joined = 0  # squares that become nook squares
                    for touch, col, new in groups:
                        if not touch:
                            if new is not pair:  # one square meeting nothing makes no nook
                                continue
                            k, cells = -1, new
                        elif not touch & (touch - 1):  # one square: its nook, or a lone one
                            c = touch.bit_length() - 1
                            k = nook_of[c]
                            cells = new if k >= 0 else new + (c,)
                        else:
                            k, lone = self._touched(touch, nook_of)
                            if k == TWO_NOOKS:
                                break
                            cells = new + lone
                        squares = len(cells)
                        if k < 0:
                            k = -1 - len(created)
                            size, held_patios, held_vases, owner = 0, EMPTY, EMPTY, mover
                        else:
                            nook = nooks[k]
                            owner, held_patios, held_vases = nook.owner, nook.patios, nook.vases
                            size = len(nook.cells)
                        if size < self.big_nook <= size + squares:
                            break
                        gain = 0
                        for c in cells:
                            gain |= nmask[c]
                            joined |= bit[c]
                            for patio in patio_adj[c]:
                                if patio not in held_patios and (patio, k) not in patios:
                                    patios.append((patio, k))
                            if owner == mover and vase_adj[c] and not held_vases.issuperset(
                                vase_adj[c]
                            ):
                                extra = 1
                        if k < 0:
                            created.append((mover, col, squares, gain))
                        else:
                            growths.append((k, squares, gain))
                    else:
                        if (quiet_safe if not joined else always_safe) or _leaves_a_place(
                            simple, touching[slot], slot_nmask, joined
                        ):
                            exposed = (exposure.after(covered, growths, created)
                                       if growths or created or watched_covered else unchanged)
                            key = (x == y, len(created),
                                   self._patio_changes(patios, counts) if patios else (),
                                   slot_zen, extra, exposed)
            if key is None:
                out.append(self._value_after(player, action))
                continue
            value = by_key.get(key)
            if value is None:
                rest = key[:-1]
                found = parts.get(rest)
                if found is None:
                    found = parts[rest] = self._parts_after(player, action)
                partial, threatened = found
                value = by_key[key] = (
                    threatened if partial is None
                    else logistic(self.weights, partial, key[-1], threatened)
                )
            out.append(value)
        return out

    def _parts_after(self, player: int, action: Action) -> tuple[float | None, Any]:
        """After ``action``: (None, the value) if the game is over, else the evaluation's
        (sum of the other terms, ``threatened``) that every plain placement of its key shares."""
        self.apply_action(action)
        if self.is_terminal():
            found: tuple[float | None, Any] = (None, self.value(player))
        else:
            partial, _, threatened = self.score_parts(player, False)
            found = (partial, threatened)
        self.undo()
        return found

    def _value_after(self, player: int, action: Action) -> float:
        self.apply_action(action)
        value = self.value(player)
        self.undo()
        return value

    def _patio_changes(self, contacts: list[tuple[int, int]],
                       counts: dict[int, list[int]]) -> tuple[tuple[int, int, int], ...]:
        """(patio, holder, threatened) of each patio that the first ``contacts`` (patio, nook;
        a new nook is negative and the mover's, with one gazebo) make change hands or threat
        (events.patio_outcome), in the order event resolution settles them."""
        nooks = self.nooks
        patios = self.patios
        kinds = self.geo.patio_kind
        after: dict[int, list[int]] = {}
        for patio, k in contacts:
            now = after.get(patio)
            if now is None:
                base = counts.get(patio)
                if base is None:
                    base = counts[patio] = self.patio_counts(patio)
                now = after[patio] = base[:]
            if k < 0:
                now[self.player] += 1
            else:
                nook = nooks[k]
                now[nook.owner] += nook.gazebos
        out = []
        for patio in sorted(after):
            record = patios[patio]
            result = patio_outcome(after[patio], record.holder, kinds[patio], self.raised_two)
            if result != (record.holder, record.threatened):
                out.append((patio, *result))
        return tuple(out)

    def _touched(self, cells: int, nook_of: list[int]) -> tuple[int, tuple[int, ...]]:
        """(the one nook among the squares of the bitboard ``cells``, or -1 for none, or
        ``TWO_NOOKS``; the squares that are in no nook)."""
        k = -1
        lone: tuple[int, ...] = ()
        while cells:
            low = cells & -cells
            c = low.bit_length() - 1
            m = nook_of[c]
            if m < 0:
                lone += (c,)
            elif k < 0:
                k = m
            elif m != k:
                return TWO_NOOKS, lone
            cells ^= low
        return k, lone

    def _color_masks(self) -> list[int]:
        """Bitboard of the squares of each colour (printed start squares and dominoes)."""
        color = self.color
        bit = self.geo.bit
        masks = [0, 0, 0]
        for c in self.geo.start:
            masks[color[c]] |= bit[c]
        for a, b in self.dominoes:
            masks[color[a]] |= bit[a]
            masks[color[b]] |= bit[b]
        return masks

    def _simple_slots(self) -> list[int]:
        """Open slots with at most one nook square beside them (any domino goes there), up to
        ``SIMPLE_SLOTS_KEPT`` of them."""
        nookmask = self.nookmask
        slot_nmask = self.geo.slot_nmask
        out = []
        for s in self.slots:
            m = nookmask & slot_nmask[s]
            if not m & (m - 1):
                out.append(s)
                if len(out) >= SIMPLE_SLOTS_KEPT:
                    break
        return out


def _leaves_a_place(simple: list[int], closed: Any, slot_nmask: Any, joined: int) -> bool:
    """Whether a slot of ``simple`` survives a placement that closes the slots ``closed`` and
    makes the squares ``joined`` nook squares (so it keeps at most one beside it)."""
    for s in simple:
        if s not in closed and not slot_nmask[s] & joined:
            return True
    return False


class _Exposure:
    """The evaluation's ``exposed`` term for ``player`` after a plain placement.

    A small nook of ``player`` is exposed when a larger rival nook of its colour (of 3 squares
    or more: the evaluation's rule, ``_small_and_rivals``) touches it through a free cell; its
    *contact* is the bitboard of those cells, gathered once per decision. A plain placement
    only covers cells, grows nooks and makes new ones, and a nook's size and halo only grow, so
    afterwards an untouched nook of ``player`` keeps the contact cells left free plus those
    that rival nooks which grew or appeared bring; only the player's grown and new nooks are
    measured again."""

    def __init__(self, state: Any, player: int) -> None:
        self.player = player
        self.free = free = state.freemask
        self.partner = partner = 3 - player if state.partnership else player
        #: the player's small nooks and every rival nook (a small one may grow past 3): (colour,
        #: size, halo) by nook id
        self.mine: dict[int, tuple[int, int, int]] = {}
        self.rivals: dict[int, tuple[int, int, int]] = {}
        #: per colour, (size, halo) of the rival nooks of 3 squares or more
        self.by_col: tuple[list, list, list] = ([], [], [])
        for k, nook in state.nooks.items():
            owner, col, halo = nook.owner, nook.colour, nook.halo
            size = len(nook.cells)
            if owner == player:
                if size < state.big_nook:
                    self.mine[k] = (col, size, halo)
            elif owner != partner:
                self.rivals[k] = (col, size, halo)
                if size >= 3:
                    self.by_col[col].append((size, halo))
        self.contact: dict[int, int] = {}
        #: per colour, (size, halo) of the player's small nooks not exposed now
        self.unexposed: tuple[list, list, list] = ([], [], [])
        watched = now = 0
        for k, (col, size, halo) in self.mine.items():
            reach = halo & free
            cells = 0
            for rival_size, rival_halo in self.by_col[col]:
                if rival_size > size:
                    cells |= reach & rival_halo
            self.contact[k] = cells
            watched |= cells
            if cells:
                now += 1
            else:
                self.unexposed[col].append((size, halo))
        self.now = now
        #: the free cells whose covering alone can change the term
        self.watched = watched

    def after(self, covered: int, growths: list[tuple[int, int, int]],
              created: list[tuple[int, int, int, int]]) -> int:
        """The term once the cells ``covered`` are taken, each nook of ``growths`` (id, squares
        gained, their neighbours) has grown and each nook of ``created`` (owner, colour, size,
        halo) was made."""
        mine, rivals, contact = self.mine, self.rivals, self.contact
        remeasured: dict[int, tuple[int, int, int]] = {}  # the player's grown and new nooks
        gained: list[tuple[int, int, int]] = []  # rival nooks grown or new, 3 squares or more
        for k, squares, halo_gain in growths:
            rec = mine.get(k)
            if rec is not None:
                col, size, halo = rec
                remeasured[k] = (col, size + squares, halo | halo_gain)
                continue
            rec = rivals.get(k)
            if rec is not None and rec[1] + squares >= 3:
                col, size, halo = rec
                gained.append((col, size + squares, halo | halo_gain))
        for i, (owner, col, size, halo) in enumerate(created):
            if owner == self.player:
                remeasured[-1 - i] = (col, size, halo)
            elif owner != self.partner and size >= 3:
                gained.append((col, size, halo))
        free = self.free & ~covered
        if covered & self.watched:  # a contact may be covered: count afresh
            exposed = 0
            for k, (col, size, halo) in mine.items():
                if k not in remeasured:
                    cells = contact[k]
                    for rival_col, rival_size, rival_halo in gained:
                        if rival_col == col and rival_size > size:
                            cells |= halo & rival_halo
                    exposed += cells & free != 0
        else:  # every exposed nook stays so; a rival's growth can only expose more
            exposed = self.now
            for k in remeasured:
                if contact.get(k):
                    exposed -= 1
            for rival_col, rival_size, rival_halo in gained:
                for size, halo in self.unexposed[rival_col]:
                    if rival_size > size and halo & rival_halo & free:
                        exposed += 1
        # each group of the domino has its own colour and meets one nook, so no two gained
        # rival nooks, nor one and a remeasured nook of the player's, share a colour
        if remeasured:
            exposed += count_exposed(remeasured.values(), self.by_col, free)
        return exposed
