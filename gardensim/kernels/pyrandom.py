"""Python's ``random.Random`` restated in numba, so both engines draw from one stream.

The readable engine's bots and deal take every random choice from a ``random.Random`` (a
Mersenne Twister); this module reproduces that generator bit for bit on a ``uint32`` array (624
words of state and the position) and the few methods the rules and bots call: seeding from an
integer (``init_by_array`` over its 32-bit words, as CPython does), ``random()`` (53 bits from two
words), ``_randbelow`` (``getrandbits`` and rejection) and ``shuffle``. With the same seed the
kernel then deals the same piles and its bots make the same choices as the readable ones, so the
two engines play the same game and the kernel can replace the readable engine without changing
a stored result. A test draws against CPython for many seeds.
"""

from __future__ import annotations

import numpy as np
from numba import njit

N, M = 624, 397
#: length of a generator: the 624 state words and the position
SIZE = N + 1
_MATRIX_A = np.uint32(0x9908B0DF)
_UPPER = np.uint32(0x80000000)
_LOWER = np.uint32(0x7FFFFFFF)


def new_state() -> np.ndarray:
    return np.zeros(SIZE, dtype=np.uint32)


def _init_genrand(s: int) -> np.ndarray:
    """``init_genrand(s)``: the state ``init_by_array`` starts from, always ``s = 19650218``,
    so it is made once here and copied for every seeding."""
    R = np.zeros(N, dtype=np.uint32)
    R[0] = s
    for i in range(1, N):
        prev = int(R[i - 1])
        R[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
    return R


_BASE = _init_genrand(19650218)


@njit(cache=True)
def seed(R, value: int) -> None:
    """``random.Random(value)`` for a non-negative ``value`` below 2**63."""
    seed_three(R, value, R, value, R, value)


@njit(cache=True)
def seed_all(Rs, values) -> None:
    """``random.Random(values[i])`` into each row ``Rs[i]``, three at a time (``seed_three``)."""
    k = values.shape[0]
    for i in range(0, k, 3):
        b = min(i + 1, k - 1)
        c = min(i + 2, k - 1)
        seed_three(Rs[i], values[i], Rs[b], values[b], Rs[c], values[c])


@njit(cache=True)
def _keys(value: int):
    """What ``init_by_array``'s first loop adds at even and at odd steps for ``value``: its
    little-endian 32-bit words plus their index (the low word alone when the high one is 0)."""
    v = np.uint64(value)
    low = v & np.uint64(0xFFFFFFFF)
    high = v >> np.uint64(32)
    return low, (high + np.uint64(1) if high != 0 else low)


@njit(cache=True, inline="always")
def _first(R, i: int, prev, key):
    """A step of ``init_by_array``'s first loop: word ``i`` from the previous one."""
    return ((np.uint64(R[i]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525)))
            + key) & np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always")
def _second(R, i: int, prev):
    """A step of ``init_by_array``'s second loop."""
    return ((np.uint64(R[i]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941)))
            - np.uint64(i)) & np.uint64(0xFFFFFFFF)


@njit(cache=True)
def seed_three(Ra, va: int, Rb, vb: int, Rc, vc: int) -> None:
    """``random.Random(v)`` into each of three generators (some may be the same generator
    with the same value): ``init_by_array`` over the value's 32-bit words.

    Seeding is one long chain of dependent multiply-and-xor steps, so its cost is latency, not
    work: three chains stepped together run side by side in the CPU in about the time of one,
    and a game seeds three generators (its deal's and two seats'). Each step reads every word
    before writing any, and the previous words are carried in registers, not read back."""
    a0, a1 = _keys(va)
    b0, b1 = _keys(vb)
    c0, c1 = _keys(vc)
    for i in range(N):
        Ra[i] = _BASE[i]
        Rb[i] = _BASE[i]
        Rc[i] = _BASE[i]
    i = 1
    pa = np.uint64(Ra[0])
    pb = np.uint64(Rb[0])
    pc = np.uint64(Rc[0])
    for t in range(N):
        odd = t & 1
        pa = _first(Ra, i, pa, a1 if odd else a0)
        pb = _first(Rb, i, pb, b1 if odd else b0)
        pc = _first(Rc, i, pc, c1 if odd else c0)
        Ra[i] = np.uint32(pa)
        Rb[i] = np.uint32(pb)
        Rc[i] = np.uint32(pc)
        i += 1
        if i >= N:
            Ra[0] = Ra[N - 1]
            Rb[0] = Rb[N - 1]
            Rc[0] = Rc[N - 1]
            i = 1
    for _ in range(N - 1):
        pa = _second(Ra, i, pa)
        pb = _second(Rb, i, pb)
        pc = _second(Rc, i, pc)
        Ra[i] = np.uint32(pa)
        Rb[i] = np.uint32(pb)
        Rc[i] = np.uint32(pc)
        i += 1
        if i >= N:
            Ra[0] = Ra[N - 1]
            Rb[0] = Rb[N - 1]
            Rc[0] = Rc[N - 1]
            i = 1
    for R in (Ra, Rb, Rc):
        R[0] = np.uint32(0x80000000)
        R[N] = N


@njit(cache=True)
def _twist(R) -> None:
    """The next 624 words, in three runs so that no index needs a modulo."""
    for k in range(N - M):
        R[k] = _mix(R[k], R[k + 1], R[k + M])
    for k in range(N - M, N - 1):
        R[k] = _mix(R[k], R[k + 1], R[k + M - N])
    R[N - 1] = _mix(R[N - 1], R[0], R[M - 1])
    R[N] = 0


@njit(cache=True)
def _mix(a, b, c):
    y = (a & _UPPER) | (b & _LOWER)
    v = c ^ (y >> np.uint32(1))
    if y & np.uint32(1):
        v ^= _MATRIX_A
    return v


@njit(cache=True)
def next_u32(R) -> int:
    """``genrand_uint32``: the next 32-bit word."""
    if R[N] >= N:
        _twist(R)
    y = R[R[N]]
    R[N] += 1
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return int(y)


@njit(cache=True)
def random(R) -> float:
    """``random.random()``: 53 bits from two words."""
    a = next_u32(R) >> 5
    b = next_u32(R) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def randbelow(R, n: int) -> int:
    """``random._randbelow(n)`` for ``1 <= n < 2**32``: ``getrandbits(n.bit_length())``
    until below ``n``; what ``choice`` and ``shuffle`` use."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = next_u32(R) >> (32 - k)
    while r >= n:
        r = next_u32(R) >> (32 - k)
    return r


@njit(cache=True)
def shuffle(R, a, k: int) -> None:
    """``random.shuffle`` of ``a[:k]``."""
    for i in range(k - 1, 0, -1):
        j = randbelow(R, i + 1)
        a[i], a[j] = a[j], a[i]
