"""``Run.seats``: the games frame in long form, one row per game and seat, read off the wide
columns; and the games frame's text has the turns frame's dtype."""

import numpy as np
import pandas as pd
import pytest

import gardensim
from gardensim.sim import frames


def _study(players: int, games: int, bots: list[str], game: str = "gazebo") -> dict:
    return {"name": f"seats-{game}-{players}p", "game": game, "players": players,
            "bots": bots, "games": games, "seed": 3}


@pytest.fixture(scope="module")
def run():
    return gardensim.simulate(_study(3, 6, ["random", "greedy", "random"]), jobs=1,
                              progress=False)


def test_every_seat_row_holds_its_wide_columns(run):
    games, seats = run.games, run.seats
    assert len(seats) == int(games["players"].sum())
    wide = games.set_index(["arm", "game"])
    for row in seats.itertuples(index=False):
        source = wide.loc[(row.arm, row.game)]
        for stem in ("bot", "win", "supply", "patios", "absorbs"):
            assert getattr(row, stem) == source[f"{stem}_{row.seat}"], (row.game, stem)
        assert row.deal == source["deal"] and row.seed == source["seed"]


def test_seat_rows_follow_the_games_then_the_seats(run):
    seats = run.seats
    assert seats[["game", "seat"]].values.tolist() == [
        [g, s] for g in run.games["game"] for s in range(3)]
    assert seats.groupby("game")["win"].sum().to_numpy() == pytest.approx(1.0)


def test_seat_columns_keep_the_wide_dtypes_and_bot_categories(run):
    games, seats = run.games, run.seats
    assert seats["seat"].dtype == np.int8
    assert seats["win"].dtype == games["win_0"].dtype
    assert seats["supply"].dtype == games["supply_0"].dtype
    assert list(seats["bot"].cat.categories) == list(games["bot_0"].cat.categories)
    assert not {"moves", "winners", "turns", "win_0", "bot_3"} & set(seats.columns)


def test_absent_seats_give_no_rows_when_player_counts_differ():
    two = gardensim.simulate(_study(2, 4, ["random", "random"]), jobs=1, progress=False)
    four = gardensim.simulate(_study(4, 4, ["random"] * 4), jobs=1, progress=False)
    games = pd.concat([two.games, four.games], ignore_index=True)
    seats = frames.seats_frame(games)
    assert seats.groupby(["players"]).size().to_dict() == {2: 4 * 2, 4: 4 * 4}
    assert seats["bot"].notna().all() and seats["win"].notna().all()


def test_only_stems_with_a_column_for_every_seat_are_split():
    columns = ["game", "turns", "win_0", "win_1", "win_2", "win_3", "round_0", "stars_red_0",
               "stars_red_1", "stars_red_2", "stars_red_3"]
    assert frames.seat_stems(columns) == ["win", "stars_red"]


@pytest.mark.parametrize("game", ["gazebo", "pavilion"])
def test_games_text_has_the_turns_text_dtype(game):
    tiny = gardensim.simulate(_study(2, 2, ["random", "random"], game), jobs=1, progress=False)
    assert tiny.games["moves"].dtype == tiny.turns["move"].dtype
    assert isinstance(tiny.games["moves"].dtype, pd.StringDtype)
