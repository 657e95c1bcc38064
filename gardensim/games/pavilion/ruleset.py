"""Summer Pavilion's rule set: every rule option, declared once (spec section 10).

Each option is one of the spec's open choices (``../shared/rules/summer-pavilion-spec.md``
section 10); the readable engine (:mod:`.options`), the fast path's coverage
(``kernel/coverage.py``), ``gardensim rules pavilion`` and the option help read this
declaration. The components' numbers (tiles per colour, factories per player count, rounds,
the score floor) are the board data's (``data/rules.toml``), declared there once; the
board sides are the data folder's files (:data:`~gardensim.games.pavilion.boards.BOARD_NAMES`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.rules import Option, RuleSet

#: Who starts the next round when nobody took the token (spec 10.2).
NO_TOKEN_STARTS = ("same", "next")
#: What a bonus takes when the supply holds too few tiles (spec 10.3).
BONUS_SHORTFALLS = ("take-available", "forfeit")
#: The glazed-purple star table (spec 10.5).
PURPLE_STAR_TABLES = ("printed", "bga")


def _purple_values_need_purple(values: dict[str, Any], raw: Mapping[str, Any], players: int,
                               context: Mapping[str, Any]) -> None:
    """An option the board never reads is refused: a study setting it would report a variant
    that changed nothing."""
    side = context.get("side")
    if "purple_star_values" in raw and side is not None and not side.bga_star_values:
        raise ConfigError(
            f"option purple_star_values={raw['purple_star_values']!r} has no effect on board "
            f"{context.get('board')!r}; it applies to glazed-purple only, so leave it out"
        )


RULES = RuleSet("pavilion", (
    Option("discard_floor", "bool", True,
           "discard penalties stop at score 1, as the start-player token's penalty always "
           "does; off: discards may take a score below 1", "spec 10.1"),
    Option("no_token_start", "choice", "same",
           "who starts the next round when nobody took the start-player token: the same "
           "start player (BGA) or the next seat clockwise", "spec 10.2",
           choices=NO_TOKEN_STARTS),
    Option("bonus_shortfall", "choice", "take-available",
           "when the supply holds fewer tiles than a bonus owes: take what is there, or take "
           "nothing", "spec 10.3", choices=BONUS_SHORTFALLS),
    Option("first_player", "seat", "random",
           "the initial start player: drawn from the game's own generator, or a seat",
           "spec 10.4", choices=("random",)),
    Option("purple_star_values", "choice", "printed",
           "the glazed-purple star table as printed, or BGA's code (the base values); "
           "glazed-purple only", "spec 10.5", choices=PURPLE_STAR_TABLES),
), checks=(_purple_values_need_purple,))
