"""Does an answer hold as play gets stronger? Seat advantage and arm effects per bot strength.

Every answer of a study is the answer *of its bots*: the first player's edge under Gazebo-style
drawing is one number with greedy bots and another with random or mcts bots. A study with
``strengths`` plays each arm once per strength as a mirror match, named ``arm@strength``
(:func:`split_arm`), on the same game indices, hence the same deals and seat rotations. So the
answers at two strengths pair game by game, and whether an answer changes with strength is read
from the interval of a *paired* difference against the weakest strength, resampled by deal
(:func:`gardensim.stats.cluster_bootstrap`), not from whether two separate intervals overlap.

Strengths are taken weakest first in the study's order (``strengths = ["random", "greedy",
"mcts:iters=80"]``), read from the order of the rows (a run stores its arms in study order); pass
``order`` for frames whose rows were reordered. Each interval is a 95% interval on its own:
with k strengths there are k - 1 comparisons, not adjusted for multiplicity
(``docs/decisions.md``, "Answers across bot strength").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from gardensim.analysis.frames import MissingData, label, pct, require

if TYPE_CHECKING:
    import pandas as pd

#: Joins an arm's name and its strength (``gardensim.sim.study.strength_arm`` writes it).
STRENGTH_MARK = "@"

#: What each verdict of :func:`strength_verdict` means, for docs and readers of the tables.
VERDICTS = {
    "holds": "the effect is clear at every strength and no strength differs from the weakest",
    "grows": "the effect is larger at a stronger strength (paired interval away from 0)",
    "shrinks": "the effect is smaller at a stronger strength (paired interval away from 0)",
    "reverses": "the effect is clear in one direction at one strength, the other at another",
    "changes": "strengths differ, but not all in one direction, or with no clear effect at any",
    "unsettled": "clear at some strengths, not at others, and no strength differs significantly",
    "absent": "no strength shows the effect and no strength differs from the weakest",
}


def split_arm(name: str) -> tuple[str, str | None]:
    """(arm, strength) of a played arm: ``"qin-draw@mcts:iters=80"`` gives ``("qin-draw",
    "mcts:iters=80")``; an arm of a study without strengths gives ``(name, None)``."""
    arm, mark, strength = str(name).partition(STRENGTH_MARK)
    return (arm, strength) if mark and arm and strength else (str(name), None)


def bots_phrase(strength: str) -> str:
    """How a sentence names the bots of a mirror match: ``"with greedy bots in every seat"``."""
    return f"with {strength} bots in every seat"


@dataclass
class StrengthSweep:
    """One answer at every strength of one arm (or arm against baseline) and player count.

    ``table`` has one row per strength, weakest first: ``strength``, ``games``, ``value`` with
    its 95% interval ``lo``/``hi``, and ``change`` (``change_lo``/``change_hi``): the paired
    difference from the weakest strength on common games, resampled by deal.
    """

    question: str
    arm: str
    players: int
    strengths: list[str]
    null: float
    verdict: str
    pairs: int
    deals: int
    table: pd.DataFrame = field(repr=False)
    sentence: str = ""


def strength_verdict(
    intervals: Sequence[tuple[float, float]],
    changes: Sequence[tuple[float, float]],
    null: float,
) -> tuple[str, int]:
    """(verdict, direction) from each strength's interval of the effect and the paired
    intervals of each stronger strength minus the weakest.

    Direction is +1 or -1 for the side of ``null`` that the clear effects lie on, 0 when none
    is clear. Only intervals decide: an effect is clear when its interval excludes ``null``, a
    change when its interval excludes 0 (see :data:`VERDICTS`).
    """
    sides = [1 if lo > null else -1 if hi < null else 0 for lo, hi in intervals]
    moves = [1 if lo > 0 else -1 if hi < 0 else 0 for lo, hi in changes]
    clear = {s for s in sides if s}
    if len(clear) == 2:
        return "reverses", 0
    direction = clear.pop() if clear else 0
    moved = {m for m in moves if m}
    if not moved:
        if not direction:
            return "absent", 0
        return ("holds" if all(sides) else "unsettled"), direction
    if not direction or len(moved) == 2:
        return "changes", direction
    return ("grows" if moved.pop() == direction else "shrinks"), direction


def _order(games: pd.DataFrame, order: Sequence[str] | None) -> list[str]:
    """Strengths weakest first: ``order``, else the order their arms' rows first come in.

    A run's rows come arm by arm in study order, and combining runs keeps each run's rows in
    order, while it may sort the arm categories; so rows, not categories, keep the study's
    order of strengths.
    """
    names = dict.fromkeys(games["arm"].astype(str))
    seen = list(dict.fromkeys(s for s in (split_arm(a)[1] for a in names) if s is not None))
    if order is None:
        return seen
    unknown = [s for s in seen if s not in order]
    if unknown:
        raise MissingData(f"strength {unknown[0]!r} is not in the order given ({list(order)})")
    return list(order)


def _sweeps(
    games: pd.DataFrame, order: Sequence[str] | None
) -> dict[int, dict[str, dict[str, str]]]:
    """players -> arm -> strength -> played arm name, strengths weakest first, arms with at
    least two strengths only."""
    require(games, ["arm", "players", "game", "deal"], "answers across strengths")
    ranked = _order(games, order)
    out: dict[int, dict[str, dict[str, str]]] = {}
    pairs = games[["players", "arm"]].drop_duplicates()
    for players, name in pairs.itertuples(index=False):
        arm, strength = split_arm(name)
        if strength is not None:
            out.setdefault(int(players), {}).setdefault(arm, {})[strength] = str(name)
    for arms in out.values():
        for arm, played in list(arms.items()):
            arms[arm] = {s: played[s] for s in ranked if s in played}
            if len(arms[arm]) < 2:
                del arms[arm]
    out = {p: arms for p, arms in out.items() if arms}
    if not out:
        raise MissingData("answers across strengths need arms played at two strengths or "
                          "more (study key 'strengths'); skipped")
    return out


def _per_game(
    games: pd.DataFrame, players: int, names: Sequence[str],
    value: Callable[[pd.DataFrame], np.ndarray],
) -> tuple[np.ndarray, np.ndarray]:
    """(values, deals): one row per game index every arm of ``names`` played, one column per
    arm; the arms must have played those games on the same deals to pair."""
    import pandas as pd

    rows = games[games["players"] == players]
    columns, deals = [], []
    for name in names:
        own = rows[rows["arm"].astype(str) == name]
        frame = pd.DataFrame({"deal": own["deal"].to_numpy(), "value": value(own)},
                             index=own["game"].to_numpy())
        columns.append(frame)
    common = columns[0].index
    for frame in columns[1:]:
        common = common.intersection(frame.index)
    if len(common) == 0:
        raise MissingData(f"arms {', '.join(names)} share no games at {players} players")
    common = common.sort_values()
    for frame in columns:
        deals.append(frame.loc[common, "deal"].to_numpy())
    if any(not np.array_equal(deals[0], d) for d in deals[1:]):
        raise MissingData(f"arms {', '.join(names)} do not share deals; cannot pair them")
    values = np.column_stack([frame.loc[common, "value"].to_numpy(float) for frame in columns])
    return values, deals[0]


def deal_means(
    values: np.ndarray, deals: np.ndarray, boot: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Mean of each column of ``values`` (one row per game) with a 95% percentile interval
    from resampling whole deals: the games of a deal share its luck and, across arms and
    strengths, its seeds, so they are one cluster, not independent draws."""
    from gardensim.stats import cluster_bootstrap

    _, index = np.unique(deals, return_inverse=True)
    k = values.shape[1]
    blocks = np.zeros((index.max() + 1, k + 1))
    np.add.at(blocks, index, np.column_stack([values, np.ones(len(values))]))
    lo, hi = cluster_bootstrap(blocks, lambda total: total[:k] / total[k], boot, seed)
    return values.mean(axis=0), lo, hi


