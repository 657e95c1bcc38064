"""Where each part of a Summer Pavilion position lives in the kernel's flat ``int64`` array.

A position is one array (scalars first, then the counts per colour of bag, tower, centre,
factories, pools and corners, the supply's colours, the boards' 42 spaces per seat, scores,
ledgers and the final breakdown), so a copy is one ``ndarray.copy`` and greedy's look-ahead
applies each action to a copy. Sizes are the largest the rules allow (``data/rules.toml``:
nine factories, four seats); a game uses the first rows it needs. The generator (SplitMix64,
``gardensim.kernels.splitmix``) is kept in the array as the bits of its ``uint64``.
"""

from __future__ import annotations

from gardensim.core.protocol import MAX_SEATS
from gardensim.games.pavilion.boards import SPACES, load_rules
from gardensim.games.pavilion.scoring import DISCARDED

_RULES = load_rules()
COLOURS = len(_RULES.colours)
SEATS = MAX_SEATS
FACTORIES = max(_RULES.factories.values())
SUPPLY = _RULES.supply_spaces
LEDGER = DISCARDED + 1
#: the final breakdown of a seat: stars per colour, multicolour, stars, numbers,
#: structure sets, their points, total (``scoring.final_breakdown``'s keys, in order)
F_STARS = 0
F_MULTI, F_STARS_TOTAL, F_NUMBERS, F_SET_COUNT, F_SETS, F_TOTAL = (
    COLOURS + i for i in range(6))
FINAL = F_TOTAL + 1

(RNG, ROUND, WILD, PHASE, PLAYER, START, TOKEN, OWED, PAYING, KEEP_LEFT, TURN, FIRST,
 TAKEN, WILDS_TAKEN, WILDS_PAID) = range(15)
BAG = 16
TOWER = BAG + COLOURS
CENTRE = TOWER + COLOURS
FACTORY = CENTRE + COLOURS  # source 0 is the centre, so factory f (1..) is at CENTRE + 6 f
POOL = FACTORY + FACTORIES * COLOURS
CORNER = POOL + SEATS * COLOURS
SUPPLY_AT = CORNER + SEATS * COLOURS
BOARD = SUPPLY_AT + SUPPLY
SCORE = BOARD + SEATS * SPACES
LEDGER_AT = SCORE + SEATS
PASSED = LEDGER_AT + SEATS * LEDGER
FINAL_AT = PASSED + SEATS
SIZE = FINAL_AT + SEATS * FINAL
