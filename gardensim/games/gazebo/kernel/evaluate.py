"""The greedy evaluation compiled: the same terms, weights and float operations as
``games/gazebo/rules/evaluation.py``, so a position gets the very same value in both engines (the
tests compare them exactly, action by action).

Where the readable engine keeps per-seat aggregates and nook halos incrementally, this scans
the nooks, patios and free cells; the sums are the same integers, and the floats are formed in
the same order. ``action_values`` (greedy's one-ply values) shares one evaluation among the
plain placements of a look-ahead key (``lookahead.py``; the readable engine applies each);
``applied_values`` is the plain definition the tests hold it to.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from gardensim.games.gazebo.kernel.engine import copy_state
from gardensim.games.gazebo.kernel.layout import (
    C_OPEN,
    EXTRA,
    LOG,
    NEXT_NOOK,
    NPATIO,
    NPL,
    O_COLOR,
    O_GAZ,
    O_HANDS,
    O_NCOL,
    O_NOOK_OF,
    O_OWNER,
    O_PHOLD,
    O_PLENS,
    O_PPTR,
    O_PTHR,
    O_SIZE,
    O_START,
    O_SUPPLY,
    OVER,
    PARTNER,
    PHASE,
    PLACE,
    QIN,
    WINMASK,
)
from gardensim.games.gazebo.kernel.legality import BIG_NOOK, DRAW_GENERAL
from gardensim.games.gazebo.kernel.lookahead import (
    FALLBACK,
    exposed_after,
    new_workspace,
    plain_key,
    prepare,
)


@njit(cache=True)
def exposed_count(S, T, player: int, partner: int) -> int:
    """``EvaluationMixin._exposed``: the player's nooks under five squares that a larger
    rival nook (3+ squares) of their colour touches through one free cell. Walks out from the
    squares of the player's small nooks (few) rather than over every free cell."""
    nbr = T[0]
    cinfo = T[1]
    n_nooks = S[NEXT_NOOK]
    o_owner = S[O_OWNER]
    o_size = S[O_SIZE]
    o_col = S[O_NCOL]
    onk = S[O_NOOK_OF]
    oc = S[O_COLOR]
    hit = np.zeros(max(n_nooks, 1), dtype=np.bool_)
    total = 0
    for c in range(nbr.shape[0]):
        k = S[onk + c]
        if k < 0 or hit[k] or S[o_owner + k] != player:
            continue
        size = S[o_size + k]
        if size >= BIG_NOOK:
            continue
        col = S[o_col + k]
        for i in range(4):
            f = nbr[c, i]
            if f < 0 or cinfo[f, C_OPEN] != 1 or S[oc + f] >= 0:
                continue
            for j in range(4):
                m = nbr[f, j]
                if m < 0:
                    continue
                r = S[onk + m]
                if r < 0:
                    continue
                o = S[o_owner + r]
                if (o != player and o != partner and S[o_size + r] >= 3
                        and S[o_col + r] == col and S[o_size + r] > size):
                    hit[k] = True
                    break
            if hit[k]:
                total += 1
                break
    return total


@njit(cache=True)
def partial_parts(S, player: int, W):
    """(weighted sum of every term but ``exposed`` and ``threatened``, threatened, the
    player's small nooks), ``EvaluationMixin.score_parts`` term for term: what the plain
    placements of one look-ahead key share (``lookahead.py``)."""
    n = S[NPL]
    partnership = S[PARTNER]
    counts = np.zeros((6, 4), dtype=np.int64)  # one allocation for the per-seat figures
    held = counts[0]
    big = counts[1]
    small = counts[2]
    threatened = 0
    for i in range(S[NPATIO]):
        h = S[S[O_PHOLD] + i]
        if h >= 0:
            held[h] += 1
        if S[S[O_PTHR] + i] == player:
            threatened += 1
    for k in range(S[NEXT_NOOK]):
        o = S[S[O_OWNER] + k]
        if o < 0:
            continue
        if S[S[O_GAZ] + k] == 2:
            big[o] += 1
        else:
            small[o] += 1
    mine = small[player]
    singles = counts[3]
    if S[QIN]:
        h = S[O_HANDS] + 6 * player
        singles[player] = S[h] + S[h + 1] + S[h + 2]
    else:
        for s in range(n):
            h = S[O_HANDS] + 6 * s
            singles[s] = (S[h] + S[h + 1] + S[h + 2] + S[S[O_PLENS] + s]
                          - S[S[O_PPTR] + s])
    placed = np.zeros(4, dtype=np.float64)
    for s in range(n):
        start = S[S[O_START] + s]
        placed[s] = (start - S[S[O_SUPPLY] + s]) / start
    if partnership:
        left = counts[4]
        total = counts[5]
        for s in range(4):
            total[s] = S[S[O_START] + s]
            left[s] = total[s] - S[S[O_SUPPLY] + s]
        for arr in (held, big, small, singles, left, total):
            arr[0] = arr[3] = arr[0] + arr[3]
            arr[1] = arr[2] = arr[1] + arr[2]
        for s in range(4):
            placed[s] = left[s] / total[s]
        first = 1 if (player == 0 or player == 3) else 0
        n_rivals = 1
    else:
        first = 1 if player == 0 else 0
        n_rivals = n - 1
    r_placed = placed[first]
    r_held = held[first]
    r_big = big[first]
    r_small = small[first]
    r_singles = singles[first]
    if not partnership:
        for r in range(first + 1, n):
            if r == player:
                continue
            r_placed = max(r_placed, placed[r])
            r_held = max(r_held, held[r])
            r_big = max(r_big, big[r])
            r_small = max(r_small, small[r])
            r_singles += singles[r]
    partial = (
        W[0] * (placed[player] - r_placed)
        + W[1] * (held[player] - r_held)
        + W[2] * (big[player] - r_big)
        + W[3] * (small[player] - r_small)
        + W[6] * (singles[player] - r_singles / n_rivals)
    )
    return partial, threatened, mine



