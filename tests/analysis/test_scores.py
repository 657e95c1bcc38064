"""Score distributions and paired board comparisons: planted shifts and spreads are found, and
every scipy/statsmodels figure is recomputed another way."""

import itertools

import numpy as np
import pandas as pd
import pytest

from gardensim.analysis.frames import MissingData
from gardensim.analysis.scores import (
    clustered_mean,
    compare_scores,
    deal_score_blocks,
    distribution_frame,
    ks_permutation,
    score_comparison_frame,
    score_distributions,
)
from gardensim.analysis.seat import seat_advantage
from gardensim.games.pavilion.spec import SPEC as PAVILION
from tests.analysis.synth import score_games


def _ks_by_hand(x: np.ndarray, y: np.ndarray) -> float:
    """Largest gap between the two empirical distribution functions, over every jump point."""
    points = np.union1d(x, y)
    fx = np.searchsorted(np.sort(x), points, side="right") / len(x)
    fy = np.searchsorted(np.sort(y), points, side="right") / len(y)
    return float(np.max(np.abs(fx - fy)))


def test_planted_five_point_shift_is_the_paired_difference_inside_its_interval():
    games = score_games(players=2, deals=300, shift={"base": 0.0, "glazed": 5.0}, seed=1)
    (result,) = compare_scores(games, resamples=199)
    assert (result.baseline, result.arm) == ("base", "glazed")
    a = games[games["arm"] == "base"][["score_0", "score_1"]].to_numpy().mean(axis=1)
    b = games[games["arm"] == "glazed"][["score_0", "score_1"]].to_numpy().mean(axis=1)
    assert result.difference == pytest.approx((b - a).mean())
    assert result.ci[0] <= 5.0 <= result.ci[1] and result.ci[0] > 3.5
    assert result.variance_reduction > 0.5  # deal effect and shared noise cancel in pairs
    assert result.ks_p < 0.01 and result.wilcoxon_p < 0.01
    assert "paired permutation p ≤ 0.005" in result.sentence  # no resample of 199 got there
    assert "under glazed against" in result.sentence
    assert (f": {result.difference:.1f} more (95% CI {result.ci[0]:+.1f} to "
            f"{result.ci[1]:+.1f}, 600 paired games on 300 deals, p < 1e-10)") in result.sentence


def test_same_mean_wider_spread_is_caught_by_the_distribution_test_not_the_mean():
    games = score_games(players=2, deals=300, shift={"base": 0.0, "wide": 0.0},
                        spread={"wide": 2.0}, seed=2)
    (result,) = compare_scores(games, resamples=199)
    assert result.ci[0] <= 0 <= result.ci[1]
    assert "no clear difference" in result.sentence
    assert result.ks_p < 0.01 and "the score distributions differ" in result.sentence


def test_identical_arms_differ_by_nothing():
    base = score_games(players=3, deals=40, shift={"a": 0.0}, seed=3)
    games = pd.concat([base, base.assign(arm="b")], ignore_index=True)
    games["arm"] = games["arm"].astype("category")
    (result,) = compare_scores(games, resamples=99)
    assert result.difference == 0 and result.ci == (0.0, 0.0)
    assert result.ks_distance == 0 and result.ks_p == 1.0 and result.wilcoxon_p == 1.0
    assert "no evidence that the score distributions differ" in result.sentence


def test_ks_distance_is_the_largest_gap_between_the_empirical_cdfs():
    games = score_games(players=2, deals=50, shift={"a": 0.0, "b": 2.0}, spread={"b": 1.5},
                        seed=4)
    (result,) = compare_scores(games, resamples=99)
    x = games[games["arm"] == "a"][["score_0", "score_1"]].to_numpy().ravel()
    y = games[games["arm"] == "b"][["score_0", "score_1"]].to_numpy().ravel()
    assert result.ks_distance == pytest.approx(_ks_by_hand(x, y))


def test_permutation_p_value_swaps_whole_deals_and_matches_full_enumeration():
    """With 6 deals scipy enumerates all 2**6 swaps; redo that enumeration by hand."""
    games = score_games(players=2, deals=6, shift={"a": 0.0, "b": 4.0}, seed=5)
    a = games[games["arm"] == "a"].reset_index(drop=True)
    b = games[games["arm"] == "b"].reset_index(drop=True)
    blocks_a, blocks_b = deal_score_blocks(a, b, 2)
    assert blocks_a.shape == (6, 4)  # 2 rotations x 2 seats per deal
    observed, p = ks_permutation(blocks_a, blocks_b, resamples=999)
    assert observed == pytest.approx(_ks_by_hand(blocks_a.ravel(), blocks_b.ravel()))
    hits = 0
    for swaps in itertools.product([False, True], repeat=6):
        flip = np.array(swaps)[:, None]
        x = np.where(flip, blocks_b, blocks_a).ravel()
        y = np.where(flip, blocks_a, blocks_b).ravel()
        hits += _ks_by_hand(x, y) >= observed - 1e-12
    assert p == pytest.approx(hits / 64)


