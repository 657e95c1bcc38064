"""Shared reading of the stored frames: which seats exist, which columns a question needs.

Every analysis works for any game, so a question whose columns a game does not record is
skipped with :class:`MissingData` naming the columns, rather than failing deep inside pandas.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import numpy as np

from gardensim.core.errors import GardensimError
from gardensim.core.protocol import MAX_SEATS

if TYPE_CHECKING:
    import pandas as pd



class MissingData(GardensimError):
    """The frames lack what a question needs (a column, a second arm, a second bot…)."""


def require(frame: pd.DataFrame, columns: Iterable[str], question: str) -> None:
    """Raise :class:`MissingData` naming every column of ``columns`` absent from ``frame``."""
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise MissingData(f"{question} needs column(s) {', '.join(missing)}; skipped")


def seat_columns(prefix: str, players: int) -> list[str]:
    """``["win_0", "win_1"]`` for ``prefix="win"`` and two players."""
    return [f"{prefix}_{s}" for s in range(players)]


def groups(games: pd.DataFrame) -> Iterator[tuple[str, int, pd.DataFrame]]:
    """(arm, player count, rows) for every player count and arm present, arms side by side.

    Seat questions must never mix player counts (a 3-player seat 2 is not a 4-player seat 2).
    """
    require(games, ["arm", "players"], "grouping by arm and player count")
    for (players, arm), rows in games.groupby(["players", "arm"], observed=True, sort=True):
        if len(rows):
            yield str(arm), int(players), rows


def complete_deals(games: pd.DataFrame) -> pd.DataFrame:
    """The rows of deals played as often as the most-played deal of one group.

    Duplicate play only cancels the deal when every rotation (of every line-up) of it is
    present; a run cut short leaves a partial last deal, which would bias seat and deal
    estimates.
    """
    require(games, ["deal"], "duplicate play")
    counts = games.groupby("deal", observed=True)["deal"].transform("size")
    return games[counts == counts.max()]


def deals_of(rows: pd.DataFrame) -> np.ndarray:
    """The cluster of each game: its deal (the rotated replays of a deal share its draws, and
    every arm replays it); a frame without ``deal`` has every game its own cluster."""
    return rows["deal"].to_numpy() if "deal" in rows else rows["game"].to_numpy()


def partnership_teams(rows: pd.DataFrame, players: int) -> tuple[tuple[int, int], ...] | None:
    """The two partnerships of a 4-player team game, read from the frames: the pairing of
    seats whose win shares are equal in every game (partners share every win), seat 0's team
    first. None when the game is not a team game, or when no game tells the pairings apart
    (every game a four-way tie)."""
    if players != 4 or len(rows) == 0:
        return None
    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    found = []
    for mate in (1, 2, 3):
        other = tuple(s for s in (1, 2, 3) if s != mate)
        if np.allclose(wins[:, 0], wins[:, mate]) and np.allclose(wins[:, other[0]],
                                                                  wins[:, other[1]]):
            found.append(((0, mate), other))
    if len(found) != 1:
        return None
    return found[0]


def bot_names(rows: pd.DataFrame, players: int) -> list[str]:
    """Sorted distinct bot specs seated in ``rows``."""
    names: set[str] = set()
    for c in seat_columns("bot", players):
        if c in rows.columns:
            names.update(str(v) for v in rows[c].dropna().unique())
    return sorted(names)


def long_seats(rows: pd.DataFrame, players: int, extra: Iterable[str] = ()) -> pd.DataFrame:
    """One row per (game, seat): ``game``, ``deal``, ``seat``, ``bot``, ``win`` and each extra
    per-seat column (``extra=["singles_drawn"]`` reads ``singles_drawn_0..``)."""
    import pandas as pd

    extra = list(extra)
    parts = []
    for s in range(players):
        part = pd.DataFrame(
            {
                "game": rows["game"].to_numpy(),
                "deal": rows["deal"].to_numpy() if "deal" in rows else rows["game"].to_numpy(),
                "seat": s,
                "bot": rows[f"bot_{s}"].astype(str).to_numpy(),
                "win": rows[f"win_{s}"].astype(float).to_numpy(),
            }
        )
        for name in extra:
            part[name] = rows[f"{name}_{s}"].astype(float).to_numpy()
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def bots_phrase(rows: pd.DataFrame, players: int, names: list[str] | None = None) -> str:
    """Whose answer a sentence gives: "with greedy bots in every seat", or "with greedy and
    random rotated over the seats". Every figure is a property of the game *as these bots
    play it*: the first player's edge under greedy play is not the edge under random play."""
    names = bot_names(rows, players) if names is None else names
    if not names:
        return "with unnamed bots"
    if len(names) == 1:
        return f"with {names[0]} bots in every seat"
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    if len(names) > players:
        return f"with line-ups drawn from {listed}, rotated over the seats"
    return f"with {listed} rotated over the seats"


def pct(x: float) -> str:
    """A share as a percentage with one decimal, for sentences."""
    return f"{100 * x:.1f}%"


def label(arm: str, players: int) -> str:
    """How sentences name a group: ``"qin-draw, 2 players"``."""
    return f"{arm}, {players} players"


def study_name(run: object, index: int) -> str:
    study = getattr(run, "study", None)
    name = getattr(study, "name", None)
    if name is None and isinstance(study, dict):
        name = study.get("name")
    return str(name) if name else f"run{index}"


def combine(runs: Iterable[object]) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Games and turns of several runs (e.g. one per player count) as one pair of frames.

    Both frames gain a ``study`` column, and turns the ``players`` of their run, since game
    indices repeat across runs. Two runs with the same player count and arm name would mix
    different deals under one group, so their arms are renamed ``study/arm``.
    """
    import pandas as pd

    runs = list(runs)
    names = [study_name(run, i) for i, run in enumerate(runs)]
    seen = Counter(
        (int(players), str(arm))
        for run in runs
        for players, arm in run.games[["players", "arm"]]  # type: ignore[attr-defined]
        .drop_duplicates().itertuples(index=False)
    )
    clash = any(count > 1 for count in seen.values())

    games, turns = [], []
    for name, run in zip(names, runs, strict=True):
        g = run.games.assign(study=name)  # type: ignore[attr-defined]
        t = getattr(run, "turns", None)
        if clash:
            g["arm"] = name + "/" + g["arm"].astype(str)
        games.append(g)
        if t is not None and len(t):
            counts = g["players"].unique()
            if "players" not in t:
                if len(counts) != 1:
                    raise MissingData("a run's turns cannot be matched to its player counts")
                t = t.assign(players=int(counts[0]))
            t = t.assign(study=name)
            if clash:
                t["arm"] = name + "/" + t["arm"].astype(str)
            turns.append(t)

    def stack(frames: list[pd.DataFrame]) -> pd.DataFrame:
        if not frames:
            return pd.DataFrame()
        out = pd.concat(frames, ignore_index=True)
        for col in ("arm", "study", "bot", *(f"bot_{s}" for s in range(MAX_SEATS))):
            if col in out:
                out[col] = out[col].astype("category")
        return out

    return stack(games), stack(turns)
