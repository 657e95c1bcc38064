"""The ``mcts`` bot compiled: SO-ISMCTS (``bots/mcts.py``) over the kernel's positions.

The same search as the readable bot, step for step, so that with the same seat generator it
picks the same move: each iteration determinizes the root for the bot's seat
(``play.determinize``), descends by UCB1 with availability counts while every (widened) legal
action has a child, expands one untried action (random, or the best by one-ply value), plays a
rollout (random, epsilon-greedy or none) to the end or to the horizon, and adds each seat's
reward (win share, or ``evaluate.value`` at the horizon) to the nodes where it chose. Every
random choice is the readable bot's call on ``random.Random`` restated (``pyrandom``), in the
same order, and every float is formed by the same operations.

The tree is arrays, not objects: an iteration adds at most one node, so ``iters + 1`` rows of
``NODE_COLS`` ints (seat, visits, availability, the action leading there, first child, next
sibling, and the node's widening order as a range of ``pool``) and a float column of rewards.
A node's children are found by marking their actions in an array indexed by action code (codes
stay below ``DECLINE + 1``), so a step costs the node's legal actions plus its children, not
their product. A widening order grows (actions legal only in later samples are appended), so
a range that would overflow moves to the end of the pool, which doubles when full. The steps
with one call site are inlined into the search (the node ordering, called from two, is
compiled once), which reaches the rules and the one-ply values through handles (``handles``
and ``jit`` say why: compile time).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from gardensim.games.gazebo.kernel import play as kplay  # play imports this module in turn
from gardensim.games.gazebo.kernel.evaluate import value
from gardensim.games.gazebo.kernel.layout import LOG, NPL, OVER, PHASE, PLAYER, TURN, WINMASK
from gardensim.games.gazebo.kernel.legality import DECLINE
from gardensim.kernels import pyrandom

ROLLOUT_RANDOM, ROLLOUT_GREEDY, ROLLOUT_NONE = 0, 1, 2
ROLLOUTS = ("random", "greedy", "none")
EXPAND_RANDOM, EXPAND_GREEDY = 0, 1
EXPANSIONS = ("random", "greedy")

#: columns of a seat's parameter row (``session.kernel_bot`` writes them; depth already
#: resolved from -1 to ``horizon_turns``)
P_ITERS, P_C, P_ROLLOUT, P_EPSILON, P_DEPTH, P_EXPAND, P_WIDEN = 0, 1, 2, 3, 4, 5, 6
N_PARAMS = 7

#: columns of a tree node
N_SEAT, N_VISITS, N_AVAIL, N_ACTION, N_CHILD, N_NEXT, N_OSTART, N_OLEN, N_OCAP = range(9)
NODE_COLS = 9
NO_ORDER = -1


@njit(cache=True)
def new_node(nodes, rewards, i: int, seat: int, action: int) -> None:
    nodes[i, N_SEAT] = seat
    nodes[i, N_VISITS] = 0
    nodes[i, N_AVAIL] = 1
    nodes[i, N_ACTION] = action
    nodes[i, N_CHILD] = -1
    nodes[i, N_NEXT] = -1
    nodes[i, N_OSTART] = 0
    nodes[i, N_OLEN] = NO_ORDER
    nodes[i, N_OCAP] = 0
    rewards[i] = 0.0


@njit(cache=True)
def mark_children(nodes, node: int, child_at, on: bool) -> None:
    """Write (or, with ``on`` false, clear) ``child_at[action] = child`` for ``node``'s
    children: a constant-time "has a child for this action" for the step that follows."""
    ch = nodes[node, N_CHILD]
    while ch >= 0:
        child_at[nodes[ch, N_ACTION]] = ch if on else -1
        ch = nodes[ch, N_NEXT]


@njit(cache=True)
def reserve(pool, top: int, extra: int):
    """The action pool ``pool`` with room for ``extra`` more entries after ``top`` (doubled
    when full); its dtype is named, as a dtype read from an array is one more compile of
    ``np.empty``."""
    if top + extra <= pool.shape[0]:
        return pool
    bigger = np.empty(max(2 * pool.shape[0], top + extra), dtype=np.int64)
    for i in range(top):
        bigger[i] = pool[i]
    return bigger


@njit(cache=True)
def node_order(nodes, node: int, pool, top, D, T, ev, evc, calls, legal, k: int, W, scratch,
               vals, flag):
    """``MCTSBot._order``: the node's actions, best one-ply value for the seat to move first
    (ties in legal order), ranked once on the sample that first needs it; actions of
    ``legal[:k]`` it lacks are appended in legal order. Returns the (maybe moved) pool; the
    order is ``pool[nodes[node, N_OSTART]:][:nodes[node, N_OLEN]]``."""
    if nodes[node, N_OLEN] == NO_ORDER:
        calls.values(D, T, ev, evc, D[PLAYER], legal, k, W, scratch, vals, calls.apply)
        rank = np.argsort(-vals[:k], kind="mergesort")
        pool = reserve(pool, top[0], k)
        start = top[0]
        for j in range(k):
            pool[start + j] = legal[rank[j]]
        nodes[node, N_OSTART] = start
        nodes[node, N_OLEN] = k
        nodes[node, N_OCAP] = k
        top[0] += k
        return pool
    start = nodes[node, N_OSTART]
    size = nodes[node, N_OLEN]
    for j in range(size):
        flag[pool[start + j]] = 1
    missing = 0
    for j in range(k):
        if not flag[legal[j]]:
            missing += 1
    if missing:
        if size + missing > nodes[node, N_OCAP]:
            cap = 2 * (size + missing)
            pool = reserve(pool, top[0], cap)
            for j in range(size):
                pool[top[0] + j] = pool[start + j]
            start = top[0]
            top[0] += cap
            nodes[node, N_OSTART] = start
            nodes[node, N_OCAP] = cap
        for j in range(k):
            a = legal[j]
            if not flag[a]:
                pool[start + size] = a
                size += 1
        nodes[node, N_OLEN] = size
    for j in range(nodes[node, N_OLEN]):
        flag[pool[start + j]] = 0
    return pool


@njit(cache=True)
def win_shares(D, out) -> None:
    """``GazeboState.returns``: ``1 / len(winners)`` to each winner, 0 to the others."""
    n = D[NPL]
    mask = D[WINMASK] if D[PHASE] == OVER else 0
    winners = 0
    for s in range(n):
        winners += (mask >> s) & 1
    for s in range(n):
        out[s] = 1 / winners if (mask >> s) & 1 else 0.0


@njit(cache=True)
def leaf_values(D, T, W, out) -> None:
    """``MCTSBot._leaf_values``: win shares at the end, else each seat's evaluation."""
    if D[PHASE] == OVER:
        win_shares(D, out)
        return
    for s in range(D[NPL]):
        out[s] = value(D, T, s, W)


