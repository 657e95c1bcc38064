"""Does one rule variant (arm) change an outcome? Paired comparison on common deals.

Arms of a study share their deals and seatings (common random numbers), so game ``g`` of one
arm and game ``g`` of another differ only by the rule variant and by what play made of it. The
difference of each pair carries the arm effect without most of the deal's noise; the variance
this removes is reported as a number. The pairs of one deal (its rotations) are not
independent, so the mean difference gets a deal-clustered interval and test
(:func:`gardensim.stats.cluster.clustered_mean`); McNemar's test, which counts games, stays in
the table as a per-game check. Methods: ``docs/analysis.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import (
    MissingData,
    bot_names,
    bots_phrase,
    deals_of,
    require,
    seat_columns,
)
from gardensim.core.spec import GENERIC_COLUMNS, Columns

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class Outcome:
    """A per-game number to compare arms on; ``binary`` is what McNemar's test counts."""

    name: str
    description: str
    is_share: bool
    value: Callable[[pd.DataFrame, int, str | None], np.ndarray]
    binary: Callable[[pd.DataFrame, int, str | None], np.ndarray] | None = None


def _seat0(rows: pd.DataFrame, players: int, stronger: str | None) -> np.ndarray:
    return rows["win_0"].astype(float).to_numpy()


def _seat0_won(rows: pd.DataFrame, players: int, stronger: str | None) -> np.ndarray:
    return rows["win_0"].astype(float).to_numpy() >= 1.0


def _stronger_share(rows: pd.DataFrame, players: int, stronger: str | None) -> np.ndarray:
    bots = rows[seat_columns("bot", players)].astype(str).to_numpy()
    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    return np.where(bots == stronger, wins, 0.0).sum(axis=1)


def _stronger_won(rows: pd.DataFrame, players: int, stronger: str | None) -> np.ndarray:
    return _stronger_share(rows, players, stronger) >= 1.0


def _column(name: str) -> Callable[[pd.DataFrame, int, str | None], np.ndarray]:
    def value(rows: pd.DataFrame, players: int, stronger: str | None) -> np.ndarray:
        return rows[name].astype(float).to_numpy()

    return value


OUTCOMES: dict[str, Outcome] = {
    "first_player": Outcome("first_player", "the first player's win share", True, _seat0,
                            _seat0_won),
    "stronger_bot": Outcome("stronger_bot", "the stronger bot's win share", True,
                            _stronger_share, _stronger_won),
    "turns": Outcome("turns", "game length in turns", False, _column("turns")),
}


def outcome(name: str) -> Outcome:
    """A named outcome, or any numeric games column compared as is."""
    return OUTCOMES.get(name) or Outcome(name, f"mean {name}", False, _column(name))


@dataclass
class ArmComparison:
    """Arm minus baseline on one outcome, from games paired by index (same deal, same seats)."""

    players: int
    outcome: str
    baseline: str
    arm: str
    pairs: int
    baseline_mean: float
    arm_mean: float
    difference: float
    ci: tuple[float, float]
    mcnemar_p: float | None
    discordant: tuple[int, int] | None
    variance_reduction: float
    sentence: str
    pairs_frame: pd.DataFrame = field(repr=False)
    #: Deal-clustered paired test of no difference (t with deals − 1 degrees of freedom): the
    #: headline p-value. McNemar's (``mcnemar_p``) counts games as independent.
    p_value: float = math.nan
    deals: int = 0
    bots: str = ""


def _fmt(x: float, share: bool, signed: bool = False) -> str:
    if share:
        return f"{100 * x:+.1f} points" if signed else f"{100 * x:.1f}%"
    return f"{x:+.2f}" if signed else f"{x:.2f}"


def _sentence(c: ArmComparison, o: Outcome) -> str:
    from gardensim.stats.cluster import format_p

    ci = f"{_fmt(c.ci[0], o.is_share, True)} to {_fmt(c.ci[1], o.is_share, True)}"
    if o.is_share:
        ci = ci.replace(" points to", " to")
    text = (
        f"With {c.players} players and {c.bots.removeprefix('with ')}, {o.description} is "
        f"{_fmt(c.baseline_mean, o.is_share)} under {c.baseline} and "
        f"{_fmt(c.arm_mean, o.is_share)} under {c.arm}: a difference of "
        f"{_fmt(c.difference, o.is_share, True)} (95% CI {ci}, {c.pairs} paired games on "
        f"{c.deals} deals; paired test clustered on deals {format_p(c.p_value)}"
    )
    if c.variance_reduction > 0:
        gain = f"pairing cut the variance of the difference by {100 * c.variance_reduction:.0f}%"
    else:
        gain = "pairing did not reduce the variance of the difference"
    return text + f"); {gain}."


