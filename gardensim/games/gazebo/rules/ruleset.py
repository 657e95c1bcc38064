"""Gazebo's rule set: every rule option and designed number, declared once.

Each option is one of the rulings' **(option)** entries or a number a designer varies; the
readable engine, the kernel's coverage (``kernel/coverage.py``), the CLI (``gardensim rules
gazebo``), the notebooks' controls and the docs' option table read this declaration. Rulings are
those of ``docs/rules/gazebo-rulings.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.rules import Option, RuleSet

#: The drawing systems (rulings 17, 18).
DRAW_SYSTEMS = ("gazebo", "qin", "qin-classic")
#: Single-coloured dominoes in Gazebo's set (rulings 16): private piles come out of them.
SINGLES_IN_SET = 27


def _partnership_needs_four(values: dict[str, Any], raw: Mapping[str, Any], players: int,
                            context: Mapping[str, Any]) -> None:
    if values["partnership"] and players != 4:
        raise ConfigError(f"option partnership=true needs 4 players, not {players}")


def _private_singles_fit_the_set(values: dict[str, Any], raw: Mapping[str, Any], players: int,
                                 context: Mapping[str, Any]) -> None:
    private = values["private_singles"]
    if values["draw"] == "gazebo" and players * private > SINGLES_IN_SET:
        raise ConfigError(
            f"option private_singles={raw.get('private_singles')!r}: {players} players x "
            f"{private} exceeds the {SINGLES_IN_SET} single-coloured dominoes"
        )


#: Options that only some drawing systems read: name -> those systems (rulings 17 and 18).
DRAW_ONLY = {"private_singles": ("gazebo",)}
#: Options that only boards with some patio kind read: name -> that kind (rulings 10).
PATIO_ONLY = {"raised_steal_needs_two": "raised"}


def _refuse_idle_options(values: dict[str, Any], raw: Mapping[str, Any], players: int,
                         context: Mapping[str, Any]) -> None:
    """An option the chosen drawing system or board never reads is refused: a study that sets
    it would otherwise report a variant that changed nothing (Qin drawing deals no private
    singles; a board without raised patios has no raised steal)."""
    for name, systems in DRAW_ONLY.items():
        if name in raw and values["draw"] not in systems:
            raise ConfigError(
                f"option {name}={raw[name]!r} has no effect with draw={values['draw']}; it "
                f"applies to draw={' or '.join(systems)} only, so leave it out"
            )
    board = context.get("board")
    for name, kind in PATIO_ONLY.items():
        if name in raw and board is not None and kind not in set(board.patios.values()):
            raise ConfigError(
                f"option {name} has no effect on board {board.key!r}, which has no {kind} "
                "patio; leave it out"
            )


RULES = RuleSet("gazebo", (
    Option("draw", "choice", "gazebo",
           "how dominoes are drawn: Gazebo-style (private piles of singles, a reserve and a "
           "general pile of doubles), Qin-style (one pile of Gazebo's dominoes, hand refilled "
           "from it) or qin-classic (one pile of Qin's own 72 dominoes)",
           "rulings 17, 18", choices=DRAW_SYSTEMS,
           words={"gazebo": "Gazebo-style drawing", "qin": "Qin-style drawing",
                  "qin-classic": "Qin's own dominoes"}),
    Option("partnership", "bool", False,
           "four players in two partnerships, seats {0, 3} and {1, 2}; the partnership with "
           "fewer gazebos left wins", "rulings 15"),
    Option("gazebos", "per_seat", {2: 24, 3: 19, 4: 15},
           "gazebos each player starts with (one count, or one per seat for a handicap)",
           "rulings 16", low=1, high=96),
    Option("hand_size", "int", 3, "dominoes in hand, refilled to this after every turn",
           "rulings 11, 17", low=1, high=6),
    Option("private_singles", "int", 5,
           "single-coloured dominoes in each player's private pile (Gazebo-style drawing only; "
           f"players x this at most {SINGLES_IN_SET})", "rulings 17", low=0, high=9),
    Option("raised_steal_needs_two", "bool", False,
           "stealing a raised patio needs a count of 2 or more, as claiming one does",
           "rulings 10"),
    Option("no_move_ends_game", "bool", True,
           "a player who starts a turn with no domino or no legal placement ends the game; "
           "off: the player passes, and a full round of passes ends it", "rulings 14"),
    Option("big_nook", "int", 5,
           "squares from which a nook is big: it carries two gazebos, is never absorbed and "
           "never shrinks", "rulings 4, 7", low=3, high=12),
), checks=(_partnership_needs_four, _private_singles_fit_the_set, _refuse_idle_options))
