"""The strength ladder of issue 3, measured by tournaments (a benchmark, not a timed test).

Sections (each a seat-balanced tournament on shared deals, see ``gardensim.tournament``):

- ``greedy-random``: greedy against random, 2 players (goal: greedy >= 95%);
- ``mcts-greedy``: mcts at its default budget against greedy (goal: >= 65%, median decision
  time <= 1 s on the 2-core machine);
- ``ladder``: mcts at doubling iteration budgets (``LADDER_ITERS``: half its default budget up
  to 8x it), each rung against the one below;
- ``tables-3p`` / ``tables-4p``: random, greedy and mcts bots at 3- and 4-player tables (win
  share against an even 1/n);
- ``pavilion-mcts-greedy`` (issue 6): Summer Pavilion, 2 players, ``PAVILION_MCTS`` against
  greedy on each of ``--pavilion-boards`` (default ``base``; goal: mcts > 50%). Besides the
  merged entry, each board's full tournament is written to
  ``benchmarks/results/pavilion-mcts-greedy-BOARD.{json,csv}`` and ``-games.csv``.

Results merge into ``benchmarks/results/strength.json`` (one entry per section, so sections can
be run separately) and are rendered as ``benchmarks/results/strength.md``. A run is one pairing
at one seed: the same pairing at another seed (more games on new deals) is kept beside it, and
the page adds a row pooling its seeds (games and wins summed, Wilson interval). Game counts are
arguments: the issue asks for at least 400 per pairing; on a shared machine the figures are only
as good as the counts written next to them.

    .venv/bin/python benchmarks/strength.py [--sections greedy-random mcts-greedy ...]
        [--games 400] [--ladder-games 100] [--ladder-iters 40 80 160] [--table-games 60]
        [--pavilion-boards base glazed-purple] [--jobs 1] [--seed 1]

    .venv/bin/python benchmarks/strength.py --sections pavilion-mcts-greedy --games 200

A long section can be split over processes or machines: play each pairing with ``gardensim
tournament ... --seed S --out FILE`` and record the files with ``--sections NAME --from-json
FILE.json ...`` (one seed per recording; rungs of the ladder are listed in budget order however
recorded).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RESULTS = HERE / "results"
sys.path.insert(0, str(ROOT))

from gardensim.bots.mcts import MCTSBot  # noqa: E402
from gardensim.core.registry import make_bot  # noqa: E402
from gardensim.stats import wilson_interval  # noqa: E402
from gardensim.tournament import run_tournament  # noqa: E402

GAME_NAMES = {"pavilion": "Summer Pavilion"}
SECTIONS = ("greedy-random", "mcts-greedy", "ladder", "tables-3p", "tables-4p",
            "pavilion-mcts-greedy")

#: The mcts spec that beats greedy on Summer Pavilion (docs/pavilion.md, "Bots"): the default
#: budget with a small UCB constant (the evaluation's leaf values differ by ~0.02 a point, so
#: c=0.3 spreads the visits almost evenly) and a horizon of three turns instead of two.
PAVILION_MCTS = "mcts:c=0.05,depth=3"


DEFAULT_ITERS = MCTSBot.param_types["iters"][1]
#: The ladder's budgets, from half the default to 8x it: the rung below the default is cheap and
#: steep (docs/decisions.md, "The budget ladder runs from half the default to 8x it").
LADDER_ITERS = [DEFAULT_ITERS * m // 2 for m in (1, 2, 4, 8, 16)]


def mcts_iters(iters: int) -> str:
    """The mcts spec with an ``iters`` budget (plain ``mcts`` at the default)."""
    return "mcts" if iters == DEFAULT_ITERS else f"mcts:iters={iters}"


def mcts_at(multiple: int) -> str:
    """The mcts spec at ``multiple`` times the default iteration budget."""
    return mcts_iters(DEFAULT_ITERS * multiple)


#: (game, board, bots, players, games) of each tournament of a section.
Plan = list[tuple[str, str, list[str], int, int]]


def section_plan(name: str, args: argparse.Namespace) -> Plan:
    """The tournaments of a section."""
    if name == "pavilion-mcts-greedy":
        return [("pavilion", board, ["greedy", PAVILION_MCTS], 2, args.games)
                for board in args.pavilion_boards]
    return [("gazebo", args.board, bots, players, games)
            for bots, players, games in _gazebo_plan(name, args)]


def _gazebo_plan(name: str, args: argparse.Namespace) -> list[tuple[list[str], int, int]]:
    """(bots, players, games) tournaments of a Gazebo section (on ``--board``)."""
    if name == "greedy-random":
        return [(["random", "greedy"], 2, args.games)]
    if name == "mcts-greedy":
        return [(["greedy", "mcts"], 2, args.games)]
    if name == "ladder":
        rungs = [mcts_iters(n) for n in args.ladder_iters]
        return [([lo, hi], 2, args.ladder_games) for lo, hi in zip(rungs, rungs[1:], strict=False)]
    if name == "tables-3p":
        return [(["random", "greedy", "mcts"], 3, args.table_games)]
    if name == "tables-4p":
        return [(["random", "greedy", "mcts", mcts_at(2)], 4, args.table_games)]
    raise SystemExit(f"unknown section {name!r}; sections: {', '.join(SECTIONS)}")


def run_section(name: str, args: argparse.Namespace) -> dict[str, Any]:
    runs = []
    plan = section_plan(name, args)
    for game, board, bots, players, games in plan:
        t0 = time.perf_counter()
        result = run_tournament(game, bots, players=players, games=games, seed=args.seed,
                                board=board, jobs=args.jobs, progress=not args.quiet)
        extra: dict[str, Any] = {}
        if game != "gazebo":  # the game and board of each run; the full tournament beside it
            extra = {"game": game, "board": board}
            result.write(RESULTS / f"{name}-{board}")
        runs.append(run_entry(result.to_dict(), len(result.games),
                              round(time.perf_counter() - t0, 1), extra))
        print(result.format(), flush=True)
    boards = ",".join(dict.fromkeys(board for _, board, *_ in plan))
    return section_entry(name, boards, args.seed, args.jobs, runs)


def run_entry(data: dict[str, Any], games: int, seconds: float | None,
              extra: dict[str, Any]) -> dict[str, Any]:
    """One tournament of a section, from its ``TournamentResult.to_dict()``."""
    return {
        **extra,
        "bots": [b["bot"] for b in data["bots"]], "players": data["players"], "games": games,
        "seed": data["seed"], "seconds": seconds,
        "summary": [{k: b[k] for k in ("bot", "games", "win_rate", "ci95", "rating",
                                       "rating_ci95", "decision_s", "decision_median_s")}
                    for b in data["bots"]],
        "head_to_head": data["head_to_head"],
        "seat_win_rate": data["seat_win_rate"],
    }


def section_entry(name: str, boards: str, seed: int, jobs: int,
                  runs: list[dict[str, Any]]) -> dict[str, Any]:
    return {"section": name, "board": boards, "seed": seed, "jobs": jobs,
            "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "runs": runs}


def recorded_section(name: str, files: list[Path]) -> dict[str, Any]:
    """A section made of tournaments already played with ``gardensim tournament --out FILE``
    (a long section split over processes or machines): their seed must agree."""
    runs, seeds, boards = [], set(), []
    for file in files:
        data = json.loads(file.read_text())
        tables = max(1, len(data.get("tables") or []))
        runs.append(run_entry(data, data["games_per_table"] * tables, None, {}))
        seeds.add(data["seed"])
        boards.append(data["board"])
    if len(seeds) != 1:
        raise SystemExit(f"--from-json: the tournaments have different seeds {sorted(seeds)}")
    return section_entry(name, ",".join(dict.fromkeys(boards)), seeds.pop(), 1, runs)


def _row(run: dict[str, Any], bot: str) -> dict[str, Any]:
    return next(b for b in run["summary"] if b["bot"] == bot)


def _pairing(run: dict[str, Any]) -> tuple[Any, ...]:
    """The bots of a run (and, where a run names them, game and board)."""
    return (run["game"], run["board"], *run["bots"]) if "game" in run else tuple(run["bots"])


def _run_key(run: dict[str, Any]) -> tuple[Any, ...]:
    """What a rerun replaces: the same pairing at the same seed."""
    return (*_pairing(run), run["seed"])


def merge_runs(old: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with the runs of ``old`` it does not replace kept before its own; the
    section's ``seed`` becomes a sorted list when its runs were played at several."""
    for run in old["runs"]:
        run.setdefault("seed", old["seed"])  # entries written before runs had their own
    new = {_run_key(r) for r in entry["runs"]}
    kept = [r for r in old["runs"] if _run_key(r) not in new]
    if kept and "game" in entry["runs"][0]:
        entry["board"] = ",".join(dict.fromkeys(
            [r["board"] for r in kept] + [r["board"] for r in entry["runs"]]))
    entry["runs"] = kept + entry["runs"]
    seeds = sorted({r["seed"] for r in entry["runs"]})
    entry["seed"] = seeds[0] if len(seeds) == 1 else seeds
    return entry


