"""Paying for a placed hexagon (spec 5), as one follow-up decision naming the whole set.

A hexagon of value v costs a set of v items: itself, k jokers and v - 1 - k other stored
hexagons (tiles or face-up expansions, by their printed hexagon) that all share its colour and
have pairwise different patterns (the *colour line*) or all share its pattern and have pairwise
different colours (the *pattern line*); none may be identical to it. A payment is coded as
``line << 12 | chosen << 6 | expansions``: ``chosen`` and ``expansions`` are bit sets over the
line's six positions (patterns on the colour line, colours on the pattern line), ``expansions``
marking the kinds paid with a stored expansion rather than a tile. Jokers make up the rest.
All-joker payments (and value 1) are code 0 whatever the line.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

COLOUR_LINE, PATTERN_LINE = 0, 1


def line_kind(h: int, line: int, k: int) -> int:
    """The hexagon at position ``k`` of ``h``'s colour line or pattern line."""
    colour, pattern = divmod(h, 6)
    return colour * 6 + k if line == COLOUR_LINE else k * 6 + pattern


def _sources(h: int, line: int, tiles: Sequence[int], exps: Sequence[int]) -> list[tuple[int, int]]:
    """(position, 1 tile / 2 expansion / 3 either) of every kind on the line other than ``h``."""
    own = h % 6 if line == COLOUR_LINE else h // 6
    out = []
    for k in range(6):
        if k == own:
            continue
        kind = line_kind(h, line, k)
        ways = (1 if tiles[kind] else 0) | (2 if kind in exps else 0)
        if ways:
            out.append((k, ways))
    return out


def can_pay(h: int, value: int, tiles: Sequence[int], exps: Sequence[int], jokers: int) -> bool:
    """Whether any payment set exists, without listing them (legal-move generation)."""
    need = value - 1 - jokers
    if need <= 0:
        return True
    colour, pattern = divmod(h, 6)
    row = colour * 6
    on_colour = sum(1 for k in range(row, row + 6) if k != h and (tiles[k] or k in exps))
    if on_colour >= need:
        return True
    return sum(1 for k in range(pattern, 36, 6) if k != h and (tiles[k] or k in exps)) >= need


def payments(h: int, value: int, tiles: Sequence[int], exps: Sequence[int],
             jokers: int) -> list[int]:
    """Every distinct payment set for ``h`` (module docstring), in a stable order."""
    due = value - 1
    out = [0] if jokers >= due else []
    for line in (COLOUR_LINE, PATTERN_LINE):
        sources = _sources(h, line, tiles, exps)
        for m in range(max(1, due - jokers), min(due, len(sources)) + 1):
            for combo in combinations(sources, m):
                chosen = 0
                for k, _ in combo:
                    chosen |= 1 << k
                exp_options = [0]
                for k, ways in combo:
                    if ways == 2:
                        exp_options = [e | 1 << k for e in exp_options]
                    elif ways == 3:
                        exp_options += [e | 1 << k for e in exp_options]
                out.extend(line << 12 | chosen << 6 | e for e in sorted(exp_options))
    return out


def paid_items(h: int, value: int, code: int) -> tuple[list[int], list[int], int]:
    """(tile kinds, expansion hexagons, jokers) that payment ``code`` spends for ``h``."""
    line, chosen, exp_bits = code >> 12, code >> 6 & 63, code & 63
    tiles, exps = [], []
    for k in range(6):
        if chosen >> k & 1:
            kind = line_kind(h, line, k)
            (exps if exp_bits >> k & 1 else tiles).append(kind)
    return tiles, exps, value - 1 - len(tiles) - len(exps)
