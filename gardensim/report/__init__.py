"""Reports from stored runs: a self-contained HTML page, a markdown summary and CSV tables.

``build_report(run_or_runs, out_dir)`` builds from runs in hand (:mod:`.builder`);
``report(sources, out)`` and ``default_report()`` first load run folders or play study files
(:mod:`.sources`).
"""

from gardensim.report.builder import build_report
from gardensim.report.sources import default_report, report

__all__ = ["build_report", "default_report", "report"]
