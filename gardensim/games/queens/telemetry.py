"""Telemetry rows of Queen's Garden: one row per turn, one per game (``docs/queens.md``).

Turn rows describe a take (attribute, tiles and expansions taken), a placement (hexagon, cell,
items paid, jokers gained), a face-down buy, or a pass (discards and the first-pass penalty),
with the seat's storage and score after the turn. Game rows give each seat's final score and its
breakdown from the ledger (:mod:`.scoring`). Columns of absent seats hold None.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gardensim.games.queens import notation as nt
from gardensim.games.queens.geometry import CELLS, area_cell
from gardensim.games.queens.scoring import (
    BONUSES,
    BUYS,
    DISCARDS,
    FACE_DOWN,
    FACE_UP,
    FIRST_PASS,
    GROUPS,
    JOKERS,
    JOKERS_GAINED,
    LEFTOVERS,
    PASSES,
    PAVILIONS,
    ROUND,
)

if TYPE_CHECKING:
    from gardensim.games.queens.state import QueensState

MAX_SEATS = 4

TURN_COLUMNS: dict[str, str] = {
    "move": "string",  # the turn's actions in notation, space-separated
    "kind": "category",  # take, place, expansion, buy or pass
    "round": "Int8",
    "legal_moves": "Int16",  # legal actions at the start of the turn
    "attribute": "category",  # take: the colour letter or pattern value named
    "tiles_taken": "Int8",
    "expansions_taken": "Int8",
    "hexagon": "category",  # place / expansion: the hexagon placed
    "cell": "category",  # place / expansion: the cell of the hexagon
    "items_paid": "Int8",  # payment items beyond the placed one (jokers included)
    "jokers_paid": "Int8",
    "points_paid": "Int16",  # points lost this turn: 6-point buy, first-pass penalty, discards
    "discarded": "Int8",
    "jokers_gained": "Int8",
    "storage_tiles": "Int8",  # after the turn
    "storage_jokers": "Int8",
    "storage_expansions": "Int8",
    "score": "Int16",  # after the turn
}

SEAT_FIELDS = ("score", "round_scoring", "pavilion_points", "end_groups", "size_bonuses",
               "jokers", "leftovers", "buys", "first_pass_penalty", "discards",
               "placed_face_up", "placed_face_down", "passes", "jokers_gained")
_LEDGER_OF = {"round_scoring": ROUND, "pavilion_points": PAVILIONS, "end_groups": GROUPS,
              "size_bonuses": BONUSES, "jokers": JOKERS, "leftovers": LEFTOVERS, "buys": BUYS,
              "first_pass_penalty": FIRST_PASS, "discards": DISCARDS, "placed_face_up": FACE_UP,
              "placed_face_down": FACE_DOWN, "passes": PASSES, "jokers_gained": JOKERS_GAINED}
GAME_COLUMNS: dict[str, str] = {"end_reason": "category", "rounds": "Int8", "first_player": "Int8"}
GAME_COLUMNS.update({f"{f}_{s}": "Int16" for f in SEAT_FIELDS for s in range(MAX_SEATS)})


def mark(st: QueensState) -> tuple[Any, ...]:
    p = st.player
    return (p, st.round, len(st.legal_actions()), st.ledger[p][:], st.jokers[p],
            sum(st.tiles[p]), len(st.exps[p]))


def turn_row(st: QueensState, marked: tuple[Any, ...], actions: Sequence[int]) -> dict[str, Any]:
    p, rnd, legal, ledger, jokers_before, held_tiles, held_exps = marked
    rules = st.rules
    row: dict[str, Any] = dict.fromkeys(TURN_COLUMNS)
    now = st.ledger[p]
    first = actions[0]
    kind = nt.kind_of(first)
    lost = sum(now[k] - ledger[k] for k in (BUYS, FIRST_PASS, DISCARDS))
    gained = now[JOKERS_GAINED] - ledger[JOKERS_GAINED]
    row.update(move=" ".join(st.actions_to_strings(actions)), kind=kind, round=rnd,
               legal_moves=legal, points_paid=lost, jokers_gained=gained,
               storage_tiles=sum(st.tiles[p]), storage_jokers=st.jokers[p],
               storage_expansions=len(st.exps[p]), score=st.scores[p])
    if kind == "take":
        attr = (first - nt.ACQ_BASE) >> 24
        row.update(attribute=rules.letters[attr] if attr < 6 else str(rules.values[attr - 6]),
                   tiles_taken=sum(st.tiles[p]) - held_tiles,
                   expansions_taken=len(st.exps[p]) - held_exps)
    elif kind in ("place", "expansion"):
        if kind == "place":
            h, cell = divmod(first - nt.PLACE_BASE, CELLS)
        else:
            h, rest = divmod(first - nt.EXPAND_BASE, 36)
            cell = area_cell(*divmod(rest, 6))
        due = rules.values[h % 6] - 1
        row.update(hexagon=rules.hex_name(h), cell=st.geo.cell_name(cell), items_paid=due,
                   jokers_paid=jokers_before + gained - st.jokers[p])
    elif kind == "pass":
        row["discarded"] = sum(1 for a in actions if nt.kind_of(a) == "discard")
    return row


def game_row(st: QueensState) -> dict[str, Any]:
    row: dict[str, Any] = {"end_reason": "rounds" if st.final else None, "rounds": st.round,
                           "first_player": st.first_player}
    for s in range(MAX_SEATS):
        present = s < st.num_players and st.final
        for f in SEAT_FIELDS:
            if not present:
                row[f"{f}_{s}"] = None
            elif f == "score":
                row[f"{f}_{s}"] = st.scores[s]
            else:
                row[f"{f}_{s}"] = st.ledger[s][_LEDGER_OF[f]]
    return row
