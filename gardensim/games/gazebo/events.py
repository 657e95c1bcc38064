"""Event resolution of one placement (rulebook "Events", rulings 4-14), as a state mixin.

Order (rulings 14): absorbs, creates, expands, big-nook doubles, patios in reading order, then
zen, pedestal and vase; within a step, players in turn order from the active one, and one
player's nooks in reading order of their first cell (rulings 22), so every spelling of a
placement gives the same events. An absorb nets the winner's gazebos (rulings 20): the merged
nook keeps up to two of theirs and only the rest go back, so a supply never rises and falls
within one resolution. The game ends the instant a player places their last gazebo, so every
gazebo goes through :meth:`_put`, which finishes the game and the caller stops resolving.

Every write is recorded on ``self.trail`` first (see ``state.py``) so :meth:`undo` can restore it.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import Any

from gardensim.games.gazebo.geometry import PATIO_GAZEBOS, RAISED
from gardensim.games.gazebo.telemetry import (
    ABSORBS,
    BIG,
    DOMINOES,
    EV,
    HELD,
    PLACED,
    RETURNED,
    SMALL,
    STEALS,
    THREAT,
)

MISSING: Any = object()
EMPTY: frozenset[int] = frozenset()


class EventsMixin:
    """Placement resolution for :class:`GazeboState`: slots, nooks, gazebos, patios."""

    __slots__ = ()

    color: list[int]
    nook_of: list[int]
    nookmask: int
    freemask: int
    nooks: dict[int, tuple]
    contacts: list[tuple[int, int, int] | None]
    trail: list[tuple]
    slots: set[int]
    slot_list: list[int] | None
    known: set[int]
    supply: list[int]
    patio_owner: list[int]
    patio_gaz: list[int]
    cnt: list[int]
    log: list[tuple] | None

    # ----- slots ----------------------------------------------------------------------
    def _cover(self, slot: int) -> None:
        """The two cells of ``slot`` are covered: their slots close for good and the slots around
        them open unless one is open or closed already (rulings 3). Set algebra on ``known``
        (the slots open or closed for good) instead of a loop over cells; the change goes on
        ``slot_trail`` as one entry (closed, opened, newly known) for :meth:`undo`. A committed
        move keeps ``slot_list`` sorted in place instead: a few bisections cost less than
        sorting the set at every random choice (3% of random play). Only a committed move finds
        the list kept (``apply_action`` drops it), and nothing undoes one, so it leaves no
        entry (-0.6% of random play)."""
        slots = self.slots
        geo = self.geo  # type: ignore[attr-defined]
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
        self.slot_trail.append((removed, added, fresh))  # type: ignore[attr-defined]

    # ----- gazebos --------------------------------------------------------------------
    def _put(self, q: int, k: int) -> int:
        """``q`` places ``k`` gazebos, or what they have left (rulings 14); placing the last
        one ends the game with ``q`` as the player who did it."""
        s = self.supply[q]
        placed = k if k < s else s
        self.trail.append((self.supply, q, s))
        self.supply[q] = s - placed
        self.cnt[PLACED + q] += placed
        if placed == s:
            self._finish("last-gazebo", q)  # type: ignore[attr-defined]
        return placed

    def _give_back(self, q: int, k: int) -> None:
        self.trail.append((self.supply, q, self.supply[q]))
        self.supply[q] += k
        self.cnt[RETURNED + q] += k

    def _relabel(self, cells: Any, k: int) -> None:
        nook_of = self.nook_of
        trail = self.trail
        for c in cells:
            trail.append((nook_of, c, nook_of[c]))
            nook_of[c] = k

    def _join(self, cells: Any, k: int, pats: frozenset[int], vases: frozenset[int],
              halo: int) -> tuple:
        """Label the new squares ``cells`` as nook ``k``; the nook's patios, vases and halo
        (bitboard of the cells around it) grow by theirs."""
        geo = self.geo  # type: ignore[attr-defined]
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
    def _place(self, slot: int, a: int, b: int, x: int, y: int, groups: Any) -> bool:
        """Place colours ``x`` on ``a`` and ``y`` on ``b`` (already known legal; ``groups`` as
        in ``Geometry.placement_parts``) and resolve every event. Returns whether the vase
        feature was triggered (rulings 13)."""
        geo = self.geo  # type: ignore[attr-defined]
        color = self.color
        nook_of = self.nook_of
        nooks = self.nooks
        trail = self.trail
        p: int = self.player  # type: ignore[attr-defined]
        n: int = self.n  # type: ignore[attr-defined]
        log = self.log
        cnt = self.cnt
        contacts = self.contacts

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
            elif lone or len(new) > 1:  # two squares or more: a nook
                creates.append((col, new, lone))
            else:
                continue
            trail.append((contacts, col, contacts[col]))
            contacts[col] = None  # this colour's halos change (legality.absorb_slots)

        trail.append((color, a, -1))
        color[a] = x
        trail.append((color, b, -1))
        color[b] = y
        self.dominoes.append((a, b))  # type: ignore[attr-defined]
        cnt[DOMINOES] += 1
        self._cover(slot)

        changed: list[int] = []
        bigs: list[int] = []
        vase_pre: dict[int, frozenset[int]] = {}

        if absorbs:
            plans = []
            for ids, new, lone in absorbs:
                weights: dict[int, int] = {}
                for k in ids:
                    rec = nooks[k]
                    weights[rec[0]] = weights.get(rec[0], 0) + len(rec[2])
                winner = max(weights, key=weights.__getitem__)
                plans.append(((winner - p) % n, new[0], winner, ids, new, lone))
            plans.sort()
            for _, _, winner, ids, new, lone in plans:
                own = [k for k in ids if nooks[k][0] == winner]
                keep = min(own)
                for k in own:
                    if len(nooks[k][2]) >= 5:
                        keep = k
                _, col, cells, gaz, pats, vases, halo = nooks[keep]
                held = sum(nooks[k][3] for k in own)
                size = sum(len(nooks[k][2]) for k in ids) + len(new) + len(lone)
                kept = min(held, 2 if size >= 5 else 1)
                if held > kept:
                    self._give_back(winner, held - kept)
                if kept == 2 and gaz < 2:
                    cnt[SMALL + winner] -= 1
                    cnt[BIG + winner] += 1
                pre = vases
                merged = list(cells)
                losers = set()
                for k in ids:
                    if k == keep:
                        continue
                    o, _, kcells, kgaz, kpats, kvases, khalo = nooks[k]
                    cnt[(BIG if len(kcells) >= 5 else SMALL) + o] -= 1
                    if o != winner:
                        self._give_back(o, kgaz)
                        losers.add(o)
                    else:
                        pre = pre | kvases
                    trail.append((nooks, k, nooks[k]))
                    del nooks[k]
                    self._relabel(kcells, keep)
                    merged.extend(kcells)
                    pats = pats | kpats
                    vases = vases | kvases
                    halo |= khalo
                added = new + tuple(lone)
                pats, vases, halo = self._join(added, keep, pats, vases, halo)
                merged.extend(added)
                trail.append((nooks, keep, nooks[keep]))
                nooks[keep] = (winner, col, tuple(merged), kept, pats, vases, halo)
                if kept < 2 and size >= 5:
                    bigs.append(keep)
                changed.append(keep)
                if winner == p:
                    vase_pre[keep] = pre
                cnt[EV + 2] += 1
                cnt[ABSORBS + winner] += 1
                if log is not None:
                    log.append(("absorb", winner, merged, sorted(losers)))

        if len(creates) > 1:
            creates.sort(key=lambda e: min(e[1] + tuple(e[2])))
        for col, new, lone in creates:
            k = self.next_nook  # type: ignore[has-type]
            self.set_scalar("next_nook", k + 1)  # type: ignore[attr-defined]
            cells = new + tuple(lone)
            pats, vases, halo = self._join(cells, k, EMPTY, EMPTY, 0)
            trail.append((nooks, k, MISSING))
            nooks[k] = (p, col, cells, 1, pats, vases, halo)
            changed.append(k)
            vase_pre[k] = EMPTY
            cnt[EV] += 1
            cnt[SMALL + p] += 1
            if log is not None:
                log.append(("create", p, list(cells)))
            self._put(p, 1)
            if self.phase == 3:  # type: ignore[attr-defined]
                return False
            if len(cells) >= 5:
                bigs.append(k)

        if len(expands) > 1:
            expands.sort(key=lambda e: ((nooks[e[0]][0] - p) % n,
                                        min(min(nooks[e[0]][2]), *e[1], *e[2])))
        for k, new, lone in expands:
            o, col, cells, gaz, pats, vases, halo = nooks[k]
            added = new + tuple(lone)
            npats, nvases, halo = self._join(added, k, pats, vases, halo)
            grown = cells + added
            trail.append((nooks, k, nooks[k]))
            nooks[k] = (o, col, grown, gaz, npats, nvases, halo)
            if gaz < 2 and len(grown) >= 5:
                bigs.append(k)
            changed.append(k)
            if o == p:
                vase_pre[k] = vases
            cnt[EV + 1] += 1
            if log is not None:
                log.append(("expand", o, list(grown)))

        if bigs:
            if len(bigs) > 1:
                bigs.sort(key=lambda k: ((nooks[k][0] - p) % n, min(nooks[k][2])))
            for k in bigs:
                rec = nooks[k]
                trail.append((nooks, k, rec))
                nooks[k] = rec[:3] + (2,) + rec[4:]
                cnt[EV + 3] += 1
                cnt[SMALL + rec[0]] -= 1
                cnt[BIG + rec[0]] += 1
                if log is not None:
                    log.append(("big", rec[0], list(rec[2])))
                self._put(rec[0], 1)
                if self.phase == 3:  # type: ignore[attr-defined]
                    return False

        dirty: set[int] = set()
        for k in changed:
            if nooks[k][4]:
                dirty.update(nooks[k][4])
        if dirty:
            for patio in sorted(dirty):
                self._settle_patio(patio)
                if self.phase == 3:  # type: ignore[attr-defined]
                    return False

        extra = False
        if geo.slot_special[slot]:
            extra = self._special_spaces(a, b)
        if geo.vases:
            for k, pre in vase_pre.items():
                vases = nooks[k][5]
                if vases and not vases <= pre:
                    for v in sorted(vases - pre):
                        extra = True
                        cnt[EV + 7] += 1
                        if log is not None:
                            log.append(("vase", p, v))
        return extra

    def _special_spaces(self, a: int, b: int) -> bool:
        """Zen spaces give reserve-draw credits (rulings 12; not under Qin drawing, rulings 18);
        a pedestal triggers the vase feature (rulings 13). Returns whether one did."""
        geo = self.geo  # type: ignore[attr-defined]
        p: int = self.player  # type: ignore[attr-defined]
        log = self.log
        if not self.qin:  # type: ignore[attr-defined]
            for c in (a, b):
                if geo.zen[c]:
                    credits = self.zen_credits + 1  # type: ignore[attr-defined]
                    self.set_scalar("zen_credits", credits)  # type: ignore[attr-defined]
                    self.cnt[EV + 6] += 1
                    if log is not None:
                        log.append(("zen", p, c))
        extra = False
        for c in (a, b):
            if geo.pedestal[c]:
                extra = True
                self.cnt[EV + 8] += 1
                if log is not None:
                    log.append(("pedestal", p, c))
        return extra

    def patio_counts(self, patio: int) -> list[int]:
        """Per seat, the gazebos in the nooks touching ``patio`` (rulings 8)."""
        nook_of = self.nook_of
        nooks = self.nooks
        counts = [0] * self.n  # type: ignore[attr-defined]
        seen: list[int] = []
        for m in self.geo.nbrs[patio]:  # type: ignore[attr-defined]
            k = nook_of[m]
            if k >= 0 and k not in seen:
                seen.append(k)
                rec = nooks[k]
                counts[rec[0]] += rec[3]
        return counts

    def _settle_patio(self, patio: int) -> None:
        """Claim or steal ``patio`` if a unique player leads its count (rulings 8-10), then
        note whether its holder is one gazebo from losing it (for the evaluation)."""
        counts = self.patio_counts(patio)
        owner = self.patio_owner[patio]
        kind = self.geo.patio_kind[patio]  # type: ignore[attr-defined]
        taker, threatened = patio_outcome(counts, owner, kind, self.raised_two)  # type: ignore
        if taker != owner:
            self._take_patio(patio, taker, owner)
            if self.phase == 3:  # type: ignore[attr-defined]
                return
        before = self.patio_threat[patio]  # type: ignore[attr-defined]
        if threatened != before:
            self.trail.append((self.patio_threat, patio, before))  # type: ignore[attr-defined]
            self.patio_threat[patio] = threatened  # type: ignore[attr-defined]
            if before >= 0:
                self.cnt[THREAT + before] -= 1
            if threatened >= 0:
                self.cnt[THREAT + threatened] += 1

    def _take_patio(self, patio: int, q: int, owner: int) -> None:
        """``q`` claims the free ``patio`` or steals it from ``owner`` (rulings 9, 10)."""
        kind = self.geo.patio_kind[patio]  # type: ignore[attr-defined]
        cnt = self.cnt
        log = self.log
        if owner < 0:
            cnt[EV + 4] += 1
            if log is not None:
                log.append(("claim", q, patio))
        else:
            cnt[EV + 5] += 1
            cnt[STEALS + q] += 1
            cnt[HELD + owner] -= 1
            if log is not None:
                log.append(("steal", q, patio, owner))
            self._give_back(owner, self.patio_gaz[patio])
        cnt[HELD + q] += 1
        trail = self.trail
        trail.append((self.patio_owner, patio, owner))
        trail.append((self.patio_gaz, patio, self.patio_gaz[patio]))
        self.patio_owner[patio] = q
        self.patio_gaz[patio] = 0
        self.patio_gaz[patio] = self._put(q, PATIO_GAZEBOS[kind])


def patio_outcome(counts: list[int], owner: int, kind: int, raised_two: bool) -> tuple[int, int]:
    """(holder, threatened holder or -1) of a patio of ``kind`` held by ``owner`` (-1: free)
    once its per-seat ``counts`` are settled: a unique leader claims a free patio or steals a
    held one, except a raised patio wants two gazebos to claim, and to steal with
    ``raised_two`` (rulings 8-10); the holder is threatened when a rival's count reaches
    theirs (one more gazebo steals it)."""
    best = max(counts)
    if best and counts.count(best) == 1:
        q = counts.index(best)
        if q != owner and not (kind == RAISED and best < 2 and (owner < 0 or raised_two)):
            owner = q
    if owner < 0:
        return owner, -1
    rivals = counts[:owner] + counts[owner + 1:]
    return owner, owner if max(rivals) >= counts[owner] else -1
