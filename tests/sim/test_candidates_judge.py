"""A candidate played on too few deals for an interval is undecided, with the games to play."""

import math

import pandas as pd

from gardensim.sim.candidates import judge


def test_one_deal_gives_no_interval_so_the_candidate_is_undecided_with_games_to_play():
    table = pd.DataFrame({"seat": [0, 1], "share": [1.0, 0.0], "lo": [math.nan] * 2,
                          "hi": [math.nan] * 2})
    verdict = judge(table, players=2, games=2, margin=0.03)
    assert verdict.verdict == "undecided" and verdict.more_games > 0
