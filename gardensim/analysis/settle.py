"""Has an answer settled as the bots got stronger? One label per answer, read from stored frames.

A settling study (``settle = true``, :mod:`gardensim.sim.ladder`) plays its ``strengths`` as a
ladder, weakest first, each rung a mirror match ``arm@rung`` on the same deals, and between two
rungs a *step* arm, ``step LOWER -> UPPER`` (:func:`step_arm`), where the upper rung plays the
lower one with the seats rotated. An answer (the first player's win share in an arm, or an arm's
effect on it against the first arm) then gets exactly one label:

- **settled at RUNG**: the paired difference of the answer between RUNG and the rung below,
  resampled by deal, has its 95% interval inside ± ``fair_margin`` points: one more rung of
  strength moved it by less than the margin that matters.
- **bot ceiling at RUNG (moved X on the last step)**: the next rung did not beat RUNG in their
  step games (its win share's interval does not lie above the even share), so the ladder has no
  stronger bot to ask; X is how far the answer moved on that last step, a hint of how far it may
  still move with better bots.
- **not settled: moved by X points from RUNG to RUNG**: the rungs ran out (or the CPU budget
  did) while the answer still moved.

The climb stops on the same labels (:func:`climb_decision`), so the label a table shows is
the reason the run stopped. Differences pair game by game: every rung plays the same game
indices, hence the same deals and bot generators (common random numbers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from gardensim.analysis.frames import MissingData, require
from gardensim.analysis.strength import deal_means, split_arm

if TYPE_CHECKING:
    import pandas as pd

#: Study key default of the margin (percentage points) within which a move counts as none.
DEFAULT_MARGIN = 3.0
#: How a step arm is named, and read back.
STEP_FORMAT = "step {lower} -> {upper}"
_STEP = re.compile(r"^step (?P<lower>\S.*?) -> (?P<upper>\S.*)$")
#: The question every rung answers in every arm (the first player's win share).
FIRST_PLAYER = "first_player"
#: Columns of :func:`settlement`, in order.
COLUMNS = ["game", "players", "question", "condition", "rung", "value", "low", "high",
           "change", "change_low", "change_high", "games", "deals", "settlement"]


def step_arm(lower: str, upper: str) -> str:
    """Name of the arm where rung ``upper`` plays rung ``lower``: ``"step greedy ->
    mcts:iters=80"`` (no ``@``: it is no mirror match of one strength)."""
    return STEP_FORMAT.format(lower=lower, upper=upper)


def split_step(name: str) -> tuple[str, str] | None:
    """(lower, upper) of a step arm's name, None for any other arm."""
    found = _STEP.match(str(name))
    return (found["lower"], found["upper"]) if found else None


@dataclass(frozen=True)
class Step:
    """The upper rung against the lower in their step games: its win share, 95% interval
    resampled by deal, and whether it *climbs* (the interval lies above the even share)."""

    lower: str
    upper: str
    players: int
    share: float
    low: float
    high: float
    games: int
    deals: int

    @property
    def climbs(self) -> bool:
        return self.low > 1 / self.players


def ladder_steps(games: pd.DataFrame, boot: int = 2000, seed: int = 0) -> list[Step]:
    """Every step arm's result, per player count, in the order the rows hold them."""
    require(games, ["arm", "players", "game", "deal"], "the ladder's steps")
    out = []
    for (players, name), rows in games.groupby(["players", "arm"], observed=True, sort=False):
        pair = split_step(name)
        if pair is None or not len(rows):
            continue
        lower, upper = pair
        players = int(players)
        won = np.zeros(len(rows))
        for s in range(players):
            won += np.where(rows[f"bot_{s}"].astype(str).to_numpy() == upper,
                            rows[f"win_{s}"].astype(float).to_numpy(), 0.0)
        deals = rows["deal"].to_numpy()
        share, low, high = deal_means(won[:, None], deals, boot, seed)
        out.append(Step(lower, upper, players, float(share[0]), float(low[0]), float(high[0]),
                        len(rows), len(np.unique(deals))))
    return out


def rung_order(games: pd.DataFrame) -> list[str]:
    """Rungs weakest first, as the mirror arms' rows first come (a run stores its arms in
    study order, and a climb plays its rungs in turn)."""
    names = dict.fromkeys(games["arm"].astype(str))
    return list(dict.fromkeys(s for s in (split_arm(a)[1] for a in names) if s is not None))


def _arm_order(games: pd.DataFrame) -> list[str]:
    names = dict.fromkeys(games["arm"].astype(str))
    return list(dict.fromkeys(a for a, s in (split_arm(n) for n in names) if s is not None))


def _seat0(games: pd.DataFrame, players: int, name: str) -> pd.DataFrame:
    rows = games[(games["players"] == players) & (games["arm"].astype(str) == name)]
    return rows.set_index("game")[["deal", "win_0"]]


@dataclass
class Answer:
    """One answer's per-game values at each rung it was played at, paired on common games."""

    question: str
    condition: str
    players: int
    rungs: list[str]
    values: np.ndarray  # games x rungs
    deals: np.ndarray


