"""Domino sets and the three drawing systems (rulings 16-18).

A domino is one of six *types*: ``FF GG WW`` (single-coloured) and ``FG FW GW`` (double-coloured),
coded 0..5. Hands are counts per type, so legal-move generation looks at each distinct type once.
Piles are shuffled once at setup and drawn from the front with a pointer, so drawing and undoing a
draw only move an index and one seed fixes every draw of the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

#: Colour letters by colour code (rulings: flower F, foliage G, water W).
COLORS = "FGW"
TYPE_NAMES = ("FF", "GG", "WW", "FG", "FW", "GW")
SINGLE_TYPES = (0, 1, 2)
DOUBLE_TYPES = (3, 4, 5)
TYPE_OF_NAME = {name: t for t, name in enumerate(TYPE_NAMES)}
TYPE_OF_NAME.update({name[::-1]: t for t, name in enumerate(TYPE_NAMES)})
#: Oriented colour pairs (x on the first cell, y on the second) each type can be laid as.
ORIENTATIONS = ((0,), (4,), (8,), (1, 3), (2, 6), (5, 7))  # as x * 3 + y
#: Gazebo's set (rulings 16) and Qin's own set (rulings 18): count of each type.
GAZEBO_SET = (9, 9, 9, 18, 18, 18)
QIN_CLASSIC_SET = (12, 12, 12, 12, 12, 12)


def type_of(x: int, y: int) -> int:
    """Domino type of colours ``x`` and ``y`` (either order)."""
    return x if x == y else 2 + x + y


def is_single(t: int) -> bool:
    return t < 3


def type_name(t: int) -> str:
    return TYPE_NAMES[t]


def colour_pair(t: int) -> str:
    return COLORS[t] * 2 if t < 3 else TYPE_NAMES[t]


def expand_set(counts: tuple[int, ...] | list[int]) -> list[int]:
    """The dominoes of a set as a sorted list of types."""
    return [t for t, k in enumerate(counts) for _ in range(k)]


@dataclass
class Deal:
    """Where every domino is at the start of a game."""

    hands: list[list[int]]  # per seat, count per type
    general: tuple[int, ...]  # Gazebo: doubles; Qin: every domino (the one pile)
    private: list[tuple[int, ...]]  # Gazebo only: per seat, face-down singles
    reserve: tuple[int, ...]  # Gazebo only: singles left aside (zen draws)
    dominoes: tuple[int, ...]  # the whole set (counts per type)


def deal(draw: str, players: int, hand_size: int, private_singles: int, seed: int) -> Deal:
    """Shuffle and deal with the system ``draw`` (rulings 17 and 18)."""
    rng = random.Random(seed)
    counts = QIN_CLASSIC_SET if draw == "qin-classic" else GAZEBO_SET
    hands = [[0] * 6 for _ in range(players)]
    if draw == "gazebo":
        singles = expand_set(counts[:3])
        doubles = expand_set((0, 0, 0) + tuple(counts[3:]))
        rng.shuffle(singles)
        rng.shuffle(doubles)
        private = [
            tuple(singles[p * private_singles : (p + 1) * private_singles]) for p in range(players)
        ]
        reserve = tuple(singles[players * private_singles :])
        pile = doubles
    else:
        pile = expand_set(counts)
        rng.shuffle(pile)
        private = [() for _ in range(players)]
        reserve = ()
    for p in range(players):
        for t in pile[p * hand_size : (p + 1) * hand_size]:
            hands[p][t] += 1
    general = tuple(pile[players * hand_size :])
    return Deal(hands, general, private, reserve, tuple(counts))
