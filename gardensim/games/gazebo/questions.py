"""Questions only Gazebo asks, computed from stored frames: the per-seat gazebo handicap that
would make seats fair (re-scoring final margins), and how unequal the drawing systems make the
single-coloured dominoes each player draws (and how much drawing more of them helps).

These read Gazebo's own columns (``supply_*``, ``on_board_*``, ``singles_drawn_*``) and never the
engine; the report part (:mod:`.report_part`) asks them. Methods: ``docs/analysis.md``.
"""

from __future__ import annotations

import itertools
import math
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import (
    MissingData,
    bots_phrase,
    deals_of,
    groups,
    label,
    long_seats,
    pct,
    require,
    seat_columns,
)

if TYPE_CHECKING:
    import pandas as pd


def _mean_ci(values: np.ndarray, clusters: np.ndarray) -> tuple[float, float, float]:
    """Mean with a 95% interval clustered on the deal (CR1, t with deals − 1 degrees of
    freedom): the rotated replays of one deal share their draws, so they are not
    independent."""
    from gardensim.stats.cluster import clustered_mean

    cm = clustered_mean(values, clusters)
    return cm.mean, cm.lo, cm.hi


@dataclass
class GazeboCompensation:
    """The per-seat extra gazebos that would have made the observed games closest to fair."""

    arm: str
    players: int
    games: int
    extra: tuple[int, ...]
    base: int | None
    shares_before: tuple[float, ...]
    shares_after: tuple[float, ...]
    rule_agreement: float
    p_value: float
    curve: pd.DataFrame = field(repr=False)
    sentence: str
    bots: str = ""


def _shares_with(supply: np.ndarray, extra: np.ndarray) -> np.ndarray:
    """Win share per seat if the fewest remaining gazebos (after ``extra``) won, ties split."""
    adjusted = supply + extra
    best = adjusted.min(axis=1, keepdims=True)
    winners = (adjusted == best).astype(float)
    return (winners / winners.sum(axis=1, keepdims=True)).mean(axis=0)


def _compensation_sentence(c: GazeboCompensation) -> str:
    where = f"In {label(c.arm, c.players)}, {c.bots}"
    if not any(c.extra):
        return (
            f"{where}, no whole-gazebo handicap would make seats fairer than they are "
            f"(shares {', '.join(pct(s) for s in c.shares_before)}; an estimate before play, "
            "from final gazebo margins)."
        )
    from gardensim.stats.cluster import format_p

    parts = [f"seat {s} {e:+d} gazebo{'s' * (e != 1)}" for s, e in enumerate(c.extra) if e]
    text = (
        f"{where}, an estimate before play (re-scoring final gazebo margins, not yet played): "
        f"giving {', '.join(parts)} would have moved seat shares from "
        f"{', '.join(pct(s) for s in c.shares_before)} to "
        f"{', '.join(pct(s) for s in c.shares_after)}"
    )
    if c.base is not None:
        counts = ",".join(str(c.base + e) for e in c.extra)
        text += f' (option gazebos = "{counts}")'
    text += "; play it as a paired arm to measure the real shares"
    if c.p_value >= 0.05:
        text += (f"; seats do not differ significantly ({format_p(c.p_value)}, clustered on "
                 "deals), so this may be noise")
    return text + "."


def gazebo_compensation_of(
    rows: pd.DataFrame, arm: str, players: int, max_extra: int = 4
) -> GazeboCompensation:
    """Compensation for one group; see :func:`gazebo_compensation`."""
    import pandas as pd

    from gardensim.stats.cluster import clustered_wald

    supply = rows[seat_columns("supply", players)].astype(float).to_numpy()
    wins = rows[seat_columns("win", players)].astype(float).to_numpy()
    zero = np.zeros(players)
    rule_winners = supply == supply.min(axis=1, keepdims=True)
    agreement = float(np.mean(np.all(rule_winners == (wins > 0), axis=1)))
    fair = np.full(players, 1 / players)

    best_key: tuple[float, int] | None = None
    best_extra = zero
    for combo in itertools.product(range(max_extra + 1), repeat=players):
        if min(combo) != 0:
            continue
        extra = np.array(combo, dtype=float)
        key = (round(float(((_shares_with(supply, extra) - fair) ** 2).sum()), 12), sum(combo))
        if best_key is None or key < best_key:
            best_key, best_extra = key, extra

    curve = []
    for s in range(players):
        for e in range(-max_extra, max_extra + 1):
            extra = np.zeros(players)
            extra[s] = e
            curve.append({"seat": s, "extra": e, "share": _shares_with(supply, extra)[s]})
    base = None
    if all(f"on_board_{s}" in rows for s in range(players)):
        totals = supply + rows[seat_columns("on_board", players)].astype(float).to_numpy()
        base = int(pd.Series(totals.ravel()).mode().iloc[0])
    result = GazeboCompensation(
        arm=arm, players=players, games=len(rows), extra=tuple(int(e) for e in best_extra),
        base=base, shares_before=tuple(float(x) for x in wins.mean(axis=0)),
        shares_after=tuple(float(x) for x in _shares_with(supply, best_extra)),
        rule_agreement=agreement,
        p_value=clustered_wald(wins, deals_of(rows), fair, columns=range(players - 1)).p_value,
        curve=pd.DataFrame.from_records(curve), sentence="", bots=bots_phrase(rows, players),
    )
    result.sentence = _compensation_sentence(result)
    return result


