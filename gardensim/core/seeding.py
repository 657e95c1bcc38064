"""Seed derivation: every random stream is a pure function of the master seed and its role.

A game's deal depends only on ``(master seed, game index)``, so the arms of a study share their
deals (common random numbers). A bot's generator depends on ``(master seed, game index, seat
role)``. Nothing depends on worker count, batch size or backend.
"""

from __future__ import annotations

import hashlib
import random

DEAL = 0
BOT = 1
_SEED_HASH = hashlib.blake2b(digest_size=8, person=b"gardensim-seed")
_SEED_MASK = 2**63 - 1


def derive_seed(master: int, *keys: int) -> int:
    """A 63-bit seed from ``master`` and a path of non-negative integer keys.

    A keyed BLAKE2b hash of the decimal path: independent streams for distinct paths, stable
    across platforms and Python versions, from the standard library, and cheap enough to pay
    for every game (numpy's SeedSequence was a visible share of random play).
    """
    if master < 0 or (keys and min(keys) < 0):
        raise ValueError("seeds and keys must be non-negative integers")
    hasher = _SEED_HASH.copy()  # copying the keyed state is cheaper than keying anew
    hasher.update(":".join(map(str, (master, *keys))).encode())
    return int.from_bytes(hasher.digest(), "little") & _SEED_MASK


def game_seed(master: int, game_index: int) -> int:
    """Seed of the deal of game ``game_index`` (shared by every arm)."""
    return derive_seed(master, DEAL, game_index)


def bot_seed(master: int, game_index: int, seat: int) -> int:
    """Seed of the generator a bot uses in one game from one seat (the compiled kernel seeds
    its own generators with it)."""
    return derive_seed(master, BOT, game_index, seat)


def bot_rng(master: int, game_index: int, seat: int) -> random.Random:
    """The generator a bot uses in one game from one seat."""
    return random.Random(bot_seed(master, game_index, seat))
