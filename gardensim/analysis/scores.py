"""How does a board (or any arm) change the points players score? Distributions and pairs.

Summer Pavilion records every seat's final score and its breakdown (``score_0..``,
``placement_0..``…, ``docs/pavilion.md``). Per player count, each arm's distribution of player
scores is summarised, and every pair of arms is compared on the deals both played: arms share
deal seeds and seatings, so game ``g`` of two boards starts from the same bag and line-up.
Methods and how to read them: ``docs/analysis.md``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.arms import Outcome, compare_pair
from gardensim.analysis.frames import (
    MissingData,
    bots_phrase,
    deals_of,
    groups,
    label,
    require,
    seat_columns,
)

if TYPE_CHECKING:
    import pandas as pd

#: Per-seat breakdown columns averaged per player in the breakdown table, when recorded.
BREAKDOWN = ("placement", "stars", "numbers", "sets", "token_penalty", "discard_penalty",
             "bonus_tiles", "structure_sets")
MEAN_SCORE = Outcome("mean_score", "a player's final score", False,
                     lambda rows, players, stronger: _mean_score(rows, players))


def _mean_score(rows: pd.DataFrame, players: int) -> np.ndarray:
    return rows[seat_columns("score", players)].astype(float).to_numpy().mean(axis=1)


def clustered_mean(values: np.ndarray, clusters: np.ndarray) -> tuple[float, tuple[float, float]]:
    """Mean with a 95% interval clustered on the deal (CR1, t with deals − 1 degrees of
    freedom, :func:`gardensim.stats.cluster.clustered_mean`): the rotations of one deal share
    its draws, and the seats of one game are scored on one table, so neither is an
    independent observation."""
    from gardensim.stats.cluster import clustered_mean as cluster_mean

    cm = cluster_mean(np.asarray(values, dtype=float), clusters)
    return cm.mean, (cm.lo, cm.hi)


@dataclass
class ScoreDistribution:
    """Final scores of one arm and player count: every seat's score, game by game."""

    arm: str
    players: int
    games: int
    mean: float
    ci: tuple[float, float]
    sd: float
    p10: float
    median: float
    p90: float
    winning_mean: float
    winning_ci: tuple[float, float]
    breakdown: dict[str, float]
    scores: np.ndarray = field(repr=False)
    sentence: str
    bots: str = ""


def _distribution_sentence(d: ScoreDistribution) -> str:
    return (
        f"In {label(d.arm, d.players)}, {d.bots}, a player scores a mean {d.mean:.1f} points "
        f"(95% CI "
        f"{d.ci[0]:.1f}–{d.ci[1]:.1f}; median {d.median:.0f}, middle 80% {d.p10:.0f}–"
        f"{d.p90:.0f}) and the winner {d.winning_mean:.1f} (CI {d.winning_ci[0]:.1f}–"
        f"{d.winning_ci[1]:.1f}), over {d.games} games."
    )


def score_distribution_of(rows: pd.DataFrame, arm: str, players: int) -> ScoreDistribution:
    """The score distribution of one group (rows of a single arm and player count)."""
    scores = rows[seat_columns("score", players)].astype(float).to_numpy()
    deals = deals_of(rows)
    mean, ci = clustered_mean(scores.ravel(), np.repeat(deals, players))
    winning, winning_ci = clustered_mean(scores.max(axis=1), deals)
    breakdown = {
        name: float(rows[seat_columns(name, players)].astype(float).to_numpy().mean())
        for name in BREAKDOWN if all(c in rows for c in seat_columns(name, players))
    }
    flat = scores.ravel()
    result = ScoreDistribution(
        arm=arm, players=players, games=len(rows), mean=mean, ci=ci,
        sd=float(flat.std(ddof=1)) if len(flat) > 1 else float("nan"),
        p10=float(np.percentile(flat, 10)), median=float(np.median(flat)),
        p90=float(np.percentile(flat, 90)), winning_mean=winning, winning_ci=winning_ci,
        breakdown=breakdown, scores=scores, sentence="", bots=bots_phrase(rows, players),
    )
    result.sentence = _distribution_sentence(result)
    return result


def score_distributions(games: pd.DataFrame) -> list[ScoreDistribution]:
    """Score distribution for every arm and player count in ``games``."""
    require(games, ["score_0", "score_1"], "score distributions")
    return [score_distribution_of(rows, arm, n) for arm, n, rows in groups(games)]


