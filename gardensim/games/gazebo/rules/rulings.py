"""The rulings of Gazebo that decide outcomes, each in one place with its number.

Rulings are in ``docs/rules/gazebo-rulings.md``. The engine modules keep the position
and its incremental indexes (labels, bitboards, slots, undo trail); whenever they must decide
*what the rules say* (may these nooks merge, who wins an absorb, how many gazebos a merged nook
keeps, when a nook is big, who holds a patio, which vases fire, who won the game) they ask a
function here, and so do the look-ahead and the evaluation. The plain reference resolver
(``reference.py``) deliberately does not: it restates the rulings on its own, so the two can
check each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum

from gardensim.games.gazebo.rules.geometry import RAISED
from gardensim.games.gazebo.rules.records import Nook

#: Absorb faults in the order rulings 23 reports them.
ABSORB_FAULTS = ("joins two big nooks", "absorbs a big nook", "absorb tie")


class Phase(IntEnum):
    """Where a turn stands (rulings 11, 13, 14); ``label`` is the contract's name."""

    PLACE = 0  #: the player places a domino from hand
    EXTRA = 1  #: they may place a second one (vase or pedestal) or decline
    DRAW = 2  #: they choose the pile of the next refill draw
    OVER = 3  #: the game has ended

    @property
    def label(self) -> str:
        return self.name.lower()


PLACE, EXTRA, DRAW, OVER = Phase.PLACE, Phase.EXTRA, Phase.DRAW, Phase.OVER


def absorb_fault(nooks: Iterable[Nook], big: int) -> str | None:
    """Rulings 6: why merging ``nooks`` (two or more) is illegal, or None when it is legal.

    Each owner's weight is the squares of the original nooks they own; the merge needs one
    owner strictly heavier than every other, at most one big nook (``big`` squares or more:
    the rule set's ``big_nook``), and a big nook's owner must be that heaviest owner. Of
    several faults, the first in rulings 23's order."""
    weights: dict[int, int] = {}
    big_owner = -1
    for nook in nooks:
        owner, size = nook.owner, len(nook.cells)
        weights[owner] = weights.get(owner, 0) + size
        if size >= big:
            if big_owner >= 0:
                return ABSORB_FAULTS[0]
            big_owner = owner
    totals = list(weights.values())
    best = max(totals)
    tie = totals.count(best) > 1
    if big_owner >= 0 and (tie or weights[big_owner] != best):
        return ABSORB_FAULTS[1]
    return ABSORB_FAULTS[2] if tie else None


def first_fault(faults: Iterable[str | None]) -> str | None:
    """The fault first in rulings 23's order among ``faults`` (None: no fault)."""
    found = [f for f in faults if f is not None]
    return min(found, key=ABSORB_FAULTS.index) if found else None


def absorb_winner(nooks: Iterable[Nook]) -> int:
    """Rulings 6: the owner with the most squares in the merged nooks (legality guarantees a
    strict leader)."""
    weights: dict[int, int] = {}
    for nook in nooks:
        weights[nook.owner] = weights.get(nook.owner, 0) + len(nook.cells)
    return max(weights, key=weights.__getitem__)


def gazebos_kept(held: int, size: int, big: int) -> int:
    """Rulings 20: of the ``held`` gazebos the absorb winner had on the merged nooks, the merged
    nook of ``size`` squares keeps one, or two when big (``big`` squares or more); the rest go
    back to their supply, and a double still missing is placed in the big-nook step."""
    return min(held, 2 if size >= big else 1)


def patio_outcome(counts: Sequence[int], holder: int, kind: int,
                  raised_two: bool) -> tuple[int, int]:
    """Rulings 8-10: (holder, threatened holder or -1) of a patio of ``kind`` held by
    ``holder`` (-1: free) once its per-seat ``counts`` (gazebos on the nooks next to it) are
    settled. A unique leader claims a free patio or steals a held one, except that a raised
    patio wants a count of two to be claimed, and to be stolen with ``raised_two`` (an option).
    The holder is *threatened* (for the evaluation) when a rival's count reaches theirs, so one
    more gazebo steals it."""
    best = max(counts)
    if best and counts.count(best) == 1:
        q = counts.index(best)
        if q != holder and not (kind == RAISED and best < 2 and (holder < 0 or raised_two)):
            holder = q
    if holder < 0:
        return holder, -1
    rivals = list(counts[:holder]) + list(counts[holder + 1:])
    return holder, holder if max(rivals) >= counts[holder] else -1


def vases_reached(after: frozenset[int], before: frozenset[int]) -> list[int]:
    """Rulings 13: the vases a nook of the mover borders after the placement that none of the
    mover's own nooks now inside it bordered before; each gives the extra domino."""
    if not after or after <= before:
        return []
    return sorted(after - before)


def winners(supply: Sequence[int], start: Sequence[int], last: int | None,
            partnership: bool) -> tuple[int, ...]:
    """Rulings 14, 15: who won, ``last`` being the seat that placed their last gazebo (None
    for any other end). Alone, that seat wins; otherwise the most gazebos on the board wins
    and ties share. Partners {0, 3} and {1, 2}: fewer gazebos left wins, a tie going to
    ``last``'s partnership, or shared when the game ended otherwise."""
    if partnership:
        teams = ((0, 3), (1, 2))
        left = (supply[0] + supply[3], supply[1] + supply[2])
        if left[0] != left[1]:
            return teams[0] if left[0] < left[1] else teams[1]
        if last is not None:
            return teams[0] if last in teams[0] else teams[1]
        return (0, 1, 2, 3)
    if last is not None:
        return (last,)
    board = [s - left for s, left in zip(start, supply, strict=True)]
    best = max(board)
    return tuple(s for s in range(len(board)) if board[s] == best)
