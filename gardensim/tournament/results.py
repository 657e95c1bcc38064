"""Summaries of a tournament: win shares, ratings, head-to-head, decision times; output files.

Multi-player games decompose into pairwise outcomes by win share: between two seats of one game,
each gets ``share / (sum of the two shares)`` of a pairwise win, and a pair that both lost (both
shares 0) says nothing about each other and is skipped. In 2-player games this is just the result.
Ratings are Bradley-Terry on those pairwise outcomes, on Elo scale (mean 0), with a percentile
bootstrap interval that resamples whole deals (each deal's games from every seat and table). A
bot's win share has a cluster-robust interval on the deals too
(:func:`gardensim.stats.clustered_share`): every deal is replayed from every seat and table, and
those replays are correlated, so counting games as independent would be too narrow.
"""

from __future__ import annotations

import csv
import json
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np

from gardensim.stats import (
    cluster_bootstrap,
    clustered_share,
    elo_from_strengths,
    fit_bradley_terry,
)


@dataclass(frozen=True)
class GameResult:
    """One game: ``members[s]`` is the index of the bot in seat ``s``; ``decision_s[s]`` lists
    the time of each of that seat's decisions (one per action chosen, draws included)."""

    table: int
    game: int
    deal: int
    members: tuple[int, ...]
    shares: tuple[float, ...]
    turns: int
    decision_s: tuple[tuple[float, ...], ...]


@dataclass
class TournamentResult:
    """Every game plus the summary; ``bots`` rows follow the order of the bot list."""

    config: dict[str, Any]
    games: list[GameResult]
    bots: list[dict[str, Any]]
    head_to_head: dict[str, Any]
    seats: list[float]
    tables: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.config,
            "bots": self.bots,
            "head_to_head": self.head_to_head,
            "seat_win_rate": self.seats,
            "tables": self.tables,
        }

    def write(self, path: str | Path) -> list[Path]:
        """Write ``PATH.json`` (everything), ``PATH.csv`` (one row per bot) and
        ``PATH-games.csv`` (one row per game); returns the paths written."""
        base = Path(path)
        base = base.with_suffix("") if base.suffix in (".json", ".csv") else base
        base.parent.mkdir(parents=True, exist_ok=True)
        out_json = base.with_name(base.name + ".json")
        out_json.write_text(json.dumps(self.to_dict(), indent=2) + "\n")
        out_csv = base.with_name(base.name + ".csv")
        with out_csv.open("w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(["bot", "games", "win_rate", "ci95_lo", "ci95_hi", "rating",
                             "rating_lo", "rating_hi", "decision_s", "decision_median_s"])
            for b in self.bots:
                writer.writerow([b["bot"], b["games"], b["win_rate"], *b["ci95"], b["rating"],
                                 *b["rating_ci95"], b["decision_s"], b["decision_median_s"]])
        out_games = base.with_name(base.name + "-games.csv")
        names = [b["bot"] for b in self.bots]
        n = self.config["players"]
        with out_games.open("w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(["table", "game", "deal", "turns"]
                            + [f"bot_{s}" for s in range(n)] + [f"win_{s}" for s in range(n)])
            for g in self.games:
                writer.writerow([g.table, g.game, g.deal, g.turns,
                                 *(names[m] for m in g.members), *g.shares])
        return [out_json, out_csv, out_games]

    def format(self) -> str:
        """The per-bot table and the head-to-head matrix, for the terminal."""
        c = self.config
        lines = [
            f"{c['game']} {c.get('board') or ''} {c['players']}p, seed {c['seed']}, "
            f"{c['games_per_table']} games per table, {len(self.games)} games",
            "",
        ]
        width = max(8, *(len(b["bot"]) for b in self.bots))
        lines.append(f"{'bot':<{width}}  games   win%  95% CI          Elo   95% CI"
                     f"        ms/decision  median")
        for b in self.bots:
            lo, hi = b["ci95"]
            rlo, rhi = b["rating_ci95"]
            lines.append(
                f"{b['bot']:<{width}}  {b['games']:>5}  {100 * b['win_rate']:5.1f}  "
                f"[{100 * lo:4.1f}, {100 * hi:5.1f}]  {b['rating']:+5.0f}  "
                f"[{rlo:+5.0f}, {rhi:+5.0f}]  {1000 * b['decision_s']:8.1f}  "
                f"{1000 * b['decision_median_s']:6.1f}"
            )
        if c["players"] > 2:
            lines.append(f"(an even share is {100 / c['players']:.1f}%)")
        lines += ["", "head to head: row's pairwise score against column, %"]
        names = self.head_to_head["bots"]
        lines.append(" " * width + "  " + "  ".join(f"{i + 1:>6}" for i in range(len(names))))
        for i, row in enumerate(self.head_to_head["score"]):
            cells = ["     -" if v is None else f"{100 * v:6.1f}" for v in row]
            lines.append(f"{names[i]:<{width}}  " + "  ".join(cells) + f"   ({i + 1})")
        seats = "  ".join(f"{100 * s:.1f}" for s in self.seats)
        lines += ["", f"win share by seat, %: {seats}"]
        return "\n".join(lines)