def distribution_frame(results: list[ScoreDistribution]) -> pd.DataFrame:
    """One row per arm and player count: score summary, winning score, breakdown means."""
    import pandas as pd

    return pd.DataFrame.from_records([
        {"arm": r.arm, "players": r.players, "games": r.games, "mean": r.mean,
         "lo": r.ci[0], "hi": r.ci[1], "sd": r.sd, "p10": r.p10, "median": r.median,
         "p90": r.p90, "winning_mean": r.winning_mean, "winning_lo": r.winning_ci[0],
         "winning_hi": r.winning_ci[1], **{f"mean_{k}": v for k, v in r.breakdown.items()}}
        for r in results
    ])


@dataclass
class ScoreComparison:
    """Arm ``arm`` against ``baseline`` on the same deals: the paired difference of a player's
    mean score and whether the two score distributions differ at all."""

    players: int
    baseline: str
    arm: str
    pairs: int
    deals: int
    baseline_mean: float
    arm_mean: float
    difference: float
    ci: tuple[float, float]
    variance_reduction: float
    wilcoxon_p: float
    ks_distance: float
    ks_p: float
    sentence: str
    #: Random permutations behind ``ks_p`` (its floor is 1/(resamples + 1)).
    ks_resamples: int = 999
    #: Deal-clustered paired test of no mean difference.
    p_value: float = float("nan")
    bots: str = ""


def _signed(x: float) -> str:
    """``+1.2``; a bound that rounds to zero keeps its side visible (``-0.03``, not ``-0.0``)."""
    return f"{x:+.2f}" if 0 < abs(x) < 0.05 else f"{x:+.1f}"


def _comparison_sentence(c: ScoreComparison) -> str:
    from gardensim.stats.cluster import format_p

    lo, hi = c.ci
    if lo > 0 or hi < 0:
        verdict = f"{abs(c.difference):.1f} {'more' if c.difference > 0 else 'fewer'}"
    else:
        verdict = f"no clear difference ({c.difference:+.1f})"
    shape = ("the score distributions differ" if c.ks_p < 0.05
             else "no evidence that the score distributions differ")
    at_floor = c.ks_p * (c.ks_resamples + 1) <= 1 + 1e-9
    return (
        f"With {c.players} players and {c.bots.removeprefix('with ')}, a player scores "
        f"{c.arm_mean:.1f} points under {c.arm} against {c.baseline_mean:.1f} under "
        f"{c.baseline}: {verdict} (95% CI {_signed(lo)} to {_signed(hi)}, {c.pairs} paired "
        f"games on {c.deals} deals, {format_p(c.p_value)}); {shape} (KS distance "
        f"{c.ks_distance:.2f}, paired permutation p {'≤' if at_floor else '='} {c.ks_p:.2g})."
    )