def _build(
    question: str, arm: str, players: int, strengths: list[str], games_per: list[int],
    effect: tuple[np.ndarray, np.ndarray, np.ndarray], values: np.ndarray, deals: np.ndarray,
    null: float, boot: int, seed: int,
) -> StrengthSweep:
    """A sweep from each strength's effect (value, lo, hi) and the per-game values, one
    column per strength, whose paired differences from the weakest give the changes."""
    import pandas as pd

    change, change_lo, change_hi = deal_means(values[:, 1:] - values[:, :1], deals, boot, seed)
    value, lo, hi = effect
    table = pd.DataFrame({
        "strength": strengths, "games": games_per, "value": value, "lo": lo, "hi": hi,
        "change": [0.0, *change], "change_lo": [0.0, *change_lo], "change_hi": [0.0, *change_hi],
    })
    verdict, _ = strength_verdict(list(zip(lo, hi, strict=True)),
                                  list(zip(change_lo, change_hi, strict=True)), null)
    table["verdict"] = verdict
    return StrengthSweep(question, arm, players, strengths, null, verdict, len(values),
                         len(np.unique(deals)), table)


def seat_across_strengths(
    games: pd.DataFrame,
    results: Sequence[Any] | None = None,
    order: Sequence[str] | None = None,
    boot: int = 2000,
    seed: int = 0,
) -> list[StrengthSweep]:
    """The first player's win share at every strength, per arm and player count.

    Each strength's share and interval come from ``results`` (``seat_advantage(games)`` when
    not given: its seat-0 row); the change between strengths is the paired difference of
    seat 0's win per game from the weakest strength, on the games every strength played.
    """
    from gardensim.analysis.seat import seat_advantage

    require(games, ["win_0"], "seat advantage across strengths")
    results = seat_advantage(games) if results is None else results
    seat0 = {}
    for r in results:
        row = r.table[r.table["seat"] == 0].iloc[0]
        seat0[(str(r.arm), int(r.players))] = (float(row["share"]), float(row["lo"]),
                                                float(row["hi"]))
    sweeps = []
    for players, arms in sorted(_sweeps(games, order).items()):
        for arm, played in arms.items():
            names = list(played.values())
            missing = [n for n in names if (n, players) not in seat0]
            if missing:
                raise MissingData(f"no seat advantage for arm {missing[0]!r} at {players} "
                                  "players; cannot compare strengths")
            shares = np.array([seat0[(n, players)] for n in names])
            effect = (shares[:, 0], shares[:, 1], shares[:, 2])
            counts = [int(((games["arm"].astype(str) == n) & (games["players"] == players)).sum())
                      for n in names]
            values, deals = _per_game(games, players, names,
                                      lambda rows: rows["win_0"].astype(float).to_numpy())
            sweep = _build("first_player", arm, players, list(played), counts, effect,
                           values, deals, 1 / players, boot, seed)
            sweep.sentence = _seat_sentence(sweep)
            sweeps.append(sweep)
    return sweeps