def pooled_row(runs: list[dict[str, Any]], bot: str) -> dict[str, Any]:
    """``bot``'s games and win share over the runs of one pairing at different seeds."""
    games = sum(_row(r, bot)["games"] for r in runs)
    won = sum(_row(r, bot)["win_rate"] * _row(r, bot)["games"] for r in runs)
    return {"games": games, "win_rate": won / games,
            "ci95": list(wilson_interval(min(won, games), games))}


def render(results: dict[str, Any]) -> str:
    """The markdown page: one line per measured pairing, with the goal it answers."""
    goals = {"greedy-random": ("greedy", ">= 95%"), "mcts-greedy": ("mcts", ">= 65%"),
             "pavilion-mcts-greedy": (None, "> 50%")}  # None: the run's last bot
    lines = [
        "# Bot strength (issue 3)",
        "",
        f"Written by `benchmarks/strength.py` on {results.get('date', 'an unrecorded date')}; "
        f"{results.get('machine', platform.machine())}, "
        f"Python {results.get('python', platform.python_version())}. 2-player Aviary unless "
        "stated; seat-balanced tournaments on shared deals; 95% Wilson intervals; decision "
        "times are per decision (one action: placements and draw choices alike), measured "
        "while other work shared the 2 cores. Elo is Bradley-Terry within each tournament "
        "(mean 0); a clean sweep is bounded by the one virtual tie per pairing, so read it as "
        "a lower bound.",
        "",
        "`mcts` defaults: `" + ",".join(f"{k}={v}" for k, (_, v) in
                                        MCTSBot.param_types.items()) + "`.",
        "",
        "| section | pairing / table | games | bot | win share | 95% CI | Elo | "
        "median decision | mean decision | goal |",
        "|---|---|---:|---|---:|---|---:|---:|---:|---|",
    ]
    for name in SECTIONS:
        entry = results.get(name)
        if not entry:
            continue
        runs = entry["runs"]
        if name == "ladder":  # rungs in budget order, however they were measured
            runs = sorted(runs, key=lambda r: (make_bot(r["bots"][0]).params["iters"],
                                               r.get("seed", 0)))
        by_pairing: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
        for run in runs:
            by_pairing.setdefault(_pairing(run), []).append(run)
        for run in runs:
            same = by_pairing[_pairing(run)]
            label = " vs ".join(run["bots"]) + (f" ({run['players']}p)" if run["players"] > 2
                                                else "")
            if "game" in run:
                label += f" ({GAME_NAMES.get(run['game'], run['game'])}, {run['board']})"
            focus = [goals[name][0] or run["bots"][-1]] if name in goals else (
                [run["bots"][-1]] if name == "ladder" else run["bots"])
            if len(same) > 1:
                label += f" (seed {run['seed']})"
            for bot in focus:
                b = _row(run, bot)
                goal = goals[name][1] if name in goals else (
                    "> 50% (beats the rung below)" if name == "ladder"
                    else f"even share {100 / run['players']:.1f}%")
                lines.append(
                    f"| {name} | {label} | {run['games']} | `{bot}` | "
                    f"{100 * b['win_rate']:.1f}% | [{100 * b['ci95'][0]:.1f}, "
                    f"{100 * b['ci95'][1]:.1f}] | {b['rating']:+.0f} | "
                    f"{1000 * b['decision_median_s']:.0f} ms | "
                    f"{1000 * b['decision_s']:.0f} ms | {goal} |")
                if len(same) > 1 and run is same[-1]:
                    pool = pooled_row(same, bot)
                    seeds = ", ".join(str(r["seed"]) for r in same)
                    lines.append(
                        f"| {name} | {' vs '.join(run['bots'])}, pooled over seeds {seeds} | "
                        f"{pool['games']} | `{bot}` | {100 * pool['win_rate']:.1f}% | "
                        f"[{100 * pool['ci95'][0]:.1f}, {100 * pool['ci95'][1]:.1f}] | | | | "
                        f"{goal} |")
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure the bot strength ladder.")
    parser.add_argument("--sections", nargs="+", default=list(SECTIONS), choices=SECTIONS)
    parser.add_argument("--board", default="aviary")
    parser.add_argument("--games", type=int, default=400, help="games per 2-player pairing")
    parser.add_argument("--ladder-games", type=int, default=100)
    parser.add_argument("--ladder-iters", type=int, nargs="+", default=LADDER_ITERS,
                        help="iteration budgets of the rungs; each plays the one before it")
    parser.add_argument("--table-games", type=int, default=60)
    parser.add_argument("--pavilion-boards", nargs="+", default=["base"],
                        help="Summer Pavilion boards of the pavilion-mcts-greedy section")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--from-json", nargs="+", type=Path, metavar="FILE",
                        help="record these tournaments (gardensim tournament --out FILE) as "
                             "the runs of the one section given, instead of playing")
    parser.add_argument("--render-only", action="store_true",
                        help="rewrite strength.md from strength.json and stop")
    args = parser.parse_args(argv)

    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / "strength.json"
    if args.render_only:
        (RESULTS / "strength.md").write_text(render(json.loads(path.read_text())))
        return 0
    if args.from_json and len(args.sections) != 1:
        raise SystemExit("--from-json needs exactly one --sections name")
    for name in args.sections:
        entry = (recorded_section(name, args.from_json) if args.from_json
                 else run_section(name, args))
        # Re-read just before writing: sections may run in separate processes.
        results = json.loads(path.read_text()) if path.exists() else {}
        if name in results:  # keep pairings measured by an earlier run (e.g. other rungs)
            entry = merge_runs(results[name], entry)
        results[name] = entry
        results.update(date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                       machine=f"{platform.machine()}, {os.cpu_count() or 1} cores",
                       python=platform.python_version())
        path.write_text(json.dumps(results, indent=2) + "\n")
        (RESULTS / "strength.md").write_text(render(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
