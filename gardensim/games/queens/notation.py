"""Queen's Garden action codes and their notation (``docs/queens.md``).

Hexagons are written colour letter + pattern value (``B3``: light blue butterflies); cells as in
:mod:`.geometry` (``R0``..``R5``, ``A2.4``, ``A2c``); display slots as ``t`` (the stack top) or
``d1``, ``d2``... (display entries in arrival order).

- ``take:B(B1@t,B3@d2)`` / ``take:3(B3@t,G3@d1)``: acquire every display hexagon of colour B
  (or pattern 3), one copy per kind, each copy's slot named;
- ``B3@A2.4``: place a stored B3 tile on cell A2.4 (its payment follows);
- ``exp:B3@A2.4``: place the stored face-up B3 expansion on area 2 with its printed hexagon on
  ring cell 4 (the orientation); its payment follows;
- ``buy:A2``: pay 6 points and place the top face-down supply expansion on area 2;
- ``pay:B1,B2e,2J``: the payment set beyond the placed item: tiles by name, ``e`` marks a stored
  expansion, ``nJ`` jokers; asked only when more than one set is legal;
- ``pass``; then ``discard:B3`` (one tile, one point) as often as wanted, and ``done``.

Input is case-insensitive. Codes: pass 0, done 1, discard ``2 + h``, buy ``38 + area``, tile
placement ``44 + h * 55 + cell``, expansion ``2024 + h * 36 + area * 6 + j``, payment
``4096 + set`` (:mod:`.payment`), acquire ``2**28 + code`` (:mod:`.display`).
"""

from __future__ import annotations

import re

from gardensim.core.errors import ConfigError, IllegalMoveError
from gardensim.games.queens.display import chosen, kind_at
from gardensim.games.queens.geometry import CELLS, Geometry, area_cell, area_of
from gardensim.games.queens.payment import COLOUR_LINE, PATTERN_LINE, paid_items
from gardensim.games.queens.rules import QueensRules

PASS = 0
DONE = 1
DISCARD_BASE = 2
BUY_BASE = DISCARD_BASE + 36
PLACE_BASE = BUY_BASE + 6
EXPAND_BASE = PLACE_BASE + 36 * CELLS
PAY_BASE = 4096
#: A payment action carries the hexagon it pays for above its payment code, so its name needs no
#: state: a move list named after the game (the runner names it on the final state) replays.
PAY_CODE_BITS = 15
ACQ_BASE = 1 << 28

_TAKE = re.compile(r"^TAKE:([A-Z]|[1-6])\((.*)\)$")
_CHOICE = re.compile(r"^([A-Z][1-6])@(T|D([1-9]\d*))$")
_PLACE = re.compile(r"^(EXP:)?([A-Z][1-6])@(.+)$")


def place(h: int, cell: int) -> int:
    return PLACE_BASE + h * CELLS + cell


def expand(h: int, area: int, j: int) -> int:
    return EXPAND_BASE + h * 36 + area * 6 + j


def pay_action(h: int, code: int) -> int:
    """The action paying with payment ``code`` (:mod:`.payment`) for hexagon ``h``."""
    return PAY_BASE + (h << PAY_CODE_BITS | code)


def pay_parts(action: int) -> tuple[int, int]:
    """(hexagon paid for, payment code) of a payment action."""
    rest = action - PAY_BASE
    return rest >> PAY_CODE_BITS, rest & ((1 << PAY_CODE_BITS) - 1)


def kind_of(action: int) -> str:
    """The action's kind: take, place, expansion, buy, pay, pass, discard or done."""
    if action >= ACQ_BASE:
        return "take"
    if action >= PAY_BASE:
        return "pay"
    if action >= EXPAND_BASE:
        return "expansion"
    if action >= PLACE_BASE:
        return "place"
    if action >= BUY_BASE:
        return "buy"
    if action >= DISCARD_BASE:
        return "discard"
    return "pass" if action == PASS else "done"


def _slot(slot: int) -> str:
    return "t" if slot == 0 else f"d{slot}"


