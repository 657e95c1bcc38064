"""How much does the deal decide, for these bots? Luck measures per arm (a rule variant).

Two views: what share of the variance of results belongs to the deal, the seat and the bot
(duplicate play), and how reliably the stronger bot wins (skill expression after Duersch,
Lambrecht & Oechssler 2020, "Measuring skill and chance in games"). The variance shares describe
the seated bots: with one bot in every seat they cannot say whether a weaker player wins more
often under one arm; :mod:`gardensim.analysis.upsets` answers that. Luck measures that read a
game's own columns (what a player drew) live in that game's package. Methods:
``docs/analysis.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import (
    MissingData,
    bot_names,
    bots_phrase,
    complete_deals,
    groups,
    label,
    long_seats,
    pct,
    require,
    seat_columns,
)

if TYPE_CHECKING:
    import pandas as pd


@dataclass
class VarianceDecomposition:
    """Shares of the variance of a seat's result (its win share) by source."""

    arm: str
    players: int
    deals: int
    table: pd.DataFrame = field(repr=False)
    deal_ci: tuple[float, float]
    sentence: str


def _components(y: np.ndarray, seat: np.ndarray, bot: np.ndarray, cell: np.ndarray) -> np.ndarray:
    """Variance components [seat, bot, deal, play] of a balanced duplicate-play design.

    Seat and bot are fixed effects (their between-level variance); the deal enters as the
    deal-by-seat cell (which seat a deal favours — a deal's mean over seats is always 1/n), a
    random effect estimated by moments: (MS_cell − MS_play) / replays per cell. Rotation makes
    seat, bot and cell orthogonal, so the sums of squares add up.
    """
    n = len(y)
    mean = y.mean()

    def between(codes: np.ndarray) -> float:
        counts = np.bincount(codes)
        sums = np.bincount(codes, weights=y)
        ok = counts > 0
        return float(np.sum(sums[ok] ** 2 / counts[ok]) - n * mean**2)

    ss_tot = float(np.sum((y - mean) ** 2))
    ss_seat, ss_bot = between(seat), between(bot)
    ss_cell = between(cell) - ss_seat
    n_seat, n_bot, n_cell = len(np.unique(seat)), len(np.unique(bot)), len(np.unique(cell))
    ss_res = max(ss_tot - ss_seat - ss_bot - ss_cell, 0.0)
    df_cell, df_res = n_cell - n_seat, n - n_cell - n_bot + 1
    ms_res = ss_res / df_res if df_res > 0 else 0.0
    ms_cell = ss_cell / df_cell if df_cell > 0 else 0.0
    deal = max((ms_cell - ms_res) / (n / n_cell), 0.0)
    return np.array([ss_seat / n, ss_bot / n, deal, ms_res])


@dataclass
class DealBlocks:
    """A group's long rows cut into one block per complete deal (same layout in every block),
    so a bootstrap can resample deals, and two arms can resample the same deals."""

    deals: np.ndarray
    win: np.ndarray
    seat: np.ndarray
    bot: np.ndarray

    def components(self, pick: np.ndarray | None = None) -> np.ndarray:
        """Variance components of the picked deals (all, in order, by default)."""
        pick = np.arange(len(self.deals)) if pick is None else pick
        seat = self.seat[pick].ravel()
        players = int(self.seat.max()) + 1
        deal = np.repeat(np.arange(len(pick)), self.win.shape[1])
        return _components(self.win[pick].ravel(), seat, self.bot[pick].ravel(),
                           deal * players + seat)

    def deal_share(self, pick: np.ndarray | None = None) -> float:
        comps = self.components(pick)
        return float(comps[2] / comps.sum()) if comps.sum() > 0 else 0.0


