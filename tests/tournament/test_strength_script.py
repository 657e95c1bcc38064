"""benchmarks/strength.py records tournaments played elsewhere exactly as it records its own."""

import importlib.util
import json
from pathlib import Path

import pytest

from gardensim.tournament import run_tournament

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def strength():
    spec = importlib.util.spec_from_file_location("strength", ROOT / "benchmarks" / "strength.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_recorded_tournament_becomes_the_same_run_as_a_played_one(strength, tmp_path):
    bots = ["random", "mcts:iters=2"]
    result = run_tournament("gazebo", bots, players=2, games=4, seed=3, board="aviary")
    result.write(tmp_path / "rung")
    entry = strength.recorded_section("ladder", [tmp_path / "rung.json"])
    assert entry["seed"] == 3 and entry["board"] == "aviary"
    (run,) = entry["runs"]
    assert run == strength.run_entry(result.to_dict(), len(result.games), None, {})
    assert run["bots"] == bots and run["games"] == 4


def test_recording_tournaments_of_different_seeds_is_refused(strength, tmp_path):
    for seed in (1, 2):
        run_tournament("gazebo", ["random", "greedy"], players=2, games=2, seed=seed,
                       board="aviary").write(tmp_path / f"s{seed}")
    with pytest.raises(SystemExit, match="different seeds"):
        strength.recorded_section("ladder", [tmp_path / "s1.json", tmp_path / "s2.json"])


def test_ladder_rungs_are_listed_in_budget_order(strength):
    def rung(lo, hi):
        row = {"bot": hi, "games": 2, "win_rate": 0.5, "ci95": [0.1, 0.9], "rating": 0.0,
               "rating_ci95": [0, 0], "decision_s": 0.1, "decision_median_s": 0.1}
        return {"bots": [lo, hi], "players": 2, "games": 2, "summary": [row]}

    results = {"ladder": {"runs": [rung("mcts:iters=160", "mcts:iters=320"),
                                   rung("mcts", "mcts:iters=160")]}}
    page = strength.render(json.loads(json.dumps(results)))
    assert page.index("`mcts:iters=160` |") < page.index("`mcts:iters=320` |")
