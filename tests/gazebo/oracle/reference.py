"""A plain second implementation of Gazebo's move resolution, to check the tuned engine against.

Slow and literal on purpose: it shares only the board (``Geometry``: cells, neighbours, patio
kinds, special spaces) and the notation with the engine, keeps the position as plain dicts and
sets, recomputes every same-colour group by flood fill, and evaluates *every* patio after each
placement, where the engine keeps incremental labels, bitboards and a list of patios to revisit.
It follows the rulings' order (``docs/rules/gazebo-rulings.md``):

1. the domino's squares are placed (rulings 3: open cells, one square next to terrain);
2. per colour, the group of same-coloured squares around each new square is an absorb (2+
   nooks), a create (no nook, 2+ squares) or an expand (one nook) (rulings 5); absorbs are
   legal only as rulings 6 says, and a placement making any illegal absorb is illegal;
3. nook events in the order of rulings 14: absorbs (the winner's gazebos netted, rulings 20),
   creates, expands, big-nook doubles (rulings 7), players in turn order from the mover and one
   player's nooks in reading order of their first cell (rulings 22);
4. every patio in reading order: claim or steal (rulings 8-10);
5. zen spaces (reserve credits, none under Qin drawing, rulings 12, 18), pedestals and vases
   (the extra domino, rulings 13).

The game ends the instant a player places their last gazebo (rulings 14, 15). Turn flow (hands,
draws, passing) is the engine's; the differential test (``tests/gazebo/test_reference.py``)
feeds this module the mover and hand and compares legality, events and the position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gardensim.games.gazebo.rules.dominoes import COLORS, ORIENTATIONS
from gardensim.games.gazebo.rules.geometry import FANCY, PATIO_NAMES, RAISED, Geometry


@dataclass(eq=False)
class Nook:
    """An owned group of 2+ same-coloured squares with its gazebos (1, or 2 once big)."""

    owner: int
    colour: int
    cells: set[int]
    gazebos: int


@dataclass
class Position:
    """What move resolution reads and writes."""

    geo: Geometry
    players: int
    qin: bool
    raised_two: bool
    partnership: bool
    start_gazebos: tuple[int, ...]
    supply: list[int]
    big: int  #: squares of a big nook (rulings 7; the option big_nook)
    colour: dict[int, int] = field(default_factory=dict)
    nooks: list[Nook] = field(default_factory=list)
    patios: dict[int, tuple[int, int]] = field(default_factory=dict)  # cell: (holder, gazebos)
    zen_credits: int = 0
    winners: tuple[int, ...] = ()
    end_reason: str | None = None

    @classmethod
    def start(cls, geo: Geometry, players: int, options: dict[str, Any]) -> Position:
        pos = cls(geo, players, options["draw"] != "gazebo", options["raised_steal_needs_two"],
                  options["partnership"], tuple(options["gazebos"]), list(options["gazebos"]),
                  options["big_nook"])
        for c, k in enumerate(geo.start_colors):
            if k >= 0:
                pos.colour[c] = k
        return pos

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    def nook_at(self, cell: int) -> Nook | None:
        for nook in self.nooks:
            if cell in nook.cells:
                return nook
        return None


class GameOver(Exception):
    """Raised by :func:`_place_gazebos` the instant a player places their last gazebo."""


# ----- legality (rulings 3, 6) -------------------------------------------------------------
def group(pos: Position, colours: dict[int, int], start: int) -> set[int]:
    """The edge-connected squares of ``start``'s colour around it, under ``colours``."""
    want = colours[start]
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for m in pos.geo.nbrs[c]:
            if m not in seen and colours.get(m) == want:
                seen.add(m)
                todo.append(m)
    return seen


def new_groups(pos: Position, a: int, b: int, x: int, y: int) -> list[tuple[set[int], list[Nook]]]:
    """Each group of same-coloured squares the new squares belong to, with the nooks in it."""
    colours = {**pos.colour, a: x, b: y}
    out: list[tuple[set[int], list[Nook]]] = []
    for c in (a, b):
        if any(c in cells for cells, _ in out):
            continue
        cells = group(pos, colours, c)
        out.append((cells, [k for k in pos.nooks if k.cells <= cells]))
    return out


def absorb_fault(nooks: list[Nook], big: int) -> str | None:
    """Why merging ``nooks`` is illegal (rulings 6, faults in rulings 23's order), or None."""
    weight: dict[int, int] = {}
    for k in nooks:
        weight[k.owner] = weight.get(k.owner, 0) + len(k.cells)
    bigs = [k for k in nooks if len(k.cells) >= big]
    if len(bigs) > 1:
        return "joins two big nooks"
    best = max(weight.values())
    leaders = [o for o, w in weight.items() if w == best]
    if bigs and (len(leaders) > 1 or leaders[0] != bigs[0].owner):
        return "absorbs a big nook"
    if len(leaders) > 1:
        return "absorb tie"
    return None


