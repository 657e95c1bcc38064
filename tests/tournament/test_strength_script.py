"""benchmarks/strength.py records tournaments played elsewhere exactly as it records its own."""

import importlib.util
import json
from pathlib import Path

import pytest

from gardensim.stats import wilson_interval
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


def rung(lo, hi, games=2, win_rate=0.5, **extra):
    row = {"bot": hi, "games": games, "win_rate": win_rate, "ci95": [0.1, 0.9], "rating": 0.0,
           "rating_ci95": [0, 0], "decision_s": 0.1, "decision_median_s": 0.1}
    return {"bots": [lo, hi], "players": 2, "games": games, "summary": [row], **extra}


def test_a_pairing_at_another_seed_is_kept_beside_it_and_pooled(strength):
    old = {"seed": 1, "runs": [rung("mcts:iters=320", "mcts:iters=640", 400, 0.5175),
                               rung("mcts", "mcts:iters=160", 1200, 0.543)]}
    again = strength.section_entry("ladder", "aviary", 2, 1, [
        rung("mcts:iters=320", "mcts:iters=640", 400, 0.56, seed=2)])
    entry = strength.merge_runs(old, again)
    assert entry["seed"] == [1, 2] and len(entry["runs"]) == 3
    page = strength.render({"ladder": entry})
    lo, hi = wilson_interval(0.5175 * 400 + 0.56 * 400, 800)
    assert (f"pooled over seeds 1, 2 | 800 | `mcts:iters=640` | 53.9% | "
            f"[{100 * lo:.1f}, {100 * hi:.1f}] |") in page
    assert "(seed 2)" in page and "mcts vs mcts:iters=160 (seed" not in page
    rerun = strength.section_entry("ladder", "aviary", 2, 1, [
        rung("mcts:iters=320", "mcts:iters=640", 400, 0.6, seed=2)])
    entry = strength.merge_runs(json.loads(json.dumps(entry)), rerun)
    assert len(entry["runs"]) == 3 and "pooled" in strength.render({"ladder": entry})
    assert [r["summary"][0]["win_rate"] for r in entry["runs"] if r["seed"] == 2] == [0.6]


def test_ladder_rungs_are_listed_in_budget_order(strength):
    results = {"ladder": {"runs": [rung("mcts:iters=160", "mcts:iters=320"),
                                   rung("mcts", "mcts:iters=160"),
                                   rung("mcts:iters=40", "mcts")]}}
    page = strength.render(json.loads(json.dumps(results)))
    assert page.index("`mcts` |") < page.index("`mcts:iters=160` |")
    assert page.index("`mcts:iters=160` |") < page.index("`mcts:iters=320` |")


def test_the_ladder_doubles_the_budget_from_half_the_default_to_eight_times_it(strength):
    args = strength.argparse.Namespace(board="aviary", ladder_iters=strength.LADDER_ITERS,
                                       ladder_games=10)
    plan = strength.section_plan("ladder", args)
    pairs = [bots for _, _, bots, _, _ in plan]
    assert pairs == [["mcts:iters=40", "mcts"], ["mcts", "mcts:iters=160"],
                     ["mcts:iters=160", "mcts:iters=320"], ["mcts:iters=320", "mcts:iters=640"]]
    assert strength.DEFAULT_ITERS == 80 and all(n == 10 for *_, n in plan)
