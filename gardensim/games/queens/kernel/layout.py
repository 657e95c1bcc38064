"""Where the kernel keeps a Queen's Garden position and a game's numbers: offsets into flat
``int64`` arrays, so a snapshot is one array copy (the readable engine's snapshot undo, in
numba) and every compiled function reads one state and one table of the game's numbers.

The state array ``S`` holds four seats whatever the player count (the offsets are then
compile-time constants); its capacities (display entries, tiles on an expansion, stored
expansions, stacks) are the largest the readable engine's declarations allow: the data file's
stack sizes and rounds, the rule set's bounds of ``tiles_per_refill`` and
``storage_expansions``. The game table ``G`` holds what a game's rules data, geometry and
options say (:func:`game_table`), read from the readable engine's own objects, never typed
again. The generator of bag draws (SplitMix64) is a separate ``uint64`` array of one word.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gardensim.games.queens.garden import FACE_DOWN
from gardensim.games.queens.geometry import AREAS, CELLS, XFEATURES
from gardensim.games.queens.rules import FEATURE_KINDS, load_rules
from gardensim.games.queens.ruleset import RULES
from gardensim.games.queens.scoring import LEDGER

_DATA = load_rules()
SEATS = 4
KINDS = 36
#: the largest round stack, rounds, tiles on an expansion and stored expansions a state holds
SMAX = max(_DATA.stack_size.values())
ROUNDS = _DATA.rounds
RMAX = RULES.option("tiles_per_refill").high
EMAX = RULES.option("storage_expansions").high
DMAX = SMAX
NLEDGER = len(LEDGER)
UNPLACED = -1
DOWN = FACE_DOWN

_offsets: dict[str, int] = {}


def _field(name: str, size: int = 1) -> int:
    at = sum(_offsets.values())
    _offsets[name] = size
    return at


# scalars
ROUND = _field("round")
PHASE = _field("phase")
PLAYER = _field("player")
START = _field("start_player")
MARKER = _field("marker")
TURN = _field("turn")
PENDING = _field("pending")
FINAL = _field("final")
NPL = _field("players")
REVEALED = _field("revealed")
FIRST = _field("first_player")
STACKN = _field("stack_left")
TOPN = _field("top_tiles")
DN = _field("display_entries")
SUPN = _field("supply_left")
# rows
BAG = _field("bag", KINDS)
TOWER = _field("tower", KINDS)
TILES = _field("tiles", SEATS * KINDS)
JOKERS = _field("jokers", SEATS)
EXPN = _field("stored_expansions", SEATS)
EXPS = _field("expansions", SEATS * EMAX)
BOARDS = _field("boards", SEATS * CELLS)
AREAS_AT = _field("areas", SEATS * AREAS)
REWARDED = _field("rewarded", SEATS)
SCORES = _field("scores", SEATS)
LEDGER_AT = _field("ledger", SEATS * NLEDGER)
PASSED = _field("passed", SEATS)
STACKS = _field("stacks", ROUNDS * SMAX)
TOP = _field("top", RMAX)
DEXP = _field("display_expansion", DMAX)
DTN = _field("display_tile_count", DMAX)
DT = _field("display_tiles", DMAX * RMAX)
SUPPLY = _field("supply", KINDS)
STATE_SIZE = sum(_offsets.values())

# the game table: options and numbers, then the tables
(G_PLAYERS, G_START_SCORE, G_START_JOKERS, G_REFILL, G_BUY_COST, G_BUY_THRESHOLD,
 G_FIRST_PASS, G_FLOOR, G_PAVILION_POINTS, G_DISCARD_VALUE, G_STORE_TILES, G_STORE_EXPS,
 G_MIN_GROUP, G_JOKER_VALUE, G_ROUNDS, G_COPIES, G_STACK_SIZE, G_FIRST_RANDOM, G_FIRST_SEAT,
 G_INVERT) = range(20)
G_VALUES = 20
G_EXPANSIONS = G_VALUES + 6
G_NBR = G_EXPANSIONS + KINDS
G_NNBR = G_NBR + CELLS * 6
G_WHEELN = G_NNBR + CELLS
G_WHEEL = G_WHEELN + ROUNDS
G_BONUS = G_WHEEL + ROUNDS * 12
G_REWARD = G_BONUS + 7
G_PAVILION_REWARD = G_REWARD + CELLS
G_SIZE = G_PAVILION_REWARD + 1


def game_table(game: Any) -> np.ndarray:
    """The numbers of ``game`` (a ``QueensGame``) the kernel plays by: its played rules
    (options applied), its geometry's neighbours, its side's wheel and size bonuses and its
    joker rewards, as the readable engine holds them."""
    rules, geo = game.rules, game.geo
    side = game.board_name
    g = np.zeros(G_SIZE, dtype=np.int64)
    first = game.options["first_player"]
    g[G_PLAYERS] = game.num_players
    g[G_START_SCORE] = rules.start_score
    g[G_START_JOKERS] = rules.start_jokers
    g[G_REFILL] = rules.refill
    g[G_BUY_COST] = rules.buy_cost
    g[G_BUY_THRESHOLD] = rules.buy_threshold
    g[G_FIRST_PASS] = rules.first_pass_penalty
    g[G_FLOOR] = rules.score_floor
    g[G_PAVILION_POINTS] = rules.pavilion_round_points
    g[G_DISCARD_VALUE] = rules.pass_discard_cost != "1"
    g[G_STORE_TILES] = rules.storage_tiles
    g[G_STORE_EXPS] = rules.storage_expansions
    g[G_MIN_GROUP] = rules.min_group
    g[G_JOKER_VALUE] = rules.joker_value
    g[G_ROUNDS] = rules.rounds
    g[G_COPIES] = rules.copies
    g[G_STACK_SIZE] = rules.stack_size[game.num_players]
    g[G_FIRST_RANDOM] = first == "random"
    g[G_FIRST_SEAT] = 0 if first == "random" else first
    g[G_INVERT] = rules.phase2_value[side] == "7-v"
    g[G_VALUES:G_VALUES + 6] = rules.values
    g[G_EXPANSIONS:G_EXPANSIONS + KINDS] = rules.expansions
    g[G_NBR:G_NBR + CELLS * 6] = -1
    for cell, nbrs in enumerate(geo.neighbours):
        g[G_NNBR + cell] = len(nbrs)
        for i, n in enumerate(nbrs):
            g[G_NBR + cell * 6 + i] = n
    for r, cats in enumerate(rules.wheel[side]):
        g[G_WHEELN + r] = len(cats)
        g[G_WHEEL + r * 12:G_WHEEL + r * 12 + len(cats)] = cats
    for size, bonus in rules.size_bonus[side].items():
        g[G_BONUS + size] = bonus
    reward = game.joker_reward
    g[G_REWARD + 0] = reward["fountain"]
    for x in XFEATURES:
        g[G_REWARD + x] = reward[geo.feature_kind[x]]
    g[G_PAVILION_REWARD] = reward["pavilion"]
    assert set(reward) == set(FEATURE_KINDS)
    return g


def table_limits(game: Any) -> str | None:
    """Why a game's rules data does not fit the state's capacities, or None."""
    rules = game.rules
    if rules.rounds != ROUNDS or max(rules.stack_size.values()) > SMAX:
        return (f"rules data with {rules.rounds} rounds and stacks of up to "
                f"{max(rules.stack_size.values())}; the kernel holds {ROUNDS} rounds and "
                f"stacks of up to {SMAX}")
    if any(len(cats) > 12 for side in rules.wheel.values() for cats in side):
        return "a wheel round with more than 12 categories"
    if any(size > 6 for side in rules.size_bonus.values() for size in side):
        return "a size bonus for groups of more than 6"
    return None


# the scratch array ``W`` a compiled call works in: a search stack, the free cells, the
# copies of each hexagon on display, payment sources, drawn tiles, surrounded features and
# the payment sets of the hexagon being placed
W_STACK = 0
W_FREE = W_STACK + 64
W_CN = W_FREE + 64
W_CS = W_CN + KINDS
W_SOURCES = W_CS + KINDS * (DMAX + 1)
W_DRAWN = W_SOURCES + 32
W_FOUND = W_DRAWN + RMAX + 4
W_DIGITS = W_FOUND + 16
W_DEAL = W_DIGITS + 16
W_PAYS = W_DEAL + 2 * KINDS
PAYS_MAX = 4096
W_SIZE = W_PAYS + PAYS_MAX
#: the most legal actions a position may have (acquire copy choices multiply)
LEGAL_MAX = 32768