@njit(cache=True)
def score_parts(S, T, player: int, W):
    """(weighted sum of every term but ``exposed`` and ``threatened``, exposed, threatened),
    ``EvaluationMixin.score_parts`` term for term."""
    partial, threatened, mine = partial_parts(S, player, W)
    exposed = 0
    if mine:
        exposed = exposed_count(S, T, player, 3 - player if S[PARTNER] else player)
    return partial, exposed, threatened


@njit(cache=True)
def value(S, T, player: int, W) -> float:
    """``GameState.value``: a finished game is 1 for a seat among the winners, else 0; a live
    one the logistic of the weighted terms (``evaluation.logistic``)."""
    if S[PHASE] == OVER:
        return 1.0 if (S[WINMASK] >> player) & 1 else 0.0
    partial, exposed, threatened = score_parts(S, T, player, W)
    return 1.0 / (1.0 + math.exp(-(partial + W[4] * exposed + W[5] * threatened)))


@njit(cache=True, inline="always")
def applied_values(S, T, ev, evc, player: int, actions, k: int, W, scratch, out,
                   apply) -> None:
    """``value`` for ``player`` after each of ``actions[:k]`` into ``out``, each applied (by
    ``apply``, a handle on ``engine.apply_action``) on a copy: the plain definition
    ``action_values`` must equal to the last bit."""
    for i in range(k):
        copy_state(scratch, S)
        scratch[LOG] = 0
        apply(scratch, T, ev, evc, actions[i])
        out[i] = value(scratch, T, player, W)


@njit(cache=True)
def action_values(S, T, ev, evc, player: int, actions, k: int, W, scratch, out,
                  apply) -> None:
    """``value`` for ``player`` after each of ``actions[:k]`` into ``out``: one placement of
    each look-ahead key is applied (on ``scratch``, by ``apply``, a handle on
    ``engine.apply_action``: ``handles`` says why) and its evaluation but ``exposed`` shared
    by the others, which count their own ``exposed`` (``lookahead.py``); the floats are formed
    as ``value`` forms them. Draws, declines and placements that are not plain are applied."""
    if k < 2 or (S[PHASE] != PLACE and S[PHASE] != EXTRA):
        applied_values(S, T, ev, evc, player, actions, k, W, scratch, out, apply)
        return
    ws = new_workspace(S, T)
    prepare(S, T, player, ws)
    keys = np.empty(k, dtype=np.int64)
    partials = np.empty(k, dtype=np.float64)
    threats = np.empty(k, dtype=np.int64)
    n_keys = 0
    for i in range(k):
        action = actions[i]
        key = FALLBACK
        ng = 0
        if action < DRAW_GENERAL:
            key, ng = plain_key(S, ws, action)
        if key == FALLBACK:
            copy_state(scratch, S)
            scratch[LOG] = 0
            apply(scratch, T, ev, evc, action)
            out[i] = value(scratch, T, player, W)
            continue
        j = 0
        while j < n_keys and keys[j] != key:
            j += 1
        if j == n_keys:
            n_keys += 1
            keys[j] = key
            copy_state(scratch, S)
            scratch[LOG] = 0
            apply(scratch, T, ev, evc, action)
            if scratch[PHASE] == OVER:
                partials[j] = value(scratch, T, player, W)
                threats[j] = -1
            else:
                partials[j], threats[j], _ = partial_parts(scratch, player, W)
        if threats[j] < 0:
            out[i] = partials[j]
            continue
        exposed = exposed_after(S, ws, action, ng)
        out[i] = 1.0 / (1.0 + math.exp(-(partials[j] + W[4] * exposed + W[5] * threats[j])))