def action_to_string(action: int, rules: QueensRules, geo: Geometry) -> str:
    """The action's name, whatever the state: a payment carries the hexagon it pays for."""
    name = rules.hex_name
    kind = kind_of(action)
    if kind == "take":
        code = action - ACQ_BASE
        attr = code >> 24
        label = rules.letters[attr] if attr < 6 else str(rules.values[attr - 6])
        items = ",".join(f"{name(h)}@{_slot(s)}" for h, s in chosen(code))
        return f"take:{label}({items})"
    if kind == "pay":
        paid_for, code = pay_parts(action)
        tiles, exps, jokers = paid_items(paid_for, rules.values[paid_for % 6], code)
        items = [name(h) for h in tiles] + [name(h) + "e" for h in exps]
        items += [f"{jokers}J"] if jokers else []
        return "pay:" + (",".join(sorted(items)) or "-")
    if kind == "expansion":
        h, rest = divmod(action - EXPAND_BASE, 36)
        return f"exp:{name(h)}@{geo.cell_name(area_cell(*divmod(rest, 6)))}"
    if kind == "place":
        h, cell = divmod(action - PLACE_BASE, CELLS)
        return f"{name(h)}@{geo.cell_name(cell)}"
    if kind == "buy":
        return f"buy:A{action - BUY_BASE}"
    if kind == "discard":
        return f"discard:{name(action - DISCARD_BASE)}"
    return kind


def _hex(text: str, rules: QueensRules, raw: str) -> int:
    try:
        return rules.parse_hex(text)
    except ConfigError:
        raise IllegalMoveError(f"{raw!r}: unknown hexagon {text!r}") from None


def _payment(items: str, pending: int, rules: QueensRules, raw: str) -> int:
    if pending < 0:
        raise IllegalMoveError(f"{raw!r}: no payment is being chosen")
    colour, pattern = divmod(pending, 6)
    line, chosen_bits, exp_bits, jokers, items_named = -1, 0, 0, 0, 0
    for item in filter(None, items.split(",")):
        if item == "-":
            continue
        if m := re.fullmatch(r"(\d+)J", item):
            jokers += int(m.group(1))
            continue
        h = _hex(item.rstrip("E"), rules, raw)
        this = COLOUR_LINE if h // 6 == colour else PATTERN_LINE if h % 6 == pattern else -1
        if this < 0 or (line >= 0 and this != line) or h == pending:
            raise IllegalMoveError(f"{raw!r}: {item} does not pay for {rules.hex_name(pending)}")
        line = this
        k = h % 6 if line == COLOUR_LINE else h // 6
        chosen_bits |= 1 << k
        items_named += 1
        if item.endswith("E"):
            exp_bits |= 1 << k
    due = rules.values[pattern] - 1
    if items_named + jokers != due or bin(chosen_bits).count("1") != items_named:
        raise IllegalMoveError(f"{raw!r}: {rules.hex_name(pending)} needs {due} items "
                               "besides itself, each kind once")
    return pay_action(pending, max(line, 0) << 12 | chosen_bits << 6 | exp_bits
                      if chosen_bits else 0)


def parse_action(text: str, rules: QueensRules, geo: Geometry, pending: int) -> int:
    """The code written as ``text`` (syntax only; legality is the state's business)."""
    token = text.strip().upper().replace(" ", "")
    if token in ("PASS", "DONE"):
        return PASS if token == "PASS" else DONE
    if token.startswith("DISCARD:"):
        return DISCARD_BASE + _hex(token[8:], rules, text)
    if m := re.fullmatch(r"BUY:A([0-5])", token):
        return BUY_BASE + int(m.group(1))
    if token.startswith("PAY:"):
        return _payment(token[4:], pending, rules, text)
    if m := _TAKE.match(token):
        label = m.group(1)
        attr = rules.letters.index(label) if label.isalpha() and label in rules.letters else (
            6 + rules.values.index(int(label)) if label.isdigit() else -1)
        if attr < 0:
            raise IllegalMoveError(f"{text!r}: unknown colour {label!r}")
        code = attr << 24
        for part in filter(None, m.group(2).split(",")):
            c = _CHOICE.match(part)
            if not c:
                raise IllegalMoveError(f"{text!r}: bad copy {part!r} (e.g. B3@t, B3@d2)")
            h = _hex(c.group(1), rules, text)
            slot = int(c.group(3) or 0)
            k = next((k for k in range(6) if kind_at(attr, k) == h), -1)
            if k < 0 or slot > 14:
                raise IllegalMoveError(f"{text!r}: {part} is not part of this selection")
            code |= (slot + 1) << 4 * k
        return ACQ_BASE + code
    if m := _PLACE.match(token):
        h = _hex(m.group(2), rules, text)
        cell = geo.parse_cell(m.group(3))
        if cell < 0:
            raise IllegalMoveError(f"{text!r}: unknown cell {m.group(3)!r}")
        if m.group(1):
            a = area_of(cell)
            if a < 0 or cell == 13 + 7 * a:
                raise IllegalMoveError(f"{text!r}: an expansion's hexagon goes on a ring cell")
            return expand(h, a, cell - area_cell(a, 0))
        return place(h, cell)
    raise IllegalMoveError(f"{text!r}: not queens notation (e.g. take:B(B3@t), B3@R0, "
                           "exp:B3@A2.4, buy:A2, pay:B1,2J, pass, discard:B3, done)")
