"""Summer Pavilion points: the run scored by a placement, penalties and the final scoring.

Pure functions over a player's board (a list of 42 colour ids, -1 for an empty space), so the
engine, the evaluation and the tests' recounts all share one definition of each rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from gardensim.games.pavilion.boards import STARS, STRUCTURE_KINDS, BoardSide

#: Columns of a seat's ledger: points scored by placements, lost to the start-player token,
#: lost to discards, the number of bonus tiles taken, and the number of tiles discarded (the
#: points lost can be fewer, at the score floor).
PLACED, TOKEN_LOSS, DISCARD_LOSS, BONUS_TILES, DISCARDED = range(5)


def run_points(board: Sequence[int], space: int) -> int:
    """Size of the run of occupied spaces of the same star containing ``space``, the six
    spaces of a star forming a cycle (spec 4.3); tiles of other stars never count."""
    first = space - space % 6
    k = space - first
    n = 1
    j = (k + 1) % 6
    while n < 6 and board[first + j] >= 0:
        n += 1
        j = (j + 1) % 6
    if n < 6:
        j = (k - 1) % 6
        while board[first + j] >= 0:
            n += 1
            j = (j - 1) % 6
    return n


def lose_points(score: int, amount: int, floor: int | None) -> int:
    """``score`` after a penalty of ``amount``: never below ``floor``, and a marker already at or
    below it loses nothing (spec 3, 4.5); ``floor=None`` means no floor."""
    if floor is None:
        return score - amount
    if score <= floor:
        return score
    return max(floor, score - amount)


def completed_structures(side: BoardSide, board: Sequence[int]) -> dict[str, int]:
    """Number of surrounded structures of each kind."""
    counts = dict.fromkeys(STRUCTURE_KINDS, 0)
    tile_at = board.__getitem__
    for st in side.structures:
        if min(map(tile_at, st.spaces)) >= 0:
            counts[st.kind] += 1
    return counts


def final_breakdown(
    side: BoardSide, board: Sequence[int], star_values: Sequence[int]
) -> dict[str, int]:
    """End-of-game points of one board (spec 6, 8.3): completed stars by colour (and
    multicoloured), complete number groups, structure sets. Leftover tiles were already charged
    when the player passed in the last round."""
    colours = side.rules.colours
    out = {f"stars_{c}": 0 for c in colours}
    out["stars_multicolour"] = 0
    for s in range(STARS):
        tiles = board[6 * s : 6 * s + 6]
        if min(tiles) < 0:
            continue
        if len(set(tiles)) == 1:
            out[f"stars_{colours[tiles[0]]}"] += star_values[tiles[0]]
        else:
            out["stars_multicolour"] += side.multicolour_value
    out["stars"] = sum(out[f"stars_{c}"] for c in colours) + out["stars_multicolour"]
    out["numbers"] = sum(
        value
        for n, value in side.number_values.items()
        if all(board[i] >= 0 for i in side.number_spaces[n])
    )
    done = completed_structures(side, board)
    sets = min(done.values()) if side.structure_set_value and side.has_fountains else 0
    out["structure_sets"] = sets
    out["sets"] = sets * side.structure_set_value
    out["total"] = out["stars"] + out["numbers"] + out["sets"]
    return out