def deal_blocks(rows: pd.DataFrame, arm: str, players: int,
                deals: np.ndarray | None = None) -> DealBlocks:
    """Blocks of the complete deals of one group (optionally only ``deals``)."""
    import pandas as pd

    rows = complete_deals(rows)
    if deals is not None:
        rows = rows[rows["deal"].isin(deals)]
    if rows.empty:
        raise MissingData(f"variance decomposition in {label(arm, players)}: no complete deal")
    data = long_seats(rows, players).sort_values(["deal", "seat", "game"], kind="stable")
    per_seat = pd.crosstab(data["seat"], data["bot"])
    if (per_seat.nunique(axis=0) > 1).any():
        raise MissingData(
            f"variance decomposition in {label(arm, players)} needs bots rotated over seats"
        )
    codes = np.unique(data["deal"].to_numpy())
    shape = (len(codes), len(data) // len(codes))
    bot = np.unique(data["bot"].to_numpy(), return_inverse=True)[1]
    return DealBlocks(codes, data["win"].to_numpy().reshape(shape),
                      data["seat"].to_numpy().reshape(shape), bot.reshape(shape))


def variance_decomposition_of(
    rows: pd.DataFrame, arm: str, players: int, boot: int = 300, seed: int = 0
) -> VarianceDecomposition:
    """Decomposition for one group, with a bootstrap-over-deals interval for the deal share."""
    import pandas as pd

    blocks = deal_blocks(rows, arm, players)
    comps = blocks.components()
    rng = np.random.default_rng(seed)
    n = len(blocks.deals)
    shares = [blocks.deal_share(rng.integers(0, n, n)) for _ in range(boot)]
    lo, hi = (float(q) for q in np.percentile(shares, [2.5, 97.5])) if shares else (0.0, 0.0)
    total = comps.sum()
    names = ["seat", "bot", "deal", "play"]
    table = pd.DataFrame({
        "component": names, "variance": comps,
        "share": comps / total if total > 0 else np.zeros(4),
    })
    share = dict(zip(names, table["share"], strict=True))
    sentence = (
        f"In {label(arm, players)}, {bots_phrase(rows, players)}, the deal explains "
        f"{pct(share['deal'])} of the variance of a player's result (95% CI {pct(lo)}–"
        f"{pct(hi)}), the seat {pct(share['seat'])}, the bot {pct(share['bot'])}, and play "
        f"within a deal the remaining {pct(share['play'])}: how much the deal predetermines "
        "the result for these bots"
    )
    if len(bot_names(rows, players)) == 1:
        sentence += (", not how often a weaker player would beat a stronger one (with one bot "
                     "in every seat the play share is that bot's own randomness)")
    sentence += "."
    return VarianceDecomposition(arm, players, n, table, (lo, hi), sentence)


def variance_decomposition(games: pd.DataFrame, boot: int = 300) -> list[VarianceDecomposition]:
    """Deal, seat, bot and play shares of outcome variance from duplicate play, per group."""
    require(games, ["deal", "win_0", "bot_0"], "variance decomposition")
    return [variance_decomposition_of(rows, arm, n, boot) for arm, n, rows in groups(games)]


def pairwise_matrices(rows: pd.DataFrame, players: int, bots: list[str]) -> np.ndarray:
    """Per deal, ``[wins, comparisons]`` of bot a over bot b: array (deals, 2, B, B).

    Every pair of seats holding different bots is one comparison: the seat with the larger win
    share scores 1, equal shares that won something score ½ each; pairs that both lost (only
    possible with 3+ players) say nothing about the two and are left out.
    """
    index = {b: i for i, b in enumerate(bots)}
    deal_ids, deal_of = np.unique(rows["deal"].to_numpy(), return_inverse=True)
    out = np.zeros((len(deal_ids), 2, len(bots), len(bots)))
    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    seats = np.stack([rows[f"bot_{s}"].astype(str).map(index).to_numpy() for s in range(players)],
                     axis=1)
    for i in range(players):
        for j in range(players):
            if i == j:
                continue
            a, b = seats[:, i], seats[:, j]
            wi, wj = wins[:, i], wins[:, j]
            counted = (a != b) & ((wi > 0) | (wj > 0))
            score = np.where(wi > wj, 1.0, np.where(wi < wj, 0.0, 0.5))
            np.add.at(out, (deal_of[counted], 0, a[counted], b[counted]), score[counted])
            np.add.at(out, (deal_of[counted], 1, a[counted], b[counted]), 1.0)
    return out


@dataclass
class SkillExpression:
    """How reliably the stronger bot wins, and how far apart the bots' ratings are."""

    arm: str
    players: int
    games: int
    stronger: str
    weaker: str
    stronger_share: float
    stronger_ci: tuple[float, float]
    spread: float
    spread_ci: tuple[float, float]
    ratings: pd.DataFrame = field(repr=False)
    sentence: str


def _ratings(wins: np.ndarray) -> np.ndarray:
    """Elo-scaled Bradley–Terry ratings (mean 0); one virtual tie per compared pair keeps a bot
    that never won finite (``gardensim.stats``). A bot that met no other bot here (it only
    played mirror matches, say, in a strength sweep reported beside a mixed study) has no
    rating: NaN, left out of the spread."""
    from gardensim.stats import elo_from_strengths, fit_bradley_terry

    met = (wins + wins.T).sum(axis=1) > 0
    ratings = np.full(len(wins), math.nan)
    if met.sum() >= 2:
        ratings[met] = elo_from_strengths(fit_bradley_terry(wins[np.ix_(met, met)]))
    return ratings


def _skill_stats(mats: np.ndarray, order: np.ndarray) -> tuple[float, float, np.ndarray]:
    """(stronger-bot score, rating spread, ratings) from summed pairwise matrices."""
    wins, comps = mats[0], mats[1]
    better = order[:, None] < order[None, :]
    n = comps[better].sum()
    share = float(wins[better].sum() / n) if n else math.nan
    ratings = _ratings(wins)
    return share, float(np.nanstd(ratings)), ratings


def skill_expression(games: pd.DataFrame, boot: int = 400, seed: int = 0) -> list[SkillExpression]:
    """Per arm and player count: the share of pairwise comparisons the higher-rated bot wins,
    and the standard deviation of the bots' Elo ratings (Duersch et al.'s skill measure).

    The ranking of bots is fixed per player count from all arms pooled, so "the stronger bot"
    means the same bot under every drawing system. Intervals: percentile bootstrap over deals.
    """
    import pandas as pd

    require(games, ["deal", "win_0", "bot_0"], "skill expression")
    results = []
    by_players: dict[int, list[tuple[str, pd.DataFrame]]] = {}
    for arm, n, rows in groups(games):
        by_players.setdefault(n, []).append((arm, rows))
    for n, arms in sorted(by_players.items()):
        bots = sorted({b for _, rows in arms for b in bot_names(rows, n)})
        if len(bots) < 2:
            raise MissingData(
                f"skill expression needs at least two different bots ({n} players: {bots[0]})"
            )
        per_arm = {arm: pairwise_matrices(rows, n, bots) for arm, rows in arms}
        pooled = sum(m.sum(axis=0) for m in per_arm.values())
        if not pooled[1].sum():
            raise MissingData(f"skill expression needs games between different bots ({n} "
                              "players: every arm is a mirror match)")
        pooled_ratings = _ratings(pooled[0])
        order = np.argsort(np.argsort(-pooled_ratings))
        rng = np.random.default_rng(seed)
        for arm, rows in arms:
            mats = per_arm[arm]
            if not mats[:, 1].sum():
                continue  # this arm seats one bot only (another study's arm may differ)
            share, spread, ratings = _skill_stats(mats.sum(axis=0), order)
            boots = []
            for _ in range(boot):
                pick = rng.integers(0, len(mats), len(mats))
                boots.append(_skill_stats(mats[pick].sum(axis=0), order)[:2])
            arr = np.array(boots)
            share_ci = tuple(float(x) for x in np.nanpercentile(arr[:, 0], [2.5, 97.5]))
            spread_ci = tuple(float(x) for x in np.percentile(arr[:, 1], [2.5, 97.5]))
            present = np.flatnonzero(mats[:, 1].sum(axis=(0, 2)) > 0)
            ranked = present[np.argsort(order[present])]
            stronger, weaker = bots[int(ranked[0])], bots[int(ranked[-1])]
            table = pd.DataFrame({"arm": arm, "players": n, "bot": [bots[i] for i in present],
                                  "elo": ratings[present]})
            result = SkillExpression(
                arm=arm, players=n, games=len(rows), stronger=stronger, weaker=weaker,
                stronger_share=share, stronger_ci=share_ci, spread=spread, spread_ci=spread_ci,
                ratings=table, sentence="",
            )
            vs = "the weaker bot" if len(present) == 2 else "each lower-rated bot"
            result.sentence = (
                f"In {label(arm, n)}, the stronger bot ({stronger}) beats {vs} in "
                f"{pct(share)} of comparisons (95% CI {pct(share_ci[0])}–{pct(share_ci[1])}); "
                f"the bots' Elo ratings spread by SD {spread:.0f} "
                f"(CI {spread_ci[0]:.0f}–{spread_ci[1]:.0f}) — larger means more skill shows."
            )
            if share in (0.0, 1.0):
                result.sentence = result.sentence[:-1] + (
                    "; one bot won every comparison, so the spread is only a lower bound set by "
                    "the virtual tie of the rating fit."
                )
            results.append(result)
    return results
