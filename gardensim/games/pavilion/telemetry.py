"""Telemetry rows of Summer Pavilion: one row per turn, one per game (``docs/pavilion.md``).

Turn rows describe a take (source, colour, tiles and wilds taken, token), a placement (space,
colour, cost, wilds paid, points, bonus tiles) or a pass (tiles kept and discarded, penalty).
Game rows give each seat's final score and its breakdown, after BGA's statistics: placement
points, stars by colour, numbers, structure sets, token and discard penalties, bonus tiles.
Columns of absent seats hold None. Pandas is not imported: dtypes are plain strings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gardensim.core.protocol import MAX_SEATS
from gardensim.games.pavilion import notation as nt
from gardensim.games.pavilion.boards import load_rules, space_name
from gardensim.games.pavilion.phases import DRAFT
from gardensim.games.pavilion.placing import payment_range
from gardensim.games.pavilion.scoring import (
    BONUS_TILES,
    DISCARD_LOSS,
    DISCARDED,
    PLACED,
    TOKEN_LOSS,
)

if TYPE_CHECKING:
    from gardensim.games.pavilion.state import PavilionState

COLOUR_NAMES = load_rules().colours

TURN_COLUMNS: dict[str, str] = {
    "move": "string",  # the turn's actions in notation, space-separated
    "phase": "category",  # draft, place or pass
    "round": "Int8",
    "wild": "category",  # letter of the round's wild colour
    "legal_moves": "Int16",  # legal actions at the start of the turn (the branching factor)
    "source": "category",  # C or F1..F9
    "colour": "category",  # letter of the colour taken or placed
    "tiles_taken": "Int8",  # wild tile included
    "wilds_taken": "Int8",
    "took_token": "boolean",
    "space": "category",  # star.space
    "cost": "Int8",
    "wilds_paid": "Int8",
    "points": "Int16",  # points scored by the placement
    "bonus_tiles": "Int8",
    "bonus_colours": "string",  # letters of the bonus tiles taken, in order
    "kept": "Int8",
    "discarded": "Int8",
    "penalty": "Int16",  # points lost this turn (token or discards)
    "score": "Int16",  # score after the turn
}

SEAT_FIELDS = (
    ["score", "placement", "stars"]
    + [f"stars_{c}" for c in COLOUR_NAMES]
    + ["stars_multicolour", "numbers", "structure_sets", "sets", "token_penalty",
       "discard_penalty", "bonus_tiles"]
)
GAME_COLUMNS: dict[str, str] = {"end_reason": "category", "rounds": "Int8", "first_player": "Int8"}
GAME_COLUMNS.update({f"{f}_{s}": "Int16" for f in SEAT_FIELDS for s in range(MAX_SEATS)})


def mark(st: PavilionState) -> tuple[Any, ...]:
    p = st.player
    return (p, st.phase, st.round, st.wild, st.token, len(st.legal_actions()), st.pools[p][:],
            st.corners[p][:], st.ledger[p][:])


def turn_row(st: PavilionState, marked: tuple[Any, ...], actions: Sequence[int]) -> dict[str, Any]:
    p, phase, rnd, wild, token, legal, pool, corner, ledger = marked
    letters = st.side.rules.letters
    row: dict[str, Any] = dict.fromkeys(TURN_COLUMNS)
    now_ledger = st.ledger[p]
    row.update(move=" ".join(st.action_to_string(a) for a in actions), round=rnd,
               wild=letters[wild], legal_moves=legal, score=st.scores[p],
               penalty=sum(now_ledger[k] - ledger[k] for k in (TOKEN_LOSS, DISCARD_LOSS)))
    first = actions[0]
    now = st.pools[p]
    if phase == DRAFT:
        source, colour = divmod(first - nt.DRAFT_BASE, nt.COLOURS)
        taken = [now[c] - pool[c] for c in range(nt.COLOURS)]
        row.update(phase="draft", source="C" if source == 0 else f"F{source}",
                   colour=letters[colour], tiles_taken=sum(taken), wilds_taken=taken[wild],
                   took_token=token < 0 and st.token == p and source == 0)
    elif first == nt.PASS:
        # counted from the ledger, not the corners: the round's last pass has already moved
        # every corner back to its pool; a pass turn starts with every tile held in the pool
        discarded = now_ledger[DISCARDED] - ledger[DISCARDED]
        row.update(phase="pass", kept=sum(pool) - discarded, discarded=discarded)
    else:
        space, colour = divmod(first - nt.PLACE_BASE, nt.COLOURS)
        paid = [a - nt.PAY_BASE for a in actions[1:] if a >= nt.PAY_BASE]
        due = st.side.cost[space] - 1
        wilds = paid[0] if paid else payment_range(pool, colour, wild, due + 1)[0]
        bonus = [letters[a - nt.BONUS_BASE] for a in actions[1:] if a < nt.KEEP_BASE]
        row.update(phase="place", space=space_name(space), colour=letters[colour],
                   cost=due + 1, wilds_paid=wilds,
                   points=now_ledger[PLACED] - ledger[PLACED], bonus_tiles=len(bonus),
                   bonus_colours="".join(bonus))
    return row


def game_row(st: PavilionState) -> dict[str, Any]:
    row: dict[str, Any] = {
        "end_reason": "rounds" if st.final is not None else None,
        "rounds": st.round,
        "first_player": st.first_player,
    }
    for s in range(MAX_SEATS):
        present = s < st.num_players and st.final is not None
        values: dict[str, Any] = {}
        if present:
            part = st.final[s]
            placed, token, discard, bonus = (st.ledger[s][k] for k in
                                             (PLACED, TOKEN_LOSS, DISCARD_LOSS, BONUS_TILES))
            values = {**part, "score": st.scores[s], "placement": placed,
                      "token_penalty": token, "discard_penalty": discard, "bonus_tiles": bonus}
        for f in SEAT_FIELDS:
            row[f"{f}_{s}"] = values.get(f) if present else None
    return row
