"""benchmarks/run.py: derived figures and the results table, from given measurements."""

from __future__ import annotations

import importlib.util

from gardensim.paths import REPO_ROOT

spec = importlib.util.spec_from_file_location("bench_run", REPO_ROOT / "benchmarks" / "run.py")
bench_run = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench_run)


def measured(games_per_s: float) -> dict:
    return {"command": "bench", "repeats": [{}],
            "median": {"games_per_s": games_per_s, "turns_per_s": 1.0, "moves_per_s": 1.0,
                       "seconds": 1.0, "games_per_cpu_s": games_per_s}}


RESULTS = {"random-1job": measured(1200), "random-2jobs": measured(2000),
           "random-1job-telemetry": measured(1000), "greedy-1job": measured(20),
           "greedy-1job-telemetry": measured(19)}


def test_derived_figures_are_ratios_of_medians():
    derived = bench_run.derive(RESULTS, {"mb_per_million_rows": 70.0})
    assert derived["random_speedup_2jobs"] == round(2000 / 1200, 2)
    assert derived["telemetry_overhead"] == 0.2
    assert derived["greedy_telemetry_overhead"] == round(20 / 19 - 1, 3)
    assert "greedy_speedup_2jobs" not in derived
    assert derived["turns_mb_per_million_rows"] == 70.0


def test_ratios_pair_the_runs_of_one_round():
    """Rounds interleave the configurations, so a slow spell hits one round of each: the 2-job
    speed-up and the telemetry cost are medians of ratios within a round (here 2.0 and 25%),
    not ratios of medians (1400 / 400 = 3.5 and 0%)."""
    def rounds(*rates):
        runs = [{"games_per_s": r, "games_per_cpu_s": r} for r in rates]
        return {"repeats": runs, "median": {"games_per_s": sorted(rates)[1],
                                            "games_per_cpu_s": sorted(rates)[1]}}
    results = {"random-1job": rounds(300, 400, 1000), "random-2jobs": rounds(600, 1600, 1400),
               "random-1job-telemetry": rounds(240, 400, 800)}
    derived = bench_run.derive(results, {})
    assert derived["random_speedup_2jobs"] == 2.0
    assert derived["telemetry_overhead"] == 0.25


def test_table_says_which_targets_are_met():
    derived = bench_run.derive(RESULTS, {"mb_per_million_rows": 70.0})
    meta = {"date": "d", "machine": "m", "python": "3", "repeats": 3, "quick": False}
    table = bench_run.markdown(RESULTS, derived, meta)
    assert "| random games/s, 1 job (issue 4) | 1,200.00 | >= 1000 | yes |" in table
    assert "| greedy games/s, 1 job (issue 4) | 20.00 | >= 25 | no |" in table
    assert "| random speed-up, 2 jobs | 1.67 | >= 1.8x | no |" in table
    assert "| telemetry cost (random) | 20% | <= 10% | no |" in table
    assert "| telemetry cost (greedy) | 5% | <= 10% | yes |" in table
    assert "| greedy speed-up, 2 jobs | not measured |" in table


def test_the_kernel_targets_read_the_kernel_benchmarks():
    kernel = {"bench_kernel": {"name": "bench_kernel", "repeats": [{}], "median": {
        "random_games_per_cpu_s": 21000.0, "random_games_per_cpu_s_logged": 7000.0,
        "greedy_games_per_cpu_s": 500.0, "mcts_speedup": 9.5}},
        "bench_kernel_compile": {"name": "bench_kernel_compile", "repeats": [{}],
                                 "median": {"first_compile_cpu_s": 31.0}}}
    results = {**RESULTS, **kernel}
    meta = {"date": "d", "machine": "m", "python": "3", "repeats": 3, "quick": False}
    table = bench_run.markdown(results, bench_run.derive(results, {}), meta)
    assert ("| kernel random games/CPU-s, one batch (issue 24, bench_kernel) | 21,000.00 "
            "| >= 20000 | yes |") in table
    assert ("| kernel greedy games/CPU-s, one batch (issue 24, bench_kernel) | 500.00 "
            "| >= 400 | yes |") in table
    assert "bench_kernel) | 9.50 | >= 10 | no |" in table
    assert "event log, one batch, slowdown x (issue 24, bench_kernel) | 3.00 | <= 2 | no |" in table
    assert "bench_kernel_compile) | 31.00 | <= 30 | no |" in table
    assert "| kernel random games/CPU-s through `gardensim bench` | not measured |" in table


def test_script_figures_are_listed_apart_from_the_bench_table():
    results = {**RESULTS, "bench_engine": {"name": "bench_engine", "repeats": [{}],
                                           "median": {"legal_per_s": 52000.0}}}
    meta = {"date": "d", "machine": "m", "python": "3", "repeats": 1, "quick": True}
    table = bench_run.markdown(results, bench_run.derive(results, {}), meta)
    assert "- `bench_engine`: legal_per_s = 5.2e+04" in table
    assert "| bench_engine |" not in table
