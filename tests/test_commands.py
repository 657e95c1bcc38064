"""The thin commands wired together here: `gazebo play`, `gazebo replay --run` and `demo`."""

import json
from pathlib import Path

import pytest

import gardensim
from gardensim.cli import main


def test_gazebo_play_prints_one_seeded_game_the_same_each_time(capsys):
    assert main(["gazebo", "play", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["gazebo", "play", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert first["over"] and first["winners"]


def test_gazebo_play_rejects_a_wrong_number_of_bots(capsys):
    assert main(["gazebo", "play", "--players", "3", "--bots", "random;greedy"]) == 2
    assert "give one spec or 3" in capsys.readouterr().err


@pytest.fixture(scope="module")
def stored_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "tiny"
    study = {"name": "tiny", "game": "gazebo", "board": "jungle", "players": 2,
             "bots": ["random", "random"], "games": 4, "seed": 5}
    gardensim.simulate(study, out=out, jobs=1, progress=False)
    return out


def test_replay_of_a_stored_game_reaches_its_stored_result(stored_run, capsys):
    games = gardensim.load(stored_run).games
    assert main(["gazebo", "replay", "--run", str(stored_run), "--game", "2", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    row = games[games["game"] == 2].iloc[0]
    assert shown["over"]
    assert ",".join(map(str, shown["winners"])) == row["winners"]
    assert shown["end_reason"] == row["end_reason"]


def test_replay_needs_a_board_or_a_run(capsys):
    assert main(["gazebo", "replay"]) == 2
    assert "needs BOARD" in capsys.readouterr().err


def test_demo_writes_the_default_studys_report(tmp_path, monkeypatch, capsys):
    from gardensim.report import sources

    small = tmp_path / "default.toml"
    small.write_text(
        'name = "default"\n[common]\ngame = "gazebo"\nboard = "aviary"\nseed = 1\n'
        '[[studies]]\nname = "demo-2p"\nplayers = 2\nbots = ["random", "random"]\ngames = 6\n'
    )
    monkeypatch.setattr(sources, "DEFAULT_STUDY", small)
    out = tmp_path / "report"
    assert main(["demo", "--out", str(out), "--runs", str(tmp_path / "runs"), "--quiet"]) == 0
    assert f"Report written to {out / 'index.html'}" in capsys.readouterr().out
    assert "<html" in (out / "index.html").read_text().lower()
