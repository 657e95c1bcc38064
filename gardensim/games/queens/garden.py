"""One player's garden: free spaces, placement legality with the group rule (spec 6), feature
surrounds (spec 7) and the groups that end scoring counts (spec 10).

A garden is ``board`` (55 ints, a hexagon code ``colour * 6 + pattern`` or -1, see
:mod:`.geometry`) and ``areas`` (6 ints: :data:`UNPLACED`, the expansion's printed hexagon when
face up, or :data:`FACE_DOWN` + its id when face down).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gardensim.games.queens.geometry import (
    AREAS,
    FOUNTAIN,
    RING,
    XFEATURES,
    Geometry,
    area_cell,
    area_centre,
)

UNPLACED = -1
FACE_DOWN = 64


def is_face_up(area: int) -> bool:
    return 0 <= area < FACE_DOWN


def free_cells(board: Sequence[int], areas: Sequence[int]) -> list[int]:
    """Every free space (spec 6.1): empty ring cells, empty cells of placed areas except a
    face-up expansion's pavilion."""
    out = [c for c in RING if board[c] < 0]
    for a, status in enumerate(areas):
        if status == UNPLACED:
            continue
        if status >= FACE_DOWN and board[area_centre(a)] < 0:
            out.append(area_centre(a))
        out.extend(c for c in range(area_cell(a, 0), area_cell(a, 6)) if board[c] < 0)
    return out


def group_ok(geo: Geometry, board: Sequence[int], cell: int, h: int) -> bool:
    """Rules 6.2-6.4 for hexagon ``h`` on empty ``cell``: a match with some neighbour if there
    is one, no identical neighbour, and the colour group and pattern group through ``cell``
    keep pairwise different patterns / colours. Only those two components change."""
    colour, pattern = divmod(h, 6)
    touching = matched = by_colour = by_pattern = False
    for n in geo.neighbours[cell]:
        g = board[n]
        if g < 0:
            continue
        if g == h:
            return False
        touching = True
        if g // 6 == colour:
            matched = by_colour = True
        elif g % 6 == pattern:
            matched = by_pattern = True
    if touching and not matched:
        return False
    return (not by_colour or _component_distinct(geo, board, cell, h, True)) and (
        not by_pattern or _component_distinct(geo, board, cell, h, False))


def _component_distinct(geo: Geometry, board: Sequence[int], cell: int, h: int,
                        by_colour: bool) -> bool:
    """Does the colour (or pattern) group through ``cell`` holding ``h`` stay free of repeats?"""
    key = h // 6 if by_colour else h % 6
    seen = {h}
    stack = [cell]
    visited = {cell}
    while stack:
        c = stack.pop()
        for n in geo.neighbours[c]:
            g = board[n]
            if g < 0 or n in visited:
                continue
            if (g // 6 if by_colour else g % 6) != key:
                continue
            visited.add(n)
            if g in seen:
                return False
            seen.add(g)
            stack.append(n)
    return True


def features(areas: Sequence[int]) -> Iterator[tuple[int, str]]:
    """(feature cell, kind) of every feature in the garden: the fountain, the statues and
    benches, and the pavilion of each face-up expansion."""
    yield FOUNTAIN, "fountain"
    for x in XFEATURES:
        yield x, ""
    for a in range(AREAS):
        if is_face_up(areas[a]):
            yield area_centre(a), "pavilion"


def newly_surrounded(geo: Geometry, board: Sequence[int], areas: Sequence[int],
                     rewarded: int) -> list[tuple[int, str]]:
    """Features whose six neighbours all hold hexagons and which have not been rewarded
    (``rewarded`` is a bit set over feature cells), spec 7."""
    out = []
    for cell, kind in features(areas):
        if rewarded >> cell & 1:
            continue
        nbrs = geo.neighbours[cell]
        if len(nbrs) == 6 and all(board[n] >= 0 for n in nbrs):
            out.append((cell, kind or geo.feature_kind[cell]))
    return out


def groups(geo: Geometry, board: Sequence[int], by_colour: bool) -> list[list[int]]:
    """Colour groups (``by_colour``) or pattern groups: connected components of colour links
    (same colour, other pattern) or pattern links, as lists of hexagon codes; singletons too."""
    seen: set[int] = set()
    out = []
    for start, h in enumerate(board):
        if h < 0 or start in seen:
            continue
        key = h // 6 if by_colour else h % 6
        members = []
        stack = [start]
        seen.add(start)
        while stack:
            c = stack.pop()
            members.append(board[c])
            for n in geo.neighbours[c]:
                g = board[n]
                if g >= 0 and n not in seen and (g // 6 if by_colour else g % 6) == key:
                    seen.add(n)
                    stack.append(n)
        out.append(members)
    return out
