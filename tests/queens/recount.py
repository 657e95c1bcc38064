"""An independent recount of Queen's Garden scoring for the property tests: plain breadth-first
groups on axial coordinates and the wheel read straight from the rules data, sharing no code
with the engine's scoring."""

from __future__ import annotations

from collections.abc import Sequence

from gardensim.games.queens.rules import QueensRules


def wheel_points(rules: QueensRules, side: str, board: Sequence[int], rnd: int) -> int:
    total = 0
    for cat in rules.wheel[side][rnd - 1]:
        for h in board:
            if h < 0:
                continue
            colour, pattern = h // 6, h % 6
            v = rules.values[pattern]
            if cat < 6 and colour == cat:
                total += v
            elif cat >= 6 and pattern == cat - 6:
                total += 7 - v if rules.phase2_value[side] == "7-v" else v
    return total


def end_groups(rules: QueensRules, side: str, coords: Sequence[tuple[int, int]],
               board: Sequence[int]) -> tuple[int, int]:
    where = {coords[c]: h for c, h in enumerate(board) if h >= 0}
    points = bonus = 0
    for attr in (0, 1):
        seen: set[tuple[int, int]] = set()
        for start, h in where.items():
            if start in seen:
                continue
            key = divmod(h, 6)[attr]
            group, todo = [], [start]
            seen.add(start)
            while todo:
                q, r = todo.pop()
                group.append(where[(q, r)])
                for dq, dr in rules.directions:
                    n = (q + dq, r + dr)
                    if n in where and n not in seen and divmod(where[n], 6)[attr] == key:
                        seen.add(n)
                        todo.append(n)
            assert len({divmod(g, 6)[1 - attr] for g in group}) == len(group), "group repeats"
            if len(group) >= rules.min_group:
                points += sum(rules.values[g % 6] for g in group)
                bonus += rules.size_bonus[side].get(len(group), 0)
    return points, bonus
