"""Copy-on-write rows, which keep snapshots (undo) and clones cheap.

A snapshot copies the flat lists of a position (bag, tower, centre, supply, scores) and only the
*outer* lists of per-seat and per-factory rows (pools, corners, boards, ledger, factories): the
rows themselves are shared between the position, its snapshots and its clones. So a row must
never be changed in place; rules code asks :func:`writable` for a private copy first.
"""

from __future__ import annotations


def writable(rows: list[list[int]], i: int) -> list[int]:
    """Replace ``rows[i]`` by a private copy and return it, ready to be changed."""
    row = rows[i] = rows[i][:]
    return row
