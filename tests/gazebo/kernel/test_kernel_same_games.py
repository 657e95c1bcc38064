"""The kernel plays the readable engine's games: the same seed gives the same game, move for
move, with the same game row and turn columns (timings aside).

The kernel restates ``random.Random`` (``gardensim/kernels/pyrandom.py``), deals with it as
``dominoes.deal`` does and seeds each seat's bot as the play loop does, and its bots make the
readable bots' generator calls in the same order; so instead of comparing the engines in
distribution, these tests compare them game by game: every board, 2-4 players, partnership, the
three drawing systems and non-default options, with random, greedy, epsilon-greedy,
two-sample greedy and re-weighted greedy seats; then 2,000 random and 200 greedy games in a row.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from gardensim.core import registry
from gardensim.games.gazebo.kernel import KernelGame
from gardensim.games.gazebo.kernel.layout import new_state
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.kernels import pyrandom
from gardensim.sim.play import play_game

from .test_kernel_replay import CONFIGS

SEATS = ("random", "greedy", "greedy:epsilon=0.2", "greedy:samples=2",
         "greedy:weights=exposed:-0.4;singles:0.3")
TIMING = "decision_s"


def _untimed(columns: dict) -> dict:
    """A game row or turn table without timings, NaN (an absent seat) as None."""
    def plain(v):
        return None if isinstance(v, float) and v != v else v
    def listed(v):
        return v.tolist() if hasattr(v, "tolist") else v
    return {k: ([plain(x) for x in listed(v)] if isinstance(listed(v), list) else plain(v))
            for k, v in columns.items() if not k.startswith(TIMING)}


def _same_game(game, bots, master: int, index: int, telemetry: bool = True) -> None:
    fast = play_game(game, bots, master, index, telemetry=telemetry, engine="auto")
    slow = play_game(game, bots, master, index, telemetry=telemetry, engine="python")
    assert _untimed(fast.game) == _untimed(slow.game), f"game {index}"
    if telemetry:
        assert _untimed(fast.turns) == _untimed(slow.turns), f"game {index}"


def test_the_generator_is_pythons() -> None:
    """Seeding (``init_by_array`` over 32-bit words), ``random()``, ``_randbelow`` and
    ``shuffle`` against CPython's, for seeds of one and two words."""
    R = pyrandom.new_state()
    for seed in (0, 1, 5, 2**32 - 1, 2**32, 2**40 + 7, 2**63 - 1):
        pyrandom.seed(R, seed)
        py = random.Random(seed)
        assert R[:624].tolist() == list(py.getstate()[1][:624])
        for _ in range(500):
            assert pyrandom.random(R) == py.random()
        for n in (1, 2, 3, 7, 64, 65, 300, 1000):
            for _ in range(50):
                assert pyrandom.randbelow(R, n) == py._randbelow(n)
        a = np.arange(81)
        b = list(range(81))
        pyrandom.shuffle(R, a, 81)
        py.shuffle(b)
        assert a.tolist() == b


def test_seeding_generators_three_at_a_time_seeds_each_as_python_does() -> None:
    """``seed_all`` (how the play loop seeds the deal's and the seats' generators, three at a
    time) against CPython, for one to five generators with seeds of one and two words."""
    seeds = [0, 3, 2**32 - 1, 2**32, 2**40 + 7, 2**63 - 1]
    for k in range(1, 6):
        for first in range(len(seeds)):
            values = [seeds[(first + i) % len(seeds)] for i in range(k)]
            Rs = np.zeros((k, pyrandom.SIZE), dtype=np.uint32)
            pyrandom.seed_all(Rs, np.array(values, dtype=np.int64))
            for R, value in zip(Rs, values, strict=True):
                assert R[:624].tolist() == list(random.Random(value).getstate()[1][:624])
                assert pyrandom.random(R) == random.Random(value).random()


@pytest.mark.parametrize(("board", "players", "options"), CONFIGS[::3] + CONFIGS[-10:])
def test_the_kernel_deals_the_readable_piles(board: str, players: int, options: dict) -> None:
    try:
        game = GazeboGame(board, players, options)
    except Exception as err:  # a board not made for this player count
        pytest.skip(str(err))
    kernel = KernelGame(game)
    for seed in (0, 1, 2**40 + 3, 2**63 - 5):
        assert kernel.deal(seed, log=False).tolist() == new_state(game, seed).tolist()


@pytest.mark.parametrize(("board", "players", "options"), CONFIGS,
                         ids=[f"{b}-{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}"
                              for b, p, o in CONFIGS])
def test_the_same_seed_plays_the_same_game(board: str, players: int, options: dict) -> None:
    try:
        game = registry.make_game("gazebo", board, players, options)
    except Exception as err:
        pytest.skip(str(err))
    for index in range(3):
        specs = [SEATS[(index + 2 * s) % len(SEATS)] for s in range(players)]
        _same_game(game, [registry.make_bot(s) for s in specs], 17, index)


def test_two_thousand_random_and_two_hundred_greedy_games_in_a_row() -> None:
    game = registry.make_game("gazebo", "aviary", 2)
    random_bots = [registry.make_bot("random")] * 2
    for index in range(2000):
        _same_game(game, random_bots, 3, index, telemetry=index % 20 == 0)
    greedy_bots = [registry.make_bot("greedy")] * 2
    for index in range(200):
        _same_game(game, greedy_bots, 3, index, telemetry=index % 20 == 0)
