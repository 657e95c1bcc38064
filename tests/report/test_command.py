"""``gardensim report``: from a run folder or a study file to a report folder."""

import json

import pytest

import gardensim
from gardensim.cli import main
from gardensim.core.errors import ConfigError
from gardensim.paths import STUDIES_DIR
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
    studies = {s.name: s for s in read_studies(STUDIES_DIR / "default.toml")}
    main_studies = [studies[f"default-{n}p"] for n in (2, 3, 4)]
    for s in main_studies:
        assert s.board == "aviary" and s.game == "gazebo"
        assert [a.options["draw"] for a in s.arms] == ["gazebo", "qin"]
        assert set(s.bots) == {"greedy"}
    for s in studies.values():
        lineups = max(len(a.lineups) for a in s.resolve()) if s.strengths is None else 1
        assert s.games % (s.players * lineups) == 0, s.name
    from gardensim.analysis.samplesize import interval_half_width

    assert interval_half_width(studies["default-2p"].games, design_effect=1.07) <= 0.027


def test_the_default_study_set_sweeps_strength_plays_upsets_and_the_handicap():
    studies = {s.name: s for s in read_studies(STUDIES_DIR / "default.toml")}
    sweep = studies["strengths-2p"]
    assert sweep.strengths[:2] == ["random", "greedy"] and sweep.strengths[2].startswith("mcts")
    assert [a.options["draw"] for a in sweep.arms] == ["gazebo", "qin"]
    upsets = studies["upsets-2p"]
    assert len(set(upsets.bots)) == 2
    assert [a.options["draw"] for a in upsets.arms] == ["gazebo", "qin"]
    handicap = studies["handicap-2p"]
    assert [a.options["gazebos"] for a in handicap.arms] == [24, "25,24", "26,24"]


def test_the_light_default_study_keeps_every_study_with_fewer_games():
    from gardensim.report.studyset import read_study_set

    full = read_study_set(STUDIES_DIR / "default.toml")
    light = read_study_set(STUDIES_DIR / "default.toml", light=True)
    assert [s.name for s in light.studies] == [s.name for s in full.studies]
    assert all(lo.games < hi.games for lo, hi in zip(light.studies, full.studies, strict=True))


def test_the_default_study_set_compares_three_pavilion_boards_at_two_to_four_players():
    studies = [s for s in read_studies(STUDIES_DIR / "default.toml")
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


def test_default_report_is_the_light_version_into_reports_demo_and_full_into_default(
        monkeypatch):
    from pathlib import Path

    from gardensim.report import sources

    calls = []
    monkeypatch.setattr(sources, "report", lambda *a, **k: calls.append((a, k)) or Path("x"))
    monkeypatch.chdir(sources.DEFAULT_STUDY.parents[2])
    sources.default_report(jobs=2)
    sources.default_report(light=False)
    (light_args, light_kwargs), (full_args, full_kwargs) = calls
    assert [str(s) for s in light_args[0]] == ["gardensim/studies/default.toml"]
    assert str(light_args[1]) == "reports/demo" and light_kwargs["light"] is True
    assert light_kwargs["jobs"] == 2
    assert str(full_args[1]) == "reports/default" and full_kwargs["light"] is False


def _write(path, text):
    path.write_text(text)
    return path


def test_light_games_replaces_games_only_in_the_light_version(tmp_path):
    from gardensim.report.studyset import read_study_set

    path = _write(tmp_path / "set.toml",
                  TOY_SET.replace('name = "toy-2p"', 'name = "toy-2p"\nlight_games = 4'))
    full, light = read_study_set(path), read_study_set(path, light=True)
    assert [s.games for s in full.studies] == [12, 12]
    assert [s.games for s in light.studies] == [4, 12]
    assert light.light and not full.light
    plain = read_study_set(_write(tmp_path / "plain.toml", TOY_SET))
    assert full.studies[0].to_dict() == plain.studies[0].to_dict()


@pytest.mark.parametrize("bad", ["0", "true", '"4"', "2.5"])
def test_a_bad_light_games_is_one_line_naming_study_and_key(tmp_path, bad, capsys):
    path = _write(tmp_path / "set.toml",
                  TOY_SET.replace('name = "toy-3p"', f'name = "toy-3p"\nlight_games = {bad}'))
    status, _ = _report(tmp_path, path)
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1
    assert "toy-3p" in err[0] and "light_games" in err[0]


def test_the_light_report_says_so_and_prints_the_full_command(tmp_path):
    path = _write(tmp_path / "set.toml",
                  TOY_SET.replace("games = 12", "games = 12\nlight_games = 4"))
    out = tmp_path / "light"
    status = main(["report", str(path), "--out", str(out), "--light", "--jobs", "1", "--quiet",
                   "--runs", str(tmp_path / "runs-light")])
    assert status == 0
    page = (out / "index.html").read_text()
    assert 'class="notice"' in page and "Light version" in page
    assert f"gardensim report {path} --out reports/NAME" in page
    assert "--light" in page
    assert len(gardensim.load(tmp_path / "runs-light" / "toy-2p").games) == 4 * 2
    assert "Light version" in (out / "summary.md").read_text()


def test_the_reproducing_command_quotes_what_needs_quoting():
    from gardensim.report.sources import command_line

    assert command_line(["my study.toml"], "reports/x", "runs") == \
        "gardensim report 'my study.toml' --out reports/x"
    assert command_line(["a"], "o", "elsewhere").endswith("--runs elsewhere")


@pytest.mark.parametrize(("engine", "played_on"), [("python", "python"),
                                                   ("fast", "gazebo-fast")])
def test_report_engine_overrides_the_studies_engine_and_is_in_the_command(tmp_path, engine,
                                                                          played_on):
    study = tmp_path / "tiny.toml"
    study.write_text('name = "tiny"\ngame = "gazebo"\nplayers = 2\nbots = ["random", "random"]'
                     '\ngames = 4\nseed = 2\nengine = "auto"\n')
    out = tmp_path / "report"
    assert main(["report", str(study), "--out", str(out), "--runs", str(tmp_path / "runs"),
                 "--jobs", "1", "--quiet", "--engine", engine]) == 0
    manifest = json.loads((tmp_path / "runs" / "tiny" / "manifest.json").read_text())
    assert {e for arm in manifest["engines"].values() for e in arm} == {played_on}
    assert f"--engine {engine}" in (out / "summary.md").read_text()
