"""An independent reading of the spec for property tests: legal placements, placement points,
penalties and the final scoring, written from the spec and the raw data files without the
engine's tables or functions, so the engine is checked against a second implementation."""

from __future__ import annotations

from typing import Any

COLOURS = ("purple", "green", "orange", "yellow", "blue", "red")


def star_accepts(rule: dict[str, Any], tiles: list[int], k: int, c: int) -> bool:
    """May colour ``c`` go on space ``k`` (0-based) of a star holding ``tiles`` (spec 4.2)?"""
    present = [t for t in tiles if t >= 0]
    if rule["rule"] == "fixed":
        colours = rule["colours"] if len(rule["colours"]) == 6 else rule["colours"] * 6
        return COLOURS.index(colours[k]) == c
    if rule["rule"] == "multicolour":
        return c not in present
    if len(present) <= 1:
        return True
    if len(set(present)) == 1:
        return c == present[0]
    return c not in present


def legal_placements(raw: dict[str, Any], pool: list[int], board: list[int], wild: int) -> set:
    out = set()
    for s, rule in enumerate(raw["stars"]):
        tiles = board[6 * s : 6 * s + 6]
        for k in range(6):
            if tiles[k] >= 0:
                continue
            n = rule["costs"][k]
            for c in range(6):
                if not star_accepts(rule, tiles, k, c):
                    continue
                payable = pool[c] >= n if c == wild else pool[c] >= 1 and pool[c] + pool[wild] >= n
                if payable:
                    out.add((6 * s + k, c))
    return out


def tiles_taken(source: list[int], c: int, wild: int) -> int:
    """Tiles a take of colour ``c`` moves (spec 3): one wild alone, or every ``c`` plus one wild."""
    if c == wild:
        return 1
    return source[c] + (1 if source[wild] else 0)


def run_length(board: list[int], i: int) -> int:
    """Maximal run of filled spaces around ``i`` in its star, the star being a cycle."""
    star, k = divmod(i, 6)
    cells = board[6 * star : 6 * star + 6]
    if all(c >= 0 for c in cells):
        return 6
    n = 1
    for step in (1, -1):
        j = (k + step) % 6
        while cells[j] >= 0:
            n += 1
            j = (j + step) % 6
    return n


def after_penalty(score: int, amount: int, floored: bool) -> int:
    if not floored:
        return score - amount
    return score if score <= 1 else max(1, score - amount)


def surrounded(raw: dict[str, Any], board: list[int]) -> dict[str, list[int]]:
    """Per structure kind, the indices (1..6) of the surrounded ones."""
    out = {}
    for kind, table in raw["structures"].items():
        out[kind] = [
            i + 1
            for i, spaces in enumerate(table["spaces"])
            if all(board[6 * int(t.split(".")[0]) + int(t.split(".")[1]) - 1] >= 0 for t in spaces)
        ]
    return out


def final_bonus(raw: dict[str, Any], board: list[int], bga: bool = False) -> int:
    """Stars + numbers + structure sets of one board (spec 6, 8.3)."""
    scoring = raw["scoring"]
    table = scoring["bga_stars"] if bga and "bga_stars" in scoring else scoring["stars"]
    total = 0
    for s in range(7):
        tiles = board[6 * s : 6 * s + 6]
        if min(tiles) < 0:
            continue
        total += table[COLOURS[tiles[0]]] if len(set(tiles)) == 1 else table["multicolour"]
    for number, value in scoring["numbers"].items():
        spaces = [
            6 * s + k
            for s, rule in enumerate(raw["stars"])
            for k in range(6)
            if rule["costs"][k] == int(number)
        ]
        if all(board[i] >= 0 for i in spaces):
            total += value
    kinds = surrounded(raw, board)
    if "fountain" in kinds and scoring.get("structure_set", 0):
        total += min(len(v) for v in kinds.values()) * scoring["structure_set"]
    return total
