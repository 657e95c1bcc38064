"""What the Summer Pavilion kernel plays (``core.fastpath``): every rule option at every value,
every board side the kernel's tables hold (``tables.limits``: the four shipped sides and board
files like them), and the random and greedy bots.

Greedy is covered at every ``epsilon`` and ``samples``; ``weights`` is not (the readable
engine's evaluation takes no weights either, so such a bot fails there with its own error).
mcts is not in the kernel yet: its line-ups play on the readable engine.
"""

from __future__ import annotations

from typing import Any

from gardensim.core.fastpath import EVERY, Coverage
from gardensim.games.pavilion.kernel.tables import MAX_STRUCTURES, STRUCTURE_SPACES, limits

COVERAGE = Coverage(
    engine="pavilion-fast",
    # named one by one, not read from the rule set: an option added there is played by the
    # readable engine only until the kernel plays it too
    options={name: EVERY for name in ("discard_floor", "no_token_start", "bonus_shortfall",
                                      "first_player", "purple_star_values")},
    bots={
        "random": {},
        "greedy": {"epsilon": EVERY, "samples": EVERY},
    },
    limits="gardensim.games.pavilion.kernel.coverage:board_limits",
    limits_text=(f"boards with at most {MAX_STRUCTURES} structures of at most "
                 f"{STRUCTURE_SPACES} spaces each"),
)


def board_limits(game: Any) -> str | None:
    """Why the kernel cannot hold ``game``'s board side, or None."""
    reason = limits(game)
    return None if reason is None else f"board {game.board_name!r}: {reason}"
