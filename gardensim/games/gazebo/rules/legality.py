"""Legal actions of Gazebo (rulings 3, 6, 11, 12).

A placement is legal when it covers an open slot (kept incrementally by ``events.py``) and joins
no nooks illegally. Illegal absorbs are rare, so the nook bitboard halos first narrow the slots
that could hold one (:meth:`absorb_slots`) and only those are judged orientation by orientation.
:meth:`random_action` samples uniformly without listing every action.
"""

from __future__ import annotations

import random

from gardensim.core.protocol import Action
from gardensim.games.gazebo.rules.dominoes import ORIENTATIONS, type_of
from gardensim.games.gazebo.rules.fields import StateFields
from gardensim.games.gazebo.rules.geometry import (
    DECLINE,
    DRAW_GENERAL,
    DRAW_PRIVATE,
    DRAW_RESERVE,
)
from gardensim.games.gazebo.rules.rulings import (
    DRAW,
    EXTRA,
    OVER,
    PLACE,
    absorb_fault,
    first_fault,
)

#: colour pair (x, y) of each oriented code x * 3 + y
XY = tuple(divmod(xy, 3) for xy in range(9))
#: domino type of each oriented colour pair x * 3 + y
TYPE_OF_XY = tuple(type_of(x, y) for x, y in XY)
ALL_ORIENTS = [xy for o in ORIENTATIONS for xy in o]
_ORIENTS_OF_HAND: dict[tuple[int, ...], list[int]] = {}


