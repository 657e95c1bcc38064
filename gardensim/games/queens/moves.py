"""Legal moves of the action phase (spec 4): acquires, tile placements, expansion placements,
face-down buys and pass, in a stable order (the order golden games and action codes rely on)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gardensim.games.queens import display
from gardensim.games.queens import notation as nt
from gardensim.games.queens.garden import UNPLACED, free_cells, group_ok
from gardensim.games.queens.geometry import area_cell
from gardensim.games.queens.payment import can_pay

if TYPE_CHECKING:
    from gardensim.games.queens.state import QueensState


def action_phase_moves(st: QueensState, p: int, first: bool = False) -> list[int]:
    """Action-phase moves in a stable order; pass always comes last. With ``first`` the
    list may stop after the first kind of move found, enough to tell a seat whose only
    move is pass (it passes by itself, ``QueensState._seek_player``)."""
    values = st.rules.values
    tiles, exps, jokers = st.tiles[p], st.exps[p], st.jokers[p]
    out = [nt.ACQ_BASE + c for c in display.acquires(st, *st.room(p))]
    if first and out:
        return out
    board, areas = st.boards[p], st.areas[p]
    cells = free_cells(board, areas)
    geo = st.geo
    for h, k in enumerate(tiles):
        if not k:
            continue
        rest = tiles[:]
        rest[h] -= 1
        if can_pay(h, values[h % 6], rest, exps, jokers):
            out.extend(nt.place(h, c) for c in cells if group_ok(geo, board, c, h))
    open_areas = [a for a in range(6) if areas[a] == UNPLACED]
    for i, e in enumerate(exps):
        if e in exps[:i]:
            continue
        others = exps[:i] + exps[i + 1:]
        if can_pay(e, values[e % 6], tiles, others, jokers):
            out.extend(nt.expand(e, a, j) for a in open_areas for j in range(6)
                       if group_ok(geo, board, area_cell(a, j), e))
    if st.supply and st.scores[p] >= st.rules.buy_threshold:
        out.extend(nt.BUY_BASE + a for a in open_areas)
    out.append(nt.PASS)
    return out