def arms_across_strengths(
    games: pd.DataFrame,
    outcome_name: str = "first_player",
    baseline: str | None = None,
    order: Sequence[str] | None = None,
    boot: int = 2000,
    seed: int = 0,
) -> list[StrengthSweep]:
    """Each arm against ``baseline`` (default: the first arm name in sorted order, as
    :func:`~gardensim.analysis.arms.compare_arms`) at every strength, on ``outcome_name``
    (``first_player``, ``turns`` or a games column): the paired per-game difference at each
    strength, and how that difference changes from the weakest strength (a paired difference
    of differences on the same games)."""
    from gardensim.analysis.arms import outcome

    o = outcome(outcome_name)
    if o.name == "stronger_bot":
        raise MissingData("the stronger bot's share needs two bots; strengths are mirror matches")
    column = "win_0" if o.name == "first_player" else o.name
    require(games, [column], f"comparing arms across strengths on {o.name}")
    sweeps = []
    for players, arms in sorted(_sweeps(games, order).items()):
        names = sorted(arms)
        if len(names) < 2:
            continue
        base = baseline if baseline in arms else names[0]
        for arm in names:
            if arm == base:
                continue
            strengths = [s for s in arms[base] if s in arms[arm]]
            if len(strengths) < 2:
                continue
            columns = [arms[base][s] for s in strengths] + [arms[arm][s] for s in strengths]
            both, deals = _per_game(games, players, columns,
                                    lambda rows, n=players: o.value(rows, n, None))
            k = len(strengths)
            differences = both[:, k:] - both[:, :k]
            effect = deal_means(differences, deals, boot, seed)
            counts = [len(differences)] * k
            sweep = _build(o.name, f"{arm} vs {base}", players, strengths, counts, effect,
                           differences, deals, 0.0, boot, seed)
            sweep.sentence = _arms_sentence(sweep, arm, base, o.description, o.is_share)
            sweeps.append(sweep)
    if not sweeps:
        raise MissingData("comparing arms across strengths needs two arms played at the same "
                          "two strengths or more; skipped")
    return sweeps


