"""Synthetic games and turns frames with planted effects, shaped like the runner's output.

Two generators: ``logit_games`` draws each game's winner from a multinomial logit of planted
seat, bot and draw effects (known ground truth for seat, luck and arms tests); ``race_run``
walks every seat's gazebo supply turn by turn, so games and turns agree (shape, report tests).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from types import SimpleNamespace

import numpy as np
import pandas as pd
from scipy.stats import poisson

MAX_SEATS = 4


def logit(p: float) -> float:
    return math.log(p / (1 - p))


def _finish(rows: list[dict]) -> pd.DataFrame:
    games = pd.DataFrame.from_records(rows)
    for col in ["arm"] + [f"bot_{s}" for s in range(MAX_SEATS)]:
        games[col] = games[col].astype("category")
    return games


def logit_games(
    players: int = 2,
    deals: int = 1000,
    arms: Sequence[str] = ("gazebo-draw",),
    lineup: Sequence[str] = ("greedy", "greedy"),
    seat_logit: Sequence[float] | None = None,
    strength: dict[str, float] | None = None,
    draw_effect: float = 0.0,
    deal_luck: float = 0.0,
    singles_mean: dict[str, float] | None = None,
    arm_seat_logit: dict[str, Sequence[float]] | None = None,
    seed: int = 0,
) -> pd.DataFrame:
    """Games whose winner is the argmax of utility + Gumbel noise (a multinomial logit).

    utility(seat) = seat_logit[seat] + strength[bot] + draw_effect * singles + deal_luck *
    z(deal, seat), so with two players the log-odds per single drawn beyond the opponent is
    ``draw_effect``. Singles drawn and z depend on (deal, seat) only, shared by the
    rotated replays of a deal and, through common random numbers, by every arm.
    """
    rng = np.random.default_rng(seed)
    seat_logit = list(seat_logit or [0.0] * players)
    strength = strength or {}
    singles_mean = singles_mean or {}
    u_deal = rng.random((deals, players))
    z_deal = rng.standard_normal((deals, players))
    gumbel = rng.gumbel(size=(deals, players, players))
    rot = np.arange(players)
    lineup_idx = (rot[None, :] + rot[:, None]) % players  # [rotation, seat] -> lineup slot
    bots = np.array(lineup, dtype=object)[lineup_idx]
    power = np.array([strength.get(b, 0.0) for b in lineup])[lineup_idx]
    frames = []
    for arm in arms:
        seats = np.array((arm_seat_logit or {}).get(arm, seat_logit), dtype=float)
        singles = poisson.ppf(u_deal, singles_mean.get(arm, 4.0)).astype(int)
        util = (seats[None, None, :] + power[None, :, :] + gumbel
                + (draw_effect * singles + deal_luck * z_deal)[:, None, :])
        win = util.argmax(axis=2).ravel()
        n = deals * players
        frame = {"arm": arm, "game": np.arange(n), "deal": np.arange(n) // players,
                 "seed": 1000 + np.arange(n) // players, "players": players,
                 "winners": win.astype(str), "turns": 30, "moves": "",
                 "end_reason": "last-gazebo", "dominoes_placed": 30}
        for s in range(MAX_SEATS):
            present = s < players
            frame[f"bot_{s}"] = np.tile(bots[:, s], deals) if present else None
            frame[f"win_{s}"] = (win == s).astype(float) if present else math.nan
            frame[f"decision_s_{s}"] = 0.01 if present else math.nan
            frame[f"singles_drawn_{s}"] = (np.repeat(singles[:, s], players) if present
                                           else math.nan)
            frame[f"supply_{s}"] = (np.where(win == s, 0, 1 + (np.arange(n) + s) % 4)
                                    if present else math.nan)
        frames.append(pd.DataFrame(frame))
    games = pd.concat(frames, ignore_index=True)
    for col in ["arm"] + [f"bot_{s}" for s in range(MAX_SEATS)]:
        games[col] = games[col].astype("category")
    return games


def race_run(players: int = 2, deals: int = 60, arms: Sequence[str] = ("gazebo-draw", "qin-draw"),
             gazebos: int = 12, edge: float = 0.0, seed: int = 0) -> SimpleNamespace:
    """A Run-like object whose turns walk each supply down; games are read off the last turn.

    On its turn a seat places 0–2 gazebos (seat 0 gets one more with probability ``edge``) and
    sometimes returns one of the opponent's; the first seat to reach zero wins.
    """
    games, turns = [], []
    for ai, arm in enumerate(arms):
        for d in range(deals):
            for r in range(players):
                g = d * players + r
                grng = np.random.default_rng([seed, d, r, ai])
                supply = [gazebos] * players
                t = 0
                while min(supply) > 0 and t < 400:
                    s = t % players
                    placed = [0] * players
                    returned = [0] * players
                    k = int(grng.integers(0, 3)) + int(s == 0 and grng.random() < edge)
                    k = min(k, supply[s])
                    supply[s] -= k
                    placed[s] = k
                    other = (s + 1) % players
                    if supply[s] > 0 and grng.random() < 0.15 and supply[other] < gazebos:
                        supply[other] += 1
                        returned[other] = 1
                    row = {"arm": arm, "game": g, "turn": t, "seat": s, "bot": "greedy",
                           "decision_s": 0.001, "move": "FF@A1E", "hand_singles": 1,
                           "hand_doubles": 2,
                           "legal_moves": int(200 - 3 * t + grng.integers(0, 20)),
                           "ev_create": int(k > 0), "ev_expand": 0, "ev_absorb": returned[other],
                           "ev_big": 0, "ev_claim": int(k > 1), "ev_steal": 0, "ev_zen": 0,
                           "ev_vase": 0, "ev_pedestal": 0, "draws": 1,
                           "drew_singles": int(grng.random() < 0.4), "drew_doubles": 0}
                    for q in range(MAX_SEATS):
                        row[f"placed_{q}"] = placed[q] if q < players else math.nan
                        row[f"returned_{q}"] = returned[q] if q < players else math.nan
                        row[f"supply_{q}"] = supply[q] if q < players else math.nan
                    turns.append(row)
                    t += 1
                best = min(supply)
                winners = [s for s in range(players) if supply[s] == best]
                row = {"arm": arm, "game": g, "deal": d, "seed": 1000 + d, "players": players,
                       "winners": ",".join(map(str, winners)), "turns": t, "moves": "",
                       "end_reason": "last-gazebo" if best == 0 else "no-placement",
                       "dominoes_placed": t}
                for s in range(MAX_SEATS):
                    present = s < players
                    row[f"bot_{s}"] = "greedy" if present else None
                    row[f"win_{s}"] = (1 / len(winners) if s in winners else 0.0) if present \
                        else math.nan
                    row[f"decision_s_{s}"] = 0.01 if present else math.nan
                    row[f"supply_{s}"] = supply[s] if present else math.nan
                    row[f"on_board_{s}"] = gazebos - supply[s] if present else math.nan
                    row[f"singles_drawn_{s}"] = int(grng.poisson(4)) if present else math.nan
                    for name in ("patios", "absorbs", "steals"):
                        row[f"{name}_{s}"] = int(grng.integers(0, 3)) if present else math.nan
                games.append(row)
    turns_frame = pd.DataFrame.from_records(turns)
    turns_frame["arm"] = turns_frame["arm"].astype("category")
    turns_frame["bot"] = turns_frame["bot"].astype("category")
    study = {"name": f"synthetic-{players}p", "game": "gazebo", "board": "aviary",
             "players": players, "bots": ["greedy"] * players, "games": deals * players,
             "seed": seed, "arms": [{"name": a} for a in arms]}
    manifest = {"study": study, "version": "0.1.0", "status": "complete"}
    return SimpleNamespace(games=_finish(games), turns=turns_frame, study=study,
                           manifest=manifest)


def score_games(
    players: int = 2,
    deals: int = 200,
    shift: dict[str, float] | None = None,
    spread: dict[str, float] | None = None,
    deal_sd: float = 6.0,
    noise_sd: float = 8.0,
    own_sd: float = 3.0,
    seed: int = 0,
) -> pd.DataFrame:
    """Summer Pavilion-shaped games frame whose scores have planted per-arm effects.

    score(arm, game, seat) = 70 + shift[arm] + deal effect + spread[arm] * (shared noise +
    arm's own noise): the deal effect and the shared noise are common to every arm (common
    random numbers, so pairing pays), ``own_sd`` is what the arm itself adds. Each seat's score
    is split as ``5 + placement + numbers``; the highest score wins, ties shared.
    """
    shift = shift or {"base": 0.0}
    spread = spread or {}
    rng = np.random.default_rng(seed)
    n = deals * players
    deal = np.arange(n) // players
    deal_effect = rng.normal(0, deal_sd, size=deals)[deal][:, None]
    shared = rng.normal(0, noise_sd, size=(n, players))
    frames = []
    for arm, delta in shift.items():
        own = rng.normal(0, own_sd, size=(n, players))
        scores = np.rint(70 + delta + deal_effect + spread.get(arm, 1.0) * (shared + own))
        numbers = rng.integers(0, 20, size=(n, players))
        best = scores.max(axis=1, keepdims=True)
        win = (scores == best) / (scores == best).sum(axis=1, keepdims=True)
        frame = {"arm": arm, "game": np.arange(n), "deal": deal, "seed": 1000 + deal,
                 "players": players, "turns": 120, "moves": "", "end_reason": "rounds",
                 "rounds": 6, "first_player": 0}
        for s in range(MAX_SEATS):
            present = s < players
            frame[f"bot_{s}"] = "greedy" if present else None
            frame[f"win_{s}"] = win[:, s] if present else math.nan
            frame[f"score_{s}"] = scores[:, s] if present else math.nan
            frame[f"numbers_{s}"] = numbers[:, s] if present else math.nan
            frame[f"placement_{s}"] = scores[:, s] - 5 - numbers[:, s] if present else math.nan
        frames.append(pd.DataFrame(frame))
    return _finish(pd.concat(frames, ignore_index=True).to_dict("records"))
