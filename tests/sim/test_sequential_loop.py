"""Play until decided on the toy game: the run stops early with a verdict, and a resumed run
reaches the same verdict on the same games."""

from __future__ import annotations

from gardensim.sim.sequential import play_until_decided
from tests.sim.helpers import toy_study


def test_a_loop_stops_before_its_budget_once_every_arm_is_decided(tmp_path) -> None:
    study = toy_study(games=30000, players=2, bots=["random"] * 2, arms=[], fair_margin=10)
    run, decisions = play_until_decided(study, tmp_path / "run", progress=False, jobs=1)
    assert all(d.kind != "undecided" for d in decisions)
    assert run.manifest["status"] == "decided"
    assert run.manifest["games"]["done"] < 30000
    again, same = play_until_decided(study, tmp_path / "run", progress=False, jobs=1)
    assert [d.look for d in same] == [d.look for d in decisions]
    assert len(again.games) == len(run.games)


def test_simulate_until_decided_prints_one_verdict_per_arm(tmp_path, capsys) -> None:
    from gardensim.cli import main
    from gardensim.sim.studyfile import to_toml

    study = toy_study(games=30000, players=2, bots=["random"] * 2, fair_margin=10)
    path = tmp_path / "study.toml"
    path.write_text(to_toml(study.to_dict()))
    assert main(["simulate", str(path), "--until-decided", "--out", str(tmp_path / "r"),
                 "--quiet", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["plain", "variant"]
    assert all(" fair " in line or " unfair " in line for line in lines)


def test_an_arm_identical_to_the_baseline_is_called_no_change(tmp_path) -> None:
    """Two arms with the same rules play the same games: the paired difference is 0 in every
    deal, so the paired test must say "no change" at its first look."""
    study = toy_study(games=30000, players=2, bots=["random"] * 2, fair_margin=5,
                      arms=[{"name": "baseline"}, {"name": "same"}])
    run, decisions = play_until_decided(study, None, paired=True, progress=False, jobs=1)
    assert [d.arm for d in decisions] == ["same"]
    assert decisions[0].kind == "no change"
    assert decisions[0].look.mean == 0


def test_gardensim_variant_prints_the_paired_verdict(capsys) -> None:
    from gardensim.cli import main

    assert main(["variant", "toy", "--option", "draw=other", "--strength", "random",
                 "--games", "4000", "--margin", "10", "--quiet", "--jobs", "1"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("variant: ")
    assert any(word in line for word in ("changed", "no change", "undecided"))


def test_gardensim_variant_without_a_change_is_one_line_error(capsys) -> None:
    from gardensim.cli import main

    assert main(["variant", "toy", "--strength", "random"]) == 2
    assert "give the variant" in capsys.readouterr().err
