"""``gardensim tournament`` end to end on the toy game."""

import csv
import json

import pytest

from gardensim.cli import main
from gardensim.commands.tournament import split_bot_list


def test_json_output_lists_each_bot_with_games_win_rate_interval_and_rating(tmp_path, capsys):
    out = tmp_path / "toy-run"
    code = main(["tournament", "--game", "toy", "--bots", "random,greedy,mcts:iters=5",
                 "--games", "8", "--seed", "3", "--json", "--out", str(out)])
    assert code == 0
    printed = json.loads(capsys.readouterr().out)
    assert [b["bot"] for b in printed["bots"]] == ["random", "greedy", "mcts:iters=5"]
    for b in printed["bots"]:
        assert {"bot", "games", "win_rate", "ci95", "rating", "rating_ci95",
                "decision_s", "head_to_head"} <= set(b)
        assert b["games"] == 16 and len(b["ci95"]) == 2
    assert json.loads((tmp_path / "toy-run.json").read_text()) == printed
    rows = list(csv.DictReader((tmp_path / "toy-run.csv").open()))
    assert [r["bot"] for r in rows] == ["random", "greedy", "mcts:iters=5"]
    games = list(csv.DictReader((tmp_path / "toy-run-games.csv").open()))
    assert len(games) == 24


def test_text_output_shows_the_table_and_head_to_head(tmp_path, capsys):
    code = main(["tournament", "--game", "toy", "--bots", "random;greedy", "--games", "6",
                 "--quiet", "--out", str(tmp_path / "t")])
    assert code == 0
    text = capsys.readouterr().out
    assert "win%" in text and "Elo" in text and "head to head" in text
    assert text.count("random") >= 2 and "greedy" in text


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--bots", "random,minimax"], "unknown bot 'minimax'; known bots: greedy, mcts, random"),
        (["--bots", "random,mcts:iterations=3"], "no parameter 'iterations'"),
        (["--bots", "random", "--players", "2"], "need at least 2 different bots"),
        (["--bots", "random,greedy", "--jobs", "0"], "--jobs must be"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv, message, tmp_path, capsys):
    code = main(["tournament", "--game", "toy", "--games", "2", "--quiet",
                 "--out", str(tmp_path / "x"), *argv])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1


def test_bot_list_keeps_parameters_with_their_bot():
    assert split_bot_list("random,greedy,mcts") == ["random", "greedy", "mcts"]
    assert split_bot_list("greedy,mcts:iters=400,rollout=greedy,random") == [
        "greedy", "mcts:iters=400,rollout=greedy", "random"]
    assert split_bot_list("mcts:iters=1;mcts:iters=2") == ["mcts:iters=1", "mcts:iters=2"]