@njit(cache=True, inline="always")
def greedy_step(D, T, ev, evc, calls, acts, W, epsilon: float, scratch, vals, slots_buf,
                R) -> int:
    """``bots.greedy.greedy_step`` on a sample: epsilon-random, else the best one-ply value
    for the seat to move, exact ties to the generator."""
    if epsilon > 0 and pyrandom.random(R) < epsilon:
        return calls.random(D, T, slots_buf, acts, R)
    k = calls.legal(D, T, acts)
    if k == 1:
        return acts[0]
    calls.values(D, T, ev, evc, D[PLAYER], acts, k, W, scratch, vals, calls.apply)
    return kplay.pick_best(acts, vals, k, R)


@njit(cache=True, inline="always")
def simulate(D, T, ev, evc, calls, acts, W, P, horizon: int, scratch, vals, slots_buf, R,
             out) -> None:
    """``MCTSBot._simulate``: play on from the sample with the rollout policy; win shares at
    the end, the seats' evaluations at the horizon (or at once without a rollout)."""
    rollout = int(P[P_ROLLOUT])
    if rollout == ROLLOUT_NONE:
        leaf_values(D, T, W, out)
        return
    epsilon = P[P_EPSILON]
    while D[PHASE] != OVER:
        if horizon >= 0 and D[TURN] >= horizon:
            leaf_values(D, T, W, out)
            return
        if rollout == ROLLOUT_GREEDY:
            a = greedy_step(D, T, ev, evc, calls, acts, W, epsilon, scratch, vals, slots_buf,
                            R)
        else:
            a = calls.random(D, T, slots_buf, acts, R)
        calls.apply(D, T, ev, evc, a)
    win_shares(D, out)


