"""Regenerate the pictures of docs/boards.md: one PNG per shipped garden in docs/img/, plus an
example position on the Aviary garden.

    .venv/bin/python docs/make_board_pictures.py

The example position is hand-made in the ``to_dict()`` format of docs/gazebo-engine-contract.md,
so the pictures do not depend on the engine or on a seed.
"""

from __future__ import annotations

from pathlib import Path

from gardensim.games.gazebo.rules.board import available_boards, load_board
from gardensim.games.gazebo.rules.render import board_png

IMG = Path(__file__).resolve().parent / "img"


def example_position() -> dict:
    """Two players after five dominoes on Aviary: seat 0 holds a flower big nook and the regular
    patio C7; seat 1 a foliage big nook with the fancy patio J4, and a water nook."""
    board = load_board("aviary")
    owners = {"C7": 0, "J4": 1}
    squares = {board.label(i): c for i, c in board.start_squares.items()}
    squares |= {"D6": "F", "D7": "F", "E6": "F", "E7": "F", "I6": "G", "I7": "G", "J5": "G"}
    squares |= {"J6": "G", "G9": "W", "H9": "W"}
    return {
        "players": 2,
        "to_move": 0,
        "over": False,
        "winners": [],
        "end_reason": None,
        "supply": [21, 19],
        "on_board": [3, 5],
        "squares": squares,
        "dominoes": [["E6", "E7"], ["I6", "I7"], ["D6", "D7"], ["G9", "H9"], ["J5", "J6"]],
        "nooks": [
            {"color": "F", "cells": ["D6", "E6", "F6", "D7", "E7"], "owner": 0, "big": True},
            {"color": "G", "cells": ["J5", "H6", "I6", "J6", "I7"], "owner": 1, "big": True},
            {"color": "W", "cells": ["G8", "G9", "H9"], "owner": 1, "big": False},
        ],
        "patios": [
            {"cell": board.label(i), "kind": k, "owner": owners.get(board.label(i))}
            for i, k in board.patios.items()
        ],
        "moves": [],
    }


def main() -> None:
    IMG.mkdir(exist_ok=True)
    for name in available_boards():
        path = IMG / f"board-{name}.png"
        path.write_bytes(board_png(name, dpi=80))
        print(f"wrote {path}")
    path = IMG / "position-aviary.png"
    path.write_bytes(board_png("aviary", example_position(), dpi=80))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
