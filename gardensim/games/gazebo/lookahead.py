"""One-ply look-ahead values for :class:`GazeboState`, faster than apply-value-undo each action.

Greedy play and MCTS (move ordering and greedy rollouts) value every legal action; that is where
their time goes. Most actions are *plain*: off the zen spaces and pedestals, each colour of the
domino either touches no square of its colour or adds its squares to exactly one nook without
making it big (five squares), and no new nook square is next to a patio or a vase. A plain
placement then makes no big nook, no absorb, no patio change and no extra placement; one that
creates a nook (a single-coloured domino touching nothing) places one gazebo, so every plain
creation changes the counters and supplies in the same way (or ends the game with the same
winner, by the mover's last gazebo), and every other plain placement leaves them as they are.
So the value after a plain placement depends only on the domino type (the hand after the
refill), whether it created a nook, and the evaluation's ``exposed`` term (which reads the free
cells and the nooks' sizes and halos, recomputed here for the changed nooks) - as long as an
open slot with at most one nook square beside it surely survives, so the next turn cannot end
the game for want of a placement. Values are keyed by that triple, computed the ordinary way for
the first action of a key and shared by the others. Everything else is applied, valued and
undone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gardensim.core.protocol import Action
from gardensim.games.gazebo.evaluation import count_exposed
from gardensim.games.gazebo.geometry import DRAW_GENERAL
from gardensim.games.gazebo.legality import EXTRA, PLACE, TYPE_OF_XY, XY

#: open slots with at most one nook square beside them always take some domino (rulings 6).
#: A placement closes at most 7 slots and puts a nook square beside at most 24 more, so with
#: this many of them open any placement leaves one; a quiet one (no nook square) needs 8.
SIMPLE_SLOTS_KEPT = 32
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
        mover = self.player  # type: ignore[attr-defined]
        exposure = _Exposure(self, player)
        simple = self._simple_slots()
        quiet_safe = len(simple) >= QUIET_SAFE
        always_safe = len(simple) >= SIMPLE_SLOTS_KEPT
        by_key: dict[tuple[int, bool, int], float] = {}
        out = []
        for action in actions:
            key = None
            if action < DRAW_GENERAL:
                slot, xy = divmod(action, 9)
                if not special[slot]:
                    x, y = XY[xy]
                    a, b = slot_cells[slot]
                    if x == y:
                        groups: Any = (((nmask[a] | nmask[b]) & colored[x], x, (a, b)),)
                    else:
                        groups = ((nmask[a] & colored[x], x, (a,)),
                                  (nmask[b] & colored[y], y, (b,)))
                    growths = []
                    created = None
                    joined = 0
                    for touch, col, new in groups:
                        if not touch:
                            if len(new) == 1:
                                continue
                            if patio_adj[a] or patio_adj[b] or vase_adj[a] or vase_adj[b]:
                                break
                            created = (mover, col, nmask[a] | nmask[b])
                            joined = bit[a] | bit[b]
                            continue
                        k = self._only_nook(touch, nook_of)
                        if k < 0:
                            break
                        size = len(nooks[k][2])
                        if size < 5 <= size + len(new):
                            break
                        gain = 0
                        for c in new:
                            if patio_adj[c] or vase_adj[c]:
                                break
                            gain |= nmask[c]
                            joined |= bit[c]
                        else:
                            growths.append((k, len(new), gain))
                            continue
                        break
                    else:
                        if (
                            quiet_safe if not joined else always_safe
                        ) or any(
                            s not in touching[slot] and not slot_nmask[s] & joined
                            for s in simple
                        ):
                            covered = bit[a] | bit[b]
                            key = (TYPE_OF_XY[xy], created is not None,
                                   exposure.after(covered, growths, created))
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
    position's nooks gathered once: the small nooks of ``player`` and every rival nook (the
    evaluation's own rule for which rival nooks count is applied by :meth:`_rival_lists`)."""

    def __init__(self, state: Any, player: int) -> None:
        self.player = player
        self.free = state.freemask
        partner = 3 - player if state.partnership else player
        self.mine: dict[int, tuple[int, int, int]] = {}
        self.rivals: dict[int, tuple[int, int, int]] = {}
        for k, (owner, col, cells, _g, _p, _v, halo) in state.nooks.items():
            if owner == player:
                if len(cells) < 5:
                    self.mine[k] = (col, len(cells), halo)
            elif owner != partner:
                self.rivals[k] = (col, len(cells), halo)
        self.mine_list = list(self.mine.values())
        self.rival_lists = self._rival_lists(self.rivals.values())
        self.now = count_exposed(self.mine_list, self.rival_lists, self.free)
        watched = 0
        for col, size, halo in self.mine_list:
            reach = halo & self.free
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

    def after(self, covered: int, growths: list[tuple[int, int, int]],
              created: tuple[int, int, int] | None) -> int:
        """The term once the cells ``covered`` are taken, each nook of ``growths`` (id, squares
        gained, their neighbours) has grown and the nook ``created`` (owner, colour, halo), if
        any, was made of the two covered squares."""
        mine, rivals = self.mine, self.rivals
        mine_changed = rivals_changed = False
        for k, gained, halo_gain in growths:
            if k in mine:
                if not mine_changed:
                    mine, mine_changed = dict(mine), True
                col, size, halo = mine[k]
                mine[k] = (col, size + gained, halo | halo_gain)
            elif k in rivals:
                if not rivals_changed:
                    rivals, rivals_changed = dict(rivals), True
                col, size, halo = rivals[k]
                rivals[k] = (col, size + gained, halo | halo_gain)
        if created is not None and created[0] == self.player:
            # a two-square nook is too small to absorb anyone, so it only counts as mine
            if not mine_changed:
                mine, mine_changed = dict(mine), True
            mine[-1] = (created[1], 2, created[2])
        if not (mine_changed or rivals_changed):
            if not covered & self.watched:
                return self.now
            return count_exposed(self.mine_list, self.rival_lists, self.free & ~covered)
        return count_exposed(
            list(mine.values()) if mine_changed else self.mine_list,
            self._rival_lists(rivals.values()) if rivals_changed else self.rival_lists,
            self.free & ~covered,
        )
