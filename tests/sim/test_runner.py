"""The runner on the toy game: frame shape and dtypes, reproducibility, pairing of arms."""

from __future__ import annotations

import pandas as pd
import pytest

import gardensim
from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.sim import frames
from gardensim.sim.play import play_game
from tests.sim.helpers import assert_same_frames, toy_study
from tests.support.toygame import ToyGame


@pytest.fixture(scope="module")
def run():
    return gardensim.simulate(toy_study(), jobs=1, progress=False)


def test_frames_have_the_declared_columns_and_dtypes(run):
    for frame, schema in ((run.games, frames.games_schema(ToyGame)),
                          (run.turns, frames.turns_schema(ToyGame))):
        assert list(frame.columns) == list(schema)
        for column, dtype in schema.items():
            if dtype == "object":
                continue
            assert str(frame[column].dtype) == str(pd.Series([], dtype=dtype).dtype), column


def test_categories_are_fixed_by_the_study(run):
    assert list(run.games["arm"].cat.categories) == ["plain", "variant"]
    assert list(run.games["bot_0"].cat.categories) == ["random"]
    assert run.games["bot_3"].isna().all() and run.games["win_3"].isna().all()


def test_every_game_of_every_arm_is_there_once(run):
    games = run.games
    assert len(games) == 2 * 30 and not games.duplicated(["arm", "game"]).any()
    assert sorted(games.loc[games["arm"] == "variant", "game"]) == list(range(30))


def test_turn_rows_match_the_games(run):
    per_game = run.turns.groupby(["arm", "game"], observed=True).size()
    turns = run.games.set_index(["arm", "game"])["turns"]
    assert (per_game == turns.loc[per_game.index]).all()
    assert (run.games["moves"].str.split().str.len() == run.games["turns"]).all()


def test_win_shares_sum_to_one_and_name_the_winners(run):
    wins = run.games[[f"win_{s}" for s in range(3)]]
    assert ((wins.sum(axis=1) - 1).abs() < 1e-9).all()
    firsts = run.games["winners"].astype(str).str.split(",").str[0].astype(int)
    assert all(wins.iloc[i, s] > 0 for i, s in enumerate(firsts))


def test_arms_share_deals_and_seeds(run):
    plain = run.games[run.games["arm"] == "plain"].reset_index(drop=True)
    variant = run.games[run.games["arm"] == "variant"].reset_index(drop=True)
    assert plain["seed"].equals(variant["seed"]) and plain["deal"].equals(variant["deal"])
    # the toy game ignores options, so paired arms replay the very same games
    assert plain["moves"].equals(variant["moves"])


def test_seats_rotate_over_each_deal(run):
    games = run.games[run.games["arm"] == "plain"]
    assert (games["deal"] == games["game"] // 3).all()
    assert games.groupby("deal")["seed"].nunique().eq(1).all()


def test_same_frames_for_one_and_two_workers(run):
    assert_same_frames(run, gardensim.simulate(toy_study(), jobs=2, progress=False))


def test_batch_size_does_not_change_the_frames(run):
    assert_same_frames(run, gardensim.simulate(toy_study(), jobs=1, batch_size=7,
                                               progress=False))


def test_a_game_depends_only_on_its_index_not_on_the_study_size(run):
    longer = gardensim.simulate(toy_study(games=45), jobs=1, progress=False)
    head = longer.games[longer.games["game"] < 30].reset_index(drop=True)
    pd.testing.assert_frame_equal(frames.comparable(head), frames.comparable(run.games))


def test_the_games_frame_matches_the_play_loop(run):
    game = registry.make_game("toy", players=3)
    bots = [registry.make_bot("random")] * 3
    record = play_game(game, bots, master_seed=5, game_index=4, deal_index=1)
    row = run.games[(run.games["arm"] == "plain") & (run.games["game"] == 4)].iloc[0]
    assert row["moves"] == record.game["moves"] and row["seed"] == record.game["seed"]


def test_another_master_seed_gives_other_games(run):
    other = gardensim.simulate(toy_study(seed=6), jobs=1, progress=False)
    assert not other.games["moves"].equals(run.games["moves"])


def test_without_telemetry_the_turns_frame_is_empty_but_typed():
    result = gardensim.simulate(toy_study(telemetry=False), jobs=1, progress=False)
    assert len(result.games) == 60 and result.turns.empty
    assert list(result.turns.columns) == list(frames.turns_schema(ToyGame))


def test_turn_rows_stay_under_150_bytes(run):
    turns = pd.concat([run.turns] * 200, ignore_index=True)
    assert turns.memory_usage(deep=True).sum() / len(turns) * 1_000_000 <= 150e6


def test_progress_bar_shows_rate_and_total(capsys):
    gardensim.simulate(toy_study(games=6), jobs=1, progress=True)
    err = capsys.readouterr().err
    assert "12/12" in err and "game/s" in err


def test_bad_runner_settings_are_config_errors():
    with pytest.raises(ConfigError, match="unknown backend 'spark'; choose one of loky, dask"):
        gardensim.simulate(toy_study(), backend="spark")
    with pytest.raises(ConfigError, match="--jobs must be a positive integer"):
        gardensim.simulate(toy_study(), jobs=0)
    with pytest.raises(ConfigError, match="--batch-size must be a positive integer"):
        gardensim.simulate(toy_study(), batch_size=0)


def test_ray_backend_without_ray_says_how_to_install():
    try:
        import ray  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("ray is installed")
    with pytest.raises(ConfigError, match=r"pip install 'gardensim\[ray\]'"):
        gardensim.simulate(toy_study(), backend="ray", progress=False)
