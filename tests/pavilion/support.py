"""Helpers for Summer Pavilion tests: build positions by hand and read the spec's data files.

Positions are arranged by writing the state's public fields directly (pools, boards, supply),
which is what a rules test needs: a precise situation without replaying a whole game.
"""

from __future__ import annotations

import tomllib
from typing import Any

from gardensim.games.pavilion.boards import PAVILION_DIR
from gardensim.games.pavilion.game import PavilionGame
from gardensim.games.pavilion.phases import KEEP, PLACE
from gardensim.games.pavilion.state import PavilionState

LETTERS = "PGOYBR"
BOARDS = ("base", "base-grey", "glazed-orange", "glazed-purple")


def colour(letter: str) -> int:
    return LETTERS.index(letter.upper())


def space(name: str) -> int:
    star, k = name.split(".")
    return 6 * int(star) + int(k) - 1


def counts(tiles: str) -> list[int]:
    """``"PPG"`` -> tile counts per colour."""
    out = [0] * 6
    for t in tiles:
        out[colour(t)] += 1
    return out


def raw_board(name: str) -> dict[str, Any]:
    with (PAVILION_DIR / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def new_state(
    board: str = "base", players: int = 2, seed: int = 0, **options: Any
) -> PavilionState:
    options.setdefault("first_player", 0)
    return PavilionGame(board, players, options).new_initial_state(seed)


def to_placing(st: PavilionState, player: int = 0, **pools: str) -> PavilionState:
    """Move ``st`` to phase 2 with ``player`` to act: the drafting sources are emptied into the
    tower (keeping the 132 tiles), and ``pools`` (``p0="PPG"``) are set from the tower/bag."""
    for src in [st.centre, *st.factories]:
        for c in range(6):
            st.tower[c] += src[c]
            src[c] = 0
    for p in range(st.num_players):
        take(st, p, pools.get(f"p{p}", ""))
    st.phase = PLACE
    st.player = player
    st.passed = [False] * st.num_players
    return st


def take(st: PavilionState, p: int, tiles: str) -> None:
    """Move ``tiles`` into seat ``p``'s pool from the tower or else the bag."""
    for t in tiles:
        c = colour(t)
        pile = st.tower if st.tower[c] else st.bag
        assert pile[c], f"no {t} tile left to hand out"
        pile[c] -= 1
        st.pools[p][c] += 1


def put(st: PavilionState, p: int, placed: dict[str, str]) -> None:
    """Put tiles straight onto seat ``p``'s board (``{"1.2": "P"}``), taken from bag/tower."""
    for name, letter in placed.items():
        c = colour(letter)
        pile = st.tower if st.tower[c] else st.bag
        pile[c] -= 1
        st.boards[p][space(name)] = c


def pass_keeping_all(st: PavilionState) -> None:
    """The player to move passes and keeps every tile the corners take (spec 4.5: the keeps
    are the player's decisions; these tests want the most kept)."""
    st.play("pass")
    while st.phase == KEEP:
        st.play(st.legal_actions()[0])
