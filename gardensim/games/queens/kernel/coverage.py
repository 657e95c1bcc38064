"""What the Queen's Garden kernel plays (``core.fastpath``): the generic play loop hands it a
line-up only when every rule option, bot parameter and the rules data are covered here, and
the readable engine plays the rest.

Every option of the rule set is covered at every value: the kernel reads each from the game
it is given (``layout.game_table``). The random and greedy bots are covered, greedy at every
``epsilon`` and ``samples``; greedy's ``weights`` only at its default, since the readable
engine's evaluation takes no weights. Rules data beyond the state's capacities (more rounds,
bigger stacks) plays on the readable engine.
"""

from __future__ import annotations

from typing import Any

from gardensim.core.fastpath import EVERY, Coverage
from gardensim.games.queens.ruleset import RULES

COVERAGE = Coverage(
    engine="queens-fast",
    options={name: EVERY for name in RULES.names},
    bots={
        "random": {},
        "greedy": {"epsilon": EVERY, "samples": EVERY},
    },
    limits="gardensim.games.queens.kernel.coverage:data_limits",
    limits_text="rules data of the shipped file's rounds and stack sizes at most",
)


def data_limits(game: Any) -> str | None:
    """Why the kernel cannot hold ``game``'s rules data, or None."""
    from gardensim.games.queens.kernel.layout import table_limits

    return table_limits(game)
