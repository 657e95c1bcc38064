"""Statistics over stored frames, one module per question (reads DataFrames, never a game).

- :mod:`~gardensim.analysis.seat`: does the first player win too often?
- :mod:`~gardensim.analysis.verdict`: fair within a margin, unfair, or undecided
- :mod:`~gardensim.analysis.upsets`: is one arm luckier? (the weaker bot's upsets)
- :mod:`~gardensim.analysis.luck`: how much does the deal decide, for these bots?
- :mod:`~gardensim.analysis.arms`: does a rule variant change outcomes? (paired on deals)
- :mod:`~gardensim.analysis.scores`: how do boards (arms) change the points players score?
- :mod:`~gardensim.analysis.shape`: what games look like
- :mod:`~gardensim.analysis.samplesize`: how many games a question needs
- :mod:`~gardensim.analysis.plots`: a figure for each

Every result carries a one-sentence plain-English ``sentence`` with its interval and the bots
whose answer it is; games that share a deal are clustered on it (``gardensim.stats.cluster``);
methods, assumptions and measured coverage are in ``docs/analysis.md``. The main functions are
re-exported here, loaded on first use so that ``import gardensim.analysis`` stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_LAZY = {
    "seat_advantage": "seat", "seat_frame": "seat",
    "holm": "seat", "Verdict": "verdict",
    "upset_rate": "upsets",
    "variance_decomposition": "luck",
    "skill_expression": "luck",
    "compare_arms": "arms", "comparison_frame": "arms",
    "score_distributions": "scores", "compare_scores": "scores",
    "length_distribution": "shape", "end_reasons": "shape", "winning_margin": "shape",
    "lead_changes": "shape", "lead_history": "shape", "events_per_game": "shape",
    "branching_factor": "shape",
    "games_for_half_width": "samplesize", "games_for_edge": "samplesize",
    "games_for_difference": "samplesize", "sample_size": "samplesize",
    "games_for_equivalence": "samplesize",
    "combine": "frames", "MissingData": "frames",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(f"gardensim.analysis.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'gardensim.analysis' has no attribute {name!r}")
