"""Named records of a Gazebo position: nooks and patios.

Both are treated as immutable: a change is a new record in the state's ``nooks`` dict or
``patios`` list, which is what the undo trail (``state.py``) restores, so no write is ever lost
to an undo. Plain classes with ``__slots__`` rather than NamedTuples: CPython 3.11 specialises
reads of slots, while a tuple subclass loses the fast paths of plain tuples (unpacking and
indexing), and the legality and evaluation loops read every nook's fields.
"""

from __future__ import annotations


class Nook:
    """An owned, edge-connected group of 2+ same-coloured squares (rulings 4). ``patios`` and
    ``vases`` are the cells of those next to it, ``halo`` the bitboard of every cell next to
    it (what legality and the evaluation meet nooks through)."""

    __slots__ = ("owner", "colour", "cells", "gazebos", "patios", "vases", "halo")

    def __init__(self, owner: int, colour: int, cells: tuple[int, ...], gazebos: int,
                 patios: frozenset[int], vases: frozenset[int], halo: int) -> None:
        self.owner = owner
        self.colour = colour
        self.cells = cells
        #: 1, or 2 once big (rulings 21: a nook is big when both its gazebos stand on it)
        self.gazebos = gazebos
        self.patios = patios
        self.vases = vases
        self.halo = halo

    def doubled(self) -> Nook:
        """This nook with its second gazebo (rulings 7)."""
        return Nook(self.owner, self.colour, self.cells, 2, self.patios, self.vases, self.halo)

    def __repr__(self) -> str:
        return (f"Nook(owner={self.owner}, colour={self.colour}, cells={self.cells}, "
                f"gazebos={self.gazebos})")


class Patio:
    """A patio's holder (-1: free), the gazebos standing on it, and the holder when a rival's
    count equals theirs so one more gazebo steals it (-1: not threatened; for the evaluation)."""

    __slots__ = ("holder", "gazebos", "threatened")

    def __init__(self, holder: int, gazebos: int, threatened: int) -> None:
        self.holder = holder
        self.gazebos = gazebos
        self.threatened = threatened

    def __repr__(self) -> str:
        return f"Patio(holder={self.holder}, gazebos={self.gazebos}, threatened={self.threatened})"


FREE_PATIO = Patio(-1, 0, -1)
