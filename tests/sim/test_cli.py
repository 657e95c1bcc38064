"""``gardensim simulate`` and ``gardensim bench`` as a user types them."""

from __future__ import annotations

import json

import pytest

import gardensim
from gardensim.cli import main

STUDY = """\
name = "cli-toy"
game = "toy"
players = 2
bots = ["random", "random"]
games = 12
seed = 2
[[arms]]
name = "one"
[[arms]]
name = "two"
draw = "qin"
"""


@pytest.fixture
def study_file(tmp_path):
    path = tmp_path / "study.toml"
    path.write_text(STUDY)
    return path


def test_simulate_stores_the_run_and_says_where(study_file, tmp_path, capsys):
    out = tmp_path / "runs" / "x"
    assert main(["simulate", str(study_file), "--out", str(out), "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert f"{out}: 24 games played" in err and "games/s" in err and "24/24" in err
    assert len(gardensim.load(out).games) == 24


def test_simulate_defaults_to_runs_slash_study_name(study_file, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", str(study_file), "--quiet", "--jobs", "1"]) == 0
    assert gardensim.load(tmp_path / "runs" / "cli-toy").complete


def test_quiet_prints_nothing(study_file, tmp_path, capsys):
    out = str(tmp_path / "r")
    assert main(["simulate", str(study_file), "--out", out, "--quiet", "--jobs", "1"]) == 0
    assert capsys.readouterr() == ("", "")


def test_bad_study_is_one_line_and_exit_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text(STUDY.replace("players = 2", "players = 9"))
    assert main(["simulate", str(bad), "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert err == f"gardensim: error: {bad}: study key 'players' must be an integer 1..4, got 9\n"
    assert not (tmp_path / "r").exists()


def test_existing_run_needs_force(study_file, tmp_path, capsys):
    out = tmp_path / "r"
    main(["simulate", str(study_file), "--out", str(out), "--quiet"])
    other = tmp_path / "other.toml"
    other.write_text(STUDY.replace("seed = 2", "seed = 3"))
    assert main(["simulate", str(other), "--out", str(out), "--quiet"]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["simulate", str(other), "--out", str(out), "--quiet", "--force"]) == 0
    assert gardensim.load(out).study.seed == 3


def test_resume_takes_only_the_run(study_file, tmp_path, capsys):
    out = tmp_path / "r"
    main(["simulate", str(study_file), "--out", str(out), "--quiet"])
    assert main(["simulate", str(study_file), "--resume", str(out)]) == 2
    assert "--resume RUN takes no study" in capsys.readouterr().err
    assert main(["simulate", "--resume", str(out)]) == 0
    assert "already holds this study, complete" in capsys.readouterr().err


def test_bench_prints_one_json_object_with_the_rates(capsys):
    assert main(["bench", "--game", "toy", "--players", "3", "--bot", "random",
                 "--games", "40", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 40 and result["jobs"] == 1 and result["telemetry"] is False
    for key in ("games_per_s", "moves_per_s", "turns_per_s", "seconds"):
        assert result[key] > 0
    # seconds is rounded to 0.1 ms, so compare the time the rate implies against it
    implied = result["moves"] / result["moves_per_s"]
    assert implied == pytest.approx(result["seconds"], abs=1e-4, rel=1e-3)


def test_bench_rejects_an_unknown_bot(capsys):
    assert main(["bench", "--game", "toy", "--bot", "nobody", "--games", "5"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
