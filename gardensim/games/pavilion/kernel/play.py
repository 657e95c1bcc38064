"""The random and greedy bots and the play loop, compiled: one call plays one game.

Each seat's bot draws from ``random.Random(seeding.bot_seed(...))`` restated
(``gardensim.kernels.pyrandom``), with the readable bots' calls in their order:

- ``random``: ``rng.choice(legal_actions)``, one ``_randbelow``;
- ``greedy``: ``rng.random()`` first when ``epsilon > 0`` (then ``choice`` if below it);
  nothing more when one action is legal; else per sample one ``getrandbits(64)``, the
  determinization's fresh generator (``PavilionState.determinize``), then exact ties go to
  ``choice``. The sample's generator only draws the bag's next tiles, which no term of the
  evaluation reads, so every sample scores alike: the kernel scores once and adds the scores
  ``samples`` times, the float sum the readable bot makes.

A turn's telemetry (``TURN_FIELDS``) is recorded at its start and its end, the readable
``telemetry.mark`` and ``turn_row``'s facts; ``fast.py`` writes the columns.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.pavilion.kernel import tables as tb
from gardensim.games.pavilion.kernel.evaluate import value
from gardensim.games.pavilion.kernel.layout import (
    COLOURS,
    LEDGER,
    LEDGER_AT,
    PHASE,
    PLAYER,
    POOL,
    ROUND,
    SCORE,
    TAKEN,
    TOKEN,
    TURN,
    WILD,
    WILDS_PAID,
    WILDS_TAKEN,
)
from gardensim.games.pavilion.kernel.rules import (
    MAX_ACTIONS,
    apply_action,
    legal_actions,
    new_state,
)
from gardensim.games.pavilion.notation import PASS, PLACE_BASE
from gardensim.games.pavilion.phases import DRAFT, OVER
from gardensim.games.pavilion.scoring import (
    BONUS_TILES,
    DISCARD_LOSS,
    DISCARDED,
    PLACED,
    TOKEN_LOSS,
)
from gardensim.kernels import pyrandom

RANDOM, GREEDY = 0, 1
#: what the kernel records of a turn
(T_TURN, T_SEAT, T_KIND, T_ROUND, T_WILD, T_LEGAL, T_SOURCE, T_COLOUR, T_TAKEN, T_WILDS_TAKEN,
 T_TOOK_TOKEN, T_SPACE, T_COST, T_WILDS_PAID, T_POINTS, T_BONUS, T_KEPT, T_DISCARDED,
 T_PENALTY, T_SCORE, T_FIRST, T_END) = range(22)
TURN_FIELDS = T_END + 1
#: kinds of turn (the ``phase`` column)
K_DRAFT, K_PLACE, K_PASS = range(3)
#: room for a game's actions and turns, far above the most the rules allow: every draft takes
#: at least a tile of the 36 a round deals, every placement covers one of 4 x 42 spaces, and
#: bonuses, payments, passes and keeps are bounded by them (about 1,000 actions in all)
MAX_GAME_ACTIONS = 8192
MAX_TURNS = 4096


@njit(cache=True)
def choose(S, T, W, R, kind: int, epsilon: float, samples: int, A, C) -> int:
    """The seat's bot's action (module docstring); ``A`` and ``C`` are scratch buffers."""
    if kind == GREEDY and epsilon > 0 and pyrandom.random(R) < epsilon:
        n = legal_actions(S, T, A)
        return A[pyrandom.randbelow(R, n)]
    n = legal_actions(S, T, A)
    if kind == RANDOM:
        return A[pyrandom.randbelow(R, n)]
    if n == 1:
        return A[0]
    for _ in range(samples):
        pyrandom.next_u32(R)
        pyrandom.next_u32(R)
    seat = S[PLAYER]
    scores = np.empty(n, dtype=np.float64)
    for i in range(n):
        C[:] = S
        apply_action(C, T, A[i])
        v = value(C, T, W, seat)
        total = v
        for _ in range(samples - 1):
            total = total + v
        scores[i] = total
    top = scores.max()
    best = 0
    for i in range(n):
        if scores[i] == top:
            A[best] = A[i]
            best += 1
    return A[0] if best == 1 else A[pyrandom.randbelow(R, best)]


@njit(cache=True)
def play_game(T, W, rng: int, bot_seeds, kinds, epsilons, samples, marks: bool):
    """One game: (final position, its actions, its turns' records, the turn the last seat to
    act began in)."""
    n = T[tb.PLAYERS]
    S = new_state(T, rng)
    C = S.copy()
    A = np.empty(MAX_ACTIONS, dtype=np.int64)
    Rs = np.zeros((n, pyrandom.SIZE), dtype=np.uint32)
    pyrandom.seed_all(Rs, bot_seeds)
    actions = np.empty(MAX_GAME_ACTIONS, dtype=np.int64)
    turns = np.zeros((MAX_TURNS if marks else 1, TURN_FIELDS), dtype=np.int64)
    done = 0
    played = 0
    last_turn = -1
    while S[PHASE] != OVER:
        seat = S[PLAYER]
        turn = S[TURN]
        ledger = LEDGER_AT + seat * LEDGER
        if marks:
            rec = turns[done]
            rec[T_TURN] = turn
            rec[T_SEAT] = seat
            rec[T_KIND] = K_DRAFT if S[PHASE] == DRAFT else K_PLACE
            rec[T_ROUND] = S[ROUND]
            rec[T_WILD] = S[WILD]
            rec[T_LEGAL] = legal_actions(S, T, A)
            rec[T_TOOK_TOKEN] = S[TOKEN]
            held = 0
            for c in range(COLOURS):
                held += S[POOL + seat * COLOURS + c]
            rec[T_KEPT] = held
            rec[T_POINTS] = S[ledger + PLACED]
            rec[T_BONUS] = S[ledger + BONUS_TILES]
            rec[T_DISCARDED] = S[ledger + DISCARDED]
            rec[T_PENALTY] = S[ledger + TOKEN_LOSS] + S[ledger + DISCARD_LOSS]
            rec[T_FIRST] = played
        k = kinds[seat]
        while True:
            a = choose(S, T, W, Rs[seat], k, epsilons[seat], samples[seat], A, C)
            actions[played] = a
            played += 1
            apply_action(S, T, a)
            if S[PHASE] == OVER or S[TURN] != turn:
                break
        last_turn = turn
        if marks:
            rec = turns[done]
            first = actions[rec[T_FIRST]]
            rec[T_END] = played
            rec[T_SCORE] = S[SCORE + seat]
            rec[T_PENALTY] = S[ledger + TOKEN_LOSS] + S[ledger + DISCARD_LOSS] - rec[T_PENALTY]
            rec[T_POINTS] = S[ledger + PLACED] - rec[T_POINTS]
            rec[T_BONUS] = S[ledger + BONUS_TILES] - rec[T_BONUS]
            rec[T_DISCARDED] = S[ledger + DISCARDED] - rec[T_DISCARDED]
            if rec[T_KIND] == K_DRAFT:
                source = first // COLOURS
                rec[T_SOURCE] = source
                rec[T_COLOUR] = first % COLOURS
                rec[T_TAKEN] = S[TAKEN]
                rec[T_WILDS_TAKEN] = S[WILDS_TAKEN]
                rec[T_TOOK_TOKEN] = (rec[T_TOOK_TOKEN] < 0 and S[TOKEN] == seat
                                     and source == 0)
            elif first == PASS:
                rec[T_KIND] = K_PASS
                rec[T_KEPT] -= rec[T_DISCARDED]
                rec[T_TOOK_TOKEN] = 0
            else:
                rec[T_SPACE] = (first - PLACE_BASE) // COLOURS
                rec[T_COLOUR] = (first - PLACE_BASE) % COLOURS
                rec[T_COST] = T[tb.COST + rec[T_SPACE]]
                rec[T_WILDS_PAID] = S[WILDS_PAID]
                rec[T_TOOK_TOKEN] = 0
            done += 1
    return S, actions[:played].copy(), turns[:done].copy(), last_turn


@njit(cache=True)
def random_playthrough(T, rng: int, seed: int):
    """A game of uniform choices from one ``random.Random(seed)`` shared by every seat, as the
    golden playthroughs play (``tests/pavilion/test_golden.py``): (final position, then per
    action the seat to move, the legal count and the action)."""
    S = new_state(T, rng)
    A = np.empty(MAX_ACTIONS, dtype=np.int64)
    R = np.zeros(pyrandom.SIZE, dtype=np.uint32)
    pyrandom.seed(R, seed)
    steps = np.empty((MAX_GAME_ACTIONS, 3), dtype=np.int64)
    played = 0
    while S[PHASE] != OVER:
        n = legal_actions(S, T, A)
        a = A[pyrandom.randbelow(R, n)]
        steps[played, 0] = S[PLAYER]
        steps[played, 1] = n
        steps[played, 2] = a
        played += 1
        apply_action(S, T, a)
    return S, steps[:played].copy()
