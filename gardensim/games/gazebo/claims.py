"""The publisher's claims about Gazebo-style drawing, measured against Qin-style.

The rulebook's "Note From the Publisher" says what Gazebo changed from Qin: a drawing method
"for less luck and more tension", "tighter conflicts", "ramping up the conflicts". Each claim is
a row of ``data/claims.toml``: the measure that tests it and whether Gazebo-style drawing should
be lower or higher on it. Every measure is a per-game number compared between the two drawing
arms paired on deals (the deal is the unit: the deal-clustered paired interval of
``analysis.arms``), within one study and one line-up of bots, so a claim is read at the
strength it was played at and says so. The intervals are simultaneous over the table's rows
(Bonferroni), and a claim's verdict reads them: "yes" when the interval lies on the claimed
side of no change (beyond the equivalence margin, for a share), "no" when it lies on the other
side or inside the margin, "not shown" otherwise.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from gardensim.analysis import arms as arm_analysis
from gardensim.analysis import shape, upsets
from gardensim.analysis.frames import MissingData, seat_columns
from gardensim.analysis.strength import split_arm
from gardensim.analysis.verdict import judge
from gardensim.games.gazebo.rules.board import GAZEBO_DIR

CLAIMS_FILE = GAZEBO_DIR / "claims.toml"
#: The strength whose games no claim reads.
RANDOM = "random"
#: A claim's verdict words.
YES, NO, NOT_SHOWN = "yes", "no", "not shown"


@dataclass(frozen=True)
class Claim:
    claim: str
    quote: str
    measure: str
    words: str
    #: "lower" or "higher": Gazebo-style drawing's side when the claim holds
    baseline_is: str


def load_claims() -> tuple[dict[str, str], list[Claim]]:
    raw = tomllib.loads(CLAIMS_FILE.read_text(encoding="utf-8"))
    return dict(raw["arms"]), [Claim(**c) for c in raw["claims"]]


def _plain(arm: str) -> str:
    return split_arm(arm.rsplit("/", 1)[-1])[0]


def _per_game(games: pd.DataFrame, turns: pd.DataFrame, columns: Any) -> pd.DataFrame:
    """The games with one column per measure that is a per-game number."""
    out = games.copy()
    players = out["players"].astype(int).to_numpy()
    steals = out[seat_columns("steals", 4)].astype(float).to_numpy()
    supply = out[seat_columns("supply", 4)].astype(float).to_numpy()
    seats = np.arange(4)[None, :] < players[:, None]
    out["steals"] = np.where(seats, steals, 0.0).sum(axis=1)
    # fewer gazebos left is better: the winner's lead is the runner-up's count minus its own
    ranked = np.sort(np.where(seats, supply, np.inf), axis=1)
    out["margin"] = ranked[:, 1] - ranked[:, 0]
    if len(turns):
        history = shape.lead_history(turns, columns)
        keys = [k for k in ("players", "arm", "game") if k in history and k in out]
        history = history[[*keys, "changes", "decisive_fraction"]].rename(
            columns={"changes": "lead_changes", "decisive_fraction": "decided_late"})
        out = out.merge(history, on=keys, how="left")
    return out


def _comparisons(games: pd.DataFrame, measure: str, baseline: str, changed: str
                 ) -> list[dict[str, Any]]:
    """Changed minus baseline on ``measure``, one entry per study, player count and line-up
    (random play is left out: a claim is about players who try)."""
    found = []
    studies = games.groupby("study", sort=False) if "study" in games else [("", games)]
    for study, rows in studies:
        if measure == "upsets":
            try:
                results = upsets.upset_rate(rows)
            except MissingData:
                continue
            share = True
        else:
            if measure not in rows:
                raise MissingData(f"the claims need the turns frame for {measure}")
            rows = rows[rows[measure].notna()]
            try:
                results = arm_analysis.compare_arms(rows, measure)
            except MissingData:
                continue
            share = False
        found += [{"study": str(study), "players": r.players, "arm": r.arm,
                   "baseline": r.baseline, "difference": r.difference, "lo": r.ci[0],
                   "hi": r.ci[1], "games": r.pairs, "deals": r.deals, "bots": r.bots,
                   "share": share} for r in results
                  if _plain(r.arm) == changed and _plain(r.baseline) == baseline
                  and split_arm(r.arm)[1] != RANDOM]
    return found


def claims_table(games: pd.DataFrame, turns: pd.DataFrame, columns: Any,
                 margin: float) -> pd.DataFrame:
    """One row per claim, study, player count and line-up of bots: Qin-style minus
    Gazebo-style on the claim's measure, its simultaneous interval and the verdict."""
    names, claims = load_claims()
    frame = _per_game(games, turns, columns)
    entries = []
    for claim in claims:
        try:
            found = _comparisons(frame, claim.measure, names["baseline"], names["changed"])
        except MissingData:
            continue
        entries += [(claim, f) for f in found if all(map(math.isfinite, (f["lo"], f["hi"])))]
    if not entries:
        raise MissingData("no study plays both drawing arms "
                          f"({names['baseline']!r} and {names['changed']!r}) on the same deals")
    records = []
    for claim, f in entries:
        v = judge(f["difference"], f["lo"], f["hi"], 0.0, margin if f["share"] else None,
                  games=f["games"], deals=f["deals"], players=f["players"],
                  family=len(entries), share=f["share"], compare=True)
        # the claim holds when Qin-style minus Gazebo-style has the sign of "Gazebo is lower"
        sign = 1 if claim.baseline_is == "lower" else -1
        lo, hi = v.lo, v.hi
        if v.kind in ("unfair", "differs"):
            said = YES if sign * f["difference"] > 0 else NO
        elif v.kind == "fair":
            said = NO
        else:
            said = NOT_SHOWN
        records.append({
            "claim": claim.claim, "measure": claim.measure, "words": claim.words,
            "quote": claim.quote, "players": f["players"],
            "study": f["study"], "arm": f["arm"], "baseline": f["baseline"],
            "strength": split_arm(f["arm"])[1] or "", "bots": f["bots"],
            "difference": f["difference"], "lo": lo, "hi": hi, "share": f["share"],
            "games": f["games"], "deals": f["deals"], "verdict": said,
            "sentence": _sentence(claim, f, lo, hi, said)})
    return pd.DataFrame.from_records(records)


def _sentence(claim: Claim, f: dict[str, Any], lo: float, hi: float, said: str) -> str:
    scale, unit, fmt = (100, " points", "+.1f") if f["share"] else (1, "", "+.2f")
    where = f["study"] or "the study"
    return (f"{claim.claim.capitalize()} ({claim.words}): {said}. Qin-style minus Gazebo-style "
            f"{scale * f['difference']:{fmt}}{unit} (simultaneous 95% interval "
            f"{scale * lo:{fmt}} to {scale * hi:{fmt}}), {f['players']} players, {f['bots']}, "
            f"{f['deals']} deals ({where}); the claim needs Gazebo-style "
            f"{claim.baseline_is}.")
