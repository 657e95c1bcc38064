"""Phase 2 of Summer Pavilion: placing tiles, bonus tiles, passing and keeping (spec 4).

A placement puts one real tile of colour X on an empty space of printed cost N and sends N - 1
more tiles to the tower: tiles of X and up to N - 1 wild tiles, at least one real X always
(a tile of the wild colour placed as itself needs N tiles of it, all real). The placement is
one decision, the split of the payment between wild and real tiles a second one, asked only
when there is a choice. Which colours a space accepts depends on its star's rule: fixed
colours, multicolour (six different) or free (one colour or six different, decided while
building). The placement scores its run; filling
the last space around structures earns bonus tiles from the supply, one decision per tile.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from gardensim.games.pavilion.boards import MULTICOLOUR
from gardensim.games.pavilion.notation import (
    BONUS_BASE,
    COLOURS,
    DISCARD,
    KEEP_BASE,
    PASS,
    PAY_BASE,
    PLACE_BASE,
)
from gardensim.games.pavilion.scoring import (
    BONUS_TILES,
    DISCARD_LOSS,
    DISCARDED,
    PLACED,
    lose_points,
    run_points,
)
from gardensim.games.pavilion.snapshots import writable

if TYPE_CHECKING:
    from gardensim.games.pavilion.state import PavilionState

ALL_COLOURS = (1 << COLOURS) - 1


def star_colour_mask(rule: str, tiles: list[int]) -> int:
    """Bit mask of the colours a flexible star accepts next (spec 4.2, BGA's logic)."""
    used = 0
    count = 0
    for c in tiles:
        if c >= 0:
            used |= 1 << c
            count += 1
    if rule == MULTICOLOUR:
        return ALL_COLOURS & ~used
    if count <= 1:
        return ALL_COLOURS
    if used & (used - 1) == 0:
        return used
    return ALL_COLOURS & ~used


@cache  # bounded in practice: 7**6 tile patterns per rule at most, a few hundred seen
def star_options(rule: str, tiles: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per colour, the empty spaces (0..5) of a flexible star that accept it now (cached: a
    star's options depend only on its rule and tiles)."""
    mask = star_colour_mask(rule, list(tiles))
    empty = tuple(k for k in range(6) if tiles[k] < 0)
    return tuple(empty if mask >> c & 1 else () for c in range(COLOURS))


def legal_placements(st: PavilionState) -> list[int]:
    """Every (space, colour) the current player can pay for, then ``pass`` (always legal)."""
    side = st.side
    pool = st.pools[st.player]
    board = st.boards[st.player]
    wild = st.wild
    wilds = pool[wild]
    cost = side.cost
    budget = [0 if not n else n if c == wild else n + wilds for c, n in enumerate(pool)]
    out = []
    for c in range(COLOURS):
        if budget[c]:
            code = PLACE_BASE + c
            most = budget[c]
            for i in side.fixed_spaces[c]:
                if board[i] < 0 and cost[i] <= most:
                    out.append(code + i * COLOURS)
    for s in side.flexible_stars:
        first = 6 * s
        tiles = tuple(board[first : first + 6])
        if -1 not in tiles:
            continue
        options = star_options(side.star_rules[s], tiles)
        for c in range(COLOURS):
            if budget[c]:
                code = PLACE_BASE + c
                most = budget[c]
                for k in options[c]:
                    if cost[first + k] <= most:
                        out.append(code + (first + k) * COLOURS)
    out.append(PASS)
    return out


def payment_range(pool: list[int], colour: int, wild: int, due: int) -> tuple[int, int]:
    """Fewest and most wild tiles that can pay ``due`` more tiles of ``colour`` (spec 4.2):
    at most N - 1 wilds, the rest real; a tile of the wild colour placed as itself counts
    every tile as real."""
    if colour == wild:
        return 0, 0
    low = due - pool[colour]
    return (low if low > 0 else 0), (pool[wild] if pool[wild] < due else due)


def apply_place(st: PavilionState, space: int, colour: int) -> int:
    """Put the tile on its space and score the run; returns the bonus tiles owed (already
    capped by the supply). The rest of the cost is paid by :func:`apply_payment`."""
    p = st.player
    side = st.side
    board = writable(st.boards, p)
    writable(st.pools, p)[colour] -= 1
    board[space] = colour
    points = run_points(board, space)
    st.scores[p] += points
    writable(st.ledger, p)[PLACED] += points
    owed = 0
    for j in side.structures_of[space]:
        structure = side.structures[j]
        if all(board[i] >= 0 for i in structure.spaces):
            owed += structure.bonus
    if owed:
        available = sum(1 for c in st.supply if c >= 0)
        if available < owed:
            owed = available if st.game.options["bonus_shortfall"] == "take-available" else 0
    return owed


def apply_payment(st: PavilionState, colour: int, due: int, wilds: int) -> None:
    """Send ``due`` tiles to the tower: ``wilds`` wild tiles and the rest of ``colour``."""
    pool = writable(st.pools, st.player)
    tower = st.tower
    wild = st.wild
    pool[colour] -= due - wilds
    tower[colour] += due - wilds
    pool[wild] -= wilds
    tower[wild] += wilds


def legal_payments(st: PavilionState, colour: int, due: int) -> list[int]:
    low, high = payment_range(st.pools[st.player], colour, st.wild, due)
    return [PAY_BASE + w for w in range(low, high + 1)]


def legal_bonus(st: PavilionState) -> list[int]:
    return [BONUS_BASE + c for c in sorted({c for c in st.supply if c >= 0})]


def apply_bonus(st: PavilionState, colour: int) -> None:
    """Take one tile of ``colour`` from the first supply space holding one (spec 4.4)."""
    st.supply[st.supply.index(colour)] = -1
    writable(st.pools, st.player)[colour] += 1
    writable(st.ledger, st.player)[BONUS_TILES] += 1


def discard_pool(st: PavilionState, p: int) -> None:
    """Every tile left in the pool goes to the tower at -1 each (spec 4.5)."""
    count = sum(st.pools[p])
    if not count:
        return
    pool = writable(st.pools, p)
    for c in range(COLOURS):
        st.tower[c] += pool[c]
        pool[c] = 0
    floor = st.side.rules.score_floor if st.game.options["discard_floor"] else None
    before = st.scores[p]
    st.scores[p] = lose_points(before, count, floor)
    ledger = writable(st.ledger, p)
    ledger[DISCARD_LOSS] += before - st.scores[p]
    ledger[DISCARDED] += count


def apply_pass(st: PavilionState) -> bool:
    """Pass; returns True when the player must now choose the tiles to keep (spec 4.5).

    In rounds 1-5 a player *may* keep up to 4 tiles, so any pass with tiles left asks, even
    with 4 or fewer: keeping fewer matters under ``discard_floor``, where a discard at the
    floor is free but a kept tile left unused in round 6 costs a point."""
    p = st.player
    st.passed[p] = True
    if st.round == st.side.rules.rounds:
        discard_pool(st, p)
        return False
    held = sum(st.pools[p])
    if not held:
        return False
    st.keep_left = min(held, st.side.rules.corner_spaces)
    return True


def legal_keeps(st: PavilionState) -> list[int]:
    """One more tile of each colour held, or ``discard``: keep no more (spec 4.5)."""
    pool = st.pools[st.player]
    return [KEEP_BASE + c for c in range(COLOURS) if pool[c]] + [DISCARD]


def apply_keep(st: PavilionState, colour: int) -> bool:
    """Keep one tile on a corner; returns True once no more can be kept (the corners are
    full, the rest discarded, or no tile is left)."""
    p = st.player
    writable(st.pools, p)[colour] -= 1
    writable(st.corners, p)[colour] += 1
    st.keep_left -= 1
    if st.keep_left:
        return False
    discard_pool(st, p)
    return True
