"""Random play in the two engines is the same game in distribution.

The kernel draws from numba's generator, the readable engine from Python's, so the same seed
plays different games; what must agree is the distribution. 2,000 random self-play games per
engine (2-player Aviary): seat 0's win share (two-proportion z-test) and the number of turns
(Welch's t-test) may not differ at the 0.1% level. Random play is cheap in both engines.
"""

from __future__ import annotations

import random

import numpy as np
from scipy import stats
from statsmodels.stats.proportion import proportions_ztest

from gardensim.games.gazebo.game import GazeboGame
from gardensim.games.gazebo.kernel import KernelGame, play
from gardensim.games.gazebo.kernel.session import KernelBot

GAMES = 2000
ALPHA = 0.001


def test_random_play_matches_in_distribution() -> None:
    game = GazeboGame("aviary", 2, {"draw": "gazebo"})
    kernel = KernelGame(game)
    bots = [KernelBot(play.RANDOM, 0.0, 1, tuple(game.weights))] * 2
    k_wins, k_turns = [], []
    for seed in range(GAMES):
        out = kernel.outcome(kernel.play(seed, bots, log=False).state)
        k_wins.append(0 in out["winners"])
        k_turns.append(out["turn"])
    p_wins, p_turns = [], []
    for seed in range(GAMES):
        state = game.new_initial_state(seed + GAMES)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(state.random_action(rng))
        p_wins.append(0 in state.winners)
        p_turns.append(state.turn)
    _, p_share = proportions_ztest([sum(k_wins), sum(p_wins)], [GAMES, GAMES])
    assert p_share > ALPHA, (np.mean(k_wins), np.mean(p_wins))
    p_len = stats.ttest_ind(k_turns, p_turns, equal_var=False).pvalue
    assert p_len > ALPHA, (np.mean(k_turns), np.mean(p_turns))