def gazebo_compensation(games: pd.DataFrame, max_extra: int = 4) -> list[GazeboCompensation]:
    """Per-seat extra gazebos (0..``max_extra``) that bring seats closest to fair.

    Method (margin re-scoring): a seat given ``e`` extra gazebos would end the game with ``e``
    more left. Each stored game is re-scored by the series rule of the rulebook ("the player with
    the lowest number of remaining gazebos wins", ties shared) on the adjusted final supplies,
    and the handicap whose re-scored shares are nearest 1/n (least squares; then the smallest
    handicap) is chosen. It ignores that play would change with other counts, so it is an
    estimate before play, to be confirmed by a paired run with the suggested ``gazebos``
    option. Its p-value is the deal-clustered test of equal seats of :func:`seat_advantage`.
    """
    require(games, ["supply_0", "supply_1", "win_0"], "gazebo compensation")
    results = []
    for arm, n, rows in groups(games):
        if not all(f"supply_{s}" in rows for s in range(n)):
            raise MissingData(f"gazebo compensation needs supply_0..{n - 1}; skipped")
        results.append(gazebo_compensation_of(rows, arm, n, max_extra))
    return results


def compensation_sentences(games: pd.DataFrame) -> list[str]:
    """The handicap estimates that change something, for the seat panel."""
    return [c.sentence for c in gazebo_compensation(games) if any(c.extra)]


@dataclass
class SinglesDrawn:
    """Single-coloured dominoes drawn per player per game, by arm, for one player count."""

    players: int
    table: pd.DataFrame = field(repr=False)
    distribution: pd.DataFrame = field(repr=False)
    sentence: str


def singles_drawn(games: pd.DataFrame) -> list[SinglesDrawn]:
    """Per player count: mean and spread of singles drawn per player, and the per-game gap
    between the luckiest and unluckiest player (the inequality a drawing system allows)."""
    import pandas as pd

    require(games, ["singles_drawn_0", "singles_drawn_1"], "singles drawn")
    out: dict[int, list[tuple[str, pd.DataFrame]]] = {}
    for arm, n, rows in groups(games):
        out.setdefault(n, []).append((arm, rows))
    results = []
    for n, arms in sorted(out.items()):
        records, dist = [], []
        for arm, rows in arms:
            drawn = rows[seat_columns("singles_drawn", n)].astype(float).to_numpy()
            deals = deals_of(rows)
            gap = drawn.max(axis=1) - drawn.min(axis=1)
            gap_mean, gap_lo, gap_hi = _mean_ci(gap, deals)
            flat = drawn.ravel()
            records.append({
                "arm": arm, "players": n, "games": len(rows), "mean": flat.mean(),
                "sd": flat.std(ddof=1), "p10": np.percentile(flat, 10),
                "median": np.median(flat), "p90": np.percentile(flat, 90),
                "gap_mean": gap_mean, "gap_lo": gap_lo, "gap_hi": gap_hi,
            })
            values, counts = np.unique(flat, return_counts=True)
            dist += [{"arm": arm, "players": n, "singles": v, "share": c / flat.size}
                     for v, c in zip(values, counts, strict=True)]
        table = pd.DataFrame.from_records(records)
        parts = [
            f"{r.arm}: {r.mean:.2f} per player (sd {r.sd:.2f}), gap {r.gap_mean:.2f} "
            f"(95% CI {r.gap_lo:.2f}–{r.gap_hi:.2f})"
            for r in table.itertuples()
        ]
        bots = bots_phrase(pd.concat([rows for _, rows in arms]), n)
        sentence = (
            f"With {n} players and {bots.removeprefix('with ')}, single-coloured dominoes "
            f"drawn per game and the gap between the luckiest and unluckiest player were — "
            f"{'; '.join(parts)}."
        )
        results.append(SinglesDrawn(n, table, pd.DataFrame.from_records(dist), sentence))
    return results


