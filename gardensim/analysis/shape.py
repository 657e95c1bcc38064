"""What do games look like? Length, endings, margins, lead changes, events and branching.

Standings are read as the game declares them (:class:`~gardensim.core.spec.Columns`): a
per-seat ``standing`` column where larger or smaller is better, or the mover's running standing
in the turns frame, carried forward for the seats that did not move. A game that declares
nothing is read from ``score_*`` columns, higher is better.
Each function returns a :class:`ShapeSummary` (one table across arms and player counts, one
sentence per group). Intervals are clustered on the deal (the rotated replays of a deal share
its draws); questions read from the turns frame find each game's deal in the games frame when
given it, and otherwise count every game as its own cluster. Methods: ``docs/analysis.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import (
    MAX_SEATS,
    MissingData,
    bots_phrase,
    deals_of,
    groups,
    label,
    pct,
    require,
)
from gardensim.core.spec import GENERIC_COLUMNS, Columns

if TYPE_CHECKING:
    import pandas as pd


@dataclass
class ShapeSummary:
    """A table over every arm and player count, and its plain-English reading."""

    question: str
    table: pd.DataFrame = field(repr=False)
    sentences: list[str]

    @property
    def sentence(self) -> str:
        return " ".join(self.sentences)


def _ci(values: np.ndarray, clusters: np.ndarray) -> tuple[float, float, float]:
    """Mean with its 95% interval clustered on ``clusters`` (CR1, t with G − 1 df)."""
    from gardensim.stats.cluster import clustered_mean

    cm = clustered_mean(np.asarray(values, dtype=float), clusters)
    return cm.mean, cm.lo, cm.hi


def _turn_bots(turns: pd.DataFrame) -> dict[tuple[str, int], str]:
    """Per (arm, player count) of a turns frame, the phrase naming its bots."""
    if "bot" not in turns:
        return {}
    keys = ["arm", "players"] if "players" in turns else ["arm"]
    out = {}
    for key, rows in turns.groupby(keys, observed=True):
        arm, n = (key if len(keys) == 2 else (key[0], 0))
        names = sorted(str(b) for b in rows["bot"].dropna().unique())
        out[(str(arm), int(n))] = bots_phrase(rows, int(n), names)
    return out


def _where(arm: str, n: int, bots: dict[tuple[str, int], str]) -> str:
    where = label(arm, n) if n else arm
    phrase = bots.get((arm, n))
    return f"{where}, {phrase}" if phrase else where


def _with_deals(per_game: pd.DataFrame, games: pd.DataFrame | None) -> np.ndarray:
    """The deal of each row of ``per_game`` (one row per game, keyed like the games frame),
    or the game itself when no games frame is given."""
    keys = [k for k in ("study", "players", "arm", "game") if k in per_game and (
        games is not None and k in games)]
    if games is None or "deal" not in games or "game" not in keys:
        return (per_game[[k for k in ("study", "players", "arm", "game") if k in per_game]]
                .astype(str).agg("/".join, axis=1).to_numpy())
    lookup = games[[*keys, "deal"]].copy()
    left = per_game[keys].copy()
    for k in keys:
        lookup[k] = lookup[k].astype(str)
        left[k] = left[k].astype(str)
    merged = left.merge(lookup, on=keys, how="left")
    labels = merged[[k for k in keys if k != "game"]].astype(str).agg("/".join, axis=1)
    return (labels + "#" + merged["deal"].astype(str)).to_numpy()


def length_distribution(games: pd.DataFrame) -> ShapeSummary:
    """Game length in turns per group: median, middle 80%, mean with its interval."""
    import pandas as pd

    require(games, ["turns"], "game length")
    records, sentences = [], []
    for arm, n, rows in groups(games):
        t = rows["turns"].astype(float).to_numpy()
        mean, lo, hi = _ci(t, deals_of(rows))
        rec = {"arm": arm, "players": n, "games": len(t), "mean": mean, "lo": lo, "hi": hi,
               "sd": float(np.std(t, ddof=1)) if len(t) > 1 else float("nan"),
               "p10": np.percentile(t, 10), "median": np.median(t), "p90": np.percentile(t, 90),
               "min": t.min(), "max": t.max()}
        records.append(rec)
        sentences.append(
            f"In {label(arm, n)}, {bots_phrase(rows, n)}, games last a median "
            f"{rec['median']:.0f} turns (middle 80%: "
            f"{rec['p10']:.0f}–{rec['p90']:.0f}; mean {mean:.1f}, 95% CI {lo:.1f}–{hi:.1f})."
        )
    return ShapeSummary("length", pd.DataFrame.from_records(records), sentences)


def end_reasons(games: pd.DataFrame) -> ShapeSummary:
    """How games end, as shares with deal-clustered intervals, per group."""
    import pandas as pd

    from gardensim.stats.cluster import clustered_mean

    require(games, ["end_reason"], "end reasons")
    records, sentences = [], []
    for arm, n, rows in groups(games):
        reasons = rows["end_reason"].astype(str)
        counts = reasons.value_counts()
        parts = []
        for reason, k in counts.items():
            cm = clustered_mean((reasons == reason).to_numpy(dtype=float), deals_of(rows))
            lo, hi = (min(max(x, 0.0), 1.0) for x in (cm.lo, cm.hi))
            records.append({"arm": arm, "players": n, "end_reason": reason, "games": int(k),
                            "share": k / len(rows), "lo": lo, "hi": hi})
            parts.append(f"{pct(k / len(rows))} by {reason}")
        sentences.append(f"In {label(arm, n)}, {bots_phrase(rows, n)}, games end "
                         f"{', '.join(parts)}.")
    return ShapeSummary("end reasons", pd.DataFrame.from_records(records), sentences)


def _standing(
    frame: pd.DataFrame, seats: int = MAX_SEATS, columns: Columns = GENERIC_COLUMNS
) -> tuple[np.ndarray, str]:
    """Per row and seat a number where larger is better, NaN for absent seats, and its unit."""
    prefix = columns.standing
    found = [f"{prefix}_{s}" for s in range(seats) if f"{prefix}_{s}" in frame] if prefix else []
    if len(found) < 2:
        raise MissingData(f"standings need {prefix or 'a standing'}_0.. columns; skipped")
    sign = 1.0 if columns.higher_is_better else -1.0
    return sign * frame[found].astype(float).to_numpy(), columns.unit


def _turn_standing(ordered: pd.DataFrame, keys: list[str], columns: Columns) -> np.ndarray:
    """Standings after each turn: from per-seat columns, or else from the mover's running
    standing, carried forward for the seats that did not move."""
    try:
        return _standing(ordered, columns=columns)[0]
    except MissingData:
        mover = columns.mover_standing
        if mover is None or not {mover, "seat"} <= set(ordered.columns):
            raise
    sign = 1.0 if columns.higher_is_better else -1.0
    by_game = [ordered[k] for k in keys]
    seats = ordered.groupby(keys, observed=True)["seat"].transform("max").to_numpy() + 1
    wide = np.full((len(ordered), MAX_SEATS), np.nan)
    for seat in range(MAX_SEATS):
        mine = sign * ordered[mover].astype(float).where(ordered["seat"] == seat)
        carried = mine.groupby(by_game, observed=True).ffill().fillna(0.0).to_numpy()
        wide[:, seat] = np.where(seat < seats, carried, np.nan)
    return wide


def _sole_leader(standing: np.ndarray) -> np.ndarray:
    """Seat strictly ahead of every other, -1 on a tie for the lead."""
    filled = np.where(np.isnan(standing), -np.inf, standing)
    best = filled.max(axis=1, keepdims=True)
    leader = filled.argmax(axis=1)
    return np.where((filled == best).sum(axis=1) == 1, leader, -1)


def winning_margin(games: pd.DataFrame, columns: Columns = GENERIC_COLUMNS) -> ShapeSummary:
    """How far ahead the winner finished: the runner-up's gap in the game's standing (points,
    pieces left); 0 for shared wins."""
    import pandas as pd

    _, unit = _standing(games, columns=columns)
    records, sentences = [], []
    for arm, n, rows in groups(games):
        s = _standing(rows, n, columns)[0]
        ordered = -np.sort(-s, axis=1)
        margin = ordered[:, 0] - ordered[:, 1]
        mean, lo, hi = _ci(margin, deals_of(rows))
        values, counts = np.unique(margin, return_counts=True)
        records += [{"arm": arm, "players": n, "margin": v, "games": int(c),
                     "share": c / len(margin)} for v, c in zip(values, counts, strict=True)]
        sentences.append(
            f"In {label(arm, n)}, {bots_phrase(rows, n)}, the winner finishes a median "
            f"{np.median(margin):.0f} {unit} "
            f"ahead of the runner-up (mean {mean:.2f}, 95% CI {lo:.2f}–{hi:.2f}); "
            f"{pct(float(np.mean(margin == 0)))} of games are tied at the top."
        )
    return ShapeSummary("winning margin", pd.DataFrame.from_records(records), sentences)


def lead_history(turns: pd.DataFrame, columns: Columns = GENERIC_COLUMNS) -> pd.DataFrame:
    """Per game: lead changes and the decisive turn (after which the final leader stayed sole
    leader to the end), as a count and as a fraction of the game's turns.

    A tie for the lead keeps the previous leader for counting changes, but does not count as
    leading for good. Games the final leader never led alone get a NaN decisive turn.
    """
    require(turns, ["arm", "game", "turn"], "lead changes")
    keys = ["players", "arm", "game"] if "players" in turns else ["arm", "game"]
    ordered = turns.sort_values([*keys, "turn"], kind="stable")
    leader = _sole_leader(_turn_standing(ordered, keys, columns))
    frame = ordered[keys].copy()
    frame["leader"] = leader
    frame["held"] = frame["leader"].where(frame["leader"] >= 0)
    frame["held"] = frame.groupby(keys, observed=True)["held"].ffill()
    previous = frame.groupby(keys, observed=True)["held"].shift()
    frame["change"] = (previous.notna() & frame["held"].notna()
                       & (frame["held"] != previous)).astype(int)
    frame["pos"] = frame.groupby(keys, observed=True).cumcount()
    grouped = frame.groupby(keys, observed=True, sort=False)
    out = grouped.agg(changes=("change", "sum"), turns=("pos", "size"),
                      final=("leader", "last")).reset_index()
    not_final = frame["leader"].to_numpy() != grouped["leader"].transform("last").to_numpy()
    last_off = (frame.assign(off=np.where(not_final, frame["pos"], -1))
                .groupby(keys, observed=True, sort=False)["off"].max().reset_index(drop=True))
    out["decisive_turn"] = (last_off + 1).astype(float).where(out["final"] >= 0)
    out["decisive_fraction"] = out["decisive_turn"] / out["turns"]
    return out


def lead_changes(
    turns: pd.DataFrame, games: pd.DataFrame | None = None, columns: Columns = GENERIC_COLUMNS
) -> ShapeSummary:
    """Mean lead changes per game and when the winner pulled ahead for good, per group;
    ``games`` gives each game's deal for the interval."""
    import pandas as pd

    history = lead_history(turns, columns)
    history["cluster"] = _with_deals(history, games)
    bots = _turn_bots(turns)
    if "players" not in history:
        history["players"] = 0
    records, sentences = [], []
    for (arm, n), rows in history.groupby(["arm", "players"], observed=True, sort=True):
        mean, lo, hi = _ci(rows["changes"].to_numpy(dtype=float), rows["cluster"].to_numpy())
        frac = rows["decisive_fraction"].dropna().to_numpy()
        median = float(np.median(frac)) if len(frac) else float("nan")
        records.append({"arm": str(arm), "players": int(n), "games": len(rows),
                        "changes_mean": mean, "changes_lo": lo, "changes_hi": hi,
                        "decisive_median": median,
                        "decisive_p25": np.percentile(frac, 25) if len(frac) else np.nan,
                        "decisive_p75": np.percentile(frac, 75) if len(frac) else np.nan})
        sentences.append(
            f"In {_where(str(arm), int(n), bots)}, the lead changes hands {mean:.2f} times "
            f"per game (95% CI {lo:.2f}–{hi:.2f}); the eventual leader takes the lead for "
            f"good after a median {pct(median)} of the game."
        )
    return ShapeSummary("lead changes", pd.DataFrame.from_records(records), sentences)