def answers(games: pd.DataFrame) -> list[Answer]:
    """The answers a ladder asks: the first player's win per game in every arm, and each
    later arm's difference from the first arm on the same games (a rule's effect)."""
    require(games, ["arm", "players", "game", "deal", "win_0"], "settling answers")
    rungs, arms = rung_order(games), _arm_order(games)
    out = []
    for players in sorted(int(p) for p in games["players"].unique()):
        played = {arm: [r for r in rungs if len(_seat0(games, players, f"{arm}@{r}"))]
                  for arm in arms}
        frames = {(arm, r): _seat0(games, players, f"{arm}@{r}")
                  for arm in arms for r in played[arm]}
        for arm in arms:
            if played[arm]:
                out.append(_paired(FIRST_PLAYER, arm, players, played[arm],
                                   [[frames[(arm, r)]] for r in played[arm]]))
        base = next((a for a in arms if played[a]), None)
        for arm in arms:
            if arm == base or not played[arm]:
                continue
            common = [r for r in played[base] if r in played[arm]]
            if common:
                out.append(_paired(FIRST_PLAYER, f"{arm} vs {base}", players, common,
                                   [[frames[(arm, r)], frames[(base, r)]] for r in common]))
    if not out:
        raise MissingData("settling answers need mirror arms 'arm@rung' (study key "
                          "'strengths' with 'settle = true'); skipped")
    return out


def _paired(question: str, condition: str, players: int, rungs: list[str],
            parts: list[list[pd.DataFrame]]) -> Answer:
    """Per game: the part's seat-0 win, or the first part's minus the second's, on the games
    every rung played (and their deals, which must agree to pair)."""
    common = parts[0][0].index
    for group in parts:
        for frame in group:
            common = common.intersection(frame.index)
    common = common.sort_values()
    columns = []
    for group in parts:
        wins = [f.loc[common, "win_0"].astype(float).to_numpy() for f in group]
        columns.append(wins[0] - wins[1] if len(wins) == 2 else wins[0])
    deals = parts[0][0].loc[common, "deal"].to_numpy()
    for group in parts:
        for frame in group:
            if not np.array_equal(frame.loc[common, "deal"].to_numpy(), deals):
                raise MissingData(f"{condition}: rungs do not share deals; cannot pair them")
    return Answer(question, condition, players, rungs, np.column_stack(columns), deals)


def _points(x: float) -> str:
    return f"{100 * x:+.1f} points"


def _label(answer: Answer, changes: Sequence[tuple[float, float, float]],
           steps: dict[tuple[int, str, str], Step], margin: float) -> tuple[int, str]:
    """(index of the rung the answer is given at, its label), per the module docstring."""
    rungs = answer.rungs
    for j in range(1, len(rungs)):
        step = steps.get((answer.players, rungs[j - 1], rungs[j]))
        change, low, high = changes[j - 1]
        if step is not None and not step.climbs:
            return j - 1, (f"bot ceiling at {rungs[j - 1]} (moved {_points(change)} on the "
                           "last step)")
        if -margin <= low and high <= margin:
            return j, f"settled at {rungs[j]}"
    if len(rungs) < 2:
        return 0, f"not settled: played at {rungs[0]} only"
    change = changes[-1][0]
    return len(rungs) - 1, (f"not settled: moved by {_points(change)} from {rungs[-2]} to "
                            f"{rungs[-1]}")


def settlement(
    games: pd.DataFrame,
    fair_margin: float | None = None,
    game: str = "",
    boot: int = 2000,
    seed: int = 0,
) -> pd.DataFrame:
    """One row per answer, keyed (game, players, question, condition): the answer at the rung
    its label names (``value`` with 95% interval ``low``/``high``, fractions of a game), the
    paired change from the rung below (``change``, ``change_low``, ``change_high``; 0 at the
    first rung), its games and deals, and the ``settlement`` label. ``fair_margin`` is in
    percentage points (the study key; default 3); ``game`` names the game in the key."""
    import pandas as pd

    margin = (DEFAULT_MARGIN if fair_margin is None else float(fair_margin)) / 100
    steps = {(s.players, s.lower, s.upper): s for s in ladder_steps(games, boot, seed)}
    rows = []
    for answer in answers(games):
        value, low, high = deal_means(answer.values, answer.deals, boot, seed)
        k = answer.values.shape[1]
        if k > 1:
            moved = deal_means(answer.values[:, 1:] - answer.values[:, :-1], answer.deals,
                               boot, seed)
            changes = list(zip(*moved, strict=True))
        else:
            changes = []
        at, text = _label(answer, changes, steps, margin)
        change = changes[at - 1] if at > 0 else (0.0, 0.0, 0.0)
        rows.append({
            "game": game, "players": answer.players, "question": answer.question,
            "condition": answer.condition, "rung": answer.rungs[at], "value": value[at],
            "low": low[at], "high": high[at], "change": change[0], "change_low": change[1],
            "change_high": change[2], "games": len(answer.values),
            "deals": len(np.unique(answer.deals)), "settlement": text,
        })
    return pd.DataFrame(rows, columns=COLUMNS)


def climb_decision(games: pd.DataFrame, fair_margin: float | None = None,
                   boot: int = 2000, seed: int = 0) -> str | None:
    """Why a climb stops after the rungs in ``games``, or None to play the next rung: every
    answer settled (``"settled"``), or a step that did not climb (``"bot ceiling"``)."""
    table = settlement(games, fair_margin, boot=boot, seed=seed)
    labels = table["settlement"].astype(str)
    if labels.str.startswith("bot ceiling").any():
        return "bot ceiling"
    if labels.str.startswith("settled").all():
        return "settled"
    return None
