"""One-ply look-ahead values for :class:`GazeboState`, faster than apply-value-undo each action.

Greedy play and MCTS (move ordering and greedy rollouts) value every legal action; that is where
their time goes. About two actions in three are *plain*: a two-coloured domino off the zen
spaces and pedestals that either touches no square of its colours (*quiet*), or adds one square
to one nook that does not reach five squares with it and gains no patio or vase (*a plain
growth*). Neither moves a gazebo, changes a patio or starts an extra placement, so the value
after it differs
from that of any other plain action of the same domino type only through the evaluation's
``exposed`` term (which reads the free cells and the nooks' sizes and halos) and through a game
end on the next turn, which needs no placement to be left. So the value of a plain action is
keyed by (domino type, ``exposed`` after it), computed the ordinary way for the first action of
a key and shared by the others, as long as an open slot with at most one nook square beside it
surely survives the placement. Everything else is applied, valued and undone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gardensim.core.protocol import Action
from gardensim.games.gazebo.evaluation import count_exposed
from gardensim.games.gazebo.geometry import DRAW_GENERAL
from gardensim.games.gazebo.legality import EXTRA, PLACE, TYPE_OF_XY, XY
from gardensim.games.gazebo.telemetry import SMALL

#: open slots with at most one nook square beside them always take some domino (rulings 6);
#: one domino closes at most 7 slots and puts a nook square beside at most 16 others
SIMPLE_SLOTS_KEPT = 24
QUIET_SAFE = 8


class LookaheadMixin:
    """``action_values`` for :class:`GazeboState` (see the module docstring for why it is exact)."""

    def action_values(self, player: int, actions: Sequence[Action]) -> list[float]:
        if self.sandbox or self.phase not in (PLACE, EXTRA):  # type: ignore[attr-defined]
            return super().action_values(player, actions)  # type: ignore[misc]
        geo = self.geo  # type: ignore[attr-defined]
        slot_cells, special, touching = geo.slot_cells, geo.slot_special, geo.slot_touching
        nmask, bit, slot_nmask = geo.nmask, geo.bit, geo.slot_nmask
        patio_adj, vase_adj = geo.patio_adj, geo.vase_adj
        nook_of = self.nook_of  # type: ignore[attr-defined]
        nooks = self.nooks  # type: ignore[attr-defined]
        colored = self._color_masks()
        partner = 3 - player if self.partnership else player  # type: ignore[attr-defined]
        exposure = _Exposure(self, player, partner, self.freemask)  # type: ignore[attr-defined]
        simple = self._simple_slots()
        quiet_safe = len(simple) >= QUIET_SAFE
        growth_safe = len(simple) >= SIMPLE_SLOTS_KEPT
        by_key: dict[tuple[int, int], float] = {}
        out = []
        for action in actions:
            key = None
            if action < DRAW_GENERAL:
                slot, xy = divmod(action, 9)
                x, y = XY[xy]
                if x != y and not special[slot]:
                    a, b = slot_cells[slot]
                    touch_a = nmask[a] & colored[x]
                    touch_b = nmask[b] & colored[y]
                    covered = bit[a] | bit[b]
                    if not touch_a and not touch_b:
                        if quiet_safe or any(s not in touching[slot] for s in simple):
                            key = (TYPE_OF_XY[xy], exposure.after(covered))
                    elif not (touch_a and touch_b):
                        c, touch = (a, touch_a) if touch_a else (b, touch_b)
                        k = self._only_nook(touch, nook_of)
                        if (
                            k >= 0
                            and len(nooks[k][2]) != 4
                            and not patio_adj[c]
                            and not vase_adj[c]
                            and (growth_safe or any(
                                s not in touching[slot] and not slot_nmask[s] & bit[c]
                                for s in simple
                            ))
                        ):
                            key = (TYPE_OF_XY[xy], exposure.after(covered, k, nmask[c]))
            if key is None:
                out.append(self._value_after(player, action))
                continue
            value = by_key.get(key)
            if value is None:
                value = by_key[key] = self._value_after(player, action)
            out.append(value)
        return out

    def _value_after(self, player: int, action: Action) -> float:
        self.apply_action(action)  # type: ignore[attr-defined]
        value = self.value(player)  # type: ignore[attr-defined]
        self.undo()  # type: ignore[attr-defined]
        return value

    def _only_nook(self, cells: int, nook_of: list[int]) -> int:
        """The nook every square of the bitboard ``cells`` belongs to, else -1 (a lone square
        or two nooks: a placement there creates or joins nooks)."""
        k = -2
        while cells:
            low = cells & -cells
            m = nook_of[low.bit_length() - 1]
            if m < 0 or (k != -2 and m != k):
                return -1
            k = m
            cells ^= low
        return k

    def _color_masks(self) -> list[int]:
        """Bitboard of the squares of each colour (printed start squares and dominoes)."""
        color = self.color  # type: ignore[attr-defined]
        bit = self.geo.bit  # type: ignore[attr-defined]
        masks = [0, 0, 0]
        for c in self.geo.start:  # type: ignore[attr-defined]
            masks[color[c]] |= bit[c]
        for a, b in self.dominoes:  # type: ignore[attr-defined]
            masks[color[a]] |= bit[a]
            masks[color[b]] |= bit[b]
        return masks

    def _simple_slots(self) -> list[int]:
        """Open slots with at most one nook square beside them (any domino goes there), up to
        ``SIMPLE_SLOTS_KEPT`` of them."""
        nookmask = self.nookmask  # type: ignore[attr-defined]
        slot_nmask = self.geo.slot_nmask  # type: ignore[attr-defined]
        out = []
        for s in self.slots:  # type: ignore[attr-defined]
            m = nookmask & slot_nmask[s]
            if not m & (m - 1):
                out.append(s)
                if len(out) >= SIMPLE_SLOTS_KEPT:
                    break
        return out


class _Exposure:
    """The evaluation's ``exposed`` term for ``player`` after a plain placement, from the
    position's nooks gathered once: the small nooks of ``player`` and every rival nook."""

    def __init__(self, state: Any, player: int, partner: int, free: int) -> None:
        self.free = free
        self.active = bool(state.cnt[SMALL + player])
        self.mine: dict[int, tuple[int, int, int]] = {}
        self.rivals: dict[int, tuple[int, int, int]] = {}
        if not self.active:
            return
        for k, (owner, col, cells, _g, _p, _v, halo) in state.nooks.items():
            if owner == player:
                if len(cells) < 5:
                    self.mine[k] = (col, len(cells), halo)
            elif owner != partner:
                self.rivals[k] = (col, len(cells), halo)
        self.mine_list = list(self.mine.values())
        self.rival_lists = self._rival_lists(self.rivals.values())
        self.now = count_exposed(self.mine_list, self.rival_lists, free)
        watched = 0
        for col, size, halo in self.mine_list:
            reach = halo & free
            for rival_size, rival_halo in self.rival_lists[col]:
                if rival_size > size:
                    watched |= reach & rival_halo
        #: the free cells whose covering alone can change the term
        self.watched = watched

    @staticmethod
    def _rival_lists(rivals: Any) -> tuple[list, list, list]:
        out: tuple[list, list, list] = ([], [], [])
        for col, size, halo in rivals:
            if size >= 3:
                out[col].append((size, halo))
        return out

    def after(self, covered: int, grown: int = -1, halo_gain: int = 0) -> int:
        """The term once the cells ``covered`` are taken and nook ``grown`` (if any) gained
        one square, whose neighbours are ``halo_gain``."""
        if not self.active:
            return 0
        mine, rivals = self.mine_list, self.rival_lists
        if grown in self.mine:
            col, size, halo = self.mine[grown]
            mine = [(col, size + 1, halo | halo_gain) if k == grown else rec
                    for k, rec in self.mine.items()]
        elif grown in self.rivals:
            col, size, halo = self.rivals[grown]
            rivals = self._rival_lists(
                (col, size + 1, halo | halo_gain) if k == grown else rec
                for k, rec in self.rivals.items())
        elif not covered & self.watched:
            return self.now
        return count_exposed(mine, rivals, self.free & ~covered)
