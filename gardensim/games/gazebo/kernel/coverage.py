"""What the Gazebo kernel plays (``core.fastpath``): the generic play loop hands it a line-up
only when every rule option, bot parameter and the board are covered here, and the readable
engine plays the rest.

Every option of the rule set is covered at every value, as are the three bots but for mcts's
``seconds`` (a clock budget makes choices depend on the machine, and the kernel plays by
iterations only). A board with more patios or vases than the kernel's bit masks hold plays on
the readable engine.
"""

from __future__ import annotations

from typing import Any

from gardensim.core.fastpath import EVERY, Coverage
from gardensim.games.gazebo.kernel.layout import MASK_BITS

COVERAGE = Coverage(
    engine="gazebo-fast",
    options={name: EVERY for name in ("draw", "partnership", "gazebos", "hand_size",
                                      "private_singles", "raised_steal_needs_two",
                                      "no_move_ends_game")},
    bots={
        "random": {},
        "greedy": {"epsilon": EVERY, "samples": EVERY, "weights": EVERY},
        "mcts": {name: EVERY for name in ("iters", "c", "rollout", "epsilon", "depth",
                                          "expand", "widen", "weights")},
    },
    limits="gardensim.games.gazebo.kernel.coverage:board_limits",
    limits_text=f"boards with at most {MASK_BITS} patios and {MASK_BITS} vases",
)


def board_limits(game: Any) -> str | None:
    """Why the kernel cannot hold ``game``'s board, or None."""
    board = game.board
    for what, count in (("patios", len(board.patios)), ("vases", len(board.vases))):
        if count > MASK_BITS:
            return (f"board {game.board_name!r} has {count} {what}; the kernel holds at most "
                    f"{MASK_BITS}")
    return None
