"""Handicap search: played candidates on stubbed measurements with a known answer, the ladder,
the equivalence verdicts, and the report's played handicap arms on a tiny real run."""


import pandas as pd
import pytest

import gardensim
from gardensim.core.errors import ConfigError
from gardensim.games.gazebo.handicap import (
    Setting,
    counts_of,
    direction_of,
    handicap_ladder,
    search_frame,
    search_handicap,
    search_setting,
    settings_of,
)
from gardensim.games.gazebo.played_handicaps import played_handicaps, start_counts
from gardensim.games.gazebo.report_part import compensation_section
from gardensim.report.sections import Budget, Section
from gardensim.sim.candidates import Candidate, Measured, judge, smallest_fair, whole_deals
from gardensim.sim.study import Study

MARGIN = 0.03
SETTING = Setting("base", "stub (gazebo drawing, aviary, 2 players)", 2, "gazebo", 24,
                  "with stub bots in every seat")


def seat_table(share0: float, half: float) -> pd.DataFrame:
    shares = [share0, 1 - share0]
    return pd.DataFrame({"seat": [0, 1], "share": shares,
                         "lo": [s - half for s in shares], "hi": [s + half for s in shares]})


def stub_measure(favoured_share: dict[int, float], favoured: int = 0, half: float = 0.01,
                 halves: dict[int, float] | None = None):
    """Measure a candidate by the extra gazebos of the favoured seat, failing if any other
    seat is handed some; records what was played."""
    played = []

    def measure(setting, candidate):
        counts = counts_of(candidate)
        extra = [c - setting.base for c in counts]
        assert all(e == 0 for s, e in enumerate(extra) if s != favoured), counts
        k = extra[favoured]
        played.append(k)
        share = favoured_share[k]
        table = seat_table(share if favoured == 0 else 1 - share, (halves or {}).get(k, half))
        return Measured(candidate, 2, 100, MARGIN, table, judge(table, 2, 100, MARGIN))

    return measure, played


def test_search_finds_the_smallest_fair_handicap_and_plays_nothing_larger():
    measure, played = stub_measure({0: 0.62, 1: 0.57, 2: 0.515, 3: 0.50, 4: 0.46})
    result = search_setting(SETTING, measure, max_extra=4, margin=MARGIN)
    assert counts_of(result.search.answer.candidate) == (26, 24)
    assert played == [0, 1, 2]
    assert 'gazebos = "26,24"' in result.conclusion()
    assert "with stub bots in every seat" in result.conclusion()


def test_an_undecided_step_does_not_stop_the_search():
    measure, played = stub_measure({0: 0.60, 1: 0.52, 2: 0.505, 3: 0.45},
                                   halves={1: 0.05})
    result = search_setting(SETTING, measure, max_extra=3, margin=MARGIN)
    assert [m.judgement.verdict for m in result.search.played] == ["unfair", "undecided", "fair"]
    assert counts_of(result.search.answer.candidate) == (26, 24)


def test_the_seat_favoured_second_gets_the_extra_gazebos():
    measure, played = stub_measure({0: 0.64, 1: 0.58, 2: 0.49}, favoured=1)
    result = search_setting(SETTING, measure, max_extra=2, margin=MARGIN)
    assert counts_of(result.search.answer.candidate) == (24, 26)


def test_search_stops_once_the_favoured_seat_is_pushed_below_fair():
    measure, played = stub_measure({0: 0.60, 1: 0.55, 2: 0.40, 3: 0.35, 4: 0.30})
    result = search_setting(SETTING, measure, max_extra=4, margin=MARGIN)
    assert result.search.answer is None
    assert played == [0, 1, 2]
    text = result.conclusion()
    assert 'between gazebos = "25,24"' in text and 'gazebos = "26,24"' in text
    assert "both are unfair" in text


def test_no_fair_candidate_but_a_promising_one_is_undecided_with_games_to_play():
    measure, _ = stub_measure({0: 0.60, 1: 0.51, 2: 0.47}, halves={1: 0.05, 2: 0.05})
    result = search_setting(SETTING, measure, max_extra=2, margin=MARGIN)
    more = result.search.played[1].judgement.more_games
    assert 'undecided: the smallest that may be fair is gazebos = "25,24"' in result.conclusion()
    assert f"play {more} more games" in result.conclusion()


def test_a_favoured_seat_left_above_fair_asks_for_a_larger_budget():
    measure, _ = stub_measure({0: 0.70, 1: 0.66, 2: 0.62})
    result = search_setting(SETTING, measure, max_extra=2, margin=MARGIN)
    assert "--max-extra" in result.conclusion()


def test_generic_search_returns_the_first_fair_candidate_in_ladder_order():
    ladder = [Candidate(f"c{i}", {}) for i in range(5)]
    verdict_share = {"c0": 0.60, "c1": 0.56, "c2": 0.51, "c3": 0.50, "c4": 0.49}

    def measure(candidate):
        table = seat_table(verdict_share[candidate.name], 0.01)
        return Measured(candidate, 2, 100, MARGIN, table, judge(table, 2, 100, MARGIN))

    search = smallest_fair(ladder, measure)
    assert search.answer.candidate.name == "c2"
    assert len(search.played) == 3


def test_judge_fair_unfair_and_undecided_by_interval_inclusion():
    assert judge(seat_table(0.51, 0.015), 2, 100, MARGIN).verdict == "fair"
    assert judge(seat_table(0.56, 0.02), 2, 100, MARGIN).verdict == "unfair"
    assert judge(seat_table(0.51, 0.05), 2, 100, MARGIN).verdict == "undecided"


