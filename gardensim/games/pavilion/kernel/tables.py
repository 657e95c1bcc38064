"""The kernel's tables of one game: its board side, rule options and player count as ``int64``
numbers, and the evaluation weights as ``float64``, read from the readable engine's own
declarations (``boards.py`` over ``data/*.toml``, the validated options of ``ruleset.py``,
``data/evaluation.toml``), so no designed number is typed twice.

Star rules are coded 0 fixed, 1 multicolour, 2 free; a structure is up to
:data:`STRUCTURE_SPACES` spaces (-1 pads), each space belongs to up to
:data:`STRUCTURES_PER_SPACE` structures. Scored numbers are kept in the board's order, since
the evaluation adds their terms in that order (a float sum).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gardensim.games.pavilion.boards import FIXED, MULTICOLOUR, SPACES, STARS, STRUCTURE_KINDS
from gardensim.games.pavilion.evaluation import load_weights
from gardensim.games.pavilion.ruleset import BONUS_SHORTFALLS, NO_TOKEN_STARTS

MAX_STRUCTURES = 32
STRUCTURE_SPACES = 4
STRUCTURES_PER_SPACE = 4
MAX_NUMBERS = 6

COST = 0
COLOUR = COST + SPACES
RULE = COLOUR + SPACES
WILD_ORDER = RULE + STARS
STAR_VALUE = WILD_ORDER + 6
MULTI_VALUE = STAR_VALUE + 6
SET_VALUE = MULTI_VALUE + 1
HAS_SETS = SET_VALUE + 1
N_NUMBERS = HAS_SETS + 1
NUMBER = N_NUMBERS + 1  # the printed number of each scored group
NUMBER_VALUE = NUMBER + MAX_NUMBERS
N_STRUCTURES = NUMBER_VALUE + MAX_NUMBERS
STRUCTURE = N_STRUCTURES + 1
BONUS = STRUCTURE + MAX_STRUCTURES * STRUCTURE_SPACES
KIND = BONUS + MAX_STRUCTURES
STRUCTURES_OF = KIND + MAX_STRUCTURES
(TILES_PER_COLOUR, N_FACTORIES, TILES_PER_FACTORY, SUPPLY_SPACES, CORNERS, ROUNDS,
 START_SCORE, FLOOR, DISCARD_FLOOR, NEXT_STARTS, FORFEIT, FIRST_SEAT, PLAYERS) = range(
    STRUCTURES_OF + SPACES * STRUCTURES_PER_SPACE,
    STRUCTURES_OF + SPACES * STRUCTURES_PER_SPACE + 13)
SIZE = PLAYERS + 1

RULE_CODES = {FIXED: 0, MULTICOLOUR: 1}
#: the evaluation weights, in this order
WEIGHT_NAMES = ("star_progress", "number_progress", "structure_sets", "progress_power",
                "tile", "tile_last_round", "wild", "token", "scale")
(W_STAR, W_NUMBER, W_SETS, W_POWER, W_TILE, W_TILE_LAST, W_WILD, W_TOKEN, W_SCALE) = range(
    len(WEIGHT_NAMES))


def limits(game: Any) -> str | None:
    """Why the kernel's tables cannot hold ``game``'s board (a board file of one's own with
    more structures than they have room for), or None."""
    side = game.side
    if len(side.structures) > MAX_STRUCTURES:
        return f"{len(side.structures)} structures; the kernel holds at most {MAX_STRUCTURES}"
    if any(len(s.spaces) > STRUCTURE_SPACES for s in side.structures):
        return f"a structure of more than {STRUCTURE_SPACES} spaces"
    if any(len(of) > STRUCTURES_PER_SPACE for of in side.structures_of):
        return f"a space around more than {STRUCTURES_PER_SPACE} structures"
    if len(side.number_values) > MAX_NUMBERS:
        return f"more than {MAX_NUMBERS} scored numbers"
    return None


def game_table(game: Any) -> np.ndarray:
    """The ``int64`` table of ``game`` (a :class:`~gardensim.games.pavilion.game.PavilionGame`)."""
    side = game.side
    rules = side.rules
    options = game.options
    t = np.full(SIZE, -1, dtype=np.int64)
    t[COST:COST + SPACES] = side.cost
    t[COLOUR:COLOUR + SPACES] = side.space_colour
    t[RULE:RULE + STARS] = [RULE_CODES.get(r, 2) for r in side.star_rules]
    t[WILD_ORDER:WILD_ORDER + rules.rounds] = side.wild_order
    t[STAR_VALUE:STAR_VALUE + 6] = game.star_values
    t[MULTI_VALUE] = side.multicolour_value
    t[SET_VALUE] = side.structure_set_value
    t[HAS_SETS] = bool(side.structure_set_value and side.has_fountains)
    t[N_NUMBERS] = len(side.number_values)
    for i, (n, value) in enumerate(side.number_values.items()):
        t[NUMBER + i] = n
        t[NUMBER_VALUE + i] = value
    t[N_STRUCTURES] = len(side.structures)
    for j, st in enumerate(side.structures):
        first = STRUCTURE + j * STRUCTURE_SPACES
        t[first:first + len(st.spaces)] = st.spaces
        t[BONUS + j] = st.bonus
        t[KIND + j] = STRUCTURE_KINDS.index(st.kind)
    for sp, of in enumerate(side.structures_of):
        first = STRUCTURES_OF + sp * STRUCTURES_PER_SPACE
        t[first:first + len(of)] = of
    n = game.num_players
    t[TILES_PER_COLOUR] = rules.tiles_per_colour
    t[N_FACTORIES] = rules.factories[n]
    t[TILES_PER_FACTORY] = rules.tiles_per_factory
    t[SUPPLY_SPACES] = rules.supply_spaces
    t[CORNERS] = rules.corner_spaces
    t[ROUNDS] = rules.rounds
    t[START_SCORE] = rules.start_score
    t[FLOOR] = rules.score_floor
    t[DISCARD_FLOOR] = bool(options["discard_floor"])
    t[NEXT_STARTS] = NO_TOKEN_STARTS.index(options["no_token_start"])
    t[FORFEIT] = BONUS_SHORTFALLS.index(options["bonus_shortfall"])
    first = options["first_player"]
    t[FIRST_SEAT] = -1 if first == "random" else int(first)
    t[PLAYERS] = n
    return t


def weight_table() -> np.ndarray:
    """The evaluation weights (``data/evaluation.toml``) in :data:`WEIGHT_NAMES` order."""
    w = load_weights()
    return np.array([w[name] for name in WEIGHT_NAMES], dtype=np.float64)