@dataclass
class DrawAdvantage:
    """Logistic regression of winning on the singles a player drew beyond the others' mean."""

    arm: str
    players: int
    games: int
    odds_ratio: float
    ci: tuple[float, float]
    p_value: float
    binned: pd.DataFrame = field(repr=False)
    curve: pd.DataFrame = field(repr=False)
    sentence: str
    #: Odds ratio per standard deviation of draw advantage (``advantage_sd`` singles): the
    #: systems spread draws differently, so only this scale compares them.
    odds_ratio_per_sd: float = math.nan
    ci_per_sd: tuple[float, float] = (math.nan, math.nan)
    advantage_sd: float = math.nan


def draw_advantage_of(rows: pd.DataFrame, arm: str, players: int) -> DrawAdvantage:
    """Fit ``win ~ advantage + C(seat) [+ C(bot)]`` (binomial GLM, win share as the response,
    standard errors clustered by deal) for one group; the bot term keeps a stronger bot's
    different drawing habits from passing for luck."""
    import pandas as pd
    import statsmodels.api as sm
    import statsmodels.formula.api as smf

    data = long_seats(rows, players, extra=["singles_drawn"])
    total = data.groupby("game")["singles_drawn"].transform("sum")
    data["advantage"] = data["singles_drawn"] - (total - data["singles_drawn"]) / (players - 1)
    if data["advantage"].nunique() < 2:
        raise MissingData(f"draw advantage in {label(arm, players)}: every player drew alike")
    formula = "win ~ advantage + C(seat)" + (" + C(bot)" if data["bot"].nunique() > 1 else "")
    model = smf.glm(formula, data, family=sm.families.Binomial())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fit = model.fit(cov_type="cluster", cov_kwds={"groups": data["deal"].to_numpy()})
    beta = float(fit.params["advantage"])
    lo, hi = (float(x) for x in fit.conf_int().loc["advantage"])
    level_means = [data.groupby(f)["win"].mean() for f in ("seat", "bot")]
    separated = any(((m <= 0) | (m >= 1)).any() for m in level_means)
    finite = all(math.isfinite(x) and abs(x) < 50 for x in (beta, lo, hi))
    if separated or not finite or hi - lo < 1e-9:
        import pandas as pd

        return DrawAdvantage(
            arm=arm, players=players, games=len(rows), odds_ratio=math.nan,
            ci=(math.nan, math.nan), p_value=math.nan, binned=pd.DataFrame(),
            curve=pd.DataFrame(), sentence=(
                f"In {label(arm, players)}, the logistic fit of winning on the draw did not "
                "converge (a bot or a seat always wins), so the draw's effect is not measured."
            ),
        )
    grid = np.linspace(data["advantage"].min(), data["advantage"].max(), 41)
    curve_rows = pd.DataFrame({"advantage": grid, "seat": 0, "bot": data["bot"].mode()[0]})
    curve = pd.DataFrame({"advantage": grid, "win": fit.predict(curve_rows).to_numpy()})
    clipped = data["advantage"].round().clip(-5, 5)
    binned = (data.assign(bin=clipped).groupby("bin")["win"].agg(["mean", "size"])
              .reset_index().rename(columns={"bin": "advantage", "mean": "win", "size": "n"}))
    sd = float(data["advantage"].std(ddof=1))
    result = DrawAdvantage(
        arm=arm, players=players, games=len(rows), odds_ratio=math.exp(beta),
        ci=(math.exp(lo), math.exp(hi)), p_value=float(fit.pvalues["advantage"]),
        binned=binned, curve=curve, sentence="", odds_ratio_per_sd=math.exp(beta * sd),
        ci_per_sd=(math.exp(lo * sd), math.exp(hi * sd)), advantage_sd=sd,
    )
    result.sentence = (
        f"In {label(arm, players)}, {bots_phrase(rows, players)}, each single-coloured domino "
        f"drawn above the other players' average multiplies a player's odds of winning by "
        f"{result.odds_ratio:.2f} (95% CI {result.ci[0]:.2f}–{result.ci[1]:.2f}), and one "
        f"standard deviation of draw advantage ({sd:.2f} singles) by "
        f"{result.odds_ratio_per_sd:.2f} (CI {result.ci_per_sd[0]:.2f}–"
        f"{result.ci_per_sd[1]:.2f}); compare drawing systems per standard deviation, since "
        "they spread the draws differently."
    )
    return result


def draw_advantage(games: pd.DataFrame) -> list[DrawAdvantage]:
    """Odds ratio of winning per extra single drawn, for every arm and player count."""
    require(games, ["singles_drawn_0", "singles_drawn_1", "win_0", "deal"], "draw advantage")
    return [draw_advantage_of(rows, arm, n) for arm, n, rows in groups(games)]
