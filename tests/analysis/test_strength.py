"""Answers across bot strength: planted truths per strength are recovered, and the verdict
(holds, grows, shrinks, reverses...) follows the paired intervals (issue 19, item 5)."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd
import pytest

from gardensim.analysis.frames import MissingData
from gardensim.analysis.seat import seat_advantage
from gardensim.analysis.strength import (
    arms_across_strengths,
    deal_means,
    seat_across_strengths,
    split_arm,
    strength_frame,
    strength_verdict,
)
from gardensim.sim.study import strength_arm

STRENGTHS = ("random", "greedy", "mcts:iters=80")


def planted(
    share: Mapping[tuple[str, str], float], deals: int = 600, shared: float = 0.5,
    players: int = 2, seed: int = 0,
) -> pd.DataFrame:
    """Games of mirror arms ``arm@strength`` where seat 0 wins with the planted probability.

    Each game (deal ``g // players``) draws one uniform that a ``shared`` fraction of the arms
    reuse and the rest replace with their own, as common random numbers make play on one deal
    alike across arms; seat 0 wins when its uniform falls below the planted share, and the
    other seats share the rest. Arms come in the mapping's order (the study's).
    """
    rng = np.random.default_rng(seed)
    n = deals * players
    common = rng.random(n)
    parts = []
    for (arm, strength), p in share.items():
        u = np.where(rng.random(n) < shared, common, rng.random(n))
        win = (u < p).astype(float)
        frame = {"arm": strength_arm(arm, strength), "game": np.arange(n),
                 "deal": np.arange(n) // players, "players": players, "turns": 30}
        for s in range(4):
            frame[f"bot_{s}"] = strength if s < players else None
            frame[f"win_{s}"] = (win if s == 0 else (1 - win) / (players - 1)) if s < players \
                else np.nan
        parts.append(pd.DataFrame(frame))
    games = pd.concat(parts, ignore_index=True)
    games["arm"] = pd.Categorical(games["arm"], categories=list(dict.fromkeys(games["arm"])))
    return games


def sweep_of(shares: tuple[float, ...], **kwargs) -> object:
    games = planted({("gazebo-draw", s): p for s, p in zip(STRENGTHS, shares, strict=True)},
                    **kwargs)
    (sweep,) = seat_across_strengths(games, boot=500)
    return sweep


def test_arm_names_of_a_strengths_study_split_back_into_arm_and_strength():
    assert split_arm(strength_arm("qin-draw", "mcts:iters=80")) == ("qin-draw", "mcts:iters=80")
    assert split_arm("default-2p/qin-draw@greedy") == ("default-2p/qin-draw", "greedy")
    assert split_arm("qin-draw") == ("qin-draw", None)


@pytest.mark.parametrize("effects, changes, verdict", [
    ([(0.55, 0.6), (0.56, 0.62)], [(-0.01, 0.02)], "holds"),
    ([(0.47, 0.53), (0.56, 0.62)], [(0.03, 0.09)], "grows"),
    ([(0.60, 0.66), (0.52, 0.58)], [(-0.1, -0.04)], "shrinks"),
    ([(0.40, 0.46), (0.55, 0.62)], [(0.1, 0.2)], "reverses"),
    ([(0.47, 0.53), (0.48, 0.54)], [(-0.02, 0.03)], "absent"),
    ([(0.47, 0.53), (0.51, 0.57)], [(-0.01, 0.07)], "unsettled"),
    ([(0.56, 0.62), (0.60, 0.7), (0.52, 0.58)], [(0.01, 0.06), (-0.08, -0.01)], "changes"),
    ([(0.44, 0.50), (0.49, 0.55)], [(0.01, 0.08)], "changes"),
    ([(0.34, 0.40), (0.28, 0.33)], [(-0.09, -0.03)], "grows"),  # a handicap that deepens
])
def test_the_verdict_reads_only_the_intervals(effects, changes, verdict):
    assert strength_verdict(effects, changes, 0.5)[0] == verdict


def test_a_planted_edge_the_same_at_every_strength_holds():
    sweep = sweep_of((0.6, 0.6, 0.6))
    assert sweep.verdict == "holds"
    assert all(lo <= 0.6 <= hi for lo, hi in zip(sweep.table["lo"], sweep.table["hi"],
                                                 strict=True))
    assert "the answer holds as play gets stronger" in sweep.sentence
    for strength in STRENGTHS:
        assert f"with {strength} bots in every seat" in sweep.sentence


def test_an_edge_that_only_stronger_bots_show_grows():
    sweep = sweep_of((0.5, 0.6, 0.65))
    assert sweep.verdict == "grows"
    assert list(sweep.table["strength"]) == list(STRENGTHS)
    for truth, lo, hi in zip((0.1, 0.15), sweep.table["change_lo"][1:],
                             sweep.table["change_hi"][1:], strict=True):
        assert lo <= truth <= hi
    assert "the first player's edge grows as play gets stronger" in sweep.sentence


def test_an_edge_that_fades_with_stronger_bots_shrinks():
    assert sweep_of((0.66, 0.6, 0.55)).verdict == "shrinks"


def test_a_first_player_edge_that_turns_into_a_handicap_reverses():
    sweep = sweep_of((0.6, 0.5, 0.4))
    assert sweep.verdict == "reverses"
    assert ("seat 0 favoured with random bots, seat 0 behind with mcts:iters=80 bots"
            in sweep.sentence)


def test_fair_seats_at_every_strength_show_no_edge():
    sweep = sweep_of((0.5, 0.5, 0.5))
    assert sweep.verdict == "absent"
    assert "no strength shows a first-player edge or handicap" in sweep.sentence


def test_deal_resampled_interval_covers_a_planted_difference_about_95_percent():
    """Independent play at each strength (no common random numbers to help), 100 deals of two
    games, 200 replicates: the paired interval of the difference covers the truth."""
    rng = np.random.default_rng(7)
    deals = np.repeat(np.arange(100), 2)
    hits = 0
    for rep in range(200):
        weak = (rng.random(200) < 0.5).astype(float)
        strong = (rng.random(200) < 0.6).astype(float)
        _, lo, hi = deal_means((strong - weak)[:, None], deals, 400, rep)
        hits += lo[0] <= 0.1 <= hi[0]
    assert 0.90 <= hits / 200 <= 0.99


def test_seat_shares_and_intervals_come_from_the_seat_results_given():
    games = planted({("a", "random"): 0.5, ("a", "greedy"): 0.6}, deals=200)
    results = seat_advantage(games)
    for r in results:
        r.table.loc[r.table["seat"] == 0, ["share", "lo", "hi"]] = [0.7, 0.69, 0.71]
    (sweep,) = seat_across_strengths(games, results, boot=200)
    assert list(sweep.table["value"]) == [0.7, 0.7] and list(sweep.table["lo"]) == [0.69, 0.69]


def test_a_drawing_system_effect_only_stronger_bots_show_grows_with_strength():
    games = planted({
        ("gazebo-draw", "random"): 0.5, ("gazebo-draw", "greedy"): 0.66,
        ("qin-draw", "random"): 0.5, ("qin-draw", "greedy"): 0.55,
    }, deals=800, shared=0.8)
    (sweep,) = arms_across_strengths(games, boot=500)
    assert sweep.arm == "qin-draw vs gazebo-draw" and sweep.verdict == "grows"
    truth = (0.0, -0.11)
    assert all(lo <= t <= hi for t, lo, hi in zip(truth, sweep.table["lo"], sweep.table["hi"],
                                                  strict=True))
    assert sweep.sentence.startswith(
        "With 2 players, qin-draw against gazebo-draw changes the first player's win share by ")
    assert "with greedy bots in every seat" in sweep.sentence
    assert "the effect of qin-draw grows as play gets stronger" in sweep.sentence


def test_strength_order_is_the_studys_even_when_arm_categories_are_sorted_unless_given():
    games = planted({("a", "mcts"): 0.5, ("a", "random"): 0.5}, deals=50)
    assert seat_across_strengths(games, boot=50)[0].strengths == ["mcts", "random"]
    games["arm"] = games["arm"].astype(str).astype("category")  # as combining runs may do
    assert seat_across_strengths(games, boot=50)[0].strengths == ["mcts", "random"]
    (sweep,) = seat_across_strengths(games, order=["random", "mcts"], boot=50)
    assert sweep.strengths == ["random", "mcts"]
    with pytest.raises(MissingData, match="strength 'mcts' is not in the order given"):
        seat_across_strengths(games, order=["random", "greedy"], boot=50)


def test_a_study_without_strengths_has_no_answer_across_them():
    games = planted({("a", "greedy"): 0.5}, deals=20)
    games["arm"] = "plain"
    with pytest.raises(MissingData, match="study key 'strengths'"):
        seat_across_strengths(games)
    with pytest.raises(MissingData, match="mirror matches"):
        arms_across_strengths(games, "stronger_bot")


def test_strength_frame_has_one_row_per_strength_and_answer():
    games = planted({(arm, s): 0.5 for arm in ("x", "y") for s in ("random", "greedy")},
                    deals=50)
    sweeps = seat_across_strengths(games, boot=50) + arms_across_strengths(games, boot=50)
    frame = strength_frame(sweeps)
    assert len(frame) == 6 and set(frame["arm"]) == {"x", "y", "y vs x"}


def test_answers_across_strengths_of_a_played_study():
    from gardensim.sim.api import simulate
    from tests.sim.test_strengths import strength_study

    games = simulate(strength_study(games=12), progress=False, jobs=1).games
    sweeps = seat_across_strengths(games, boot=100)
    assert [(s.arm, s.strengths) for s in sweeps] == [
        (arm, ["random", "greedy", "mcts:iters=3"]) for arm in ("plain", "variant")]
    assert all(s.pairs == 12 and s.deals == 6 for s in sweeps)
    (turns,) = arms_across_strengths(games, "turns", boot=100)
    assert turns.arm == "variant vs plain" and "game length in turns" in turns.sentence


def test_strengths_played_on_other_deals_are_not_paired():
    games = planted({("a", "random"): 0.5, ("a", "greedy"): 0.5}, deals=20)
    games.loc[games["arm"] == "a@greedy", "deal"] += 1
    with pytest.raises(MissingData, match="do not share deals"):
        seat_across_strengths(games, boot=20)