def placement_fault(pos: Position, a: int, b: int, x: int, y: int) -> str | None:
    """Why ``x`` on ``a`` and ``y`` on ``b`` may not be placed, or None when it may."""
    geo = pos.geo
    if b not in geo.nbrs[a]:
        return "cells not adjacent"
    for c in (a, b):
        if not geo.is_open[c]:
            return "not an open cell"
        if c in pos.colour:
            return "cell occupied"
    if not any(m in pos.colour for c in (a, b) for m in geo.nbrs[c]):
        return "not adjacent to terrain"
    faults = [absorb_fault(nooks, pos.big) for _, nooks in new_groups(pos, a, b, x, y)
              if len(nooks) > 1]
    order = ("joins two big nooks", "absorbs a big nook", "absorb tie")
    found = [f for f in order if f in faults]
    return found[0] if found else None


def legal_placements(pos: Position, hand: list[int] | None) -> set[tuple[int, int, int, int]]:
    """Every legal (a, b, x, y) with ``a`` before ``b`` in reading order, for the domino types
    of ``hand`` (counts per type; None: any domino)."""
    geo = pos.geo
    pairs: set[tuple[int, int]] = set()
    for t in range(6):
        if hand is None or hand[t]:
            pairs.update(divmod(xy, 3) for xy in ORIENTATIONS[t])
    out = set()
    for a in range(geo.size):
        for b in geo.nbrs[a]:
            if a < b:
                for x, y in pairs:
                    if placement_fault(pos, a, b, x, y) is None:
                        out.add((a, b, x, y))
    return out


def has_placement(pos: Position, hand: list[int] | None) -> bool:
    """Whether ``hand`` (None: any domino) has a legal placement (rulings 14)."""
    if hand is not None and not any(hand):
        return False
    return bool(legal_placements(pos, hand))


# ----- resolution ----------------------------------------------------------------------------
def _place_gazebos(pos: Position, player: int, count: int, events: list[tuple]) -> int:
    """``player`` places ``count`` gazebos, or what they have left; the last one ends the game
    with ``player`` as the one who placed it (rulings 14, 15)."""
    placed = min(count, pos.supply[player])
    pos.supply[player] -= placed
    if pos.supply[player] == 0:
        pos.end_reason = "last-gazebo"
        pos.winners = winners(pos, player)
        events.append(("win", player, list(pos.winners), "last-gazebo"))
        raise GameOver
    return placed


def winners(pos: Position, last: int | None) -> tuple[int, ...]:
    """Rulings 14-15: the player who placed their last gazebo wins (a partnership: the one
    with fewer gazebos left, ties to that player's); otherwise the most on the board, ties
    share."""
    supply = pos.supply
    if pos.partnership:
        teams = ((0, 3), (1, 2))
        left = [supply[i] + supply[j] for i, j in teams]
        if left[0] != left[1]:
            return teams[0] if left[0] < left[1] else teams[1]
        if last is not None:
            return teams[0] if last in teams[0] else teams[1]
        return (0, 1, 2, 3)
    if last is not None:
        return (last,)
    on_board = [s - left for s, left in zip(pos.start_gazebos, supply, strict=True)]
    return tuple(s for s, k in enumerate(on_board) if k == max(on_board))


def turn_order(pos: Position, mover: int, seat: int) -> int:
    return (seat - mover) % pos.players


def resolve(pos: Position, player: int, a: int, b: int, x: int, y: int) -> tuple[list, bool]:
    """Place a legal domino for ``player`` and resolve it: (the events as the engine logs them,
    whether the extra domino was earned)."""
    events: list[tuple] = []
    try:
        extra = _resolve(pos, player, a, b, x, y, events)
    except GameOver:
        extra = False
    return events, extra


