"""The golden playthroughs (``tests/pavilion/golden``), played by the kernel: the same seat,
legal count and move at every step, and the same final scores, on every board side."""

from __future__ import annotations

import numpy as np
import pytest

from gardensim.games.pavilion import chance
from gardensim.games.pavilion.game import PavilionGame
from gardensim.games.pavilion.kernel import layout
from gardensim.games.pavilion.kernel.fast import tables_of
from gardensim.games.pavilion.kernel.play import random_playthrough
from tests.pavilion.support import BOARDS
from tests.pavilion.test_golden import GOLDEN


def kernel_playthrough(board: str, players: int, seed: int) -> str:
    game = PavilionGame(board, players)
    T, _, names = tables_of(game)
    rng = np.uint64(chance.seed_state(seed)).astype(np.int64)
    S, steps = random_playthrough(T, rng, seed)
    lines = [f"# pavilion {board} {players}p seed {seed}: seat, legal count, move"]
    lines += [f"{seat} {legal} {names[action]}" for seat, legal, action in steps.tolist()]
    lines.append("scores " + " ".join(map(str, S[layout.SCORE:layout.SCORE + players].tolist())))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("board", BOARDS)
def test_the_kernel_plays_the_golden_playthrough(board: str) -> None:
    assert kernel_playthrough(board, 3, 1) == (GOLDEN / f"{board}-3p-seed1.txt").read_text()
