"""Summer Pavilion's report part: per-seat scores, where the points come from, rounds."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from gardensim.games.pavilion.report_part import (
    SOURCES,
    rounds_table,
    score_sources,
    scores_section,
    seat_scores,
)
from gardensim.report.sections import Budget, Section


def _games(games: int = 120, players: int = 3, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    frame = {"arm": "base", "players": players, "game": range(games),
             "deal": np.arange(games) // players, "rounds": 6 + (rng.random(games) < 0.1)}
    for s in range(players):
        parts = {c: rng.integers(0, 30, games) for _, c, _ in SOURCES}
        parts["placement"] = parts["placement"] + 10 * s
        score = 5 + sum(sign * parts[c] for _, c, sign in SOURCES)
        frame |= {f"{c}_{s}": v for c, v in parts.items()}
        frame |= {f"score_{s}": score, f"bot_{s}": "greedy", f"win_{s}": 1 / players}
    return pd.DataFrame(frame)


def test_sources_add_up_to_the_mean_score_with_the_starting_points():
    games = _games()
    sources = score_sources(games).set_index("source")["mean"]
    scores = np.concatenate([games[f"score_{s}"] for s in range(3)])
    assert sources.sum() == pytest.approx(scores.mean())
    assert sources["starting points"] == pytest.approx(5.0)
    assert sources["token penalty"] < 0 < sources["placements"]


def test_seat_scores_are_each_seats_mean_with_an_interval_around_it():
    games = _games()
    seats = seat_scores(games)
    for r in seats.itertuples():
        assert r.mean == pytest.approx(games[f"score_{r.seat}"].mean())
        assert r.lo < r.mean < r.hi
    assert seats["mean"].is_monotonic_increasing


def test_rounds_and_the_section_sentence():
    games = _games()
    rounds = rounds_table(games).iloc[0]
    assert (rounds["min"], rounds["max"]) == (6, 7)
    s = Section("score-sources", "t", "q")
    scores_section(s, games, pd.DataFrame(), Budget())
    assert len(s.sentences) == 1 and "rounds (6–7)" in s.sentences[0]
    assert [name for name, _ in s.tables] == ["seat-scores", "score-sources", "rounds"]
    assert len(s.figures) == 1
