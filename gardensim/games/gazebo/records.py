"""Named records of a Gazebo position: nooks and patios.

Both are immutable: a change is a new record in the state's ``nooks`` dict or ``patios`` list,
which is what the undo trail (``state.py``) restores, so no write is ever lost to an undo.
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple


class Nook(NamedTuple):
    """An owned, edge-connected group of 2+ same-coloured squares (rulings 4). ``patios`` and
    ``vases`` are the cells of those next to it, ``halo`` the bitboard of every cell next to
    it (what legality and the evaluation meet nooks through)."""

    owner: int
    colour: int
    cells: tuple[int, ...]
    gazebos: int  #: 1, or 2 once big (rulings 21: a nook is big when both stand on it)
    patios: frozenset[int]
    vases: frozenset[int]
    halo: int


class Patio(NamedTuple):
    """A patio's holder (-1: free), the gazebos standing on it, and the holder when a rival's
    count equals theirs so one more gazebo steals it (-1: not threatened; for the evaluation)."""

    holder: int
    gazebos: int
    threatened: int


FREE_PATIO = Patio(-1, 0, -1)

#: ``Nook`` and ``Patio`` from a tuple of their fields in order, built in C: the generated
#: ``__new__`` is a Python call, and event resolution makes a record at every nook event.
new_nook = partial(tuple.__new__, Nook)
new_patio = partial(tuple.__new__, Patio)
