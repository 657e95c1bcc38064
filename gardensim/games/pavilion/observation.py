"""JSON pictures of a Summer Pavilion position.

Everything in Summer Pavilion is public except the order of future bag draws: pools, corners,
boards, factories, centre, supply and tower are on the table, and the bag's contents follow from
them (132 tiles in all). So every seat's observation is the same picture; only the generator
state, which decides future draws, is left out (``to_dict`` adds it for exact replays).
Tile counts are written as ``{letter: count}`` with zero counts omitted; a board is seven
six-character strings, one per star (0 = centre), ``.`` for an empty space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gardensim.games.pavilion.phases import PHASE_NAMES
from gardensim.games.pavilion.scoring import (
    BONUS_TILES,
    DISCARD_LOSS,
    DISCARDED,
    PLACED,
    TOKEN_LOSS,
)

if TYPE_CHECKING:
    from gardensim.games.pavilion.state import PavilionState


def counts(letters: Sequence[str], tiles: Sequence[int]) -> dict[str, int]:
    return {letters[c]: n for c, n in enumerate(tiles) if n}


def board_rows(letters: Sequence[str], board: Sequence[int]) -> list[str]:
    return ["".join(letters[c] if c >= 0 else "." for c in board[6 * s : 6 * s + 6])
            for s in range(7)]


def observe(st: PavilionState, player: int) -> dict[str, Any]:
    """The picture seen by ``player`` (the same for every seat; -1 means an onlooker)."""
    letters = st.side.rules.letters
    over = st.final is not None
    return {
        "board": st.side.name,
        "players": st.num_players,
        "round": st.round,
        "wild": letters[st.wild],
        "phase": PHASE_NAMES[st.phase],
        "to_move": None if over else st.player,
        "turn": st.turn,
        "start_player": st.start_player,
        "token": None if st.token < 0 else st.token,
        "scores": list(st.scores),
        "bag": counts(letters, st.bag),
        "tower": counts(letters, st.tower),
        "centre": counts(letters, st.centre),
        "factories": [counts(letters, f) for f in st.factories],
        "supply": "".join(letters[c] if c >= 0 else "." for c in st.supply),
        "pools": [counts(letters, p) for p in st.pools],
        "corners": [counts(letters, c) for c in st.corners],
        "boards": [board_rows(letters, b) for b in st.boards],
        "passed": list(st.passed),
        "bonus_owed": st.owed,
        "keep_left": st.keep_left,
        "ledger": [
            {"placement": x[PLACED], "token_penalty": x[TOKEN_LOSS],
             "discard_penalty": x[DISCARD_LOSS], "bonus_tiles": x[BONUS_TILES],
             "tiles_discarded": x[DISCARDED]}
            for x in st.ledger
        ],
        "final": [dict(f) for f in st.final] if over else None,
    }
