"""Fixtures of the simulation tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def slowtoy() -> str:
    """The slowed toy game's name (an entry point of the test games, see tests/conftest.py)."""
    return "slowtoy"