@njit(cache=True, inline="always")
def widened(nodes, node: int, pool, top, D, T, ev, evc, calls, acts, k: int, W, scratch, vals,
            flag, widen: float, cand):
    """The actions the node considers now, into ``cand``: all of ``acts[:k]`` in legal order,
    or with widening its ``1 + widen * sqrt(visits)`` best legal ones in the node's order.
    Returns (pool, how many)."""
    if widen <= 0 or k <= 1:
        for j in range(k):
            cand[j] = acts[j]
        return pool, k
    allowed = 1 + int(widen * math.sqrt(nodes[node, N_VISITS]))
    pool = node_order(nodes, node, pool, top, D, T, ev, evc, calls, acts, k, W, scratch, vals,
                      flag)
    for j in range(k):
        flag[acts[j]] = 1
    m = 0
    start = nodes[node, N_OSTART]
    for j in range(nodes[node, N_OLEN]):
        a = pool[start + j]
        if flag[a] and m < allowed:
            cand[m] = a
            m += 1
    for j in range(k):
        flag[acts[j]] = 0
    return pool, m


@njit(cache=True, inline="always")
def untried(nodes, node: int, pool, top, D, T, ev, evc, calls, cand, m: int, untried_n: int,
            W, scratch, vals, flag, child_at, expand: int, widen: float, R):
    """``MCTSBot._untried``: the one untried action of ``cand[:m]``, else a random one (random
    expansion without widening), else the first untried in the node's order. Returns (pool,
    action)."""
    if untried_n == 1:
        for j in range(m):
            if child_at[cand[j]] < 0:
                return pool, cand[j]
    if expand == EXPAND_RANDOM and widen <= 0:
        i = pyrandom.randbelow(R, untried_n)
        for j in range(m):
            if child_at[cand[j]] < 0:
                if i == 0:
                    return pool, cand[j]
                i -= 1
    pool = node_order(nodes, node, pool, top, D, T, ev, evc, calls, cand, m, W, scratch, vals,
                      flag)
    for j in range(m):
        if child_at[cand[j]] < 0:
            flag[cand[j]] = 1
    pick = -1
    start = nodes[node, N_OSTART]
    for j in range(nodes[node, N_OLEN]):
        if flag[pool[start + j]]:
            pick = pool[start + j]
            break
    for j in range(m):
        flag[cand[j]] = 0
    return pool, pick


@njit(cache=True)
def ucb_child(nodes, rewards, cand, m: int, child_at, c: float) -> int:
    """The child of the highest UCB1 score, availability counts in the exploration term, the
    first in ``cand`` order on a tie (strict ``>``, as the readable bot)."""
    best = -1
    best_score = -math.inf
    for j in range(m):
        ch = child_at[cand[j]]
        v = nodes[ch, N_VISITS]
        score = rewards[ch] / v + c * math.sqrt(math.log(nodes[ch, N_AVAIL]) / v)
        if score > best_score:
            best = ch
            best_score = score
    return best


@njit(cache=True, inline="always")
def select_and_expand(nodes, rewards, pool, top, path, D, T, ev, evc, calls, acts, cand, W, P,
                      horizon: int, scratch, vals, flag, child_at, R):
    """``MCTSBot._select_and_expand`` on the sample ``D``: down by UCB while every considered
    action has a child, then one new child; never past the horizon. The nodes walked go to
    ``path``; ``top`` holds the pool's end and the node count. Returns (pool, path length)."""
    c = P[P_C]
    widen = P[P_WIDEN]
    expand = int(P[P_EXPAND])
    node = 0
    plen = 0
    while D[PHASE] != OVER:
        if horizon >= 0 and D[TURN] >= horizon:
            break
        k = calls.legal(D, T, acts)
        seat = D[PLAYER]
        pool, m = widened(nodes, node, pool, top, D, T, ev, evc, calls, acts, k, W, scratch,
                          vals, flag, widen, cand)
        mark_children(nodes, node, child_at, True)
        known = 0
        for j in range(m):
            ch = child_at[cand[j]]
            if ch >= 0:
                nodes[ch, N_AVAIL] += 1
                known += 1
        if known < m:
            pool, pick = untried(nodes, node, pool, top, D, T, ev, evc, calls, cand, m,
                                 m - known, W, scratch, vals, flag, child_at, expand, widen,
                                 R)
            mark_children(nodes, node, child_at, False)
            new = top[1]
            top[1] += 1
            new_node(nodes, rewards, new, seat, pick)
            nodes[new, N_NEXT] = nodes[node, N_CHILD]
            nodes[node, N_CHILD] = new
            path[plen] = new
            calls.apply(D, T, ev, evc, pick)
            return pool, plen + 1
        best = ucb_child(nodes, rewards, cand, m, child_at, c)
        mark_children(nodes, node, child_at, False)
        node = best
        path[plen] = node
        plen += 1
        calls.apply(D, T, ev, evc, nodes[node, N_ACTION])
    return pool, plen