def events_per_game(turns: pd.DataFrame, games: pd.DataFrame | None = None) -> ShapeSummary:
    """Mean count per game of every event type recorded (``ev_*`` columns), per group;
    ``games`` gives each game's deal for the intervals."""
    import pandas as pd

    events = [c for c in turns.columns if c.startswith("ev_")]
    if not events:
        raise MissingData("events per game need ev_* turn columns; skipped")
    keys = ["players", "arm", "game"] if "players" in turns else ["arm", "game"]
    per_game = turns.groupby(keys, observed=True)[events].sum().reset_index()
    per_game["cluster"] = _with_deals(per_game, games)
    bots = _turn_bots(turns)
    if "players" not in per_game:
        per_game["players"] = 0
    records, sentences = [], []
    for (arm, n), rows in per_game.groupby(["arm", "players"], observed=True, sort=True):
        parts = []
        for ev in events:
            mean, lo, hi = _ci(rows[ev].to_numpy(dtype=float), rows["cluster"].to_numpy())
            records.append({"arm": str(arm), "players": int(n), "event": ev[3:],
                            "mean": mean, "lo": lo, "hi": hi})
            parts.append(f"{mean:.2f} {ev[3:]}")
        sentences.append(f"Per game in {_where(str(arm), int(n), bots)}: {', '.join(parts)}.")
    return ShapeSummary("events per game", pd.DataFrame.from_records(records), sentences)


