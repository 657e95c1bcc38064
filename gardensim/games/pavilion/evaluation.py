"""The Summer Pavilion position evaluation used by ``greedy`` and as MCTS leaf values.

``evaluate(state, player)`` estimates each seat's final score from public information only and
maps the player's lead over the best opponent to [0, 1]. A seat's value, in points, is the sum of:

1. **score**: the current score (placements and penalties so far);
2. **stars**: for each star, its end value (the star table for its colour, or the multicolour
   value; a flexible star with 0-1 tiles counts the better of the two) times
   ``star_progress * (filled / 6) ** progress_power``; a completed star counts in full;
3. **numbers**: for each scored number, its value times
   ``number_progress * (covered fraction) ** progress_power``, in full when complete;
4. **structure sets** (Glazed): complete sets in full, plus ``structure_sets`` times the set value
   times the fraction of a further set already surrounded;
5. **tiles**: ``tile`` per tile in the pool or on the corners (``tile_last_round`` in round 6,
   when an unplaced tile will cost a point at the pass); tiles already committed are left out:
   the rest of a placement's cost while its payment is being chosen (the fewest wilds assumed),
   and at a pass the tiles beyond those still to keep, which count -1 each instead;
6. **wilds**: ``wild`` extra per tile of this round's wild colour in the pool, for a seat that
   has not passed;
7. **token**: ``token`` for holding the start-player token (first pick next round).

The evaluation is ``1 / (1 + exp(-(mine - best other) / scale))``; at the end of the game it is
the player's win share. The weights live in ``data/evaluation.toml``.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from typing import TYPE_CHECKING

from gardensim.games.pavilion.boards import FIXED, MULTICOLOUR, PAVILION_DIR, STARS, BoardSide
from gardensim.games.pavilion.phases import KEEP, PAY
from gardensim.games.pavilion.placing import payment_range
from gardensim.games.pavilion.scoring import completed_structures

if TYPE_CHECKING:
    from gardensim.games.pavilion.state import PavilionState

WEIGHTS_FILE = PAVILION_DIR / "evaluation.toml"


@cache
def load_weights() -> dict[str, float]:
    with WEIGHTS_FILE.open("rb") as fh:
        return {k: float(v) for k, v in tomllib.load(fh).items()}


def star_worth(side: BoardSide, values: tuple[int, ...], tiles: list[int], s: int) -> int:
    """End value of star ``s`` if completed, given the tiles already on it."""
    rule = side.star_rules[s]
    if rule == FIXED:
        return fixed_star_worth(side, values, s)
    if rule == MULTICOLOUR:
        return side.multicolour_value
    present = [c for c in tiles if c >= 0]
    if len(set(present)) > 1:
        return side.multicolour_value
    if len(present) >= 2:
        return values[present[0]]
    single = values[present[0]] if present else max(values)
    return max(single, side.multicolour_value)


@cache
def fixed_star_worth(side: BoardSide, values: tuple[int, ...], s: int) -> int:
    """A printed star's value: its colour's, or the multicolour value if its spaces differ."""
    colours = set(side.space_colour[6 * s : 6 * s + 6])
    return values[colours.pop()] if len(colours) == 1 else side.multicolour_value


def seat_value(st: PavilionState, p: int, w: dict[str, float]) -> float:
    """Expected final score of seat ``p`` (terms 1-7 of the module docstring)."""
    side = st.side
    board = st.boards[p]
    power = w["progress_power"]
    star_weight = w["star_progress"]
    value = float(st.scores[p])
    for s in range(STARS):
        tiles = board[6 * s : 6 * s + 6]
        filled = 6 - tiles.count(-1)
        if filled:
            worth = star_worth(side, st.game.star_values, tiles, s)
            value += worth if filled == 6 else star_weight * (filled / 6) ** power * worth
    for n, points in side.number_values.items():
        spaces = side.number_spaces[n]
        covered = sum(1 for i in spaces if board[i] >= 0)
        if covered == len(spaces):
            value += points
        elif covered:
            value += w["number_progress"] * (covered / len(spaces)) ** power * points
    if side.structure_set_value and side.has_fountains:
        done = completed_structures(side, board)
        sets = min(done.values())
        further = sum(1 for k in done.values() if k > sets) / len(done)
        value += side.structure_set_value * (sets + w["structure_sets"] * further)
    pool = st.pools[p]
    held = sum(pool)
    wilds = pool[st.wild]
    if p == st.player and st.phase == PAY:
        space = st.paying
        due = side.cost[space] - 1
        held -= due
        wilds -= payment_range(pool, board[space], st.wild, due)[0]
    elif p == st.player and st.phase == KEEP:
        value -= held - st.keep_left
        held = st.keep_left
    last = st.round == side.rules.rounds
    value += (held + sum(st.corners[p])) * (w["tile_last_round"] if last else w["tile"])
    if not st.passed[p]:
        value += w["wild"] * wilds
    if st.token == p:
        value += w["token"]
    return value


def evaluate(st: PavilionState, player: int) -> float:
    """The player's lead in expected final score, squashed to [0, 1] (module docstring)."""
    if st.final is not None:
        return st.returns()[player]
    w = load_weights()
    values = [seat_value(st, p, w) for p in range(st.num_players)]
    mine = values[player]
    best_other = max(v for p, v in enumerate(values) if p != player)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / w["scale"]))
