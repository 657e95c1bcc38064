"""Paying for a placed hexagon in the kernel (spec 5): whether a set exists, every set in
``queens.payment.payments``' order and code, and spending one.

A set is coded as the readable engine codes it (``line << 12 | chosen << 6 | expansions``),
so a payment action is the same number in both engines.
"""

from __future__ import annotations

from numba import njit

from gardensim.games.queens.kernel.layout import (
    EMAX,
    EXPN,
    EXPS,
    JOKERS,
    SUPN,
    SUPPLY,
    TILES,
    TOWER,
    W_SOURCES,
)


@njit(cache=True, inline="always")
def line_kind(h, line, k) -> int:
    return (h // 6) * 6 + k if line == 0 else k * 6 + h % 6


@njit(cache=True)
def holds_expansion(S, p, e) -> bool:
    for i in range(S[EXPN + p]):
        if S[EXPS + p * EMAX + i] == e:
            return True
    return False


@njit(cache=True)
def _holds(S, p, kind) -> bool:
    return S[TILES + p * 36 + kind] > 0 or holds_expansion(S, p, kind)


@njit(cache=True)
def can_pay(S, p, h, value) -> bool:
    """``payment.can_pay`` for seat ``p``: the placed item itself is never one of the kinds
    counted, so whether it is still held does not matter."""
    need = value - 1 - S[JOKERS + p]
    if need <= 0:
        return True
    colour = h // 6
    pattern = h % 6
    on = 0
    for k in range(colour * 6, colour * 6 + 6):
        if k != h and _holds(S, p, k):
            on += 1
    if on >= need:
        return True
    on = 0
    for k in range(pattern, 36, 6):
        if k != h and _holds(S, p, k):
            on += 1
    return on >= need


@njit(cache=True)
def payments(S, p, h, value, out, W) -> int:
    """Every payment set for ``h`` into ``out`` (``payment.payments``); returns how many."""
    due = value - 1
    jokers = S[JOKERS + p]
    count = 0
    if jokers >= due:
        out[0] = 0
        count = 1
    ks = W[W_SOURCES:W_SOURCES + 6]
    ways = W[W_SOURCES + 6:W_SOURCES + 12]
    idx = W[W_SOURCES + 12:W_SOURCES + 18]
    for line in range(2):
        own = h % 6 if line == 0 else h // 6
        ns = 0
        for k in range(6):
            if k == own:
                continue
            kind = line_kind(h, line, k)
            w = (1 if S[TILES + p * 36 + kind] else 0) | (2 if holds_expansion(S, p, kind) else 0)
            if w:
                ks[ns] = k
                ways[ns] = w
                ns += 1
        for m in range(max(1, due - jokers), min(due, ns) + 1):
            for i in range(m):
                idx[i] = i
            while True:
                chosen = 0
                base = 0
                either = 0
                for i in range(m):
                    bit = 1 << ks[idx[i]]
                    chosen |= bit
                    if ways[idx[i]] == 2:
                        base |= bit
                    elif ways[idx[i]] == 3:
                        either |= bit
                s = 0
                while True:
                    out[count] = line << 12 | chosen << 6 | base | s
                    count += 1
                    if s == either:
                        break
                    s = (s - either) & either
                # the next combination of m sources, in itertools.combinations' order
                i = m - 1
                while i >= 0 and idx[i] == i + ns - m:
                    i -= 1
                if i < 0:
                    break
                idx[i] += 1
                for j in range(i + 1, m):
                    idx[j] = idx[j - 1] + 1
    return count


@njit(cache=True)
def spend(S, p, h, value, code) -> None:
    """``QueensState._pay``'s spending: tiles to the tower, expansions to the bottom of the
    supply (in line order), jokers back to their supply."""
    line = code >> 12
    chosen = code >> 6 & 63
    exp_bits = code & 63
    items = 0
    for k in range(6):
        if not chosen >> k & 1:
            continue
        kind = line_kind(h, line, k)
        items += 1
        if exp_bits >> k & 1:
            n = S[EXPN + p]
            at = EXPS + p * EMAX
            for i in range(n):
                if S[at + i] == kind:
                    for j in range(i, n - 1):
                        S[at + j] = S[at + j + 1]
                    S[EXPN + p] = n - 1
                    break
            S[SUPPLY + S[SUPN]] = kind
            S[SUPN] += 1
        else:
            S[TILES + p * 36 + kind] -= 1
            S[TOWER + kind] += 1
    S[JOKERS + p] -= value - 1 - items