class LegalityMixin(StateFields):
    """Legal placements, draws and the uniform random sampler for :class:`GazeboState`."""

    __slots__ = ()

    # ----- placements -------------------------------------------------------------------
    def absorb_problem(self, ids: list[int]) -> str | None:
        """Why joining the nooks ``ids`` is illegal (rulings 6, ``rules.absorb_fault``), or
        None when it is legal."""
        nooks = self.nooks
        return absorb_fault([nooks[k] for k in ids], self.big_nook)

    def placement_problem(self, slot: int, x: int, y: int) -> str | None:
        """Why colours ``x`` on the first cell of ``slot`` and ``y`` on its second may not be
        placed because of an absorb (rulings 6: a placement making any absorb illegal is
        illegal), else None; when both colours make a bad absorb, the fault first in rulings
        23's order. The caller has already checked that the slot is open."""
        color = self.color
        nook_of = self.nook_of
        parts = self.geo.placement_parts[slot * 9 + x * 3 + y]
        assert parts is not None, "the caller checked that the slot is open"
        faults = []
        for col, _, ring in parts[6]:
            ids: list[int] = []
            for m in ring:
                if color[m] == col:
                    k = nook_of[m]
                    if k >= 0 and k not in ids:
                        ids.append(k)
            if len(ids) >= 2:
                faults.append(self.absorb_problem(ids))
        return first_fault(faults)

    def slot_orients(self, slot: int, orients: list[int]) -> list[int]:
        """The colour pairs of ``orients`` that may legally go on ``slot`` (rulings 6); the
        nooks around each cell are gathered once per colour, then each orientation is judged."""
        ring_a, ring_b, _ = self.geo.slot_rings[slot]  # type: ignore[misc]  # an open slot
        color = self.color
        nook_of = self.nook_of
        near: tuple[list[list[int]], list[list[int]]] = ([[], [], []], [[], [], []])
        for side, ring in ((0, ring_a), (1, ring_b)):
            for m in ring:
                k = nook_of[m]
                if k >= 0:
                    ids = near[side][color[m]]
                    if k not in ids:
                        ids.append(k)
        at_a_ids, at_b_ids = near
        for ids_a, ids_b in zip(at_a_ids, at_b_ids, strict=True):
            if len(ids_a) > 1 or len(ids_b) > 1 or (ids_a and ids_b and ids_a != ids_b):
                break
        else:
            return orients  # no colour meets two nooks here: nothing can be absorbed
        problem = self.absorb_problem
        out = []
        for xy in orients:
            x, y = XY[xy]
            if x == y:
                ids = at_a_ids[x] + [k for k in at_b_ids[x] if k not in at_a_ids[x]]
                if len(ids) >= 2 and problem(ids) is not None:
                    continue
            else:
                if len(at_a_ids[x]) >= 2 and problem(at_a_ids[x]) is not None:
                    continue
                if len(at_b_ids[y]) >= 2 and problem(at_b_ids[y]) is not None:
                    continue
            out.append(xy)
        return out

    def absorb_slots(self) -> set[int]:
        """Open slots where some placement could make an illegal absorb: a cell next to two
        nooks of one colour that may not always join (:meth:`_measure_contacts`), or two
        adjacent cells each next to one of them (from the nooks' bitboard halos). Every other
        slot takes any domino in any orientation (rulings 6)."""
        contacts = self.contacts
        if None in contacts:
            self._measure_contacts()
        twice = pairs = vertical = 0
        for t, p, v in contacts:  # type: ignore[misc]  # all measured now
            twice |= t
            pairs |= p
            vertical |= v
        out: set[int] = set()
        if not (twice or pairs or vertical):
            return out
        free = self.freemask
        geo = self.geo
        twice &= free
        pairs &= free & (free >> 1)
        vertical &= free & (free >> geo.width)
        slots = self.slots
        cell_slots = geo.cell_slots
        while twice:
            low = twice & -twice
            for s, _ in cell_slots[low.bit_length() - 1]:
                if s in slots:
                    out.add(s)
            twice ^= low
        for mask, d in ((pairs, 0), (vertical, 1)):
            while mask:
                low = mask & -mask
                s = (low.bit_length() - 1) * 2 + d
                if s in slots:
                    out.add(s)
                mask ^= low
        return out

    def _measure_contacts(self) -> None:
        """Fill the stale entries of ``contacts``: per colour, the cells next to two of its
        nooks that may not always join, and the west and north cells of cell pairs each next
        to one of two such nooks. Joining nooks is only ever illegal (rulings 6: a tie, a big
        nook absorbed, two big nooks) when two of them have different owners or are both big,
        so other pairs are left out. Ands, ors and shifts distribute over unions, so nooks of
        different owners are met through each owner's union of halos (a pass of ors, not a
        pass over pairs) and only big nooks are met pair by pair. Halos are taken whole;
        :meth:`absorb_slots` masks them with the free cells. An entry depends only on its
        colour's nooks, so event resolution marks just the colours it touched as stale."""
        contacts = self.contacts
        unions: tuple[dict[int, int], dict[int, int], dict[int, int]] = ({}, {}, {})
        bigs: tuple[list[int], list[int], list[int]] = ([], [], [])
        for nook in self.nooks.values():
            col = nook.colour
            if contacts[col] is None:
                by_owner = unions[col]
                h = nook.halo
                by_owner[nook.owner] = by_owner.get(nook.owner, 0) | h
                if len(nook.cells) >= self.big_nook:
                    bigs[col].append(h)
        geo = self.geo
        width = geo.width
        for col in range(3):
            if contacts[col] is not None:
                continue
            halos = list(unions[col].values())
            met = [(h1, h2) for i, h1 in enumerate(halos) for h2 in halos[:i]]
            big = bigs[col]
            if len(big) > 1:
                met += [(h1, h2) for i, h1 in enumerate(big) for h2 in big[:i]]
            twice = pairs = vertical = 0
            for h1, h2 in met:
                twice |= h1 & h2
                pairs |= (h1 & (h2 >> 1)) | (h2 & (h1 >> 1))
                vertical |= (h1 & (h2 >> width)) | (h2 & (h1 >> width))
            contacts[col] = (twice, pairs & geo.has_east, vertical)

    # ----- legal actions --------------------------------------------------------------
    def hand_orients(self) -> list[int]:
        """Oriented colour pairs ``x * 3 + y`` the current player can lay (rulebook: rotation).
        Shared, memoised lists: callers must not modify them."""
        if self.sandbox:
            return ALL_ORIENTS
        hand = tuple(self.hands[self.player])
        orients = _ORIENTS_OF_HAND.get(hand)
        if orients is None:
            orients = [xy for t in range(6) if hand[t] for xy in ORIENTATIONS[t]]
            _ORIENTS_OF_HAND[hand] = orients
        return orients

    def open_slots(self) -> list[int]:
        """The open slots in order (the state's list, sorted again after an undoable move)."""
        order = self.slot_list
        if order is None:
            order = self.slot_list = sorted(self.slots)
        return order

    def legal_placements(self) -> list[Action]:
        """Every legal placement: hand types x both orientations x open slots (rulings 3, 6).
        Only the few slots of :meth:`absorb_slots` can hold an illegal absorb."""
        orients = self.hand_orients()
        risky = self.absorb_slots()
        out: list[Action] = []
        for s in self.open_slots():
            base = s * 9
            out.extend(map(base.__add__, self.slot_orients(s, orients) if s in risky else orients))
        return out

    def count_legal_placements(self) -> int:
        orients = self.hand_orients()
        k = len(orients)
        total = len(self.slots) * k
        for s in self.absorb_slots():
            total += len(self.slot_orients(s, orients)) - k
        return total

    def has_legal_placement(self) -> bool:
        """Whether the current player can place at all: any domino goes on a slot with at most
        one nook square beside it, so the hand's orientations are only needed without one."""
        if not self.sandbox and not any(self.hands[self.player]):
            return False
        return self.slot_takes_a_domino()

    def slot_takes_a_domino(self) -> bool:
        """:meth:`has_legal_placement` for a hand known not to be empty."""
        nookmask = self.nookmask
        slot_nmask = self.geo.slot_nmask
        for s in self.slots:
            m = nookmask & slot_nmask[s]
            if not m & (m - 1):
                return True
        orients = self.hand_orients()
        return any(self.slot_orients(s, orients) for s in self.slots)

    def draw_options(self) -> list[Action]:
        """Piles the current player may refill from (rulings 11, 12); empty piles can't."""
        if self.qin:
            return [DRAW_GENERAL] if self.gptr < len(self.general) else []
        out = []
        if self.gptr < len(self.general):
            out.append(DRAW_GENERAL)
        if self.pptr[self.player] < len(self.private[self.player]):
            out.append(DRAW_PRIVATE)
        if self.zen_credits > 0 and self.rptr < len(self.reserve):
            out.append(DRAW_RESERVE)
        return out

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLACE:
            return self.legal_placements()
        if phase == EXTRA:
            return self.legal_placements() + [DECLINE]
        if phase == DRAW:
            return self.draw_options()
        return []

    def is_legal(self, action: Action) -> bool:
        phase = self.phase
        if phase == DRAW:
            return action in self.draw_options()
        if phase == OVER:
            return False
        if action == DECLINE:
            return phase == EXTRA
        slot, xy = divmod(action, 9)
        if slot not in self.slots or xy not in self.hand_orients():
            return False
        return self.placement_problem(slot, xy // 3, xy % 3) is None

    def random_action(self, rng: random.Random) -> Action:
        """Uniform over legal actions by rejection sampling over slots x oriented hand types
        (illegal placements are rare), falling back to listing them when rejections pile up."""
        phase = self.phase
        if phase == DRAW:
            return rng.choice(self.draw_options())
        if phase == OVER:
            raise ValueError("the game is over: no action to sample")
        orients = self.hand_orients()
        slots = self.slot_list or self.open_slots()  # sorted: the same after clone() or undo()
        k = len(orients)
        placements = len(slots) * k
        space = placements + (phase == EXTRA)
        slot_nmask = self.geo.slot_nmask
        nookmask = self.nookmask
        for _ in range(64):
            i = int(rng.random() * space)
            if i == placements:
                return DECLINE
            s = slots[i // k]
            xy = orients[i % k]
            m = nookmask & slot_nmask[s]
            if not m & (m - 1):
                return s * 9 + xy
            if self.placement_problem(s, xy // 3, xy % 3) is None:
                return s * 9 + xy
        return rng.choice(self.legal_actions())
