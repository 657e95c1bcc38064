"""The fast-engine conformance check: a fast engine plays the readable engine's games.

After OpenSpiel's ``test_consistent``: for a configuration the fast engine covers, the same
master seed and game indices must give the same game in both engines, move for move, with the
same game row and the same turn columns; only the timing columns (``decision_s``) may differ.
Each game with a fast engine runs :func:`check_fast_engine` over configurations drawn from its
declared rule set (``tests/support/strategies.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from gardensim.core.protocol import Game
from gardensim.sim.play import FAST_ENGINE, PYTHON_ENGINE, lineup_seating, play_games

#: Columns whose values are clock readings, not play.
TIMING_PREFIX = "decision_s"


def check_fast_engine(game: Game, lineups: Sequence[Sequence[Any]], master_seed: int,
                      games: range | Sequence[int], telemetry: bool = True) -> None:
    """Raise AssertionError naming the first game, column and turn where the fast engine
    (``engine = "fast"``, which refuses a configuration it does not cover) and the readable
    engine differ. ``lineups`` hold bots, rotated over the seats as a study seats them."""
    items = []
    for g in games:
        deal, bots = lineup_seating(lineups, g)
        items.append((g, deal, bots))
    fast = play_games(game, items, master_seed, telemetry, FAST_ENGINE)
    readable = play_games(game, items, master_seed, telemetry, PYTHON_ENGINE)
    for (g, _, _), a, b in zip(items, fast, readable, strict=True):
        where = f"{game!r} seed {master_seed} game {g}"
        _same_row(a.game, b.game, where)
        if telemetry:
            rows_a, rows_b = a.turn_rows, b.turn_rows
            assert len(rows_a) == len(rows_b), f"{where}: {len(rows_a)} turns, not {len(rows_b)}"
            for t, (ta, tb) in enumerate(zip(rows_a, rows_b, strict=True)):
                _same_row(ta, tb, f"{where} turn {t}")


def _same_row(fast: dict[str, Any], readable: dict[str, Any], where: str) -> None:
    assert set(fast) == set(readable), (
        f"{where}: columns differ: {sorted(set(fast) ^ set(readable))}")
    for column, value in readable.items():
        if column.startswith(TIMING_PREFIX):
            continue
        other = fast[column]
        same = (value == other or (isinstance(value, float) and isinstance(other, float)
                                   and math.isnan(value) and math.isnan(other)))
        assert same, f"{where}, column {column}: fast {other!r}, readable {value!r}"
