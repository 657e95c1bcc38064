"""A settling study climbs rung by rung (issue 41, item 2): stored, resumable, stopped for a
stated reason, its answers labelled from the stored frames."""

from __future__ import annotations

import json

import pytest

from gardensim.core.errors import ConfigError
from gardensim.sim.ladder import LADDER_RECORD, OUT_OF_BUDGET, OUT_OF_RUNGS, climb, rung_study
from gardensim.sim.study import Study

CLIMB = dict(name="climb", game="gazebo", board="aviary", players=2, games=24, seed=5,
             strengths=["random", "greedy"], settle=True, telemetry=False,
             arms=[{"name": "gazebo-draw", "draw": "gazebo"}, {"name": "qin-draw", "draw": "qin"}])


def test_a_rung_is_every_arm_as_a_mirror_plus_the_step_against_the_rung_below() -> None:
    study = Study.from_dict(CLIMB)
    first, second = rung_study(study, 0), rung_study(study, 1)
    assert [a.name for a in first.arms] == ["gazebo-draw@random", "qin-draw@random"]
    assert [a.name for a in second.arms] == ["gazebo-draw@greedy", "qin-draw@greedy",
                                             "step random -> greedy"]
    assert second.bots == ["greedy", "greedy"] and second.arms[0].bots is None
    assert second.arms[2].bots == ["greedy", "random"]
    assert second.arms[2].options == {"draw": "gazebo"}
    assert first.seed == second.seed == study.seed and first.games == study.games


def test_a_climb_plays_upward_labels_every_answer_and_reuses_its_rungs(tmp_path) -> None:
    study = Study.from_dict(CLIMB)
    ladder = climb(study, tmp_path / "run", progress=False, jobs=1)
    assert ladder.stop == OUT_OF_RUNGS
    record = json.loads((tmp_path / "run" / LADDER_RECORD).read_text())
    assert [p["rung"] for p in record["played"]] == ["random", "greedy"]
    assert all(p["cpu_seconds"] > 0 for p in record["played"])
    table = ladder.settlement()
    assert set(table["condition"]) == {"gazebo-draw", "qin-draw", "qin-draw vs gazebo-draw"}
    assert table["settlement"].str.match(r"^(settled at|not settled|bot ceiling)").all()
    assert (table["game"] == "gazebo").all()
    again = climb(study, tmp_path / "run", progress=False, jobs=1)
    assert all(run.reused for run in again.runs)


def test_a_spent_budget_stops_the_climb_before_the_next_rung(tmp_path) -> None:
    study = Study.from_dict({**CLIMB, "settle_budget": 1e-9})
    ladder = climb(study, tmp_path / "run", progress=False, jobs=1)
    assert ladder.stop == OUT_OF_BUDGET and len(ladder.runs) == 1


def test_the_games_ladder_is_read_from_its_data_file() -> None:
    study = Study.from_dict({**CLIMB, "strengths": "ladder", "settle": False})
    assert study.settle and study.strengths[0] == "greedy" and len(study.strengths) >= 3
    three = Study.from_dict({**CLIMB, "strengths": "ladder", "players": 3, "games": 6})
    assert len(three.strengths) >= 3


@pytest.mark.parametrize("change, message", [
    ({"strengths": None, "bots": ["greedy", "greedy"]}, "needs 'strengths'"),
    ({"strengths": ["greedy"]}, "two rungs or more"),
    ({"settle": False, "settle_budget": 60}, "give 'settle = true'"),
    ({"settle_budget": -1}, "CPU-seconds above 0"),
    ({"settle": "yes"}, "'settle' must be true or false"),
    ({"game": "pavilion", "strengths": "ladder", "arms": []}, "ships no ladder"),
])
def test_a_bad_climb_is_refused_in_one_line(change, message) -> None:
    raw = {k: v for k, v in {**CLIMB, **change}.items() if v is not None}
    with pytest.raises(ConfigError, match=message):
        Study.from_dict(raw)


def test_plain_simulate_refuses_a_settling_study() -> None:
    from gardensim.sim.api import simulate

    with pytest.raises(ConfigError, match="rung by rung"):
        simulate(Study.from_dict(CLIMB), progress=False)


def test_the_simulate_command_climbs_and_prints_every_answers_label(tmp_path, capsys) -> None:
    from gardensim.cli import main
    from gardensim.sim.studyfile import to_toml

    path = tmp_path / "climb.toml"
    path.write_text(to_toml(Study.from_dict(CLIMB).to_dict()))
    out = tmp_path / "run"
    assert main(["simulate", str(path), "--out", str(out), "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "climbed random" in err and f"stopped: {OUT_OF_RUNGS}" in err
    assert "2p first_player qin-draw vs gazebo-draw:" in err
    assert (out / "rung-2" / "manifest.json").is_file()
