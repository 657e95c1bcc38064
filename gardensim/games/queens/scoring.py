"""Round scoring on the wheel (spec 8), losses with the score floor (spec 4D) and the final
scoring (spec 10), with the per-seat ledger the telemetry reads.

Ledger entries (one list per seat, indices below) count points won or lost by cause, so the
final score is ``start_score`` plus the gains minus the losses, as the recount test checks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gardensim.games.queens.garden import groups, is_face_up

if TYPE_CHECKING:
    from gardensim.games.queens.geometry import Geometry
    from gardensim.games.queens.rules import QueensRules
    from gardensim.games.queens.state import QueensState

LEDGER = ("round_scoring", "pavilion_points", "end_groups", "size_bonuses", "jokers",
          "leftovers", "buys", "first_pass_penalty", "discards", "jokers_gained", "jokers_lost",
          "placed_face_up", "placed_face_down", "passes", "tiles_placed")
(ROUND, PAVILIONS, GROUPS, BONUSES, JOKERS, LEFTOVERS, BUYS, FIRST_PASS, DISCARDS,
 JOKERS_GAINED, JOKERS_LOST, FACE_UP, FACE_DOWN, PASSES, TILES_PLACED) = range(len(LEDGER))


def hex_points(rules: QueensRules, side: str, h: int, category: int) -> int:
    """Phase-2 points of hexagon ``h`` for ``category`` (0-5 colour, 6-11 pattern), or 0."""
    colour, pattern = divmod(h, 6)
    v = rules.values[pattern]
    if category < 6:
        return v if colour == category else 0
    if pattern != category - 6:
        return 0
    return 7 - v if rules.phase2_value[side] == "7-v" else v


def round_points(rules: QueensRules, side: str, board: Sequence[int], areas: Sequence[int],
                 rnd: int) -> tuple[int, int]:
    """(wheel points, pavilion points) of one garden in round ``rnd`` (spec 8)."""
    cats = rules.wheel[side][rnd - 1]
    wheel = sum(hex_points(rules, side, h, c) for h in board if h >= 0 for c in cats)
    pavilions = rules.pavilion_round_points * sum(1 for a in areas if is_face_up(a))
    return wheel, pavilions


def lose(st: QueensState, p: int, points: int, entry: int) -> int:
    """Take ``points`` from seat ``p``, never below the floor (spec 4D); returns the loss."""
    floor = st.rules.score_floor
    lost = max(0, min(points, st.scores[p] - floor))
    st.scores[p] -= lost
    ledger = st.ledger[p] = st.ledger[p][:]
    ledger[entry] += lost
    return lost


def group_score(rules: QueensRules, side: str, geo: Geometry,
                board: Sequence[int]) -> tuple[int, int]:
    """(group points, size bonuses) of a garden: every colour and pattern group of at least
    ``min_group`` hexagons scores its members' values, plus the side's size bonus (spec 10)."""
    points = bonus = 0
    table = rules.size_bonus[side]
    for by_colour in (True, False):
        for members in groups(geo, board, by_colour):
            if len(members) >= rules.min_group:
                points += sum(rules.values[h % 6] for h in members)
                bonus += table.get(len(members), 0)
    return points, bonus


def final_scoring(st: QueensState) -> None:
    """Spec 10 in the seed's order: jokers, then stored tiles and expansions (floored), then
    groups. Fills the ledger; the breakdown per seat is read from it."""
    rules = st.rules
    for p in range(st.num_players):
        gain = rules.joker_value * st.jokers[p]
        st.scores[p] += gain
        ledger = st.ledger[p] = st.ledger[p][:]
        ledger[JOKERS] += gain
        held = sum(rules.values[h % 6] * n for h, n in enumerate(st.tiles[p]))
        held += sum(rules.values[e % 6] for e in st.exps[p])
        lose(st, p, held, LEFTOVERS)
        points, bonus = group_score(rules, st.side, st.geo, st.boards[p])
        st.scores[p] += points + bonus
        ledger = st.ledger[p]
        ledger[GROUPS] += points
        ledger[BONUSES] += bonus
