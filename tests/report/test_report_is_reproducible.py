"""The same runs give a byte-identical report, so ``make demo`` leaves the committed
``reports/default`` as it is (``docs/decisions.md``, "No clock time in reports")."""

import re

from gardensim import __version__
from gardensim.report.builder import build_report
from gardensim.report.sections import Budget
from tests.analysis.synth import race_run

FAST = Budget(variance=20, skill=20, arms=100)
CLOCK = re.compile(r"\b\d{4}-\d\d-\d\d\b|\b\d\d:\d\d\b")


def _files(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_building_twice_gives_the_same_bytes_and_no_clock_time(tmp_path):
    runs = [race_run(players=2, deals=20, seed=4), race_run(players=3, deals=10, seed=5)]
    for name in ("first", "second"):
        build_report(runs, tmp_path / name, command="gardensim report x --out y", budget=FAST)
    first, second = _files(tmp_path / "first"), _files(tmp_path / "second")
    assert first.keys() == second.keys() and "index.html" in first
    assert [n for n in first if first[n] != second[n]] == []
    header = first["summary.md"].decode().splitlines()[2]
    games = sum(len(r.games) for r in runs)
    assert header == f"gardensim {__version__} · seeds 4, 5 · {games} games"
    meta = re.search(r'<p class="meta">(.*?)</p>', first["index.html"].decode()).group(1)
    assert not CLOCK.search(meta) and not CLOCK.search(header)
