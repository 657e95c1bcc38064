"""Kernel bots and the compiled play loop: random, greedy and mcts (its search in ``mcts.py``).

The bots are the readable ones restated (``bots/random_bot.py``, ``bots/greedy.py``,
``bots/mcts.py``): random is uniform over the legal actions; mcts searches (``mcts.py``);
greedy determinizes the position for its seat
(``ObservationMixin.determinize``: the same public facts kept, the hidden dominoes reshuffled),
values every legal action with the compiled evaluation (summed over ``samples``
determinizations), and plays the best, exact ties to the generator; ``epsilon`` plays a
random action with that probability. Each seat draws from its own generator, ``random.Random``
restated (``pyrandom``), making the same calls in the same order as the readable bot: seeded
as the play loop seeds a seat (``seeding.bot_rng``), a kernel game is the readable engine's
game, move for move.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.gazebo.kernel.deal import deal_with
from gardensim.games.gazebo.kernel.engine import begin, copy_state
from gardensim.games.gazebo.kernel.facts import game_facts
from gardensim.games.gazebo.kernel.layout import (
    ECN,
    EV_COLS,
    EVN,
    GLEN,
    GPTR,
    LOG,
    NPL,
    O_GENERAL,
    O_HANDS,
    O_ONBOARD_T,
    O_PLENS,
    O_PPTR,
    O_PRIVATE,
    O_RESERVE,
    O_SET,
    OVER,
    PHASE,
    PLACE,
    PLAYER,
    PLEN,
    QIN,
    RLEN,
    RPTR,
    TURN,
)
from gardensim.games.gazebo.kernel.legality import (
    count_legal_placements,
    n_open_words,
    start_count,
)
from gardensim.kernels import pyrandom

RANDOM, GREEDY, MCTS = 0, 1, 2


@njit(cache=True)
def determinize(S, D, player: int, R) -> None:
    """Write into ``D`` a copy of ``S`` with every domino ``player`` cannot see redealt
    (``ObservationMixin.determinize``): opponents keep their public single/double split under
    Gazebo drawing (their hand size under Qin), piles get what is left."""
    copy_state(D, S)
    n = S[NPL]
    left = np.zeros(6, dtype=np.int64)
    for t in range(6):
        left[t] = S[S[O_SET] + t] - S[S[O_ONBOARD_T] + t] - S[S[O_HANDS] + 6 * player + t]
    pool = np.empty(81, dtype=np.int64)
    singles = np.empty(81, dtype=np.int64)
    ns = 0
    if S[QIN]:
        m = 0
        for t in range(6):
            for _ in range(left[t]):
                pool[m] = t
                m += 1
        pyrandom.shuffle(R, pool, m)
        for s in range(n):
            if s == player:
                continue
            h = S[O_HANDS] + 6 * s
            size = S[h] + S[h + 1] + S[h + 2] + S[h + 3] + S[h + 4] + S[h + 5]
            for t in range(6):
                D[h + t] = 0
            for _ in range(size):
                m -= 1
                D[h + pool[m]] += 1
    else:
        m = 0
        for t in range(6):
            for _ in range(left[t]):
                if t < 3:
                    singles[ns] = t
                    ns += 1
                else:
                    pool[m] = t
                    m += 1
        pyrandom.shuffle(R, singles, ns)
        pyrandom.shuffle(R, pool, m)
        for s in range(n):
            if s == player:
                continue
            h = S[O_HANDS] + 6 * s
            k_single = S[h] + S[h + 1] + S[h + 2]
            k_double = S[h + 3] + S[h + 4] + S[h + 5]
            for t in range(6):
                D[h + t] = 0
            for _ in range(k_single):
                ns -= 1
                D[h + singles[ns]] += 1
            for _ in range(k_double):
                m -= 1
                D[h + pool[m]] += 1
    for i in range(m):
        D[D[O_GENERAL] + i] = pool[i]
    D[GPTR] = 0
    D[GLEN] = m
    if S[QIN]:
        return
    for s in range(n):
        size = S[S[O_PLENS] + s] - S[S[O_PPTR] + s]
        base = D[O_PRIVATE] + s * S[PLEN]
        for i in range(size):
            ns -= 1
            D[base + i] = singles[ns]
        D[D[O_PLENS] + s] = size
        D[D[O_PPTR] + s] = 0
    for i in range(ns):
        D[D[O_RESERVE] + i] = singles[i]
    D[RPTR] = 0
    D[RLEN] = ns


@njit(cache=True)
def greedy_choice(S, T, ev, evc, calls, actions, W, epsilon: float, samples: int, D,
                  scratch, vals, totals, slots_buf, R) -> int:
    """``GreedyBot.choose_action`` on the compiled engine, drawing from ``R`` as it does,
    reaching the rules, the evaluation and determinizing through ``calls``
    (``handles.Calls``)."""
    if epsilon > 0 and pyrandom.random(R) < epsilon:
        return calls.random(S, T, slots_buf, actions, R)
    k = calls.legal(S, T, actions)
    if k == 1:
        return actions[0]
    player = S[PLAYER]
    totals[:k] = 0.0
    for _ in range(samples):
        calls.determinize(S, D, player, R)
        calls.values(D, T, ev, evc, player, actions, k, W, scratch, vals, calls.apply)
        for i in range(k):
            totals[i] += vals[i]
    return pick_best(actions, totals, k, R)


@njit(cache=True)
def pick_best(actions, values, k: int, R) -> int:
    """``bots.greedy.pick_best``: the best-valued of the first ``k`` actions, exact ties to
    the generator (``choice`` among them, in action order)."""
    top = values[0]
    for i in range(1, k):
        if values[i] > top:
            top = values[i]
    n_best = 0
    for i in range(k):
        if values[i] == top:
            n_best += 1
    pick = 0 if n_best == 1 else pyrandom.randbelow(R, n_best)
    for i in range(k):
        if values[i] == top:
            if pick == 0:
                return actions[i]
            pick -= 1
    return actions[0]


#: the most moves one game may make (the move log's room per game)
MAX_GAME_MOVES = 1 << 12
#: columns of a turn mark: turn, seat, event-log length, hand singles, hand doubles, legal
#: placements (when the turn starts with a placement, else 0), index of its first action
TURN_COLS = 7


@njit(cache=True)
def play_games(S, template, private_singles: int, log: bool, T, ev, evc, lineup_of, kinds,
               epsilon, samples, W, seeds, moves, ends, facts, mark_turns: bool, turns,
               turn_ends, events, event_ends, P, calls, greedy, search) -> int:
    """Play games ``g = 0, 1, ...`` of ``seeds`` (a row per game: the deal's seed, then one
    per seat), each dealt into ``S`` from ``template`` with ``random.Random(seeds[g, 0])``
    (``deal.deal_with``; the event log on with ``log``) and played to its end by line-up
    ``lineup_of[g]``: a bot per seat (``kinds``: RANDOM, GREEDY or MCTS; greedy's
    ``epsilon`` and ``samples``, mcts's parameter row ``P`` (``mcts.P_*``) and the weights
    ``W``, a row per line-up), seat ``s`` drawing from ``random.Random(seeds[g, 1 + s])``.
    Each action goes into ``moves[i, 0]`` with the event-log length before it in
    ``moves[i, 1]``, game ``g``'s ending at ``ends[g]``; ``facts[g]`` gets its game row's
    numbers (``facts.game_facts``). With ``mark_turns`` (and the event log on), each turn's
    mark (``TURN_COLS``, as ``TelemetryMixin.mark`` and the play loop's turn index and seat,
    its first move counted from the game's) goes into ``turns``, then a row holding the
    log's end, game ``g``'s ending at ``turn_ends[g]``; and its event log into ``events``,
    ending at ``event_ends[g]``.

    Many games in one call keep the kernel's data in cache between them and pay the call
    (numba typing its arguments and unboxing the handles) once. A game is begun only while
    the logs have room for any game, so the call may stop early; returns how many games it
    played. Each game's generators are seeded together (``pyrandom.seed_all``). The rules,
    greedy's choice and the search are handles (``handles``: ``calls``, ``greedy``,
    ``search``, each compiled once), a stub standing for what a line-up never calls, so that
    one compiled play loop serves every line-up and a random study compiles neither greedy's
    evaluation nor the search."""
    gens = np.empty((seeds.shape[1], pyrandom.SIZE), dtype=np.uint32)
    actions = np.empty(T[2].shape[0] * 9 + 4, dtype=np.int64)
    vals = np.empty(actions.shape[0], dtype=np.float64)
    totals = np.empty(actions.shape[0], dtype=np.float64)
    D = np.empty_like(S)
    scratch = np.empty_like(S)
    slots_buf = np.empty(T[2].shape[0], dtype=np.int64)
    seen = np.empty(T[0].shape[0], dtype=np.int32)
    dirty = np.empty(n_open_words(T), dtype=np.int64)
    n = 0
    nt = 0
    ne = 0
    since = 0
    marking = log and mark_turns
    for g in range(seeds.shape[0]):
        if moves.shape[0] - n < MAX_GAME_MOVES or marking and (
                turns.shape[0] - nt < MAX_GAME_MOVES or events.shape[0] - ne < ev.shape[0]):
            return g
        pyrandom.seed_all(gens, seeds[g])
        deal_with(S, template, private_singles, gens[0])
        S[LOG] = log
        begin(S, T, ev)
        if marking:
            start_count(S, seen, dirty)
            since = S[EVN]
        line = lineup_of[g]
        turn = -1
        first = n
        while S[PHASE] != OVER:
            p = S[PLAYER]
            if marking and S[TURN] != turn:
                turn = S[TURN]
                h = S[O_HANDS] + 6 * p
                turns[nt, 0] = turn
                turns[nt, 1] = p
                turns[nt, 2] = S[EVN]
                turns[nt, 3] = S[h] + S[h + 1] + S[h + 2]
                turns[nt, 4] = S[h + 3] + S[h + 4] + S[h + 5]
                turns[nt, 5] = 0
                if S[PHASE] == PLACE:
                    turns[nt, 5] = count_legal_placements(S, T, ev, evc, since, seen, dirty)
                    since = S[EVN]
                turns[nt, 6] = n - first
                nt += 1
            kind = kinds[line, p]
            if kind == RANDOM:
                a = calls.random(S, T, slots_buf, actions, gens[1 + p])
            elif kind == MCTS:
                a = search(S, T, ev, evc, calls, actions, W[line, p], P[line, p], D, scratch,
                           vals, slots_buf, gens[1 + p])
                if a < 0:
                    raise ValueError("an mcts seat in a line-up compiled without the search")
            else:
                a = greedy(S, T, ev, evc, calls, actions, W[line, p], epsilon[line, p],
                           samples[line, p], D, scratch, vals, totals, slots_buf, gens[1 + p])
                if a < 0:
                    raise ValueError("a greedy seat in a line-up compiled without greedy")
            if n - first >= MAX_GAME_MOVES:
                raise IndexError("kernel move log full")
            moves[n, 0] = a
            moves[n, 1] = S[EVN]
            n += 1
            calls.apply(S, T, ev, evc, a)
            # through a handle the rules' own error would only be printed
            if S[EVN] == ev.shape[0] or S[ECN] == evc.shape[0]:
                raise IndexError("kernel event log full")
        if marking:
            turns[nt, 2] = S[EVN]
            turns[nt, 6] = n - first
            nt += 1
            turn_ends[g] = nt
            # a loop, not a slice copy, which would compile numba's shape-error messages
            for i in range(S[EVN]):
                for j in range(EV_COLS):
                    events[ne + i, j] = ev[i, j]
            ne += S[EVN]
            event_ends[g] = ne
        ends[g] = n
        game_facts(S, facts[g])
    return seeds.shape[0]