@njit(cache=True)
def choose(S, T, ev, evc, calls, root_acts, W, P, D, scratch, vals, slots_buf, R) -> int:
    """``MCTSBot.choose_action`` for the seat to move in ``S``, with parameters ``P`` (a row
    of ``P_*`` columns), evaluation weights ``W`` and the seat's generator ``R``: the root
    action with the most visits, ties to the first in legal order. The play loop calls it
    through a handle (``handles.search``) and it reaches the rules through ``calls``, so
    neither is compiled into the other."""
    k0 = calls.legal(S, T, root_acts)
    if k0 == 1:
        return root_acts[0]
    me = S[PLAYER]
    iters = int(P[P_ITERS])
    depth = int(P[P_DEPTH])
    horizon = S[TURN] + depth if depth else -1
    child_at = np.full(DECLINE + 1, -1, dtype=np.int64)
    flag = np.zeros(DECLINE + 1, dtype=np.uint8)
    nodes = np.empty((iters + 1, NODE_COLS), dtype=np.int64)
    rewards = np.empty(iters + 1, dtype=np.float64)
    pool = np.empty(4 * root_acts.shape[0], dtype=np.int64)
    top = np.zeros(2, dtype=np.int64)
    path = np.empty(iters + 1, dtype=np.int64)
    acts = np.empty_like(root_acts)
    cand = np.empty_like(root_acts)
    out = np.zeros(4, dtype=np.float64)
    new_node(nodes, rewards, 0, me, -1)
    top[1] = 1
    for _ in range(iters):
        calls.determinize(S, D, me, R)
        D[LOG] = 0
        pool, plen = select_and_expand(nodes, rewards, pool, top, path, D, T, ev, evc, calls,
                                       acts, cand, W, P, horizon, scratch, vals, flag,
                                       child_at, R)
        simulate(D, T, ev, evc, calls, acts, W, P, horizon, scratch, vals, slots_buf, R, out)
        nodes[0, N_VISITS] += 1
        for j in range(plen):
            node = path[j]
            nodes[node, N_VISITS] += 1
            rewards[node] += out[nodes[node, N_SEAT]]
    mark_children(nodes, 0, child_at, True)
    best = root_acts[0]
    most = -2
    for j in range(k0):
        ch = child_at[root_acts[j]]
        v = nodes[ch, N_VISITS] if ch >= 0 else -1
        if v > most:
            best = root_acts[j]
            most = v
    return best


def choose_action(kernel, S, bot, stream: int) -> int:
    """The kernel mcts bot's move on the position ``S`` of ``kernel`` (a ``KernelGame``),
    drawing from ``random.Random(stream)``: one decision, for tests and benchmarks that put
    it beside ``MCTSBot.choose_action`` on the same positions."""
    R = pyrandom.new_state()
    pyrandom.seed(R, stream)
    acts = np.empty(kernel.n_actions, dtype=np.int64)
    return int(choose(S, kernel.tables, kernel._ev, kernel._evc, kernel.calls, acts,
                      np.array(bot.weights, dtype=np.float64),
                      np.array(bot.mcts, dtype=np.float64), np.empty_like(S),
                      np.empty_like(S), np.empty(acts.shape[0], dtype=np.float64),
                      np.empty(kernel.tables[2].shape[0], dtype=np.int64), R))