def _paired_frame(
    games: pd.DataFrame, players: int, baseline: str, arm: str, o: Outcome, stronger: str | None
) -> pd.DataFrame:
    import pandas as pd

    rows = games[games["players"] == players]
    a = rows[rows["arm"] == baseline].set_index("game")
    b = rows[rows["arm"] == arm].set_index("game")
    common = a.index.intersection(b.index).sort_values()
    a, b = a.loc[common], b.loc[common]
    for key in ("deal", "seed"):
        if key in a and not np.array_equal(a[key].to_numpy(), b[key].to_numpy()):
            raise MissingData(f"arms {baseline} and {arm} do not share deals; cannot pair them")
    frame = pd.DataFrame({
        "game": common, "deal": deals_of(a.reset_index()),
        "baseline": o.value(a, players, stronger), "arm": o.value(b, players, stronger),
    })
    if o.binary is not None:
        frame["baseline_hit"] = o.binary(a, players, stronger)
        frame["arm_hit"] = o.binary(b, players, stronger)
    frame["difference"] = frame["arm"] - frame["baseline"]
    return frame


def _stronger_bot(rows: pd.DataFrame, players: int) -> str:
    """The bot with the highest mean win share per seat taken, over every arm."""
    bots = rows[seat_columns("bot", players)].astype(str).to_numpy()
    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    names = bot_names(rows, players)
    if len(names) < 2:
        raise MissingData(f"the stronger bot's win share needs two bots ({players} players)")
    return max(names, key=lambda n: wins[bots == n].mean())


def compare_pair(
    frame: pd.DataFrame, players: int, baseline: str, arm: str, o: Outcome, bots: str = "",
) -> ArmComparison:
    """Mean difference with its deal-clustered interval and paired test (the deal is the
    unit: CR1 standard error, t with deals − 1 degrees of freedom), McNemar's test on the
    binary outcome as a per-game check, and the variance reduction pairing bought."""
    from statsmodels.stats.contingency_tables import mcnemar

    from gardensim.stats.cluster import clustered_means

    if frame.empty:
        raise MissingData(f"arms {baseline} and {arm} share no games at {players} players")
    paired = clustered_means(frame["difference"].to_numpy(dtype=float), frame["deal"].to_numpy())
    estimate = paired.column(0)
    test = paired.wald([0.0])
    var_a, var_b = frame["baseline"].var(), frame["arm"].var()
    var_d = frame["difference"].var()
    unpaired = var_a + var_b
    reduction = float(1 - var_d / unpaired) if unpaired > 0 else 0.0
    p = discordant = None
    if o.binary is not None:
        ah, bh = frame["baseline_hit"].to_numpy(), frame["arm_hit"].to_numpy()
        table = [[int(np.sum(ah & bh)), int(np.sum(ah & ~bh))],
                 [int(np.sum(~ah & bh)), int(np.sum(~ah & ~bh))]]
        discordant = (table[0][1], table[1][0])
        if sum(discordant):
            p = float(mcnemar(table, exact=sum(discordant) < 25).pvalue)
        else:
            p = 1.0
    result = ArmComparison(
        players=players, outcome=o.name, baseline=baseline, arm=arm, pairs=len(frame),
        baseline_mean=float(frame["baseline"].mean()), arm_mean=float(frame["arm"].mean()),
        difference=estimate.mean, ci=(estimate.lo, estimate.hi), mcnemar_p=p,
        discordant=discordant, variance_reduction=reduction, sentence="", pairs_frame=frame,
        p_value=test.p_value, deals=estimate.clusters, bots=bots,
    )
    result.sentence = _sentence(result, o)
    return result


