"""Summer Pavilion action codes and their notation.

Every decision is one ``int`` action. Colours are written by letter: ``P`` purple, ``G`` green,
``O`` orange, ``Y`` yellow, ``B`` blue, ``R`` red. Spaces are ``star.space``: star 0 is the
centre, 1..6 the outer ring clockwise from the left star; spaces 1..6 run clockwise.

- draft (phase 1), ``F3:R`` / ``C:R``: take every red tile of factory 3 / of the centre, plus
  the one wild tile the rules add when the source holds any;
- place (phase 2), ``R@4.5``: put a red tile on star 4 space 5 (it scores at once);
- ``wilds:2``: pay the rest of the placement's cost with 2 wild tiles and real tiles of the
  placed colour (asked right after a placement, only when several splits are possible);
- ``pass`` (phase 2): stop placing for this round;
- ``bonus:R``: take one red tile from the supply (one action per bonus tile owed);
- ``keep:R``: keep one red tile on a corner (asked at a pass in rounds 1-5 while tiles remain
  and fewer than 4 are kept);
- ``discard``: keep no more at that pass; the tiles still held go to the tower at -1 each.

Taking only a wild tile (allowed when a source holds nothing else) is written with the wild
colour, ``F3:P`` in round 1. Input is case-insensitive; output uses upper-case letters.
Codes: drafts ``0..59`` (source * 6 + colour, source 0 = centre, 1..9 factories), placements
``60..311`` (space * 6 + colour), pass ``312``, bonus ``313..318``, keep ``319..324``, wilds
``325..330``, discard ``331``.
"""

from __future__ import annotations

import re

from gardensim.core.errors import IllegalMoveError

COLOURS = 6
MAX_SOURCES = 10
DRAFT_BASE = 0
PLACE_BASE = DRAFT_BASE + MAX_SOURCES * COLOURS
PASS = PLACE_BASE + 42 * COLOURS
BONUS_BASE = PASS + 1
KEEP_BASE = BONUS_BASE + COLOURS
PAY_BASE = KEEP_BASE + COLOURS
DISCARD = PAY_BASE + 6
ACTION_COUNT = DISCARD + 1

_DRAFT = re.compile(r"^(C|F([1-9])):([A-Z])$")
_PLACE = re.compile(r"^([A-Z])@([0-6])\.([1-6])$")
_CHOICE = re.compile(r"^(BONUS|KEEP):([A-Z])$")
_PAY = re.compile(r"^WILDS:([0-5])$")


def draft(source: int, colour: int) -> int:
    return DRAFT_BASE + source * COLOURS + colour


def place(space: int, colour: int) -> int:
    return PLACE_BASE + space * COLOURS + colour


def pay(wilds: int) -> int:
    return PAY_BASE + wilds


def bonus(colour: int) -> int:
    return BONUS_BASE + colour


def keep(colour: int) -> int:
    return KEEP_BASE + colour


def action_to_string(action: int, letters: tuple[str, ...]) -> str:
    if DRAFT_BASE <= action < PLACE_BASE:
        source, colour = divmod(action - DRAFT_BASE, COLOURS)
        return f"{'C' if source == 0 else f'F{source}'}:{letters[colour]}"
    if PLACE_BASE <= action < PASS:
        space, colour = divmod(action - PLACE_BASE, COLOURS)
        return f"{letters[colour]}@{space // 6}.{space % 6 + 1}"
    if action == PASS:
        return "pass"
    if BONUS_BASE <= action < KEEP_BASE:
        return f"bonus:{letters[action - BONUS_BASE]}"
    if KEEP_BASE <= action < PAY_BASE:
        return f"keep:{letters[action - KEEP_BASE]}"
    if PAY_BASE <= action < DISCARD:
        return f"wilds:{action - PAY_BASE}"
    if action == DISCARD:
        return "discard"
    raise IllegalMoveError(f"{action}: not a pavilion action code")


def parse_action(text: str, letters: tuple[str, ...]) -> int:
    """The action code written as ``text`` (syntax only; legality is the state's business)."""
    token = text.strip().upper()

    def colour(letter: str) -> int:
        if letter not in letters:
            raise IllegalMoveError(f"{text!r}: unknown colour {letter!r}")
        return letters.index(letter)

    if token == "PASS":
        return PASS
    if token == "DISCARD":
        return DISCARD
    if m := _DRAFT.match(token):
        return draft(int(m.group(2) or 0), colour(m.group(3)))
    if m := _PLACE.match(token):
        space = 6 * int(m.group(2)) + int(m.group(3)) - 1
        return place(space, colour(m.group(1)))
    if m := _PAY.match(token):
        return pay(int(m.group(1)))
    if m := _CHOICE.match(token):
        c = colour(m.group(2))
        return bonus(c) if m.group(1) == "BONUS" else keep(c)
    raise IllegalMoveError(f"{text!r}: not pavilion notation (e.g. F3:R, C:R, R@4.5, wilds:1, "
                           "pass, bonus:R, keep:R, discard)")
