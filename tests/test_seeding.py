"""Seeds are a keyed BLAKE2b hash of the decimal path (``core.seeding``): stable across
machines and runs, so a stored run's games can be played again from its master seed."""

from __future__ import annotations

import hashlib

import pytest

from gardensim.core import seeding


@pytest.mark.parametrize(("master", "keys"), [(0, (0, 0)), (7, (1, 3, 0)), (2**40, (1, 99, 3))])
def test_a_seed_is_the_keyed_hash_of_its_path(master: int, keys: tuple[int, ...]) -> None:
    path = ":".join(str(v) for v in (master, *keys)).encode()
    digest = hashlib.blake2b(path, digest_size=8, person=b"gardensim-seed").digest()
    assert seeding.derive_seed(master, *keys) == int.from_bytes(digest, "little") % 2**63


def test_seeds_differ_by_role_and_game() -> None:
    assert seeding.game_seed(3, 5) != seeding.derive_seed(3, seeding.BOT, 5, 0)
    assert seeding.game_seed(3, 5) != seeding.game_seed(3, 6)
    assert seeding.derive_seed(3) == seeding.derive_seed(3)


@pytest.mark.parametrize(("master", "keys"), [(-1, ()), (1, (2, -3))])
def test_a_negative_seed_or_key_is_refused(master: int, keys: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="non-negative"):
        seeding.derive_seed(master, *keys)