def _resolve(pos: Position, p: int, a: int, b: int, x: int, y: int, events: list) -> bool:
    geo = pos.geo
    groups = new_groups(pos, a, b, x, y)
    pos.colour[a] = x
    pos.colour[b] = y
    new = {a, b}
    vases_before: dict[int, set[int]] = {}  # id of a nook of p after resolution: vases before
    changed: list[Nook] = []
    doubles: list[Nook] = []

    # absorbs (rulings 6, 20), winners in turn order from the mover, then by the domino square
    absorbs = [(cells, nooks) for cells, nooks in groups if len(nooks) > 1]
    plans = []
    for cells, nooks in absorbs:
        weight: dict[int, int] = {}
        for k in nooks:
            weight[k.owner] = weight.get(k.owner, 0) + len(k.cells)
        winner = max(weight, key=lambda o: weight[o])
        plans.append((turn_order(pos, p, winner), min(cells & new), winner, cells, nooks))
    plans.sort(key=lambda plan: plan[:2])
    for _, _, winner, cells, nooks in plans:
        held = sum(k.gazebos for k in nooks if k.owner == winner)
        kept = min(held, 2 if len(cells) >= pos.big else 1)
        losers = sorted({k.owner for k in nooks if k.owner != winner})
        for k in nooks:
            if k.owner != winner:
                pos.supply[k.owner] += k.gazebos
        pos.supply[winner] += held - kept
        vases = {v for k in nooks if k.owner == winner for v in _vases(geo, k.cells)}
        for k in nooks:
            pos.nooks.remove(k)
        merged = Nook(winner, x if a in cells else y, set(cells), kept)
        pos.nooks.append(merged)
        events.append(("absorb", winner, sorted(cells), losers))
        changed.append(merged)
        if winner == p:
            vases_before[id(merged)] = vases
        if len(cells) >= pos.big and kept < 2:
            doubles.append(merged)

    # creates, in reading order of their first square
    creates = sorted((cells for cells, nooks in groups if not nooks and len(cells) > 1), key=min)
    for cells in creates:
        nook = Nook(p, pos.colour[min(cells)], set(cells), 1)
        pos.nooks.append(nook)
        events.append(("create", p, sorted(cells)))
        changed.append(nook)
        vases_before[id(nook)] = set()
        _place_gazebos(pos, p, 1, events)
        if len(cells) >= pos.big:
            doubles.append(nook)

    # expands, owners in turn order from the mover, then reading order of the grown nook
    expands = sorted(
        ((cells, nooks[0]) for cells, nooks in groups if len(nooks) == 1),
        key=lambda e: (turn_order(pos, p, e[1].owner), min(e[0])),
    )
    for cells, nook in expands:
        if nook.owner == p:
            vases_before[id(nook)] = _vases(geo, nook.cells)
        grew_big = len(nook.cells) < pos.big <= len(cells)
        nook.cells = set(cells)
        events.append(("expand", nook.owner, sorted(cells)))
        changed.append(nook)
        if grew_big and nook.gazebos < 2:
            doubles.append(nook)

    # big-nook doubles (rulings 7)
    doubles.sort(key=lambda k: (turn_order(pos, p, k.owner), min(k.cells)))
    for nook in doubles:
        nook.gazebos = 2
        events.append(("big", nook.owner, sorted(nook.cells)))
        _place_gazebos(pos, nook.owner, 1, events)

    # every patio, in reading order (rulings 8-10)
    for patio in sorted(geo.patios):
        _settle_patio(pos, patio, events)

    # zen, pedestal, vase (rulings 12, 13)
    if not pos.qin:
        for c in (a, b):
            if geo.zen[c]:
                pos.zen_credits += 1
                events.append(("zen", p, c))
    extra = False
    for c in (a, b):
        if geo.pedestal[c]:
            extra = True
            events.append(("pedestal", p, c))
    for nook in changed:
        if nook.owner == p and id(nook) in vases_before:
            for v in sorted(_vases(geo, nook.cells) - vases_before[id(nook)]):
                extra = True
                events.append(("vase", p, v))
    return extra


def _vases(geo: Geometry, cells: set[int]) -> set[int]:
    return {m for c in cells for m in geo.nbrs[c] if m in geo.vases}


def patio_counts(pos: Position, patio: int) -> list[int]:
    """Per seat, the gazebos on the distinct nooks next to ``patio`` (rulings 8)."""
    counts = [0] * pos.players
    for nook in pos.nooks:
        if any(m in nook.cells for m in pos.geo.nbrs[patio]):
            counts[nook.owner] += nook.gazebos
    return counts


def _settle_patio(pos: Position, patio: int, events: list) -> None:
    counts = patio_counts(pos, patio)
    holder, on_it = pos.patios.get(patio, (-1, 0))
    best = max(counts)
    if best < 1 or counts.count(best) > 1:
        return
    q = counts.index(best)
    if q == holder:
        return
    raised = pos.geo.patio_kind[patio] == RAISED
    if raised and best < 2 and (holder < 0 or pos.raised_two):
        return
    if holder < 0:
        events.append(("claim", q, patio))
    else:
        events.append(("steal", q, patio, holder))
        pos.supply[holder] += on_it
    want = 2 if pos.geo.patio_kind[patio] == FANCY else 1
    placed = min(want, pos.supply[q])
    pos.patios[patio] = (q, placed)
    _place_gazebos(pos, q, placed, events)


# ----- the contract's picture, to compare with the engine's ---------------------------------
def summary(pos: Position) -> dict[str, Any]:
    """Nooks, patios, supplies and the end, as ``GazeboState.summary`` writes them."""
    labels = pos.geo.labels
    nooks = sorted(pos.nooks, key=lambda k: min(k.cells))
    on_board = [0] * pos.players
    for k in pos.nooks:
        on_board[k.owner] += k.gazebos
    for holder, gazebos in pos.patios.values():
        on_board[holder] += gazebos
    return {
        "nooks": [{"color": COLORS[k.colour], "cells": [labels[c] for c in sorted(k.cells)],
                   "owner": k.owner, "big": k.gazebos == 2} for k in nooks],
        "patios": [{"cell": labels[c], "kind": PATIO_NAMES[pos.geo.patio_kind[c]],
                    "owner": pos.patios[c][0] if c in pos.patios else None}
                   for c in pos.geo.patios],
        "supply": list(pos.supply),
        "on_board": on_board,
    }
