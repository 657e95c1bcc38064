"""Helpers for Queen's Garden tests: arrange positions by hand, keeping every tile and
expansion accounted for (tiles come from the bag, expansions from wherever they lie)."""

from __future__ import annotations

from typing import Any

from gardensim.games.queens import QueensGame
from gardensim.games.queens.garden import FACE_DOWN
from gardensim.games.queens.geometry import area_cell
from gardensim.games.queens.rules import load_rules
from gardensim.games.queens.state import ACT, QueensState

RULES = load_rules()


def hx(name: str) -> int:
    return RULES.parse_hex(name)


def new_state(players: int = 2, seed: int = 0, board: str = "standard",
              **options: Any) -> QueensState:
    options.setdefault("first_player", 0)
    return QueensGame(board, players, options).new_initial_state(seed)


def _from_bag(st: QueensState, h: int) -> None:
    pile = st.bag if st.bag[h] else st.tower
    assert pile[h], f"no {RULES.hex_name(h)} tile left to hand out"
    pile[h] -= 1


def give(st: QueensState, p: int, names: str) -> None:
    """Put tiles (``"B1 B2"``) into seat ``p``'s storage, from the bag or the tower."""
    row = st.tiles[p] = st.tiles[p][:]
    for name in names.split():
        h = hx(name)
        _from_bag(st, h)
        row[h] += 1


def put(st: QueensState, p: int, cells: dict[str, str]) -> None:
    """Put tiles straight into seat ``p``'s garden (``{"R0": "B3"}``), taken from the bag."""
    board = st.boards[p] = st.boards[p][:]
    for cell, name in cells.items():
        c = st.geo.parse_cell(cell)
        assert c >= 0 and board[c] < 0
        h = hx(name)
        _from_bag(st, h)
        board[c] = h


def pull_expansion(st: QueensState, e: int) -> None:
    """Remove expansion ``e`` from the supply or an undrawn stack (not the current one)."""
    if e in st.supply:
        s = list(st.supply)
        s.remove(e)
        st.supply = tuple(s)
        return
    for i, stack in enumerate(st.future):
        if e in stack:
            # swap it for a supply expansion so stack sizes stay as dealt
            swap = st.supply[0]
            st.supply = st.supply[1:]
            st.future = tuple(tuple(swap if x == e else x for x in s) if k == i else s
                              for k, s in enumerate(st.future))
            return
    raise AssertionError(f"expansion {RULES.hex_name(e)} is not in the supply or later stacks")


def open_area(st: QueensState, p: int, area: int, printed: str | None, j: int = 0) -> None:
    """Place an expansion on ``area`` by hand: face up with ``printed`` on ring cell ``j``,
    or face down when ``printed`` is None (one from the supply)."""
    areas = st.areas[p] = st.areas[p][:]
    if printed is None:
        areas[area] = FACE_DOWN + st.supply[0]
        st.supply = st.supply[1:]
        return
    e = hx(printed)
    pull_expansion(st, e)
    st.revealed |= 1 << e
    areas[area] = e
    board = st.boards[p] = st.boards[p][:]
    board[area_cell(area, j)] = e


def store_expansion(st: QueensState, p: int, name: str) -> None:
    e = hx(name)
    pull_expansion(st, e)
    st.revealed |= 1 << e
    st.exps[p] = (*st.exps[p], e)


def acting(st: QueensState, p: int = 0) -> QueensState:
    st.phase = ACT
    st.player = p
    return st


def moves(st: QueensState) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


def conserved(st: QueensState) -> bool:
    return st.tile_count() == 108 and st.expansion_ids() == list(range(36))
