"""The game's generator seeding (``queens.chance.seed_state``: BLAKE2b of the seed's decimal
digits, the game's salt as personalisation, an 8-byte digest) compiled, for determinization.

A bot's determinized sample gets a fresh bag generator seeded from ``rng.getrandbits(64)``
(``observation.determinize``), inside the kernel's decision loop, so the hash is restated
here: one BLAKE2b compression of one block (at most 20 digits), as RFC 7693 states it. A test
holds it equal to :mod:`hashlib` over many seeds.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from gardensim.games.queens.chance import seed_state

_IV = np.array([0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B,
                0xA54FF53A5F1D36F1, 0x510E527FADE682D1, 0x9B05688C2B3E6C1F,
                0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179], dtype=np.uint64)
_SIGMA = np.array([
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0]], dtype=np.int64)
_ROTATIONS = (32, 24, 16, 63)
_SALT = b"queens"
#: the first state word: IV xor the parameter block (digest length 8, fanout 1, depth 1)
_H0 = np.uint64(int(_IV[0]) ^ 0x01010008)
#: the salt, padded to 16 bytes, as the parameter block's two personalisation words
_PERSONAL = np.frombuffer(_SALT.ljust(16, b"\0"), dtype="<u8").astype(np.uint64)


@njit(cache=True, inline="always")
def _rotr(x, n):
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


@njit(cache=True)
def _g(v, a, b, c, d, x, y) -> None:
    v[a] = v[a] + v[b] + x
    v[d] = _rotr(v[d] ^ v[a], 32)
    v[c] = v[c] + v[d]
    v[b] = _rotr(v[b] ^ v[c], 24)
    v[a] = v[a] + v[b] + y
    v[d] = _rotr(v[d] ^ v[a], 16)
    v[c] = v[c] + v[d]
    v[b] = _rotr(v[b] ^ v[c], 63)


@njit(cache=True)
def hashed_seed(value) -> np.uint64:
    """``chance.seed_state(value)`` for ``0 <= value < 2**64`` (a ``uint64``)."""
    digits = np.zeros(20, dtype=np.uint8)
    n = 0
    x = np.uint64(value)
    if x == 0:
        digits[0] = 48
        n = 1
    while x > 0:
        digits[n] = np.uint8(48 + x % np.uint64(10))
        x = x // np.uint64(10)
        n += 1
    block = np.zeros(128, dtype=np.uint8)
    for i in range(n):
        block[i] = digits[n - 1 - i]
    m = np.zeros(16, dtype=np.uint64)
    for w in range(16):
        word = np.uint64(0)
        for b in range(8):
            word |= np.uint64(block[w * 8 + b]) << np.uint64(8 * b)
        m[w] = word
    h = _IV.copy()
    h[0] = _H0
    h[6] ^= _PERSONAL[0]
    h[7] ^= _PERSONAL[1]
    v = np.empty(16, dtype=np.uint64)
    for i in range(8):
        v[i] = h[i]
        v[i + 8] = _IV[i]
    v[12] ^= np.uint64(n)
    v[14] = ~v[14]
    for r in range(12):
        s = _SIGMA[r % 10]
        _g(v, 0, 4, 8, 12, m[s[0]], m[s[1]])
        _g(v, 1, 5, 9, 13, m[s[2]], m[s[3]])
        _g(v, 2, 6, 10, 14, m[s[4]], m[s[5]])
        _g(v, 3, 7, 11, 15, m[s[6]], m[s[7]])
        _g(v, 0, 5, 10, 15, m[s[8]], m[s[9]])
        _g(v, 1, 6, 11, 12, m[s[10]], m[s[11]])
        _g(v, 2, 7, 8, 13, m[s[12]], m[s[13]])
        _g(v, 3, 4, 9, 14, m[s[14]], m[s[15]])
    return h[0] ^ v[0] ^ v[8]


def check_salt() -> None:
    """The compiled hash is the readable engine's (its salt and digest): one comparison, made
    when a kernel game is built, so a change of ``chance.seed_state`` cannot pass unseen."""
    for value in (0, 12345678901234567890):
        if int(hashed_seed(np.uint64(value))) != seed_state(value):
            raise AssertionError("queens kernel: reseed.hashed_seed differs from "
                                 "chance.seed_state")
