"""The kernel's play loop (``sim.play.play_game``'s): a batch of games, each seat's bot
drawing from its own generator seeded as ``seeding.bot_rng`` seeds it, every action logged,
and each turn marked as ``queens.telemetry.mark`` and ``turn_row`` read it, so the Python
side (``session``) writes the readable engine's game row and turn columns.

A turn's record (:data:`TURN_FIELDS`) holds its seat, turn number and round, where its
actions start and end in the game's log, the legal actions at its start (with telemetry),
and the seat's losses, jokers gained, jokers, stored tiles and expansions before and after
it, and its score after it. A game's facts (:data:`FACT_FIELDS`) are what the game row reads
of the final state.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.queens.kernel.bots import GREEDY, greedy_choice, random_choice
from gardensim.games.queens.kernel.engine import apply, legal_actions, setup
from gardensim.games.queens.kernel.garden import held_tiles
from gardensim.games.queens.kernel.layout import (
    EXPN,
    FINAL,
    FIRST,
    JOKERS,
    LEDGER_AT,
    LEGAL_MAX,
    NLEDGER,
    NPL,
    PHASE,
    PLAYER,
    ROUND,
    SCORES,
    SEATS,
    STATE_SIZE,
    TURN,
    W_SIZE,
)
from gardensim.games.queens.scoring import BUYS, DISCARDS, FIRST_PASS, JOKERS_GAINED
from gardensim.games.queens.state import OVER
from gardensim.kernels import pyrandom

TURN_FIELDS = ("seat", "turn", "round", "start", "end", "legal", "lost_before",
               "gained_before", "jokers_before", "tiles_before", "exps_before", "lost_after",
               "gained_after", "jokers_after", "tiles_after", "exps_after", "score")
(T_SEAT, T_TURN, T_ROUND, T_START, T_END, T_LEGAL, T_LOST0, T_GAINED0, T_JOKERS0, T_TILES0,
 T_EXPS0, T_LOST1, T_GAINED1, T_JOKERS1, T_TILES1, T_EXPS1, T_SCORE) = range(len(TURN_FIELDS))
NT = len(TURN_FIELDS)
FACT_FIELDS = ("turn", "last_turn", "round", "first_player", "final", "actions", "turns")
(F_TURN, F_LAST, F_ROUND, F_FIRST, F_FINAL, F_ACTIONS, F_TURNS) = range(len(FACT_FIELDS))
F_SCORES = len(FACT_FIELDS)
F_LEDGER = F_SCORES + SEATS
NF = F_LEDGER + SEATS * NLEDGER
GAME_ACTIONS = 1 << 15
GAME_TURNS = 1 << 12


@njit(cache=True)
def _seat_numbers(S, rec, at) -> None:
    p = rec[T_SEAT]
    ledger = LEDGER_AT + p * NLEDGER
    rec[at] = S[ledger + BUYS] + S[ledger + FIRST_PASS] + S[ledger + DISCARDS]
    rec[at + 1] = S[ledger + JOKERS_GAINED]
    rec[at + 2] = S[JOKERS + p]
    rec[at + 3] = held_tiles(S, p)
    rec[at + 4] = S[EXPN + p]


@njit(cache=True)
def _grown(a, need):
    if need <= a.shape[0]:
        return a
    b = np.empty((max(need, 2 * a.shape[0]),) + a.shape[1:], dtype=a.dtype)
    b[:a.shape[0]] = a
    return b


@njit(cache=True)
def play_many(G, wt, seed_states, bot_seeds, kinds, epsilons, samples, marks):
    """Play game ``g`` of the batch from bag generator state ``seed_states[g]`` with seat
    ``s``'s bot of kind ``kinds[g, s]`` (``bots.RANDOM``, ``bots.GREEDY``) seeded with
    ``bot_seeds[g, s]``. Returns (every game's actions end to end, their turn records end
    to end, each game's facts)."""
    games = seed_states.shape[0]
    n = bot_seeds.shape[1]
    S = np.zeros(STATE_SIZE, dtype=np.int64)
    R = np.zeros(1, dtype=np.uint64)
    T = np.zeros(STATE_SIZE, dtype=np.int64)
    TR = np.zeros(1, dtype=np.uint64)
    U = np.zeros(STATE_SIZE, dtype=np.int64)
    UR = np.zeros(1, dtype=np.uint64)
    W = np.zeros(W_SIZE, dtype=np.int64)
    acts = np.zeros(LEGAL_MAX, dtype=np.int64)
    totals = np.zeros(LEGAL_MAX, dtype=np.float64)
    M = np.zeros((n, pyrandom.SIZE), dtype=np.uint32)
    log = np.zeros(GAME_ACTIONS, dtype=np.int64)
    recs = np.zeros((GAME_TURNS, NT), dtype=np.int64)
    all_actions = np.zeros(256 * games, dtype=np.int64)
    all_turns = np.zeros((128 * games, NT), dtype=np.int64)
    facts = np.zeros((games, NF), dtype=np.int64)
    na_all = 0
    nt_all = 0
    for g in range(games):
        pyrandom.seed_all(M, bot_seeds[g])
        setup(S, R, G, seed_states[g], W)
        na = 0
        nt = 0
        last = -1
        while S[PHASE] != OVER:
            seat = S[PLAYER]
            turn = S[TURN]
            if nt >= GAME_TURNS:
                raise ValueError("queens kernel: a game longer than its turn log")
            rec = recs[nt]
            rec[T_SEAT] = seat
            rec[T_TURN] = turn
            rec[T_ROUND] = S[ROUND]
            rec[T_START] = na
            if marks:
                rec[T_LEGAL] = legal_actions(S, G, acts, W)
                _seat_numbers(S, rec, T_LOST0)
            kind = kinds[g, seat]
            while True:
                if kind == GREEDY:
                    a = greedy_choice(S, R, G, M[seat], epsilons[g, seat], samples[g, seat], wt,
                                      acts, totals, T, TR, U, UR, W)
                else:
                    a = random_choice(S, G, M[seat], acts, W)
                if na >= GAME_ACTIONS:
                    raise ValueError("queens kernel: a game longer than its action log")
                log[na] = a
                na += 1
                apply(S, R, G, a, W)
                if S[PHASE] == OVER or S[TURN] != turn:
                    break
            last = turn
            rec[T_END] = na
            if marks:
                _seat_numbers(S, rec, T_LOST1)
                rec[T_SCORE] = S[SCORES + seat]
            nt += 1
        all_actions = _grown(all_actions, na_all + na)
        all_actions[na_all:na_all + na] = log[:na]
        na_all += na
        all_turns = _grown(all_turns, nt_all + nt)
        all_turns[nt_all:nt_all + nt] = recs[:nt]
        nt_all += nt
        f = facts[g]
        f[F_TURN] = S[TURN]
        f[F_LAST] = last
        f[F_ROUND] = S[ROUND]
        f[F_FIRST] = S[FIRST]
        f[F_FINAL] = S[FINAL]
        f[F_ACTIONS] = na
        f[F_TURNS] = nt
        for p in range(n):
            f[F_SCORES + p] = S[SCORES + p]
            for i in range(NLEDGER):
                f[F_LEDGER + p * NLEDGER + i] = S[LEDGER_AT + p * NLEDGER + i]
    return all_actions[:na_all], all_turns[:nt_all], facts


@njit(cache=True)
def random_playthrough(G, seed_state, bot_seed):
    """A random game with one generator for every seat, as the golden playthroughs play
    (``tests/queens/test_golden.py``): each decision's seat, legal count and action."""
    S = np.zeros(STATE_SIZE, dtype=np.int64)
    R = np.zeros(1, dtype=np.uint64)
    W = np.zeros(W_SIZE, dtype=np.int64)
    acts = np.zeros(LEGAL_MAX, dtype=np.int64)
    M = np.zeros(pyrandom.SIZE, dtype=np.uint32)
    pyrandom.seed(M, bot_seed)
    setup(S, R, G, seed_state, W)
    log = np.zeros((GAME_ACTIONS, 3), dtype=np.int64)
    k = 0
    while S[PHASE] != OVER:
        n = legal_actions(S, G, acts, W)
        a = acts[pyrandom.randbelow(M, n)]
        log[k, 0] = S[PLAYER]
        log[k, 1] = n
        log[k, 2] = a
        k += 1
        apply(S, R, G, a, W)
    scores = np.zeros(S[NPL], dtype=np.int64)
    for p in range(S[NPL]):
        scores[p] = S[SCORES + p]
    return log[:k], scores