def test_a_partial_last_deal_is_left_out_of_the_permutation_blocks():
    games = score_games(players=3, deals=5, shift={"a": 0.0, "b": 1.0}, seed=6)
    games = games[games["game"] < 14]  # deal 4 has 2 of its 3 rotations
    a = games[games["arm"] == "a"].reset_index(drop=True)
    b = games[games["arm"] == "b"].reset_index(drop=True)
    assert deal_score_blocks(a, b, 3)[0].shape == (4, 9)


def test_clustered_interval_equals_the_t_interval_of_deal_means_for_complete_deals():
    from scipy.stats import t

    rng = np.random.default_rng(7)
    deals = np.repeat(np.arange(40), 6)
    values = rng.normal(0, 3, 40)[deals] + rng.normal(50, 5, len(deals))
    mean, (lo, hi) = clustered_mean(values, deals)
    per_deal = pd.Series(values).groupby(deals).mean()
    se = per_deal.std(ddof=1) / np.sqrt(40)
    half = t.ppf(0.975, 39) * se
    assert mean == pytest.approx(values.mean())
    assert (lo, hi) == pytest.approx((mean - half, mean + half), rel=1e-9)


def test_distribution_table_holds_scores_winning_score_and_breakdown_means():
    games = score_games(players=2, deals=30, shift={"base": 0.0, "glazed": 3.0}, seed=8)
    results = score_distributions(games)
    table = distribution_frame(results)
    assert list(table["arm"]) == ["base", "glazed"]
    rows = games[games["arm"] == "glazed"]
    scores = rows[["score_0", "score_1"]].to_numpy()
    glazed = table.set_index("arm").loc["glazed"]
    assert glazed["mean"] == pytest.approx(scores.mean())
    assert glazed["winning_mean"] == pytest.approx(scores.max(axis=1).mean())
    assert glazed["median"] == pytest.approx(np.median(scores))
    numbers = rows[["numbers_0", "numbers_1"]].to_numpy().mean()
    placement = rows[["placement_0", "placement_1"]].to_numpy().mean()
    assert glazed["mean_numbers"] == pytest.approx(numbers)
    assert glazed["mean"] == pytest.approx(5 + placement + glazed["mean_numbers"])
    assert "mean_stars" not in table  # not recorded by these frames: not invented
    sentence = results[1].sentence
    assert sentence.startswith(
        "In glazed, 2 players, with greedy bots in every seat, a player scores a mean ")
    assert f"{glazed['lo']:.1f}–{glazed['hi']:.1f}" in sentence


def test_every_pair_of_three_arms_is_compared_per_player_count_and_study():
    arms = {"base": 0.0, "glazed-orange": 1.0, "glazed-purple": -3.0}
    two = score_games(players=2, deals=20, shift=arms, seed=9).assign(study="p2")
    four = score_games(players=4, deals=10, shift=arms, seed=9).assign(study="p4")
    games = pd.concat([two, four], ignore_index=True)
    games["arm"] = games["arm"].astype("category")
    results = compare_scores(games, resamples=49)
    assert [(r.players, r.baseline, r.arm) for r in results] == [
        (n, a, b) for n in (2, 4) for a, b in [("base", "glazed-orange"),
                                               ("base", "glazed-purple"),
                                               ("glazed-orange", "glazed-purple")]]
    table = score_comparison_frame(results)
    assert len(table) == 6 and (table["pairs"] == [40] * 3 + [40] * 3).all()
    assert (table["deals"] == [20] * 3 + [10] * 3).all()


def test_arms_that_do_not_share_deals_are_not_paired():
    games = score_games(players=2, deals=10, shift={"a": 0.0, "b": 0.0}, seed=10)
    games.loc[games["arm"] == "b", "seed"] += 1
    with pytest.raises(MissingData, match="do not share deals"):
        compare_scores(games, resamples=9)


def test_frames_without_scores_or_without_a_second_arm_say_what_is_missing():
    games = score_games(players=2, deals=10, seed=11)
    with pytest.raises(MissingData, match="at least two arms"):
        compare_scores(games)
    with pytest.raises(MissingData, match="score_0"):
        score_distributions(games.drop(columns=["score_0"]))


def test_seat_advantage_reads_pavilion_frames_and_names_seat_0_when_it_did_not_always_start():
    games = score_games(players=2, deals=50, shift={"base": 0.0, "glazed": 1.0}, seed=12)
    results = seat_advantage(games, start_player=PAVILION.columns.start_player)
    assert [r.arm for r in results] == ["base", "glazed"]
    assert all("the first player (seat 0) wins" in r.sentence for r in results)
    games["first_player"] = games["game"] % 2
    (first, _) = seat_advantage(games, start_player=PAVILION.columns.start_player)
    assert "seat 0 (start player in 50.0% of games) wins" in first.sentence


def test_an_interval_bound_that_rounds_to_zero_keeps_its_side():
    from gardensim.analysis.scores import _signed

    assert [_signed(x) for x in (-0.03, 0.04, 0.0, -1.96, 0.05)] == [
        "-0.03", "+0.04", "+0.0", "-2.0", "+0.1"]
