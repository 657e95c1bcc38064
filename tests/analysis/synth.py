"""Synthetic games and turns frames with planted effects, shaped like the runner's output.

``logit_games`` draws each game's winner from a multinomial logit of planted seat, bot and draw
effects (known ground truth for seat, luck and arms tests); ``clustered_games`` does the same
for many independent replicates at once, with a latent deal effect that makes the rotated
replays of a deal correlated (coverage and size of the deal-clustered methods);
``partnership_games`` plays 4-seat team games; ``race_run`` walks every seat's gazebo supply
turn by turn, so games and turns agree (shape, report tests).
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


def clustered_wins(
    players: int = 2,
    deals: int = 300,
    replicates: int = 1,
    arms: Sequence[str] = ("a",),
    lineup: Sequence[str] | None = None,
    seat_logit: Sequence[float] | None = None,
    strength: dict[str, float] | None = None,
    deal_luck: float = 0.0,
    arm_deal_luck: dict[str, float] | None = None,
    arm_seat_logit: dict[str, Sequence[float]] | None = None,
    shared_play: bool = False,
    deal_sharing: float = 1.0,
    seed: int = 0,
) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Win shares per arm as arrays ``[replicate, deal, rotation, seat]``, and the bot in each
    ``[rotation, seat]``: the data of :func:`clustered_games` before it becomes a frame.

    utility(seat) = seat_logit[seat] + strength[bot] + deal_luck · z(deal, seat) + Gumbel noise;
    the winner has the largest utility. ``z`` belongs to the deal, so every rotation of a deal
    shares it: that is the intra-deal correlation (``deal_luck`` 0.65–1.25 puts seat 0's at
    0.14–0.27 for 2–4 players; :func:`intra_deal_correlation`). Arms share ``z`` with
    correlation ``deal_sharing`` (1: the same deal; below 1 each arm adds its own part, so the
    paired differences of a deal stay correlated). Each arm plays its own noise unless
    ``shared_play`` (then equal arms give equal games).
    """
    rng = np.random.default_rng(seed)
    lineup = list(lineup or ["greedy"] * players)
    strength = strength or {}
    rot = np.arange(players)
    slot = (rot[None, :] + rot[:, None]) % players  # [rotation, seat] -> lineup slot
    bots = np.array(lineup, dtype=object)[slot]
    power = np.array([strength.get(b, 0.0) for b in lineup])[slot]
    shape = (replicates, deals, players, players)
    z = rng.standard_normal((replicates, deals, 1, players))
    shared = rng.gumbel(size=shape)
    out = {}
    for arm in arms:
        seats = np.array((arm_seat_logit or {}).get(arm, seat_logit or [0.0] * players))
        luck = (arm_deal_luck or {}).get(arm, deal_luck)
        own = rng.standard_normal(z.shape)
        deal = math.sqrt(deal_sharing) * z + math.sqrt(1 - deal_sharing) * own
        noise = shared if shared_play else rng.gumbel(size=shape)
        win = (seats + power + luck * deal + noise).argmax(axis=3)
        out[arm] = (win[..., None] == np.arange(players)).astype(float)
    return out, bots


def wins_frame(wins: dict[str, np.ndarray], bots: np.ndarray,
               replicates: Sequence[int] | None = None) -> pd.DataFrame:
    """The games frame of :func:`clustered_wins` arrays (``study`` = ``rep0``, ``rep1``…),
    optionally of some replicates only."""
    frames = []
    for arm, array in wins.items():
        reps = range(array.shape[0]) if replicates is None else list(replicates)
        r, deals, players, _ = array[list(reps)].shape
        n = deals * players
        flat = array[list(reps)].reshape(r * n, players)
        frame = {"study": np.repeat([f"rep{i}" for i in reps], n), "arm": arm,
                 "game": np.tile(np.arange(n), r), "deal": np.tile(np.arange(n) // players, r),
                 "players": players}
        for s in range(MAX_SEATS):
            present = s < players
            frame[f"bot_{s}"] = np.tile(bots[:, s], deals * r) if present else None
            frame[f"win_{s}"] = flat[:, s] if present else math.nan
        frames.append(pd.DataFrame(frame))
    games = pd.concat(frames, ignore_index=True)
    for col in ["study", "arm"] + [f"bot_{s}" for s in range(MAX_SEATS)]:
        games[col] = games[col].astype("category")
    return games


def clustered_games(players: int = 2, deals: int = 300, replicates: int = 1,
                    **planted: object) -> pd.DataFrame:
    """``replicates`` independent studies (``study`` = ``rep0``, ``rep1``…) in one frame, with
    the planted effects of :func:`clustered_wins` (keywords as there)."""
    wins, bots = clustered_wins(players, deals, replicates, **planted)  # type: ignore[arg-type]
    return wins_frame(wins, bots)


def partnership_wins(
    deals: int = 300, replicates: int = 1, team_logit: float = 0.0, deal_luck: float = 0.0,
    tie_rate: float = 0.05, seed: int = 0,
) -> np.ndarray:
    """Seat 0's team share ``[replicate, deal, rotation]`` of 4-seat team games: 1 when its
    team wins, ½ on a four-way tie (``tie_rate``), 0 else. The team wins with log-odds
    ``team_logit`` plus a deal effect shared by the deal's four rotations."""
    rng = np.random.default_rng(seed)
    z = rng.standard_normal((replicates, deals, 1))
    wins = rng.random((replicates, deals, 4)) < 1 / (1 + np.exp(-(team_logit + deal_luck * z)))
    tie = rng.random((replicates, deals, 4)) < tie_rate
    return np.where(tie, 0.5, wins.astype(float))


def partnership_games(
    deals: int = 300, replicates: int = 1, team_logit: float = 0.0, deal_luck: float = 0.0,
    tie_rate: float = 0.05, arms: Sequence[str] = ("a",), seed: int = 0,
    team: np.ndarray | None = None,
) -> pd.DataFrame:
    """4-seat team games, partnerships {0, 3} and {1, 2}: both partners of the winning team get
    ½, a four-way tie ¼ each (:func:`partnership_wins`, or the given ``team`` shares)."""
    frames = []
    for i, arm in enumerate(arms):
        shares = team if team is not None else partnership_wins(
            deals, replicates, team_logit, deal_luck, tie_rate, seed + i)
        r, d, _ = shares.shape
        n = d * 4
        team_a = shares.reshape(r * n) / 2
        frame = {"study": np.repeat([f"rep{k}" for k in range(r)], n), "arm": arm,
                 "game": np.tile(np.arange(n), r), "deal": np.tile(np.arange(n) // 4, r),
                 "players": 4, "win_0": team_a, "win_1": 0.5 - team_a, "win_2": 0.5 - team_a,
                 "win_3": team_a}
        for s in range(MAX_SEATS):
            frame[f"bot_{s}"] = "greedy"
        frames.append(pd.DataFrame(frame))
    games = pd.concat(frames, ignore_index=True)
    for col in ["study", "arm"] + [f"bot_{s}" for s in range(MAX_SEATS)]:
        games[col] = games[col].astype("category")
    return games


def intra_deal_correlation(values: np.ndarray, per_deal: int) -> float:
    """One-way ANOVA estimate of the correlation between replays of one deal (values ordered
    deal by deal, ``per_deal`` each)."""
    y = np.asarray(values, dtype=float).reshape(-1, per_deal)
    between = per_deal * np.var(y.mean(axis=1), ddof=1)
    within = np.sum((y - y.mean(axis=1, keepdims=True)) ** 2) / (len(y) * (per_deal - 1))
    return float((between - within) / (between + (per_deal - 1) * within))
