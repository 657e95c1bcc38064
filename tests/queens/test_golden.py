"""Golden playthroughs (OpenSpiel style): seeded random games per player count, every decision
(seat, legal count, move) and every event (forced passes, jokers earned, round scores) logged
to tests/queens/golden/ and diffed. Any change of rules, move generation, action order or
chance shows up as a diff.

Regenerate after an intended change with ``GARDENSIM_REGEN_GOLDEN=1 pytest tests/queens``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from gardensim.games.queens import QueensGame
from gardensim.games.queens.scoring import JOKERS_GAINED, PASSES

GOLDEN = Path(__file__).parent / "golden"
CASES = [("standard", 2, 1), ("standard", 2, 2), ("standard", 3, 1), ("standard", 3, 2),
         ("standard", 4, 1), ("standard", 4, 2), ("variant", 2, 3), ("variant", 3, 4)]


def playthrough(board: str, players: int, seed: int) -> str:
    st = QueensGame(board, players).new_initial_state(seed)
    rng = random.Random(seed)
    lines = [f"# queens {board} {players}p seed {seed}: seat, legal count, move; events"]
    while not st.is_terminal():
        legal = st.legal_actions()
        action = rng.choice(legal)
        seat, rnd = st.current_player, st.round
        before = [(x[JOKERS_GAINED], x[PASSES]) for x in st.ledger]
        lines.append(f"{seat} {len(legal)} {st.action_to_string(action)}")
        st.apply_action(action)
        for p, (jokers, passes) in enumerate(before):
            if st.ledger[p][JOKERS_GAINED] > jokers:
                lines.append(f"  seat {p} earns {st.ledger[p][JOKERS_GAINED] - jokers} jokers")
            if st.ledger[p][PASSES] > passes and not (p == seat and action == 0):
                lines.append(f"  seat {p} passes (no other move)")
        if st.round != rnd or st.is_terminal():
            lines.append(f"  round {rnd} scored: " + " ".join(map(str, st.scores)))
    lines.append("final " + " ".join(map(str, st.scores)))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("board", "players", "seed"), CASES)
def test_golden_playthrough(board: str, players: int, seed: int) -> None:
    path = GOLDEN / f"{board}-{players}p-seed{seed}.txt"
    text = playthrough(board, players, seed)
    if os.environ.get("GARDENSIM_REGEN_GOLDEN"):
        path.write_text(text)
    assert path.read_text() == text
