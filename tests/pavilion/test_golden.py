"""Golden playthroughs (OpenSpiel style): one seeded random game per board side, stored with the
seat to move, the number of legal actions and the move at every step, and the final scores.
Any change of rules, legal-move generation, action order or chance shows up as a diff.

Regenerate after an intended change with ``GARDENSIM_REGEN_GOLDEN=1 pytest tests/pavilion``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from gardensim.games.pavilion.game import PavilionGame
from tests.pavilion.support import BOARDS

GOLDEN = Path(__file__).parent / "golden"


def playthrough(board: str, players: int, seed: int) -> str:
    game = PavilionGame(board, players)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    lines = [f"# pavilion {board} {players}p seed {seed}: seat, legal count, move"]
    while not state.is_terminal():
        legal = state.legal_actions()
        action = rng.choice(legal)
        lines.append(f"{state.current_player} {len(legal)} {state.action_to_string(action)}")
        state.apply_action(action)
    lines.append("scores " + " ".join(map(str, state.scores)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("board", BOARDS)
def test_golden_playthrough(board: str) -> None:
    path = GOLDEN / f"{board}-3p-seed1.txt"
    text = playthrough(board, 3, 1)
    if os.environ.get("GARDENSIM_REGEN_GOLDEN"):
        path.write_text(text)
    assert path.read_text() == text