def _paired_rows(
    rows: pd.DataFrame, players: int, baseline: str, arm: str
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The games both arms played, aligned by game index; a mismatch of deals is an error."""
    a = rows[rows["arm"] == baseline].set_index("game")
    b = rows[rows["arm"] == arm].set_index("game")
    common = a.index.intersection(b.index).sort_values()
    a, b = a.loc[common], b.loc[common]
    for key in ("deal", "seed"):
        if key in a and not np.array_equal(a[key].to_numpy(), b[key].to_numpy()):
            raise MissingData(f"arms {baseline} and {arm} do not share deals; cannot pair them")
    return a.reset_index(), b.reset_index()


def deal_score_blocks(a: pd.DataFrame, b: pd.DataFrame, players: int
                      ) -> tuple[np.ndarray, np.ndarray]:
    """Every player score of each complete deal, one row per deal, for both arms (rows of
    ``a`` and ``b`` aligned game by game): the unit the permutation test swaps."""
    deals = deals_of(a)
    counts = np.unique(deals, return_counts=True)
    keep = counts[0][counts[1] == counts[1].max()]
    mask = np.isin(deals, keep)
    order = np.lexsort((a["game"].to_numpy()[mask], deals[mask]))
    shape = (len(keep), -1)
    cols = seat_columns("score", players)
    blocks = [frame[cols].astype(float).to_numpy()[mask][order].reshape(shape)
              for frame in (a, b)]
    return blocks[0], blocks[1]


def ks_permutation(
    a_blocks: np.ndarray, b_blocks: np.ndarray, resamples: int = 999, seed: int = 0
) -> tuple[float, float]:
    """Two-sample Kolmogorov–Smirnov distance of the arms' player scores, and its p-value
    under the paired null: the arm labels of each deal are exchangeable, so deals (not single
    scores) are swapped between the arms (``scipy.stats.permutation_test``, ``samples``).
    scipy's own KS p-value would count every score as independent, which they are not."""
    from scipy.stats import ks_2samp, permutation_test

    stacked = np.vstack([a_blocks, b_blocks])
    first = np.arange(len(a_blocks))

    def distance(x: np.ndarray, y: np.ndarray) -> float:
        return float(ks_2samp(stacked[x].ravel(), stacked[y].ravel()).statistic)

    observed = distance(first, first + len(a_blocks))
    if len(a_blocks) < 2:
        return observed, float("nan")
    test = permutation_test((first, first + len(a_blocks)), distance,
                            permutation_type="samples", vectorized=False,
                            n_resamples=resamples, alternative="greater", rng=seed)
    return observed, float(test.pvalue)


def compare_scores_of(
    rows: pd.DataFrame, players: int, baseline: str, arm: str, resamples: int = 999,
    seed: int = 0,
) -> ScoreComparison:
    """``arm`` against ``baseline`` within one group (one player count, one study)."""
    import pandas as pd
    from scipy.stats import wilcoxon

    a, b = _paired_rows(rows, players, baseline, arm)
    if a.empty:
        raise MissingData(f"arms {baseline} and {arm} share no games at {players} players")
    frame = pd.DataFrame({"game": a["game"], "deal": deals_of(a),
                          "baseline": _mean_score(a, players), "arm": _mean_score(b, players)})
    frame["difference"] = frame["arm"] - frame["baseline"]
    bots = bots_phrase(rows[rows["arm"].isin([baseline, arm])], players)
    paired = compare_pair(frame, players, baseline, arm, MEAN_SCORE, bots)
    per_deal = frame.groupby("deal")["difference"].mean().to_numpy()
    wilcoxon_p = (float(wilcoxon(per_deal).pvalue) if np.any(per_deal != 0)
                  else 1.0)
    distance, ks_p = ks_permutation(*deal_score_blocks(a, b, players), resamples, seed)
    result = ScoreComparison(
        players=players, baseline=baseline, arm=arm, pairs=paired.pairs, deals=len(per_deal),
        baseline_mean=paired.baseline_mean, arm_mean=paired.arm_mean,
        difference=paired.difference, ci=paired.ci,
        variance_reduction=paired.variance_reduction, wilcoxon_p=wilcoxon_p,
        ks_distance=distance, ks_p=ks_p, sentence="", ks_resamples=resamples,
        p_value=paired.p_value, bots=bots,
    )
    result.sentence = _comparison_sentence(result)
    return result


def compare_scores(
    games: pd.DataFrame, resamples: int = 999, seed: int = 0
) -> list[ScoreComparison]:
    """Every pair of arms (sorted names; the later arm minus the earlier), per player count
    and, when frames of several studies are combined, per study: only a study's own arms
    share deals."""
    require(games, ["arm", "players", "game", "score_0", "score_1"], "comparing scores")
    keys = ["players", "study"] if "study" in games else ["players"]
    results = []
    for key, rows in games.groupby(keys, observed=True, sort=True):
        players = int(key[0])
        arms = sorted(str(a) for a in rows["arm"].unique())
        for baseline, arm in itertools.combinations(arms, 2):
            results.append(compare_scores_of(rows, players, baseline, arm, resamples, seed))
    if not results:
        raise MissingData("comparing scores needs at least two arms; skipped")
    return results


def score_comparison_frame(results: list[ScoreComparison]) -> pd.DataFrame:
    """One row per compared pair, for CSV and plots."""
    import pandas as pd

    return pd.DataFrame.from_records([
        {"players": r.players, "baseline": r.baseline, "arm": r.arm, "pairs": r.pairs,
         "deals": r.deals, "baseline_mean": r.baseline_mean, "arm_mean": r.arm_mean,
         "difference": r.difference, "lo": r.ci[0], "hi": r.ci[1], "p_value": r.p_value,
         "variance_reduction": r.variance_reduction, "wilcoxon_p": r.wilcoxon_p,
         "ks_distance": r.ks_distance, "ks_p": r.ks_p}
        for r in results
    ])