def branching_factor(turns: pd.DataFrame, bins: int = 10) -> ShapeSummary:
    """Legal moves per turn by game progress (tenths of each game's turns), per group."""
    import pandas as pd

    require(turns, ["legal_moves", "arm", "game", "turn"], "branching factor")
    keys = ["players", "arm", "game"] if "players" in turns else ["arm", "game"]
    frame = turns[[*keys, "turn", "legal_moves"]].copy()
    pos = frame.groupby(keys, observed=True).cumcount()
    size = frame.groupby(keys, observed=True)["turn"].transform("size")
    frame["progress"] = np.minimum((pos / size * bins).astype(int), bins - 1)
    if "players" not in frame:
        frame["players"] = 0
    table = (frame.groupby(["arm", "players", "progress"], observed=True)["legal_moves"]
             .agg(["mean", "median", "size"]).reset_index())
    table["arm"] = table["arm"].astype(str)
    sentences = []
    bots = _turn_bots(turns)
    for (arm, n), rows in table.groupby(["arm", "players"], sort=True):
        first, last = rows.iloc[0], rows.iloc[-1]
        sentences.append(
            f"In {_where(str(arm), int(n), bots)}, a player chooses among a median "
            f"{first['median']:.0f} legal moves in the first tenth of the game and "
            f"{last['median']:.0f} in the last."
        )
    return ShapeSummary("branching factor", pd.DataFrame(table), sentences)
