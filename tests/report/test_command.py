"""``gardensim report``: from a run folder or a study file to a report folder."""

import json

import pytest

import gardensim
from gardensim.cli import main
from gardensim.core.errors import ConfigError
from gardensim.paths import DATA_DIR
from gardensim.report.studyset import read_studies

TOY_SET = """
name = "toy-set"
[common]
game = "toy"
seed = 3
[[common.arms]]
name = "plain"
[[common.arms]]
name = "variant"
draw = "other"
[[studies]]
name = "toy-2p"
players = 2
bots = ["random", "random"]
games = 12
[[studies]]
name = "toy-3p"
players = 3
bots = ["random", "random", "random"]
games = 12
"""


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A toy study set reported once: (tmp folder, study set path, exit status, report)."""
    tmp = tmp_path_factory.mktemp("cli")
    path = tmp / "set.toml"
    path.write_text(TOY_SET)
    status, out = _report(tmp, path)
    return tmp, path, status, out


def _report(tmp_path, *sources):
    out = tmp_path / "report"
    argv = ["report", *map(str, sources), "--out", str(out), "--runs", str(tmp_path / "runs"),
            "--jobs", "1", "--quiet"]
    return main(argv), out


def test_a_study_set_is_played_into_runs_and_reported_together(played):
    tmp, study_set, status, out = played
    assert status == 0
    for name in ("toy-2p", "toy-3p"):
        assert gardensim.load(tmp / "runs" / name).complete
    page = (out / "index.html").read_text()
    assert "toy-2p" in page and "toy-3p" in page
    assert "<title>toy-set</title>" in page
    assert f"gardensim report {study_set} --out {out}" in page
    assert (out / "summary.md").is_file()


def test_a_stored_matching_run_is_reused_not_replayed(played):
    tmp, study_set, _, _ = played
    manifest = tmp / "runs" / "toy-2p" / "manifest.json"
    before = json.loads(manifest.read_text())["timings"]
    assert _report(tmp, study_set)[0] == 0
    assert json.loads(manifest.read_text())["timings"] == before


def test_a_run_folder_is_reported_as_stored(played, tmp_path):
    tmp = played[0]
    out = tmp_path / "from-run"
    assert main(["report", str(tmp / "runs" / "toy-3p"), "--out", str(out), "--quiet"]) == 0
    page = (out / "index.html").read_text()
    assert "toy-3p" in page and "toy-2p" not in page


def test_a_source_that_is_neither_run_nor_study_is_one_line_and_exit_2(tmp_path, capsys):
    status, _ = _report(tmp_path, tmp_path / "nothing-here")
    assert status == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "neither a run folder nor a study file" in err[0]


def test_the_default_study_set_covers_two_to_four_players_with_paired_draw_arms():
    studies = [s for s in read_studies(DATA_DIR / "studies" / "default.toml")
               if s.game == "gazebo"]
    assert [(s.name, s.players, s.games, s.seed) for s in studies] == [
        ("default-2p", 2, 1534, 1), ("default-3p", 3, 900, 1), ("default-4p", 4, 800, 1)]
    from gardensim.analysis.samplesize import wilson_half_width

    for s in studies:
        assert s.board == "aviary" and s.game == "gazebo"
        assert [a.options["draw"] for a in s.arms] == ["gazebo", "qin"]
        assert set(s.bots) == {"greedy"}
        assert s.games % s.players == 0
    assert wilson_half_width(studies[0].games) <= 0.025


def test_the_default_study_set_compares_three_pavilion_boards_at_two_to_four_players():
    studies = [s for s in read_studies(DATA_DIR / "studies" / "default.toml")
               if s.game == "pavilion"]
    assert [s.players for s in studies] == [2, 3, 4]
    for s in studies:
        arms = s.resolve()
        assert [(a.name, a.config["board"]) for a in arms] == [
            (b, b) for b in ("base", "glazed-orange", "glazed-purple")]
        assert all(a.config["options"] == {"first_player": 0} for a in arms)  # seat 0 starts
        assert set(s.bots) == {"greedy"} and s.games % s.players == 0


def test_a_study_set_with_an_unknown_key_names_it(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(TOY_SET.replace('name = "toy-set"', 'name = "toy-set"\nplayers = 2'))
    with pytest.raises(ConfigError, match="unknown study set key 'players'"):
        read_studies(bad)


def test_a_bad_study_in_a_set_names_its_index(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(TOY_SET.replace("games = 12\n[[studies]]", "games = 0\n[[studies]]"))
    with pytest.raises(ConfigError, match=r"studies\[0\].*games"):
        read_studies(bad)


def test_an_out_path_that_is_a_file_is_one_line_and_exit_2(played, tmp_path, capsys):
    target = tmp_path / "file.html"
    target.write_text("x")
    status = main(["report", str(played[0] / "runs" / "toy-2p"), "--out", str(target),
                   "--quiet"])
    assert status == 2
    assert "is a file" in capsys.readouterr().err
    assert target.read_text() == "x"


def test_default_report_plays_the_default_study_into_reports_default(monkeypatch):
    from pathlib import Path

    from gardensim.report import sources

    calls = []
    monkeypatch.setattr(sources, "report", lambda *a, **k: calls.append((a, k)) or Path("x"))
    monkeypatch.chdir(sources.DEFAULT_STUDY.parents[2])
    sources.default_report(jobs=2)
    (args, kwargs), = calls
    assert [str(s) for s in args[0]] == ["data/studies/default.toml"]
    assert str(args[1]) == "reports/default" and kwargs["jobs"] == 2


def test_the_reproducing_command_quotes_what_needs_quoting():
    from gardensim.report.sources import command_line

    assert command_line(["my study.toml"], "reports/x", "runs") == \
        "gardensim report 'my study.toml' --out reports/x"
    assert command_line(["a"], "o", "elsewhere").endswith("--runs elsewhere")