@pytest.mark.parametrize("share0", [0.5, 0.515, 0.545])
def test_more_games_are_the_verdict_modules_one_rule(share0):
    from gardensim.analysis.verdict import more_games

    games, half = 100, 0.06
    got = judge(seat_table(share0, half), 2, games, MARGIN).more_games
    assert got == more_games(share0 - 0.5, half, MARGIN, games, 2)


def test_ladder_follows_the_estimate_with_the_most_favoured_seat_getting_k():
    direction = direction_of((2, 1, 0), [0.40, 0.35, 0.25])
    ladder = handicap_ladder(15, direction, 3)
    assert [c.options["gazebos"] for c in ladder] == ["15,15,15", "16,16,15", "17,16,15",
                                                       "18,17,15"]


def test_without_an_estimate_the_measured_favourite_gets_the_handicap():
    assert direction_of((0, 0, 0), [0.30, 0.40, 0.30]) == (0.0, 1.0, 0.0)
    assert handicap_ladder(24, direction_of((0, 0), [0.5, 0.5]), 4) == [
        Candidate("even", {"gazebos": "24,24"})]


TINY = {"name": "tiny", "game": "gazebo", "board": "jungle", "players": 2,
        "bots": ["random", "random"], "games": 16, "seed": 4}


def test_games_per_candidate_are_rounded_up_to_whole_deals():
    assert whole_deals(Study.from_dict(TINY), 5) == 6
    pool = {**TINY, "players": 3, "bots": None, "pool": ["random", "greedy", "mcts"]}
    assert whole_deals(Study.from_dict(pool), 7) == 9
    assert whole_deals(Study.from_dict({**TINY, "rotate": False}), 5) == 5


def test_settings_skip_arms_that_already_hand_out_a_handicap():
    study = Study.from_dict({**TINY, "arms": [{"name": "even"}, {"name": "qin", "draw": "qin"},
                                              {"name": "first-25", "gazebos": "25,24"}]})
    found = settings_of(study)
    assert [(s.arm, s.draw, s.base) for s in found] == [("even", "gazebo", 24),
                                                        ("qin", "qin", 24)]
    assert all(s.bots == "with random bots in every seat" for s in found)


def test_settings_need_an_arm_with_equal_counts_and_a_gazebo_study():
    with pytest.raises(ConfigError, match="already sets per-seat gazebos"):
        settings_of(Study.from_dict({**TINY, "arms": [{"name": "h", "gazebos": "25,24"}]}))
    with pytest.raises(ConfigError, match='needs game = "gazebo"'):
        settings_of(Study.from_dict({**TINY, "game": "pavilion", "board": None}))


def test_real_search_is_reproducible_and_plays_candidates_on_the_same_deals():
    study = Study.from_dict(TINY)
    first = search_handicap(study, games=12, max_extra=2, jobs=1, progress=False)
    again = search_handicap(study, games=12, max_extra=2, jobs=1, progress=False)
    pd.testing.assert_frame_equal(search_frame(first), search_frame(again))
    frames = [m.frame for m in first[0].search.played]
    for frame in frames[1:]:
        assert list(frame["seed"]) == list(frames[0]["seed"])


@pytest.fixture(scope="module")
def handicap_run():
    study = {**TINY, "arms": [{"name": "even"}, {"name": "first-25", "gazebos": "25,24"}]}
    return gardensim.simulate(study, jobs=1, progress=False).games


def test_start_counts_read_each_seats_gazebos_from_the_final_frame(handicap_run):
    rows = handicap_run[handicap_run["arm"] == "first-25"]
    assert start_counts(rows, 2) == (25, 24)


def test_report_shows_played_handicap_arms_and_labels_the_estimate(handicap_run):
    (played,) = played_handicaps(handicap_run)
    assert (played.arm, played.counts, played.games) == ("first-25", (25, 24), 16)
    assert "with random bots in every seat" in played.sentence
    section = Section("compensation", "t", "q")
    compensation_section(section, handicap_run, pd.DataFrame(), Budget())
    assert section.sentences[0] == played.sentence
    assert section.sentences[1].lower().count("estimate before play") == 1
    assert "with random bots in every seat" in section.sentences[1]
    tables = dict(section.tables)
    assert set(tables["handicap-played"]["arm"]) == {"first-25"}
    assert list(tables["compensation"]["arm"]) == ["even"]
    # the played handicap, not the estimate, is a row of the answer grid and an answer
    (row,) = section.rows
    first = tables["handicap-played"].iloc[0]
    assert (row.question, row.condition, row.arm) == (
        "What handicap makes the seats even?", "first seat 25 gazebos, second 24", "first-25")
    assert (row.value, row.lo, row.hi, row.reference) == (first.share, first.lo, first.hi, 0.5)
    assert (row.games, row.deals) == (16, 8)
    assert section.answers == [played.sentence]


def test_a_favoured_seat_ahead_within_noise_is_undecided_with_games_to_play():
    measure, _ = stub_measure({0: 0.60, 1: 0.58, 2: 0.56}, halves={2: 0.05})
    result = search_setting(SETTING, measure, max_extra=2, margin=MARGIN)
    more = result.search.played[-1].judgement.more_games
    assert f"undecided: play {more} more games per candidate" in result.conclusion()
