"""Fixtures of the simulation tests."""

from __future__ import annotations

import pytest

from gardensim.core import registry
from tests.sim.helpers import SLOWTOY


@pytest.fixture
def slowtoy(monkeypatch: pytest.MonkeyPatch) -> str:
    """Registers the slowed toy game in this process; returns its registry entry."""
    monkeypatch.setitem(registry.GAMES, "slowtoy", SLOWTOY)
    return SLOWTOY