def strength_frame(sweeps: Sequence[StrengthSweep]) -> pd.DataFrame:
    """Every sweep's table stacked with its question, arm and player count, for CSV."""
    import pandas as pd

    parts = [s.table.assign(question=s.question, arm=s.arm, players=s.players) for s in sweeps]
    cols = ["question", "arm", "players", "strength", "games", "value", "lo", "hi", "change",
            "change_lo", "change_hi", "verdict"]
    return pd.concat(parts, ignore_index=True)[cols]


def _and(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else list(items))


def _points(x: float, share: bool) -> str:
    return f"{100 * x:+.1f} points" if share else f"{x:+.2f}"


def _ci(lo: float, hi: float, share: bool) -> str:
    """``"+1.2 to +3.4 points"`` (shares) or ``"+0.12 to +0.34"``."""
    return f"{100 * lo:+.1f} to {_points(hi, share)}" if share else f"{lo:+.2f} to {hi:+.2f}"


def _changes(s: StrengthSweep, share: bool) -> str:
    """The paired changes from the weakest strength, as a clause."""
    rows = s.table.iloc[1:]
    weakest = s.strengths[0]
    parts = [
        f"{r.strength} vs {weakest}: {_points(r.change, share)}, "
        f"CI {_ci(r.change_lo, r.change_hi, share)}"
        for r in rows.itertuples()
    ]
    return (f"{'; '.join(parts)}; paired on {s.pairs} games of {s.deals} deals, each interval "
            "95% on its own")


def _verdict_clause(s: StrengthSweep, noun: str, side: Callable[[int], str]) -> str:
    """The verdict in words; ``side(+1)``/``side(-1)`` says what each direction means."""
    table = s.table
    clear_at = [r.strength for r in table.itertuples() if r.lo > s.null or r.hi < s.null]
    unclear_at = [r.strength for r in table.itertuples() if r.strength not in clear_at]
    weakest = s.strengths[0]
    if s.verdict == "holds":
        return (f"the answer holds as play gets stronger: {noun} is clear at every strength "
                f"and no stronger bot differs significantly from {weakest}")
    if s.verdict in ("grows", "shrinks"):
        return f"{noun} {s.verdict} as play gets stronger"
    if s.verdict == "reverses":
        up = [r.strength for r in table.itertuples() if r.lo > s.null]
        down = [r.strength for r in table.itertuples() if r.hi < s.null]
        return (f"the answer reverses with strength: {side(1)} with {_and(up)} bots, "
                f"{side(-1)} with {_and(down)} bots")
    if s.verdict == "changes":
        moved = [r for r in table.iloc[1:].itertuples() if r.change_lo > 0 or r.change_hi < 0]
        if len({r.change > 0 for r in moved}) == 2:
            return f"{noun} changes with strength, not in one direction"
        return (f"no strength alone shows {noun}, yet {_and([r.strength for r in moved])} "
                f"bots differ from {weakest} bots")
    if s.verdict == "unsettled":
        return (f"whether it holds is unsettled: {noun} is clear with {_and(clear_at)} "
                f"bots but not with {_and(unclear_at)} bots, and no stronger bot differs "
                f"significantly from {weakest}")
    return (f"no strength shows {noun}, and no stronger bot differs significantly from "
            f"{weakest}")


def _seat_sentence(s: StrengthSweep) -> str:
    shares = ", ".join(
        f"{pct(r.value)} (95% CI {pct(r.lo)}–{pct(r.hi)}) {bots_phrase(r.strength)}"
        for r in s.table.itertuples()
    )
    noun = ("the first player's edge" if (s.table["lo"] > s.null).any()
            else "the first player's handicap" if (s.table["hi"] < s.null).any()
            else "a first-player edge or handicap")
    clause = _verdict_clause(s, noun, lambda d: "seat 0 favoured" if d > 0 else "seat 0 behind")
    return (f"In {label(s.arm, s.players)}, the first player (seat 0) wins {shares}, against a "
            f"fair {pct(s.null)}: {clause} ({_changes(s, True)}).")


def _arms_sentence(s: StrengthSweep, arm: str, base: str, description: str, share: bool) -> str:
    effects = ", ".join(
        f"{_points(r.value, share)} (95% CI {_ci(r.lo, r.hi, share)}) {bots_phrase(r.strength)}"
        for r in s.table.itertuples()
    )
    noun = f"the effect of {arm}"
    clause = _verdict_clause(s, noun, lambda d: f"{arm} {'raises' if d > 0 else 'lowers'} it")
    return (f"With {s.players} players, {arm} against {base} changes {description} by "
            f"{effects}: {clause} ({_changes(s, share)}).")
