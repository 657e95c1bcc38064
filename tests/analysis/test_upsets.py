"""Is one drawing system luckier? The weaker bot's upset rate per arm, paired on deals, with a
deal-clustered interval on the difference that covers a planted truth."""

import numpy as np
import pandas as pd
import pytest

from gardensim.analysis.frames import MissingData
from gardensim.analysis.upsets import upset_frame, upset_rate, upset_scores
from tests.analysis.synth import clustered_wins, wins_frame
from tests.analysis.test_clustered import cr1, t_interval

LINEUP = ["strong", "weak"]
STRENGTH = {"strong": 1.0}
LUCK = {"calm": 0.3, "wild": 1.5}


def _weak_wins(wins: dict[str, np.ndarray], bots: np.ndarray) -> dict[str, np.ndarray]:
    """The weaker bot's win per [replicate, deal, rotation] (two seats, no ties)."""
    weak_seat = np.argmax(bots == "weak", axis=1)  # per rotation
    return {arm: np.take_along_axis(w, weak_seat[None, None, :, None], axis=3)[..., 0]
            for arm, w in wins.items()}


@pytest.fixture(scope="module")
def truth():
    wins, bots = clustered_wins(2, 200_000, 1, arms=("calm", "wild"), lineup=LINEUP,
                                strength=STRENGTH, arm_deal_luck=LUCK, seed=50)
    weak = _weak_wins(wins, bots)
    return {arm: float(w.mean()) for arm, w in weak.items()}


def test_a_drawing_system_with_more_deal_luck_gives_the_weaker_bot_more_upsets(truth):
    wins, bots = clustered_wins(2, 400, 1, arms=("calm", "wild"), lineup=LINEUP,
                                strength=STRENGTH, arm_deal_luck=LUCK, deal_sharing=0.7,
                                seed=51)
    (r,) = upset_rate(wins_frame(wins, bots))
    assert (r.weaker, r.stronger, r.baseline, r.arm) == ("weak", "strong", "calm", "wild")
    assert r.baseline_ci[0] <= truth["calm"] <= r.baseline_ci[1]
    assert r.arm_ci[0] <= truth["wild"] <= r.arm_ci[1]
    assert r.ci[0] <= truth["wild"] - truth["calm"] <= r.ci[1]
    assert r.ci[0] > 0 and r.p_value < 0.05
    assert "wild is luckier" in r.sentence
    assert "With 2 players and strong and weak rotated over the seats," in r.sentence
    assert r.pairs == 800 and r.deals == 400


def test_the_interval_of_the_difference_covers_the_planted_truth(truth):
    wins, bots = clustered_wins(2, 300, 2000, arms=("calm", "wild"), lineup=LINEUP,
                                strength=STRENGTH, arm_deal_luck=LUCK, deal_sharing=0.7,
                                seed=52)
    weak = _weak_wins(wins, bots)
    means, cov = cr1((weak["wild"] - weak["calm"])[..., None])
    lo, hi = t_interval(means[:, 0], cov[:, 0, 0], 300)
    planted = truth["wild"] - truth["calm"]
    assert 0.94 <= np.mean((lo <= planted) & (planted <= hi)) <= 0.96
    games = wins_frame({k: v[:10] for k, v in wins.items()}, bots)
    checked = [upset_rate(games[games["study"] == f"rep{i}"])[0] for i in range(10)]
    assert [c.ci[0] for c in checked] == pytest.approx(lo[:10], rel=1e-9)
    assert [c.ci[1] for c in checked] == pytest.approx(hi[:10], rel=1e-9)


def test_equally_lucky_systems_show_no_clear_difference():
    wins, bots = clustered_wins(2, 300, 1, arms=("a", "b"), lineup=LINEUP, strength=STRENGTH,
                                deal_luck=1.0, deal_sharing=0.7, seed=53)
    (r,) = upset_rate(wins_frame(wins, bots))
    assert r.ci[0] <= 0 <= r.ci[1]
    assert "no clear difference in luck between b and a" in r.sentence
    assert list(upset_frame([r])["difference"]) == [r.difference]


def test_pairs_that_both_lost_say_nothing_and_shared_wins_count_half():
    games = pd.DataFrame({
        "bot_0": ["weak", "weak", "weak", "strong"], "bot_1": ["strong", "strong", "mid", "mid"],
        "bot_2": ["mid", "mid", "strong", "weak"],
        "win_0": [0.0, 0.5, 1.0, 0.0], "win_1": [0.0, 0.5, 0.0, 0.0],
        "win_2": [1.0, 0.0, 0.0, 1.0],
    })
    scores = upset_scores(games, 3, "weak", "strong")
    assert np.isnan(scores[0])  # weak and strong both lost to mid
    assert scores[1] == 0.5 and scores[2] == 1.0 and scores[3] == 1.0


def test_every_pair_of_bots_is_compared_weaker_first_when_none_is_named():
    wins, bots = clustered_wins(3, 200, 1, arms=("calm", "wild"), lineup=["strong", "mid", "weak"],
                                strength={"strong": 1.0, "mid": 0.5}, arm_deal_luck=LUCK,
                                seed=54)
    results = upset_rate(wins_frame(wins, bots))
    assert {(r.weaker, r.stronger) for r in results} == {
        ("mid", "strong"), ("weak", "mid"), ("weak", "strong")}
    (named,) = upset_rate(wins_frame(wins, bots), weaker="weak", stronger="strong")
    assert named.difference == pytest.approx(
        next(r for r in results if r.weaker == "weak" and r.stronger == "strong").difference)


def test_mirror_matches_have_no_upsets_to_measure():
    wins, bots = clustered_wins(2, 20, 1, arms=("a", "b"), seed=55)
    with pytest.raises(MissingData, match="mirror match"):
        upset_rate(wins_frame(wins, bots))
    with pytest.raises(ValueError, match="both"):
        upset_rate(wins_frame(wins, bots), weaker="greedy")