def _arm_groups(
    games: pd.DataFrame, baseline: str
) -> Iterator[tuple[int, pd.DataFrame, list[str], str]]:
    """(players, rows, sorted arm names, baseline arm) for each player count (and study, when
    several studies were combined, and strength, in a study of several) that has two arms or
    more: arms pair only within a group. A rule's effect is read at one strength: an arm at
    mcts strength against the baseline at greedy strength would mix the rule with the bots
    (the strength sweep compares strengths)."""
    from gardensim.analysis.strength import split_arm

    keys = ["players", "study"] if "study" in games else ["players"]
    for key, group in games.groupby(keys, observed=True, sort=True):
        strength = group["arm"].astype(str).map(lambda a: split_arm(a)[1] or "")
        for _, rows in group.groupby(strength.to_numpy(), sort=False):
            arms = sorted(str(a) for a in rows["arm"].unique())
            if len(arms) < 2:
                continue
            base = next((a for a in arms if baseline in (a, a.rsplit("/", 1)[-1])
                         or baseline == split_arm(a.rsplit("/", 1)[-1])[0]), arms[0])
            yield int(key[0]), rows, arms, base


def compare_arms(
    games: pd.DataFrame, outcome_name: str = "first_player", baseline: str | None = None,
) -> list[ArmComparison]:
    """Each arm against ``baseline`` (default: the first arm in sorted order), per player
    count (and per study, when frames of several studies are combined: only a study's own
    arms share deals), on ``outcome_name`` (``first_player``, ``stronger_bot``, ``turns`` or
    a column)."""
    require(games, ["arm", "players", "game"], "paired comparison of arms")
    o = outcome(outcome_name)
    if o.name not in OUTCOMES:
        require(games, [o.name], f"comparing arms on {o.name}")
    results = []
    for players, rows, arms, base in _arm_groups(games, baseline):
        stronger = _stronger_bot(rows, players) if o.name == "stronger_bot" else None
        for arm in arms:
            if arm == base:
                continue
            frame = _paired_frame(rows, players, base, arm, o, stronger)
            pair_rows = rows[rows["arm"].isin([base, arm])]
            results.append(compare_pair(frame, players, base, arm, o,
                                        bots_phrase(pair_rows, players)))
    if not results:
        raise MissingData("paired comparison needs at least two arms; skipped")
    return results


def comparison_frame(results: list[ArmComparison]) -> pd.DataFrame:
    """One row per comparison, for CSV and plots."""
    import pandas as pd

    return pd.DataFrame.from_records([
        {"players": r.players, "outcome": r.outcome, "baseline": r.baseline, "arm": r.arm,
         "pairs": r.pairs, "baseline_mean": r.baseline_mean, "arm_mean": r.arm_mean,
         "difference": r.difference, "lo": r.ci[0], "hi": r.ci[1], "deals": r.deals,
         "p_value": r.p_value, "mcnemar_p": math.nan if r.mcnemar_p is None else r.mcnemar_p,
         "variance_reduction": r.variance_reduction}
        for r in results
    ])


@dataclass
class LuckComparison:
    """How much more does the deal predetermine the result under one arm, for these bots? The
    deal's share of outcome variance (and, when the game declares a per-seat measure of what a
    player was dealt, the gap between the luckiest and unluckiest player), arm minus baseline,
    on their common deals. "Is one arm luckier for players of different skill?" is
    :func:`gardensim.analysis.upsets.upset_rate`."""

    players: int
    baseline: str
    arm: str
    deals: int
    baseline_share: float
    arm_share: float
    difference: float
    ci: tuple[float, float]
    gap_difference: float | None
    gap_ci: tuple[float, float] | None
    sentence: str
    bots: str = ""
    mirror: bool = True
    #: Words for the game's deal-luck measure (``Columns.deal_luck_words``) in the sentence.
    luck_words: str = ""


def _gap_per_deal(
    rows: pd.DataFrame, players: int, deals: np.ndarray, luck: str | None
) -> np.ndarray | None:
    cols = seat_columns(luck, players) if luck else []
    if not cols or not all(c in rows for c in cols):
        return None
    rows = rows[rows["deal"].isin(deals)]
    drawn = rows[cols].astype(float).to_numpy()
    gap = drawn.max(axis=1) - drawn.min(axis=1)
    index = np.searchsorted(deals, rows["deal"].to_numpy())
    return np.bincount(index, weights=gap, minlength=len(deals)) / np.bincount(
        index, minlength=len(deals))


