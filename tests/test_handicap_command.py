"""`gardensim handicap` end to end on a tiny study: printed table and answer, CSV and JSON out,
the same table for the same seed whatever the worker count, and one-line errors."""

import json

import pandas as pd
import pytest

from gardensim.cli import main

TINY = """name = "tiny-handicap"
game = "gazebo"
board = "jungle"
players = 2
bots = ["random", "random"]
games = 12
seed = 5
"""


@pytest.fixture
def study(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(TINY)
    return path


def run(capsys, *args):
    status = main(["handicap", *map(str, args), "--quiet"])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_handicap_prints_the_estimate_the_candidates_and_the_answer(study, tmp_path, capsys):
    out = tmp_path / "found.json"
    status, text, _ = run(capsys, study, "--max-extra", "2", "--jobs", "1", "--out", out)
    assert status == 0
    lines = text.splitlines()
    assert "estimate before play" in lines[0]
    assert "candidate" in lines[2] and "verdict" in lines[2]
    names_bots = [line for line in lines if not line.startswith("  ")]
    assert names_bots and all("with random bots in every seat" in line for line in names_bots)
    (result,) = json.loads(out.read_text())["results"]
    assert result["conclusion"] == lines[-1]
    assert result["candidates"][0]["gazebos"] == "24,24"
    assert all(c["verdict"] in {"fair", "unfair", "undecided"} for c in result["candidates"])
    assert len(lines) == 4 + len(result["candidates"])


def test_same_seed_gives_the_same_table_whatever_the_worker_count(study, tmp_path, capsys):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    assert run(capsys, study, "--max-extra", "1", "--jobs", "1", "--out", one)[0] == 0
    assert run(capsys, study, "--max-extra", "1", "--jobs", "2", "--out", two)[0] == 0
    first = pd.read_csv(one)
    pd.testing.assert_frame_equal(first, pd.read_csv(two))
    assert set(first.columns) >= {"candidate", "gazebos", "seat", "share", "lo", "hi", "verdict"}


def test_another_seed_plays_other_deals(study, tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    run(capsys, study, "--max-extra", "0", "--games", "40", "--jobs", "1", "--out", a)
    run(capsys, study, "--max-extra", "0", "--games", "40", "--jobs", "1", "--seed", "6",
        "--out", b)
    seats = [json.loads(p.read_text())["results"][0]["candidates"][0]["seats"] for p in (a, b)]
    assert seats[0] != seats[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be a positive integer"),
        (["--max-extra", "-1"], "--max-extra must be an integer"),
        (["--fair-margin", "60"], "fair margin must be a number of percentage points"),
        (["--out", "table.txt"], "give a .csv or .json file"),
        (["--jobs", "0"], "--jobs must be a positive integer"),
    ],
)
def test_bad_options_give_one_line_and_status_2(study, capsys, args, message):
    status, _, err = run(capsys, study, *args)
    assert status == 2
    assert err.count("\n") == 1 and message in err


def test_a_study_of_another_game_is_refused_in_one_line(tmp_path, capsys):
    path = tmp_path / "pavilion.toml"
    path.write_text('name = "p"\ngame = "pavilion"\nbots = ["random", "random"]\ngames = 4\n')
    status, _, err = run(capsys, path)
    assert status == 2
    assert err.count("\n") == 1 and "has no handicap search" in err


def test_a_study_without_equal_counts_or_a_file_is_refused(tmp_path, capsys):
    path = tmp_path / "only.toml"
    path.write_text(TINY + '[[arms]]\nname = "h"\ngazebos = "25,24"\n')
    status, _, err = run(capsys, path)
    assert status == 2 and "already sets per-seat gazebos" in err
    status, _, err = run(capsys, tmp_path / "missing.toml")
    assert status == 2 and "no such study file" in err
