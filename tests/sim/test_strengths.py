"""``strengths``: every arm played as a mirror match of each bot strength on the same deals
(issue 19, item 5)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import gardensim
from gardensim.cli import main
from gardensim.core.errors import ConfigError
from gardensim.paths import STUDIES_DIR
from gardensim.sim.api import simulate
from gardensim.sim.study import Study

EXAMPLE = STUDIES_DIR / "aviary-2p-strengths.toml"


def strength_study(**overrides: Any) -> Study:
    raw: dict[str, Any] = {
        "name": "toy-strengths", "game": "toy", "players": 2,
        "strengths": ["random", "greedy", "mcts:iters=3"], "games": 8, "seed": 9,
        "arms": [{"name": "plain"}, {"name": "variant", "draw": "other"}],
    }
    raw.update(overrides)
    return Study.from_dict(raw)


def test_each_arm_becomes_one_mirror_arm_per_strength_named_arm_at_strength():
    study = strength_study()
    arms = study.resolve()
    assert [a.name for a in arms] == study.arm_names == [
        "plain@random", "plain@greedy", "plain@mcts:iters=3",
        "variant@random", "variant@greedy", "variant@mcts:iters=3"]
    assert [a.lineups for a in arms[:3]] == [
        [["random", "random"]], [["greedy", "greedy"]], [["mcts:iters=3", "mcts:iters=3"]]]
    assert arms[0].config == arms[2].config != arms[3].config


def test_a_study_without_arms_sweeps_strengths_of_its_base_arm():
    assert strength_study(arms=[]).arm_names == [
        "base@random", "base@greedy", "base@mcts:iters=3"]


def test_every_strength_plays_the_same_deals_and_seats_of_each_game():
    games = simulate(strength_study(), progress=False, jobs=1).games
    per_arm = {arm: rows.set_index("game")[["deal", "seed"]]
               for arm, rows in games.groupby("arm", observed=True)}
    first = next(iter(per_arm.values()))
    assert len(per_arm) == 6 and all(rows.equals(first) for rows in per_arm.values())
    mirror = games["bot_0"].astype(str) == games["bot_1"].astype(str)
    assert mirror.all()
    assert (games["arm"].astype(str).str.split("@").str[1]
            == games["bot_0"].astype(str)).all()


def test_strengths_round_trip_through_the_study_dict():
    study = strength_study()
    again = Study.from_dict(study.to_dict())
    assert again == study and again.fingerprint() == study.fingerprint()
    assert study.to_dict()["strengths"] == ["random", "greedy", "mcts:iters=3"]


def test_studies_without_strengths_keep_their_fingerprint_so_stored_runs_are_reused():
    raw = {"name": "plain", "game": "toy", "players": 2, "bots": ["random", "greedy"],
           "games": 4}
    assert "strengths" not in Study.from_dict(raw).to_dict()
    assert Study.from_dict(raw).fingerprint() == (
        '{"arms":[],"bots":["random","greedy"],"game":"toy","games":4,"name":"plain",'
        '"options":{},"players":2,"rotate":true,"seed":0,"telemetry":true}')


@pytest.mark.parametrize("key, value", [("bots", ["random", "random"]), ("pool", ["a", "b"])])
def test_study_bots_or_pool_with_strengths_is_refused_naming_both(key, value):
    with pytest.raises(ConfigError, match=f"study keys '{key}' and 'strengths' both choose"):
        strength_study(**{key: value})


@pytest.mark.parametrize("key", ["bots", "pool"])
def test_an_arm_with_its_own_bots_conflicts_with_strengths(key):
    arms = [{"name": "plain"}, {"name": "mixed", key: ["random", "greedy"]}]
    with pytest.raises(ConfigError, match=rf"'arms\[1\]\.{key}' \('mixed'\) conflicts with "
                                          "'strengths'"):
        strength_study(arms=arms)


def test_two_strengths_that_are_the_same_bot_are_refused():
    study = strength_study(strengths=["greedy", "greedy:epsilon=0.0"])
    with pytest.raises(ConfigError, match="'greedy' and 'greedy:epsilon=0.0' are the same bot"):
        study.resolve()


def test_a_bad_strength_names_the_key():
    with pytest.raises(ConfigError, match="study key 'strengths': .*mcts.*iters"):
        strength_study(strengths=["random", "mcts:iters=0"]).resolve()
    with pytest.raises(ConfigError, match="study key 'strengths' must be a list of bot specs"):
        strength_study(strengths=[])


def test_an_arm_name_with_the_strength_mark_is_refused():
    with pytest.raises(ConfigError, match=r"'arms\[0\]\.name' must be a name without '@'"):
        strength_study(arms=[{"name": "a@b"}])


def test_example_study_file_sweeps_three_strengths_under_both_drawing_systems():
    pytest.importorskip("gardensim.games.gazebo.rules.game")
    arms = Study.from_file(EXAMPLE).resolve()
    assert [a.name for a in arms] == [
        f"{draw}@{s}" for draw in ("gazebo-draw", "qin-draw")
        for s in ("random", "greedy", "mcts:iters=80")]


def test_gardensim_simulate_plays_the_example_study_end_to_end(tmp_path, capsys):
    """The shipped file with its game count and mcts budget cut down so the test stays fast."""
    pytest.importorskip("gardensim.games.gazebo.rules.game")
    text, cuts = re.subn(r"(?m)^games = \d+", "games = 2", EXAMPLE.read_text())
    text, iters = re.subn(r"mcts:iters=\d+", "mcts:iters=2", text)
    assert cuts == iters == 1
    study, out = tmp_path / "strengths.toml", tmp_path / "run"
    study.write_text(text)
    assert main(["simulate", str(study), "--out", str(out), "--jobs", "1"]) == 0
    assert f"{out}: 12 games played" in capsys.readouterr().err
    games = gardensim.load(out).games
    assert sorted(games["bot_0"].astype(str).unique()) == ["greedy", "mcts:iters=2", "random"]
    assert games.groupby("arm", observed=True).size().tolist() == [2] * 6


def test_every_study_key_is_in_the_study_files_readme_table():
    from gardensim.sim.study import STUDY_KEYS

    table = (STUDIES_DIR / "README.md").read_text()
    forms = ("`{}`", "`[{}]`", "`[[{}]]`")
    assert [k for k in STUDY_KEYS if not any(f.format(k) in table for f in forms)] == []
    assert "| `strengths` |" in table


def test_every_report_section_of_a_strengths_run_is_computed_or_says_why_not():
    """Mirror arms only: questions about two bots meeting (skill) are skipped with a note."""
    from gardensim.report.sections import Budget, compute_sections

    run = simulate(strength_study(), progress=False, jobs=1)
    sections = {s.id: s for s in compute_sections(run.games, run.turns, Budget(20, 20, 50, 19))}
    assert "every arm is a mirror match" in sections["skill"].note
    assert sections["seat"].sentences and sections["arms"].sentences
    answers = sections["strength"].sentences
    assert len(answers) == 3 and all("with greedy bots in every seat" in a for a in answers)
    assert answers[2].startswith("With 2 players, variant against plain changes ")