def _luck_sentence(c: LuckComparison) -> str:
    lo, hi = c.ci
    if lo > 0:
        verdict = f"the deal predetermines more of the result under {c.arm} than under {c.baseline}"
    elif hi < 0:
        verdict = f"the deal predetermines less of the result under {c.arm} than under {c.baseline}"
    else:
        verdict = (f"no clear difference in how much the deal predetermines the result "
                   f"({c.arm} vs {c.baseline})")
    text = (
        f"With {c.players} players and {c.bots.removeprefix('with ')}, {verdict} for these "
        f"bots: it explains {100 * c.arm_share:.1f}% of the variance of a player's result "
        f"against {100 * c.baseline_share:.1f}%, a difference of {100 * c.difference:+.1f} "
        f"points (95% CI {100 * lo:+.1f} to {100 * hi:+.1f}, {c.deals} common deals)"
    )
    if c.gap_difference is not None and c.gap_ci is not None:
        text += (
            f"; the {c.luck_words} gap between the luckiest and unluckiest player changes by "
            f"{c.gap_difference:+.2f} (CI {c.gap_ci[0]:+.2f} to {c.gap_ci[1]:+.2f})"
        )
    if c.mirror:
        text += ("; with the same bot in every seat no skill can show, so this describes how "
                 "these bots' results depend on the deal, not whether a weaker player wins "
                 "more often (the upset rate answers that)")
    return text + "."


def compare_luck(
    games: pd.DataFrame, baseline: str | None = None, boot: int = 500, seed: int = 0,
    columns: Columns = GENERIC_COLUMNS,
) -> list[LuckComparison]:
    """Each arm against ``baseline`` on how much the deal decides, per player count (and
    study). Both arms' variance decompositions are bootstrapped on the *same* resampled deals,
    so the interval of the difference keeps the pairing. ``columns`` says which per-seat column
    (if any) measures what each player was dealt."""
    from gardensim.analysis.frames import complete_deals
    from gardensim.analysis.luck import deal_blocks

    require(games, ["arm", "players", "deal", "win_0", "bot_0"], "luck comparison of arms")
    results = []
    for players, rows, arms, base in _arm_groups(games, baseline):
        base_rows = rows[rows["arm"] == base]
        for arm in arms:
            if arm == base:
                continue
            arm_rows = rows[rows["arm"] == arm]
            common = np.intersect1d(complete_deals(base_rows)["deal"].unique(),
                                    complete_deals(arm_rows)["deal"].unique())
            a = deal_blocks(base_rows, base, players, common)
            b = deal_blocks(arm_rows, arm, players, common)
            gap_a = _gap_per_deal(base_rows, players, a.deals, columns.deal_luck)
            gap_b = _gap_per_deal(arm_rows, players, b.deals, columns.deal_luck)
            rng = np.random.default_rng(seed)
            n = len(a.deals)
            diffs, gaps = [], []
            for _ in range(boot):
                pick = rng.integers(0, n, n)
                diffs.append(b.deal_share(pick) - a.deal_share(pick))
                if gap_a is not None and gap_b is not None:
                    gaps.append(float(np.mean(gap_b[pick] - gap_a[pick])))
            share_a, share_b = a.deal_share(), b.deal_share()
            gap = gap_ci = None
            if gap_a is not None and gap_b is not None:
                gap = float(np.mean(gap_b - gap_a))
                gap_ci = tuple(float(x) for x in np.percentile(gaps, [2.5, 97.5]))
            result = LuckComparison(
                players=players, baseline=base, arm=arm, deals=n, baseline_share=share_a,
                arm_share=share_b, difference=share_b - share_a,
                ci=tuple(float(x) for x in np.percentile(diffs, [2.5, 97.5])),
                gap_difference=gap, gap_ci=gap_ci, sentence="",
                bots=bots_phrase(rows, players), mirror=len(bot_names(rows, players)) == 1,
                luck_words=columns.deal_luck_words,
            )
            result.sentence = _luck_sentence(result)
            results.append(result)
    if not results:
        raise MissingData("comparing luck between arms needs at least two arms; skipped")
    return results
