"""Small helpers for the rule tests: purpose-built boards, filler moves and readers of the replay
object of docs/gazebo-engine-contract.md.

The rule tests are written from the rulebook and the rulings, never from the engine's code, so
these helpers only know the fixed contract (notation, replay object, event vocabulary). The
sandbox replays run on the engine ``ENGINE`` names: ``python`` (the readable rules) or ``fast``
(the compiled kernel's sandbox); ``tests/gazebo/conftest.py`` plays every rule test that
replays on both.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from gardensim.games.gazebo.rules.replay import replay

RULE_BOARDS = Path(__file__).resolve().parent / "rule_boards"
#: the engine the sandbox replays of the rule tests run on (``python`` or ``fast``)
ENGINE = "python"


def sandbox(board: Any, players: int, moves: Sequence[str] | str,
            **kwargs: Any) -> dict[str, Any]:
    """``replay.replay`` on the engine :data:`ENGINE` names."""
    if ENGINE == "fast":
        from gardensim.games.gazebo.kernel.coverage import COVERAGE
        from gardensim.games.gazebo.kernel.sandbox import replay as kernel_replay
        from gardensim.games.gazebo.rules.ruleset import RULES

        options = RULES.validate(kwargs.get("options"), players)
        refusal = COVERAGE.option_refusal(RULES, options, players)
        if refusal is not None:  # the readable engine plays what the kernel does not cover
            pytest.skip(f"the kernel does not play this: {refusal}")
        return kernel_replay(board, players, moves, **kwargs)
    return replay(board, players, moves, **kwargs)


def board_path(name: str) -> str:
    """Path of a purpose-built board in tests/gazebo/rule_boards/ (a path, so no lookup by name)."""
    path = RULE_BOARDS / f"{name}.txt"
    assert path.is_file(), path
    return str(path)


def dumps(count: int, row: int = 7) -> list[str]:
    """Filler moves on a board's dump strip: ``w . . . ...`` alone on ``row`` behind a void row.

    Each FG domino continues the strip, flower next to the previous foliage, so no two squares of
    one colour ever touch: the filler creates no nook and reaches nothing else. It lets one player
    pass the turn while the example is built by the other.
    """
    assert count <= 5, "the dump strip holds five dominoes"
    return [f"FG@{'BDFHJ'[i]}{row}E" for i in range(count)]


def cell_key(label: str) -> tuple[int, int]:
    """Reading order of the contract: row from the top, then column from the left."""
    m = re.fullmatch(r"([A-Z])(\d+)", label)
    assert m, label
    return int(m.group(2)), ord(m.group(1)) - ord("A")


def cells(spec: str) -> list[str]:
    """``"B2 B3 C3"`` -> the labels in reading order, as the contract sorts cells."""
    return sorted(spec.split(), key=cell_key)


def play(board: str, players: int, moves: Sequence[str], **kwargs: Any) -> dict[str, Any]:
    """Replay ``moves`` on a rule board (by name) and return the contract's JSON object."""
    return sandbox(board_path(board), players, list(moves), **kwargs)


def events(result: dict[str, Any], move: int) -> list[dict[str, Any]]:
    """Events of the ``move``-th token (1-based, as ReplayError counts)."""
    return result["moves"][move - 1]["events"]


def types(result: dict[str, Any], move: int) -> list[str]:
    return [e["type"] for e in events(result, move)]


def of_type(result: dict[str, Any], move: int, kind: str) -> list[dict[str, Any]]:
    return [e for e in events(result, move) if e["type"] == kind]


def nook_with(result: dict[str, Any], label: str) -> dict[str, Any] | None:
    """The nook holding ``label``, or None when the square is lone or empty."""
    found = [n for n in result["nooks"] if label in n["cells"]]
    assert len(found) <= 1, found
    return found[0] if found else None


def patio(result: dict[str, Any], label: str) -> dict[str, Any]:
    (found,) = [p for p in result["patios"] if p["cell"] == label]
    return found


def gazebos_total(result: dict[str, Any]) -> list[int]:
    """Supply plus gazebos on the board, per seat: constant through a game."""
    return [s + b for s, b in zip(result["supply"], result["on_board"], strict=True)]


def kind(colours: Iterable[str]) -> str:
    """Domino kind independent of orientation: ``GF`` and ``FG`` are both ``FG``."""
    return "".join(sorted(colours))
