"""Event resolution of one placement (rulebook "Events", rulings 4-14).

:meth:`EventsMixin._place` reads as the rulings' order (rulings 14): the squares are laid, then
absorbs, creates, expands, big-nook doubles, patios in reading order, then zen, pedestal and
vase; within a step, players in turn order from the active one, and one player's nooks in
reading order of their first cell (rulings 22), so every spelling of a placement gives the same
events. What each rule decides is asked of ``rules.py`` (absorb winner and kept gazebos, big
nooks, patio holders, vases); this module keeps the books: labels, records, supplies, the undo
trail. The game ends the instant a player places their last gazebo, so every gazebo goes
through :meth:`_put`, which finishes the game, and each step stops resolving once it is over.

Every event is appended to ``self.events`` as it happens, with the gazebos placed and returned
as ``("placed", seat, k)`` and ``("returned", seat, k)`` entries: telemetry counts what it
needs from there (``telemetry.py``), so no rule code keeps a counter. Every write is recorded
on ``self.trail`` first (see ``state.py``) so :meth:`undo` can restore it.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Sequence
from typing import Any

from gardensim.games.gazebo.rules.fields import BIG, HELD, SMALL, THREAT, StateFields
from gardensim.games.gazebo.rules.geometry import PATIO_GAZEBOS
from gardensim.games.gazebo.rules.records import Nook, Patio
from gardensim.games.gazebo.rules.rulings import (
    OVER,
    absorb_winner,
    gazebos_kept,
    patio_outcome,
    vases_reached,
)

MISSING: Any = object()
EMPTY: frozenset[int] = frozenset()
#: A colour group of a placement: (colour, its new squares, the cells around them).
Group = tuple[int, tuple[int, ...], tuple[int, ...]]


class EventsMixin(StateFields):
    """Placement resolution for :class:`GazeboState`: slots, nooks, gazebos, patios."""

    __slots__ = ()

    # ----- slots ----------------------------------------------------------------------
    def _cover(self, slot: int) -> None:
        """The two cells of ``slot`` are covered: their slots close for good and the slots around
        them open unless one is open or closed already (rulings 3). Set algebra on ``known``
        (the slots open or closed for good) instead of a loop over cells; the change goes on
        ``slot_trail`` as one entry (closed, opened, newly known) for :meth:`undo`. A committed
        move keeps ``slot_list`` sorted in place instead: a few bisections cost less than
        sorting the set at every random choice. Only a committed move finds the list kept
        (``apply_action`` drops it), and nothing undoes one, so it leaves no entry."""
        slots = self.slots
        geo = self.geo
        known = self.known
        self.freemask &= geo.slot_clear[slot]
        touching = geo.slot_touching[slot]
        removed = slots & touching
        slots -= removed
        fresh = geo.slot_near[slot] - known
        added = fresh - touching
        known |= fresh
        slots |= added
        order = self.slot_list
        if order is not None:
            for s in removed:
                del order[bisect_left(order, s)]
            for s in added:
                insort(order, s)
            return
        self.slot_trail.append((removed, added, fresh))

    # ----- gazebos --------------------------------------------------------------------
    def _put(self, q: int, k: int) -> int:
        """``q`` places ``k`` gazebos, or what they have left (rulings 14); placing the last
        one ends the game with ``q`` as the player who did it."""
        s = self.supply[q]
        placed = k if k < s else s
        self.trail.append((self.supply, q, s))
        self.supply[q] = s - placed
        self.events.append(("placed", q, placed))
        if placed == s:
            self._finish("last-gazebo", q)
        return placed

    def _give_back(self, q: int, k: int) -> None:
        if k:
            self.trail.append((self.supply, q, self.supply[q]))
            self.supply[q] += k
            self.events.append(("returned", q, k))

    # ----- records --------------------------------------------------------------------
    def _set_nook(self, k: int, nook: Nook | None) -> None:
        """Write (or, with None, delete) nook ``k``, keeping the per-seat counts of big and
        small nooks the evaluation reads (a nook is big once two gazebos stand on it)."""
        nooks = self.nooks
        standing = self.standing
        old = nooks.get(k)
        self.trail.append((nooks, k, MISSING if old is None else old))
        if old is not None:
            standing[(BIG if old.gazebos == 2 else SMALL) + old.owner] -= 1
        if nook is None:
            del nooks[k]
        else:
            nooks[k] = nook
            standing[(BIG if nook.gazebos == 2 else SMALL) + nook.owner] += 1

    def _set_patio(self, c: int, patio: Patio) -> None:
        """Write patio ``c``, keeping the per-seat counts of patios held and threatened."""
        old = self.patios[c]
        standing = self.standing
        self.trail.append((self.patios, c, old))
        self.patios[c] = patio
        if old.holder != patio.holder:
            if old.holder >= 0:
                standing[HELD + old.holder] -= 1
            standing[HELD + patio.holder] += 1
        if old.threatened != patio.threatened:
            if old.threatened >= 0:
                standing[THREAT + old.threatened] -= 1
            if patio.threatened >= 0:
                standing[THREAT + patio.threatened] += 1

    def _relabel(self, cells: Iterable[int], k: int) -> None:
        nook_of = self.nook_of
        trail = self.trail
        for c in cells:
            trail.append((nook_of, c, nook_of[c]))
            nook_of[c] = k

    def _join(self, cells: Iterable[int], k: int, pats: frozenset[int], vases: frozenset[int],
              halo: int) -> tuple[frozenset[int], frozenset[int], int]:
        """Label the new squares ``cells`` as nook ``k``; the nook's patios, vases and halo
        (bitboard of the cells around it) grow by theirs."""
        geo = self.geo
        nook_of = self.nook_of
        trail = self.trail
        bit = geo.bit
        nmask = geo.nmask
        mask = self.nookmask
        for c in cells:
            trail.append((nook_of, c, nook_of[c]))
            nook_of[c] = k
            mask |= bit[c]
            halo |= nmask[c]
            if geo.patio_adj[c]:
                pats = pats.union(geo.patio_adj[c])
            if geo.vase_adj[c]:
                vases = vases.union(geo.vase_adj[c])
        self.nookmask = mask
        return pats, vases, halo

    # ----- resolution -----------------------------------------------------------------
    def _place(self, slot: int, a: int, b: int, x: int, y: int, groups: Sequence[Group]) -> bool:
        """Place colours ``x`` on ``a`` and ``y`` on ``b`` (already known legal; ``groups`` as
        in ``Geometry.placement_parts``) and resolve every event in the rulings' order.
        Returns whether the vase feature was triggered (rulings 13)."""
        absorbs, creates, expands = self._sort_groups(groups)
        color = self.color
        trail = self.trail
        trail.append((color, a, -1))
        color[a] = x
        trail.append((color, b, -1))
        color[b] = y
        self.dominoes.append((a, b))
        self._cover(slot)
        changed: list[int] = []  # nooks made or grown, for the patio step
        doubles: list[int] = []  # nooks owed their second gazebo
        vases_before: dict[int, frozenset[int]] = {}  # the mover's nooks: vases bordered before
        if absorbs:
            self._absorb(absorbs, changed, doubles, vases_before)
        if creates and not self._create(creates, changed, doubles, vases_before):
            return False
        if expands:
            self._expand(expands, changed, doubles, vases_before)
        if doubles and not self._double(doubles):
            return False
        if changed and not self._settle_patios(changed):
            return False
        extra = self._special_spaces(a, b) if self.geo.slot_special[slot] else False
        if self.geo.vases:
            extra = self._vases(vases_before) or extra
        return extra

    def _sort_groups(self, groups: Sequence[Group]) -> tuple[list, list, list]:
        """Rulings 5: per colour of the domino, the new squares and the same-coloured squares
        around them join two or more nooks (an absorb), none (a create, when two squares or
        more) or one (an expand). Lone squares (in no nook) join whatever forms. The colours
        whose nooks change get their cached contacts (legality.py) marked stale."""
        color = self.color
        nook_of = self.nook_of
        contacts = self.contacts
        trail = self.trail
        absorbs = []
        creates = []
        expands = []
        for col, new, ring in groups:
            ids: list[int] = []
            lone: list[int] = []
            for m in ring:
                if color[m] == col:
                    k = nook_of[m]
                    if k < 0:
                        lone.append(m)
                    elif k not in ids:
                        ids.append(k)
            if len(ids) >= 2:
                absorbs.append((ids, new, lone))
            elif ids:
                expands.append((ids[0], new, lone))
            elif lone or len(new) > 1:
                creates.append((col, new, lone))
            else:
                continue
            trail.append((contacts, col, contacts[col]))
            contacts[col] = None
        return absorbs, creates, expands

    def _absorb(self, absorbs: list, changed: list[int], doubles: list[int],
                vases_before: dict[int, frozenset[int]]) -> None:
        """Rulings 6, 20: each merge goes to the owner with the most squares; the merged nook
        keeps one of the winner's gazebos (two when big), every other gazebo on the merged
        nooks goes back to its owner's supply, and a double still missing is owed to the
        big-nook step. Winners in turn order from the mover, then by the domino square. The
        winner's merged nook is the one it kept (its big one, else its first)."""
        nooks = self.nooks
        p, n = self.player, self.n
        plans = []
        for ids, new, lone in absorbs:
            winner = absorb_winner(nooks[k] for k in ids)
            plans.append(((winner - p) % n, new[0], winner, ids, new, lone))
        plans.sort()
        for _, _, winner, ids, new, lone in plans:
            own = [k for k in ids if nooks[k].owner == winner]
            keep = min(own)
            for k in own:
                if len(nooks[k].cells) >= self.big_nook:
                    keep = k
            kept_nook = nooks[keep]
            col, cells, pats, vases, halo = (kept_nook.colour, kept_nook.cells, kept_nook.patios,
                                             kept_nook.vases, kept_nook.halo)
            held = sum(nooks[k].gazebos for k in own)
            size = sum(len(nooks[k].cells) for k in ids) + len(new) + len(lone)
            kept = gazebos_kept(held, size, self.big_nook)
            self._give_back(winner, held - kept)
            before = vases
            merged = list(cells)
            losers = set()
            for k in ids:
                if k == keep:
                    continue
                absorbed = nooks[k]
                if absorbed.owner != winner:
                    self._give_back(absorbed.owner, absorbed.gazebos)
                    losers.add(absorbed.owner)
                else:
                    before = before | absorbed.vases
                self._set_nook(k, None)
                self._relabel(absorbed.cells, keep)
                merged.extend(absorbed.cells)
                pats = pats | absorbed.patios
                vases = vases | absorbed.vases
                halo |= absorbed.halo
            added = new + tuple(lone)
            pats, vases, halo = self._join(added, keep, pats, vases, halo)
            merged.extend(added)
            self._set_nook(keep, Nook(winner, col, tuple(merged), kept, pats, vases, halo))
            if kept < 2 and size >= self.big_nook:  # owed its double (rulings 7, 20)
                doubles.append(keep)
            changed.append(keep)
            if winner == p:
                vases_before[keep] = before
            self.events.append(("absorb", winner, tuple(merged), tuple(sorted(losers))))

    def _create(self, creates: list, changed: list[int], doubles: list[int],
                vases_before: dict[int, frozenset[int]]) -> bool:
        """Rulings 5: a new nook belongs to the mover, who places a gazebo on it; several in
        reading order of their first square (rulings 22). Returns False once the game is over."""
        p = self.player
        if len(creates) > 1:
            creates.sort(key=lambda e: min(e[1] + tuple(e[2])))
        for col, new, lone in creates:
            k = self.next_nook
            self.set_scalar("next_nook", k + 1)
            cells = new + tuple(lone)
            pats, vases, halo = self._join(cells, k, EMPTY, EMPTY, 0)
            self._set_nook(k, Nook(p, col, cells, 1, pats, vases, halo))
            changed.append(k)
            vases_before[k] = EMPTY
            self.events.append(("create", p, cells))
            self._put(p, 1)
            if self.phase == OVER:
                return False
            if len(cells) >= self.big_nook:  # born big: owed its double (rulings 7)
                doubles.append(k)
        return True

    def _expand(self, expands: list, changed: list[int], doubles: list[int],
                vases_before: dict[int, frozenset[int]]) -> None:
        """Rulings 5: a nook grows by the new and lone squares and keeps its owner; owners in
        turn order from the mover, then reading order of the nook's first square."""
        nooks = self.nooks
        p, n = self.player, self.n
        if len(expands) > 1:
            expands.sort(key=lambda e: ((nooks[e[0]].owner - p) % n,
                                        min(min(nooks[e[0]].cells), *e[1], *e[2])))
        for k, new, lone in expands:
            nook = nooks[k]
            added = new + tuple(lone)
            pats, vases, halo = self._join(added, k, nook.patios, nook.vases, nook.halo)
            grown = nook.cells + added
            o = nook.owner
            self._set_nook(k, Nook(o, nook.colour, grown, nook.gazebos, pats, vases, halo))
            if nook.gazebos < 2 and len(grown) >= self.big_nook:  # became big (rulings 7)
                doubles.append(k)
            changed.append(k)
            if o == p:
                vases_before[k] = nook.vases
            self.events.append(("expand", o, grown))

    def _double(self, doubles: list[int]) -> bool:
        """Rulings 7: each nook that reached five squares gets its owner's second gazebo, even
        on another player's turn; owners in turn order from the mover, then reading order.
        Returns False once the game is over."""
        nooks = self.nooks
        p, n = self.player, self.n
        if len(doubles) > 1:
            doubles.sort(key=lambda k: ((nooks[k].owner - p) % n, min(nooks[k].cells)))
        for k in doubles:
            nook = nooks[k]
            self._set_nook(k, nook.doubled())
            self.events.append(("big", nook.owner, nook.cells))
            self._put(nook.owner, 1)
            if self.phase == OVER:
                return False
        return True

    def _settle_patios(self, changed: list[int]) -> bool:
        """Rulings 8-10: after the nook events, patios in reading order. Only a patio next to
        a nook made or grown can change (a count changes only with a nook's gazebos or owner,
        and a merged nook borders every patio its parts did). Returns False once the game is
        over."""
        nooks = self.nooks
        dirty: set[int] = set()
        for k in changed:
            if nooks[k].patios:
                dirty.update(nooks[k].patios)
        for c in sorted(dirty):
            self._settle_patio(c)
            if self.phase == OVER:
                return False
        return True

    def patio_counts(self, patio: int) -> list[int]:
        """Per seat, the gazebos on the distinct nooks next to ``patio`` (rulings 8)."""
        nook_of = self.nook_of
        nooks = self.nooks
        counts = [0] * self.n
        seen: list[int] = []
        for m in self.geo.nbrs[patio]:
            k = nook_of[m]
            if k >= 0 and k not in seen:
                seen.append(k)
                nook = nooks[k]
                counts[nook.owner] += nook.gazebos
        return counts

    def _settle_patio(self, c: int) -> None:
        """Claim or steal patio ``c`` if a unique player leads its count (rulings 8-10): a
        claim places one gazebo (two on a fancy patio), a steal returns the holder's and places
        as many; then note whether its holder is one gazebo from losing it."""
        old = self.patios[c]
        kind = self.geo.patio_kind[c]
        holder, threatened = patio_outcome(self.patio_counts(c), old.holder, kind,
                                           self.raised_two)
        if holder != old.holder:
            if old.holder < 0:
                self.events.append(("claim", holder, c))
            else:
                self.events.append(("steal", holder, c, old.holder))
                self._give_back(old.holder, old.gazebos)
            gazebos = self._put(holder, PATIO_GAZEBOS[kind])
            if self.phase == OVER:  # the threat is left as it was: nothing reads it again
                threatened = old.threatened
            self._set_patio(c, Patio(holder, gazebos, threatened))
        elif threatened != old.threatened:
            self._set_patio(c, Patio(holder, old.gazebos, threatened))

    def _special_spaces(self, a: int, b: int) -> bool:
        """Zen spaces give reserve-draw credits (rulings 12; not under Qin drawing, rulings 18);
        a pedestal triggers the vase feature (rulings 13). Returns whether one did."""
        geo = self.geo
        p = self.player
        if not self.qin:
            for c in (a, b):
                if geo.zen[c]:
                    self.set_scalar("zen_credits", self.zen_credits + 1)
                    self.events.append(("zen", p, c))
        extra = False
        for c in (a, b):
            if geo.pedestal[c]:
                extra = True
                self.events.append(("pedestal", p, c))
        return extra

    def _vases(self, vases_before: dict[int, frozenset[int]]) -> bool:
        """Rulings 13: each vase a nook of the mover newly borders (not bordered before by the
        mover's own nooks now inside it) triggers the extra domino."""
        extra = False
        nooks = self.nooks
        p = self.player
        for k, before in vases_before.items():
            for v in vases_reached(nooks[k].vases, before):
                extra = True
                self.events.append(("vase", p, v))
        return extra