def pairwise_blocks(games: Sequence[GameResult], num_bots: int, deals: int) -> np.ndarray:
    """``blocks[d, i, j]``: pairwise wins of bot ``i`` over bot ``j`` in the games of deal ``d``."""
    blocks = np.zeros((deals, num_bots, num_bots))
    for g in games:
        for a, b in combinations(range(len(g.members)), 2):
            total = g.shares[a] + g.shares[b]
            if total > 0:
                i, j = g.members[a], g.members[b]
                blocks[g.deal, i, j] += g.shares[a] / total
                blocks[g.deal, j, i] += g.shares[b] / total
    return blocks


def _elo(wins: np.ndarray) -> np.ndarray:
    return elo_from_strengths(fit_bradley_terry(wins))


def summarise(
    games: Sequence[GameResult],
    bots: Sequence[str],
    players: int,
    config: dict[str, Any],
    seed: int = 0,
    n_boot: int = 1000,
) -> TournamentResult:
    """Per-bot table, ratings with bootstrap intervals (seeded by ``seed``), head-to-head."""
    k = len(bots)
    deals = max((g.deal for g in games), default=-1) + 1
    blocks = pairwise_blocks(games, k, deals)
    wins = blocks.sum(axis=0)
    rating = _elo(wins)
    rlo, rhi = cluster_bootstrap(blocks, _elo, n_boot=n_boot, seed=seed)

    played = [0] * k
    won = [0.0] * k
    shares: list[list[float]] = [[] for _ in range(k)]
    share_deals: list[list[int]] = [[] for _ in range(k)]
    times: list[list[float]] = [[] for _ in range(k)]
    seat_won = [0.0] * players
    for g in games:
        for s, m in enumerate(g.members):
            played[m] += 1
            won[m] += g.shares[s]
            shares[m].append(g.shares[s])
            share_deals[m].append(g.deal)
            times[m].extend(g.decision_s[s])
            seat_won[s] += g.shares[s]

    h2h_games = [[0] * k for _ in range(k)]
    for g in games:
        for i, j in combinations(g.members, 2):
            h2h_games[i][j] += 1
            h2h_games[j][i] += 1
    score: list[list[float | None]] = [
        [None if i == j or wins[i, j] + wins[j, i] == 0 else
         float(wins[i, j] / (wins[i, j] + wins[j, i])) for j in range(k)]
        for i in range(k)
    ]

    rows = []
    for i, name in enumerate(bots):
        ci = clustered_share(np.asarray(shares[i]), np.asarray(share_deals[i]))
        rows.append({
            "bot": name,
            "games": played[i],
            "win_rate": won[i] / played[i] if played[i] else float("nan"),
            "ci95": [max(ci.lo, 0.0), min(ci.hi, 1.0)],
            "deals": ci.clusters,
            "rating": float(rating[i]),
            "rating_ci95": [float(rlo[i]), float(rhi[i])],
            "decision_s": statistics.fmean(times[i]) if times[i] else 0.0,
            "decision_median_s": statistics.median(times[i]) if times[i] else 0.0,
            "decisions": len(times[i]),
            "head_to_head": {
                bots[j]: {"score": score[i][j], "games": h2h_games[i][j]}
                for j in range(k) if j != i and h2h_games[i][j]
            },
        })

    tables: dict[int, dict[str, Any]] = {}
    for g in games:
        t = tables.setdefault(g.table, {"bots": sorted(g.members), "games": 0,
                                        "won": [0.0] * k})
        t["games"] += 1
        for s, m in enumerate(g.members):
            t["won"][m] += g.shares[s]
    table_rows = [
        {"bots": [bots[m] for m in t["bots"]], "games": t["games"],
         "win_rate": [t["won"][m] / t["games"] for m in t["bots"]]}
        for _, t in sorted(tables.items())
    ]
    return TournamentResult(
        config=config,
        games=list(games),
        bots=rows,
        head_to_head={"bots": list(bots), "score": score, "games": h2h_games},
        seats=[w / max(len(games), 1) for w in seat_won],
        tables=table_rows,
    )
