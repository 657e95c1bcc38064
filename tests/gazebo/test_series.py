"""Series play (rulebook, "Game End": over a series, the lowest total of remaining gazebos
wins): the study key that plays one arm per garden on the same game indices, and Gazebo's
scoring of the series, checked against frames built by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

import gardensim
from gardensim.analysis.frames import MissingData
from gardensim.analysis.series import split_series_arm
from gardensim.core.errors import ConfigError
from gardensim.core.registry import game_spec
from gardensim.games.gazebo.report_part import series_section
from gardensim.games.gazebo.series import (
    score_series,
    series_frame,
    series_rows,
    series_sentences,
)
from gardensim.paths import STUDIES_DIR
from gardensim.report.sections import Budget, Section
from gardensim.sim.study import Study

GARDENS = ["aviary", "jungle", "qin"]


def _study(**overrides):
    raw = {"name": "s", "game": "gazebo", "players": 2, "bots": ["random", "random"],
           "games": 4, "seed": 5, "series": GARDENS, "telemetry": False}
    raw.update(overrides)
    return Study.from_dict(raw)


def _games(supplies: dict[int, list[tuple[int, ...]]], players: int = 2,
           wins: dict[int, list[tuple[float, ...]]] | None = None) -> pd.DataFrame:
    """A games frame by hand: game index -> one supply tuple per garden (GARDENS order); a
    game's winner is the seat with the fewest gazebos left unless ``wins`` says otherwise."""
    rows = []
    for game, per_garden in supplies.items():
        for g, supply in enumerate(per_garden):
            if wins is not None:
                shares = wins[game][g]
            else:
                best = [s == min(supply) for s in supply]
                shares = tuple(b / sum(best) for b in best)
            row = {"arm": f"base~{GARDENS[g]}", "players": players, "game": game,
                   "deal": game // players}
            for s in range(players):
                row |= {f"bot_{s}": ["greedy", "random"][(s + game) % 2],
                        f"supply_{s}": supply[s], f"win_{s}": shares[s]}
            rows.append(row)
    return pd.DataFrame(rows)


def test_series_winner_has_the_lowest_total_even_against_the_majority_of_games():
    # seat 0 wins aviary and jungle by little, seat 1 wins qin by a lot: 12 left against 8
    played = score_series(_games({0: [(0, 5), (0, 3), (12, 0)]}))
    (row,) = played.itertuples()
    assert (row.total_0, row.total_1) == (12, 8)
    assert (row.win_0, row.win_1) == (0.0, 1.0)
    assert row.winners == "1" and row.winner_bots == "random"
    assert row.majority == "0" and row.reversed


def test_a_tied_series_total_is_shared_and_reverses_no_majority():
    played = score_series(_games({0: [(0, 4), (4, 0), (2, 2)], 1: [(0, 1), (0, 1), (3, 0)]}))
    tied, won = played.sort_values("game").itertuples()
    assert (tied.win_0, tied.win_1) == (0.5, 0.5) and tied.winners == "0,1"
    assert not tied.has_majority and not tied.reversed  # 1.5 games each: no majority
    assert (won.total_0, won.total_1) == (3, 2) and won.winners == "1" and won.reversed


def test_partnerships_sum_both_partners_remaining_gazebos():
    # partners {0, 3} and {1, 2}: seat 0 goes out twice but its partner keeps many gazebos
    supplies = [(0, 2, 2, 9), (0, 1, 1, 9), (3, 0, 4, 3)]
    team_wins = [(0.5, 0, 0, 0.5), (0.5, 0, 0, 0.5), (0, 0.5, 0.5, 0)]
    played = score_series(_games({0: supplies}, players=4, wins={0: team_wins}))
    (row,) = played.itertuples()
    assert [row.total_0, row.total_1, row.total_2, row.total_3] == [3, 3, 7, 21]
    assert (row.win_0, row.win_1, row.win_2, row.win_3) == (0, 0.5, 0.5, 0)
    assert row.majority == "0,3" and row.reversed


def test_an_incomplete_series_is_left_out_and_no_series_is_missing_data():
    frame = _games({0: [(0, 5), (0, 3), (12, 0)], 1: [(0, 5), (0, 3), (12, 0)]})
    played = score_series(frame[~((frame["game"] == 1) & (frame["arm"] == "base~qin"))])
    assert played["game"].tolist() == [0]
    with pytest.raises(MissingData, match="series"):
        score_series(frame.assign(arm="aviary"))


def test_the_table_rows_give_the_sentences_their_figures():
    played = score_series(_games({g: [(0, 5), (0, 3), (12, 0)] if g % 2 else
                                  [(1, 0), (0, 2), (3, 0)] for g in range(8)}))
    table = series_frame(series_rows(played))
    reversed_row = table[table["measure"] == "reversed"].iloc[0]
    assert (reversed_row["count"], reversed_row["of"]) == (4, 8)
    sentences = series_sentences(table)
    assert len(sentences) == len(table)
    assert f"{reversed_row['count']:.0f} (50.0%" in sentences[-1]
    assert sentences[0].startswith("In the series (2 players, one game on each of aviary, "
                                   "jungle, qin), with greedy and random rotated")
    seat = table[table["measure"] == "seat"].iloc[0]
    assert seat["of"] == 8 and math.isclose(seat["share"], played["win_0"].mean())
    assert math.isclose(seat["per_game"], 12 / 24)  # seat 0 wins 2 + 1 games of each 2 series


def test_series_expands_one_arm_per_garden_and_all_means_every_garden():
    assert _study().arm_names == [f"base~{g}" for g in GARDENS]
    assert [split_series_arm(a) for a in _study().arm_names] == [("base", g) for g in GARDENS]
    every = _study(series="all", arms=[{"name": "qin-draw", "draw": "qin"}])
    boards = game_spec("gazebo").board_names()
    assert every.arm_names == [f"qin-draw~{b}" for b in boards]
    assert all(a.config["options"] == {"draw": "qin"} for a in every.resolve())
    assert Study.from_dict(_study().to_dict()) == _study()


@pytest.mark.parametrize(("overrides", "words"), [
    ({"series": ["aviary", "rose"]}, "unknown board 'rose'"),
    ({"series": ["aviary"]}, "two or more different boards"),
    ({"series": ["aviary", "aviary"]}, "two or more different boards"),
    ({"series": "gardens"}, "a list of boards"),
    ({"board": "jungle"}, "conflicts with 'series'"),
    ({"arms": [{"name": "x", "board": "qin"}]}, "'arms[0].board' ('x') conflicts"),
    ({"arms": [{"name": "a~b"}]}, "without '~'"),
    ({"bots": None, "strengths": ["random", "greedy"]}, "do not combine"),
    ({"game": "pavilion", "series": ["base", "glazed-orange"]}, "declares no scoring"),
])
def test_a_bad_series_is_one_config_error_line(overrides, words):
    with pytest.raises(ConfigError) as err:
        _study(**overrides)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_an_unknown_garden_in_a_series_file_is_one_line_and_exit_2(tmp_path, capsys):
    from gardensim.cli import main

    path = tmp_path / "series.toml"
    path.write_text('name = "s"\ngame = "gazebo"\nbots = ["random", "random"]\ngames = 2\n'
                    'series = ["aviary", "rose-garden"]\n')
    assert main(["simulate", str(path), "--out", str(tmp_path / "run"), "--quiet"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "'series': unknown board 'rose-garden'; shipped boards: aviary" in line
    assert not (tmp_path / "run").exists()


def test_the_shipped_series_study_reads():
    study = Study.from_file(STUDIES_DIR / "gardens-2p-series.toml")
    assert len(study.arm_names) == len(game_spec("gazebo").board_names())


def test_a_tiny_series_study_plays_end_to_end_paired_and_is_scored(tmp_path):
    run = gardensim.simulate(_study(), tmp_path / "run", jobs=1, progress=False)
    games = run.games
    seeds = {a: games[games["arm"] == a].sort_values("game")["seed"].tolist()
             for a in run.manifest["arms"]}
    assert len(seeds) == 3 and len({tuple(s) for s in seeds.values()}) == 1
    assert [run.manifest["arms"][f"base~{g}"]["board"] for g in GARDENS] == GARDENS
    played = score_series(games)
    assert played["game"].tolist() == [0, 1, 2, 3]
    for row in played.itertuples():
        one = games[games["game"] == row.game]
        totals = [one[f"supply_{s}"].sum() for s in range(2)]
        assert [row.total_0, row.total_1] == totals
        assert row.win_0 == (1.0 if totals[0] < totals[1] else 0.5 if totals[0] == totals[1]
                             else 0.0)
    section = Section("series", "Series play", "?")
    series_section(section, games, pd.DataFrame(), Budget(variance=20, skill=20, arms=100))
    names = [name for name, _ in section.tables]
    assert names == ["series", "series-winners"] and section.sentences
