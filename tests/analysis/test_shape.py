"""Game shape: lengths, endings, margins, lead changes, events and branching on known games."""

import math

import pandas as pd
import pytest

from gardensim.analysis.frames import MissingData
from gardensim.analysis.shape import (
    branching_factor,
    end_reasons,
    events_per_game,
    lead_changes,
    lead_history,
    length_distribution,
    winning_margin,
)
from gardensim.games.gazebo.spec import SPEC as GAZEBO
from gardensim.games.pavilion.spec import SPEC as PAVILION
from tests.analysis.synth import race_run


def _turns(games: dict[int, list[tuple[int, int]]]) -> pd.DataFrame:
    rows = []
    for g, supplies in games.items():
        for t, (a, b) in enumerate(supplies):
            rows.append({"arm": "x", "game": g, "turn": t, "seat": t % 2, "supply_0": a,
                         "supply_1": b, "supply_2": math.nan, "ev_absorb": int(t == 1),
                         "legal_moves": 100 - t})
    return pd.DataFrame(rows)


SEESAW = [(10, 12), (10, 9), (9, 9), (7, 9), (7, 6), (5, 6), (0, 6)]
WIRE_TO_WIRE = [(12, 10), (11, 10), (11, 8), (11, 0)]
TIED = [(5, 6), (4, 4)]


def test_lead_changes_count_every_handover_and_ties_keep_the_leader():
    turns = _turns({0: SEESAW, 1: WIRE_TO_WIRE, 2: TIED})
    history = lead_history(turns, GAZEBO.columns).set_index("game")
    assert history.loc[0, "changes"] == 4
    assert history.loc[1, "changes"] == 0
    assert history.loc[2, "changes"] == 0


def test_decisive_turn_is_when_the_winner_led_for_good():
    turns = _turns({0: SEESAW, 1: WIRE_TO_WIRE, 2: TIED})
    history = lead_history(turns, GAZEBO.columns).set_index("game")
    assert history.loc[0, "decisive_turn"] == 5
    assert history.loc[0, "decisive_fraction"] == pytest.approx(5 / 7)
    assert history.loc[1, "decisive_turn"] == 0
    assert math.isnan(history.loc[2, "decisive_turn"])


def test_lead_change_summary_averages_games():
    summary = lead_changes(_turns({0: SEESAW, 1: WIRE_TO_WIRE}), columns=GAZEBO.columns)
    assert summary.table["changes_mean"].iloc[0] == pytest.approx(2.0)
    assert "lead changes hands 2.00 times" in summary.sentence


def test_a_game_that_declares_no_standing_is_read_from_its_scores_higher_is_better():
    turns = _turns({0: SEESAW}).rename(columns={"supply_0": "score_0", "supply_1": "score_1"})
    turns = turns.drop(columns=["supply_2"])
    history = lead_history(turns)
    assert history["changes"].iloc[0] == 4
    assert history["final"].iloc[0] == 1


def test_lead_changes_need_standings():
    with pytest.raises(MissingData, match="standings"):
        lead_history(_turns({0: SEESAW}).drop(columns=["supply_0", "supply_1", "supply_2"]),
                     GAZEBO.columns)


def test_winning_margin_is_the_runner_up_gap_in_gazebos():
    run = race_run(players=3, deals=20, arms=["x"])
    summary = winning_margin(run.games, GAZEBO.columns)
    supply = run.games[["supply_0", "supply_1", "supply_2"]].to_numpy().copy()
    supply.sort(axis=1)
    expected = pd.Series(supply[:, 1] - supply[:, 0]).value_counts(normalize=True).sort_index()
    table = summary.table.set_index("margin")["share"]
    assert table.to_numpy() == pytest.approx(expected.to_numpy())
    assert "gazebos ahead" in summary.sentence


def test_length_and_end_reasons_cover_every_game():
    run = race_run(players=2, deals=30)
    length = length_distribution(run.games)
    assert length.table["games"].sum() == len(run.games)
    assert length.table["median"].iloc[0] == run.games[run.games.arm == "gazebo-draw"][
        "turns"].median()
    ends = end_reasons(run.games)
    assert ends.table.groupby("arm")["share"].sum().to_numpy() == pytest.approx([1.0, 1.0])


def test_events_per_game_sum_each_games_turns():
    summary = events_per_game(_turns({0: SEESAW, 1: WIRE_TO_WIRE}))
    absorb = summary.table.set_index("event").loc["absorb", "mean"]
    assert absorb == pytest.approx(1.0)


def test_branching_factor_follows_legal_moves_over_the_game():
    summary = branching_factor(race_run(players=2, deals=20).turns)
    first = summary.table.groupby("progress")["median"].mean()
    assert first.iloc[0] > first.iloc[-1]
    assert summary.table["progress"].max() == 9


def test_events_need_event_columns():
    with pytest.raises(MissingData, match="ev_"):
        events_per_game(_turns({0: SEESAW}).drop(columns=["ev_absorb"]))


def test_a_movers_running_score_gives_the_standings_of_every_seat():
    rows = [(0, 0, 5), (1, 1, 3), (2, 0, 6), (3, 1, 9), (4, 0, 12), (5, 1, 10)]
    turns = pd.DataFrame([{"arm": "x", "game": 0, "turn": t, "seat": s, "score": v}
                          for t, s, v in rows])
    history = lead_history(turns, PAVILION.columns)
    assert history["changes"].iloc[0] == 2
    assert history["final"].iloc[0] == 0
    assert history["decisive_turn"].iloc[0] == 4


def test_shape_intervals_are_clustered_on_the_deal_read_from_the_games_frame():
    from gardensim.stats.cluster import clustered_mean

    run = race_run(players=2, deals=30, arms=["x"])
    length = length_distribution(run.games).table.iloc[0]
    turns = clustered_mean(run.games["turns"].to_numpy(), run.games["deal"].to_numpy())
    assert (length["lo"], length["hi"]) == pytest.approx((turns.lo, turns.hi))
    history = lead_history(run.turns, GAZEBO.columns)
    by_deal = lead_changes(run.turns, run.games, GAZEBO.columns).table.iloc[0]
    by_game = lead_changes(run.turns, columns=GAZEBO.columns).table.iloc[0]
    deals = history["game"].to_numpy() // 2
    expected = clustered_mean(history["changes"].to_numpy(dtype=float), deals)
    assert (by_deal["changes_lo"], by_deal["changes_hi"]) == pytest.approx(
        (expected.lo, expected.hi))
    alone = clustered_mean(history["changes"].to_numpy(dtype=float), history["game"].to_numpy())
    assert (by_game["changes_lo"], by_game["changes_hi"]) == pytest.approx((alone.lo, alone.hi))
    summary = lead_changes(run.turns, run.games, GAZEBO.columns)
    assert "with greedy bots in every seat" in summary.sentence
