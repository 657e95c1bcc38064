"""`make bench`: measure play speed against the targets of issue 4, write benchmarks/results/.

Runs each `gardensim bench` configuration below in a fresh process, `--repeats` times (median
of each figure) in interleaved rounds (every configuration once per round), so a slow spell on
the shared machine lands on all of them and the ratios (2-job speed-up, telemetry cost) are
medians of ratios within a round. Also runs every `benchmarks/bench_*.py` script (each prints
one JSON object of figures on its last stdout line). Writes one JSON file per configuration or
script, a `summary.json` of derived figures (scaling, telemetry cost, memory per million turn
rows) and a markdown table in `benchmarks/results/README.md`.

    python benchmarks/run.py [--repeats 3] [--quick] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
ROOT = HERE.parent

#: name -> (bench arguments, games, quick games, target games/s or None)
#: the ``random-``/``greedy-`` configurations measure the readable engine (issue 4), the
#: ``kernel-`` ones the compiled kernel (``engine = "auto"``, the default; issue 24)
PY = ["--engine", "python"]
FAST = ["--engine", "auto"]
CONFIGS: dict[str, tuple[list[str], int, int, float | None]] = {
    "random-1job": (["--bot", "random", "--jobs", "1", *PY], 3000, 300, 1000.0),
    "random-2jobs": (["--bot", "random", "--jobs", "2", *PY], 6000, 600, None),
    "random-1job-telemetry": (["--bot", "random", "--jobs", "1", "--telemetry", *PY], 3000,
                              300, None),
    "greedy-1job": (["--bot", "greedy", "--jobs", "1", *PY], 150, 20, 25.0),
    "greedy-2jobs": (["--bot", "greedy", "--jobs", "2", *PY], 300, 40, None),
    "greedy-1job-telemetry": (["--bot", "greedy", "--jobs", "1", "--telemetry", *PY], 150, 20,
                              None),
    "kernel-random-1job": (["--bot", "random", "--jobs", "1", *FAST], 20000, 2000,
                           None),
    "kernel-random-1job-telemetry": (["--bot", "random", "--jobs", "1", "--telemetry", *FAST],
                                     20000, 2000, None),
    "kernel-greedy-1job": (["--bot", "greedy", "--jobs", "1", *FAST], 600, 60, None),
    "kernel-greedy-1job-telemetry": (["--bot", "greedy", "--jobs", "1", "--telemetry", *FAST], 600,
                                     60, None),
}
BASE = ["--game", "gazebo", "--board", "aviary", "--players", "2", "--option", "draw=gazebo"]
FIGURES = ("games_per_s", "turns_per_s", "moves_per_s", "seconds", "games_per_cpu_s")


def config_command(name: str, quick: bool) -> list[str]:
    args, games, quick_games, _ = CONFIGS[name]
    return [sys.executable, "-m", "gardensim.cli", "bench", *BASE, *args,
            "--games", str(quick_games if quick else games), "--json"]


def run_configs(names: list[str], repeats: int, quick: bool) -> dict[str, dict[str, Any]]:
    """Every configuration of ``names`` once per round, ``repeats`` rounds."""
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for round_ in range(1, repeats + 1):
        for name in names:
            print(f"bench {name} (round {round_} of {repeats}) ...", file=sys.stderr, flush=True)
            runs[name].append(_json_of(config_command(name, quick)))
    return {name: summarize(name, runs[name], quick) for name in names}


def summarize(name: str, runs: list[dict[str, Any]], quick: bool) -> dict[str, Any]:
    command = config_command(name, quick)
    target = CONFIGS[name][3]
    ok = [r for r in runs if "error" not in r]
    median = {f: statistics.median(r[f] for r in ok) for f in FIGURES if ok and f in ok[0]}
    return {"name": name, "command": " ".join(command[1:]), "target_games_per_s": target,
            "repeats": runs, "median": median}


def run_script(script: Path, repeats: int) -> dict[str, Any]:
    """Run a ``bench_*.py`` script ``repeats`` times, or as often as its own ``REPEATS = N``
    line says (deterministic figures, such as instruction counts, need one run)."""
    declared = re.search(r"^REPEATS = (\d+)$", script.read_text(encoding="utf-8"), re.M)
    repeats = int(declared.group(1)) if declared else repeats
    runs = [_json_of([sys.executable, str(script)]) for _ in range(repeats)]
    ok = [r for r in runs if "error" not in r]
    numeric = [k for k, v in (ok[0].items() if ok else []) if isinstance(v, int | float)
               and not isinstance(v, bool)]
    median = {k: statistics.median(r[k] for r in ok if k in r) for k in numeric}
    return {"name": script.stem, "command": f"python {script.relative_to(ROOT)}",
            "repeats": runs, "median": median}


def _json_of(command: list[str]) -> dict[str, Any]:
    """The JSON object on the last stdout line of ``command``, or an ``error`` entry."""
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return {"error": (done.stderr.strip().splitlines() or ["no output"])[-1],
                "returncode": done.returncode}
    try:
        return json.loads(lines[-1])
    except json.JSONDecodeError:
        return {"error": f"not JSON: {lines[-1][:200]}"}


def turn_memory(quick: bool) -> dict[str, Any]:
    """Bytes in memory of the turns frame, scaled to a million rows (target <= 150 MB)."""
    code = (
        "import json, gardensim\n"
        "run = gardensim.simulate(dict(name='mem', game='gazebo', board='aviary', players=2,"
        f" bots=['random', 'random'], games={100 if quick else 1000}, seed=1,"
        " options={'draw': 'gazebo'}), jobs=1, progress=False)\n"
        "t = run.turns\n"
        "print(json.dumps({'rows': len(t), 'bytes_per_row':"
        " float(t.memory_usage(deep=True).sum() / len(t))}))\n"
    )
    result = _json_of([sys.executable, "-c", code])
    if "error" not in result:
        result["mb_per_million_rows"] = round(result["bytes_per_row"], 1)
    return result


def derive(results: dict[str, dict[str, Any]], memory: dict[str, Any]) -> dict[str, Any]:
    def ratio(top: str, bottom: str, figure: str) -> float | None:
        """Median over rounds of ``top / bottom`` when both ran in the same rounds, else the
        ratio of their medians."""
        a, b = results.get(top, {}), results.get(bottom, {})
        rounds = [(x.get(figure), y.get(figure))
                  for x, y in zip(a.get("repeats", []), b.get("repeats", []), strict=False)]
        if len(a.get("repeats", [])) == len(b.get("repeats", [])) and rounds and all(
                x and y for x, y in rounds):
            return statistics.median(x / y for x, y in rounds)
        x, y = ((r.get("median") or {}).get(figure) for r in (a, b))
        return x / y if x and y else None

    out: dict[str, Any] = {}
    for bot in ("random", "greedy"):
        speedup = ratio(f"{bot}-2jobs", f"{bot}-1job", "games_per_s")
        if speedup is not None:
            out[f"{bot}_speedup_2jobs"] = round(speedup, 2)
    # CPU-time rates: the telemetry cost is a ratio of work, less moved by a busy machine
    for bot, key in (("random", "telemetry_overhead"), ("greedy", "greedy_telemetry_overhead")):
        cost = ratio(f"{bot}-1job", f"{bot}-1job-telemetry", "games_per_cpu_s")
        if cost is not None:
            out[key] = round(cost - 1, 3)
    if "mb_per_million_rows" in memory:
        out["turns_mb_per_million_rows"] = memory["mb_per_million_rows"]
    for bot in ("random", "greedy"):
        rate = ((results.get(f"kernel-{bot}-1job") or {}).get("median") or {}).get(
            "games_per_cpu_s")
        if rate:
            out[f"kernel_{bot}_games_per_cpu_s"] = round(rate, 1)
        cost = ratio(f"kernel-{bot}-1job", f"kernel-{bot}-1job-telemetry", "games_per_cpu_s")
        if cost is not None:
            out[f"kernel_{bot}_telemetry_slowdown"] = round(cost, 3)
    return out


TARGETS = [
    ("random games/s, 1 job (issue 4)", lambda r, d: _median(r, "random-1job", "games_per_s"),
     ">= 1000", lambda v: v >= 1000),
    ("greedy games/s, 1 job (issue 4)", lambda r, d: _median(r, "greedy-1job", "games_per_s"),
     ">= 25", lambda v: v >= 25),
    ("random speed-up, 2 jobs", lambda r, d: d.get("random_speedup_2jobs"), ">= 1.8x",
     lambda v: v >= 1.8),
    ("greedy speed-up, 2 jobs", lambda r, d: d.get("greedy_speedup_2jobs"), ">= 1.8x",
     lambda v: v >= 1.8),
    ("telemetry cost (random)", lambda r, d: d.get("telemetry_overhead"), "<= 10%",
     lambda v: v <= 0.10),
    ("telemetry cost (greedy)", lambda r, d: d.get("greedy_telemetry_overhead"), "<= 10%",
     lambda v: v <= 0.10),
    ("turns frame, MB per million rows", lambda r, d: d.get("turns_mb_per_million_rows"),
     "<= 150", lambda v: v <= 150),
    ("kernel random games/CPU-s, one batch (issue 24, bench_kernel)",
     lambda r, d: _median(r, "bench_kernel", "random_games_per_cpu_s"), ">= 20000",
     lambda v: v >= 20000),
    ("kernel greedy games/CPU-s, one batch (issue 24, bench_kernel)",
     lambda r, d: _median(r, "bench_kernel", "greedy_games_per_cpu_s"), ">= 400",
     lambda v: v >= 400),
    ("kernel mcts iterations, x the readable bot's (issue 24, bench_kernel)",
     lambda r, d: _median(r, "bench_kernel", "mcts_speedup"), ">= 10", lambda v: v >= 10),
    ("kernel random with event log, one batch, slowdown x (issue 24, bench_kernel)",
     lambda r, d: _ratio(_median(r, "bench_kernel", "random_games_per_cpu_s"),
                         _median(r, "bench_kernel", "random_games_per_cpu_s_logged")), "<= 2",
     lambda v: v <= 2),
    *(
        (f"kernel first compile, {what}, CPU s (issue 24, bench_kernel_compile)",
         lambda r, d, key=key: _median(r, "bench_kernel_compile", key), "<= 30",
         lambda v: v <= 30)
        for what, key in (("random line-up", "first_compile_random_cpu_s"),
                          ("greedy line-up", "first_compile_greedy_cpu_s"),
                          ("mcts line-up", "first_compile_mcts_cpu_s"),
                          ("all three in one interpreter", "first_compile_cpu_s"))
    ),
    ("kernel random games/CPU-s through `gardensim bench`",
     lambda r, d: d.get("kernel_random_games_per_cpu_s"), ">= 20000", lambda v: v >= 20000),
    ("kernel greedy games/CPU-s through `gardensim bench`",
     lambda r, d: d.get("kernel_greedy_games_per_cpu_s"), ">= 400", lambda v: v >= 400),
    ("kernel random with telemetry through `gardensim bench`, slowdown x",
     lambda r, d: d.get("kernel_random_telemetry_slowdown"), "<= 2", lambda v: v <= 2),
    ("kernel greedy with telemetry through `gardensim bench`, slowdown x",
     lambda r, d: d.get("kernel_greedy_telemetry_slowdown"), "<= 2", lambda v: v <= 2),
]


def _median(results: dict[str, Any], name: str, figure: str) -> float | None:
    """The median ``figure`` of benchmark ``name``."""
    return ((results.get(name) or {}).get("median") or {}).get(figure)


def _ratio(top: float | None, bottom: float | None) -> float | None:
    return top / bottom if top and bottom else None


def markdown(results: dict[str, dict[str, Any]], derived: dict[str, Any], meta: dict) -> str:
    interpreter = f" ({meta['interpreter']})" if "interpreter" in meta else ""
    lines = [
        "# Benchmark results",
        "",
        f"Written by `make bench` (`benchmarks/run.py`) on {meta['date']}, {meta['machine']}, "
        f"Python {meta['python']}{interpreter}; "
        f"median of {meta['repeats']} runs in interleaved rounds"
        + (" (quick mode: small game counts)" if meta["quick"] else "")
        + (f"; 1-minute load average {meta['load_average'][0]} at the start and "
           f"{meta['load_average'][1]} at the end (other work on the cores slows the "
           "wall-clock figures)" if "load_average" in meta else "") + ".",
        "2-player Aviary, Gazebo-style drawing, one bot against itself. games/CPU-s divides by"
        " the CPU time the workers spent playing (it stays meaningful when other work shares"
        " the cores; wall-clock rates and the 2-job speed-up do not). Speed-ups and telemetry"
        " costs are medians of the ratios within a round.",
        "",
        "| benchmark | games/s | turns/s | moves/s | seconds | games/CPU-s | command |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, result in results.items():
        if name not in CONFIGS:
            continue
        m = result.get("median") or {}
        if "games_per_s" not in m:
            errors = [r.get("error") for r in result["repeats"] if "error" in r]
            lines.append(f"| {name} | failed: {errors[0] if errors else '?'} | | | | | |")
            continue
        lines.append(
            f"| {name} | {m['games_per_s']:,.1f} | {m['turns_per_s']:,.0f} | "
            f"{m['moves_per_s']:,.0f} | {m['seconds']:.2f} | {m['games_per_cpu_s']:,.1f} | "
            f"`{result['command']}` |"
        )
    lines += ["", "| target | measured | goal | met |", "|---|---:|---|---|"]
    for label, pick, goal, test in TARGETS:
        value = pick(results, derived)
        if value is None:
            lines.append(f"| {label} | not measured | {goal} | |")
            continue
        shown = f"{value:.0%}" if "cost" in label else f"{value:,.2f}"
        lines.append(f"| {label} | {shown} | {goal} | {'yes' if test(value) else 'no'} |")
    others = [r for n, r in results.items() if n not in CONFIGS]
    if others:
        lines += ["", "Other benchmarks (`benchmarks/bench_*.py`):", ""]
        for result in others:
            figures = ", ".join(f"{k} = {v:,.4g}" for k, v in result["median"].items())
            lines.append(f"- `{result['name']}`: {figures or 'failed'}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="small game counts, for a smoke run")
    parser.add_argument("--only", nargs="*", help="configuration or script names to run")
    parser.add_argument("--table-only", action="store_true",
                        help="rebuild README.md and summary.json from the stored results")
    args = parser.parse_args(argv)
    RESULTS.mkdir(parents=True, exist_ok=True)
    results: dict[str, dict[str, Any]] = {}
    scripts = sorted(HERE.glob("bench_*.py"))
    names = list(CONFIGS) + [s.stem for s in scripts]
    for name in args.only or names:
        if name not in names:
            parser.error(f"unknown benchmark {name!r}; known: {', '.join(names)}")
    if args.table_only:
        return write_table(*stored_results(names))
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    configs = [name for name in CONFIGS if not args.only or name in args.only]
    results.update(run_configs(configs, args.repeats, args.quick))
    for script in scripts:
        if not args.only or script.stem in args.only:
            print(f"bench {script.name} ...", file=sys.stderr, flush=True)
            results[script.stem] = run_script(script, args.repeats)
    measured = list(results)
    if args.only:  # keep the other benchmarks' last results in the table
        for name in names:
            stored = RESULTS / f"{name}.json"
            if name not in results and stored.is_file():
                results[name] = json.loads(stored.read_text())
    memory = turn_memory(args.quick)
    meta = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "machine": f"{platform.machine()}, {os.cpu_count() or 1} cores",
            "python": platform.python_version(),
            "interpreter": os.path.realpath(getattr(sys, "_base_executable", sys.executable)),
            "repeats": args.repeats, "quick": args.quick,
            "seconds": round(time.perf_counter() - started, 1),
            "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)]}
    for name in measured:  # each current figure says when and where it was measured
        results[name] = {**results[name], "date": meta["date"], "machine": meta["machine"],
                         "python": meta["python"]}
    for name, result in results.items():
        (RESULTS / f"{name}.json").write_text(json.dumps(result, indent=1) + "\n")
    return write_table(results, memory, meta)


def stored_results(names: list[str]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(results, memory, meta) as the last run left them in benchmarks/results/."""
    summary = json.loads((RESULTS / "summary.json").read_text())
    results = {n: json.loads((RESULTS / f"{n}.json").read_text())
               for n in names if (RESULTS / f"{n}.json").is_file()}
    meta = {k: v for k, v in summary.items() if k not in ("derived", "memory", "games_per_s")}
    return results, summary.get("memory", {}), meta


def write_table(results: dict[str, Any], memory: dict[str, Any], meta: dict[str, Any]) -> int:
    derived = derive(results, memory)
    summary = {**meta, "derived": derived, "memory": memory,
               "games_per_s": {n: (r.get("median") or {}).get("games_per_s")
                               for n, r in results.items()}}
    (RESULTS / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    table = markdown(results, derived, meta)
    (RESULTS / "README.md").write_text(table)
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
