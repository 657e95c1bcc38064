"""``gardensim tournament --ladder``: each rung against the one below, one row per step."""

import math

import pandas as pd
import pytest

from gardensim.cli import main
from gardensim.tournament.ladder import COLUMNS, STEP_SHARE, elo_step


def test_elo_step_is_the_logistic_rating_gap():
    assert elo_step(0.5) == 0.0
    assert elo_step(10 / 11) == pytest.approx(400.0)
    assert elo_step(1 / 11) == pytest.approx(-400.0)
    assert elo_step(1.0) == math.inf


def test_a_ladder_table_has_a_row_per_step_agreeing_with_its_tournaments(tmp_path, capsys):
    out = tmp_path / "ladder.csv"
    assert main(["tournament", "--game", "toy", "--ladder", "--bots", "random,greedy",
                 "--games", "40", "--seed", "2", "--quiet", "--out", str(out)]) == 0
    table = pd.read_csv(out)
    assert list(table.columns) == COLUMNS and len(table) == 1
    row = table.iloc[0]
    assert (row["rung"], row["below"], row["players"], row["games"]) == ("greedy", "random", 2, 40)
    assert row["low"] <= row["win_share"] <= row["high"]
    assert row["elo_step"] == pytest.approx(elo_step(row["win_share"]))
    assert row["cpu_s_per_game"] > 0
    proved = row["win_share"] >= STEP_SHARE and row["low"] > 0.5
    assert row["step"] == ("proved" if proved else "not proved")
    # the same games as the plain tournament of the pair
    plain = tmp_path / "plain"
    assert main(["tournament", "--game", "toy", "--bots", "random,greedy", "--games", "40",
                 "--seed", "2", "--quiet", "--out", str(plain)]) == 0
    bots = pd.read_csv(tmp_path / "plain.csv")
    assert bots.loc[bots["bot"] == "greedy", "win_rate"].item() == pytest.approx(row["win_share"])
    assert "greedy against random: wins" in capsys.readouterr().out


def test_a_rungs_cost_is_its_own_self_play_measured_not_the_steps_shared_time(tmp_path):
    # a searching rung costs far more a game than a greedy one, which a batch time shared
    # over both bots' turns would hide
    out = tmp_path / "ladder.csv"
    assert main(["tournament", "--game", "toy", "--ladder", "--bots",
                 "random,greedy,mcts:iters=200", "--games", "20", "--quiet",
                 "--out", str(out)]) == 0
    greedy, mcts = pd.read_csv(out)["cpu_s_per_game"]
    assert mcts > 5 * greedy > 0


def test_a_ladder_of_one_rung_and_a_tournament_without_bots_are_refused(capsys):
    assert main(["tournament", "--game", "toy", "--ladder", "--bots", "random"]) != 0
    assert "at least two rungs" in capsys.readouterr().err
    assert main(["tournament", "--game", "toy"]) != 0
    assert "--bots is required" in capsys.readouterr().err
    assert main(["tournament", "--game", "toy", "--ladder", "--bots", "random,greedy",
                 "--players", "3"]) != 0
    assert "at 2 players, not --players 3" in capsys.readouterr().err


def test_the_top_rung_plays_the_reference_bot_against_its_own_target():
    from gardensim.tournament.ladder import BELOW, REFERENCE, TOP_SHARE, prove_ladder

    table = prove_ladder("toy", ["random", "greedy:epsilon=0.5", "greedy"], games=40, seed=3,
                         reference="random")
    assert list(table["against"]) == [BELOW, BELOW, REFERENCE]
    top = table.iloc[-1]
    assert (top["rung"], top["below"]) == ("greedy", "random")
    proved = top["win_share"] >= TOP_SHARE and top["low"] > 0.5
    assert top["step"] == ("proved" if proved else "not proved")
    # the top rung's cost is measured once, whichever row it is on
    assert top["cpu_s_per_game"] == table.iloc[1]["cpu_s_per_game"]
    # a reference that is the top or the next rung adds nothing
    assert len(prove_ladder("toy", ["random", "greedy"], games=4, reference="random")) == 1
