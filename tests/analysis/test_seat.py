"""Seat advantage: planted seat edges are recovered with deal-clustered intervals, and every
answer ends in a verdict (fair within the margin, unfair, or undecided with the games to play)."""


import pandas as pd
import pytest

from gardensim.analysis.frames import MissingData
from gardensim.analysis.seat import (
    elo_from_share,
    holm,
    seat_advantage,
    seat_frame,
)
from tests.analysis.synth import clustered_games, logit, logit_games


def test_planted_five_point_first_player_edge_is_inside_the_interval():
    games = logit_games(players=2, deals=1500, seat_logit=[logit(0.55), 0.0], seed=3)
    (result,) = seat_advantage(games)
    seat0 = result.table.iloc[0]
    assert seat0["lo"] <= 0.55 <= seat0["hi"]
    assert seat0["lo"] > 0.5
    assert result.p_value < 0.05
    assert result.mirror
    assert result.verdict.kind in ("differs", "unfair")
    assert f"Verdict: {result.verdict.text}" in result.sentence


def test_every_sentence_names_its_bots():
    mirror = logit_games(players=2, deals=20, seed=1)
    mixed = logit_games(players=2, deals=20, lineup=["greedy", "random"], seed=1)
    assert "with greedy bots in every seat" in seat_advantage(mirror)[0].sentence
    assert "with greedy and random rotated over the seats" in seat_advantage(mixed)[0].sentence


def test_shared_wins_are_split_between_winners():
    games = logit_games(players=2, deals=10, seed=1)
    games.loc[:, "win_0"] = 0.5
    games.loc[:, "win_1"] = 0.5
    (result,) = seat_advantage(games)
    assert result.table["share"].tolist() == [0.5, 0.5]
    assert result.table["wins"].sum() == len(games)
    assert result.p_value == 1.0 and result.verdict.kind == "fair"


def test_elo_equivalent_of_a_64_percent_edge_is_100_points():
    assert elo_from_share(0.64) == pytest.approx(100.0, abs=0.5)
    games = logit_games(players=2, deals=2000, seat_logit=[logit(0.64), 0.0], seed=5)
    (result,) = seat_advantage(games)
    assert result.elo_ci[0] <= 100 <= result.elo_ci[1]
    assert "Elo" in result.sentence


def test_three_player_seat_test_detects_a_planted_edge_and_not_its_absence():
    edge = logit_games(players=3, deals=800, lineup=["greedy"] * 3,
                       seat_logit=[0.4, 0.0, 0.0], seed=2)
    fair = logit_games(players=3, deals=800, lineup=["greedy"] * 3, seed=2)
    (with_edge,) = seat_advantage(edge)
    (without,) = seat_advantage(fair)
    assert with_edge.p_value < 0.001
    assert without.p_value > 0.01
    assert with_edge.elo is None
    assert with_edge.df == (2, 799)
    assert "33.3%" in with_edge.sentence


def test_one_result_per_arm_and_player_count():
    games = pd.concat([logit_games(players=2, deals=50, arms=["a", "b"]),
                       logit_games(players=3, deals=50, lineup=["greedy"] * 3, arms=["a"])])
    results = seat_advantage(games)
    assert [(r.arm, r.players) for r in results] == [("a", 2), ("b", 2), ("a", 3)]
    frame = seat_frame(results)
    assert len(frame) == 2 + 3 + 2


# ----- verdicts -----------------------------------------------------------------------------

def test_a_fair_game_with_enough_deals_is_fair_within_the_margin():
    games = clustered_games(players=2, deals=4000, deal_luck=0.9, seed=41)
    (r,) = seat_advantage(games)
    assert r.verdict.kind == "fair"
    assert all(abs(x - 0.5) <= 0.03 for x in (r.table.loc[0, "lo"], r.table.loc[0, "hi"]))
    assert "Verdict: fair within ±3 points" in r.sentence
    (wide,) = seat_advantage(games, fair_margin=0.005)
    assert wide.verdict.kind in ("undecided", "differs")


def test_a_small_edge_inside_the_margin_is_fair_and_says_the_seats_differ():
    games = logit_games(players=2, deals=6000, seat_logit=[logit(0.515), 0.0], seed=47)
    (r,) = seat_advantage(games)
    assert r.p_value < 0.05 and r.table.loc[0, "lo"] > 0.5
    assert r.verdict.kind == "fair"
    assert "fair within ±3 points (differs from even by less than that)" in r.sentence


def test_an_undecided_verdict_says_how_many_more_games_would_settle_it():
    from gardensim.analysis.verdict import more_games

    games = clustered_games(players=3, deals=100, deal_luck=1.1, seed=42)
    (r,) = seat_advantage(games)
    assert r.verdict.kind == "undecided"
    q = r.quantities[r.verdict.decisive]
    half = (r.verdict.hi - r.verdict.lo) / 2
    assert r.verdict.games_needed == more_games(q.deviation, half, 0.03, r.games, 3)
    if r.verdict.games_needed is None:
        assert "margin's edge" in r.sentence
    else:
        assert f"{r.verdict.games_needed} more games" in r.sentence


def test_fair_margin_must_be_a_share():
    games = logit_games(players=2, deals=10, seed=1)
    with pytest.raises(ValueError, match="0.03"):
        seat_advantage(games, fair_margin=3)


def test_study_fair_margin_is_points_validated_and_kept_out_of_default_studies():
    from gardensim.core.errors import ConfigError
    from gardensim.sim.study import Study

    base = {"name": "s", "game": "toy", "players": 2, "bots": ["random"] * 2, "games": 4}
    assert "fair_margin" not in Study.from_dict(base).to_dict()
    assert Study.from_dict({**base, "fair_margin": 5}).to_dict()["fair_margin"] == 5
    for bad in (50, 0, -1, True, "3%"):
        with pytest.raises(ConfigError, match="fair_margin"):
            Study.from_dict({**base, "fair_margin": bad})


def test_holm_adjusts_every_seat_test_of_a_family_and_says_so():
    from statsmodels.stats.multitest import multipletests

    games = pd.concat([logit_games(players=2, deals=300, arms=[a], seat_logit=[edge, 0],
                                   seed=i)
                       for i, (a, edge) in enumerate([("a", 0.0), ("b", 0.2), ("c", 0.4)])])
    results = seat_advantage(games, adjust=False)
    raw = [r.p_value for r in results]
    holm(results)
    assert [r.p_adjusted for r in results] == pytest.approx(
        list(multipletests(raw, method="holm")[1]))
    assert all(r.tests == 3 for r in results)
    assert all("simultaneous over the 3 answers" in r.sentence for r in results)
    assert [r.p_adjusted for r in seat_advantage(games)] == pytest.approx(
        [r.p_adjusted for r in results])


def test_arms_a_study_declares_keep_their_own_answers_and_share_one_family():
    games = clustered_games(players=2, deals=300, arms=("base", "tilted"), deal_luck=0.9,
                            arm_seat_logit={"base": [0.0, 0.0], "tilted": [0.8, 0.0]},
                            seed=44)
    games = pd.concat([games, clustered_games(players=3, deals=100, seed=45)])
    results = seat_advantage(games)
    assert [(r.players, r.arm) for r in results] == [(2, "base"), (2, "tilted"), (3, "a")]
    assert all(r.tests == 3 and not r.pooled for r in results)


def test_seat_advantage_names_missing_columns():
    games = logit_games(players=2, deals=5).drop(columns=["win_1"])
    with pytest.raises(MissingData, match="win_1"):
        seat_advantage(games)


