"""The Queen's Garden position evaluation used by ``greedy`` and as MCTS leaf values.

``evaluate(state, player)`` estimates each seat's final score from public information and maps
the player's lead over the best opponent to [0, 1]. A seat's value, in points, is the sum of:

1. **score**: the current score;
2. **wheel**: the points its garden will score in the wheel rounds not yet scored (this one
   included), times ``wheel``, plus the pavilion points of those rounds;
3. **groups** (group potential): each colour or pattern group of three or more at its end value
   (value sum plus size bonus), each group of two at ``pair`` times its value sum;
4. **jokers and storage**: ``joker`` per joker; per stored tile ``tile + tile_value * v``
   before the last round and ``-leftover_last * v`` in it; ``expansion`` per stored expansion;
5. **structure proximity**: per unrewarded feature with k of 6 neighbours filled,
   ``structure * jokers * (k / 6) ** structure_power``.

While a payment is being chosen, each item still due counts ``-pay_item``. The weights live in
``data/evaluation.toml``.
"""

from __future__ import annotations

import math
import tomllib
from functools import cache
from typing import TYPE_CHECKING

from gardensim.games.queens.garden import features, groups, is_face_up
from gardensim.games.queens.rules import QUEENS_DIR
from gardensim.games.queens.scoring import hex_points

if TYPE_CHECKING:
    from gardensim.games.queens.state import QueensState

WEIGHTS_FILE = QUEENS_DIR / "evaluation.toml"


@cache
def load_weights() -> dict[str, float]:
    with WEIGHTS_FILE.open("rb") as fh:
        return {k: float(v) for k, v in tomllib.load(fh).items()}


def seat_value(st: QueensState, p: int, w: dict[str, float]) -> float:
    """Expected final score of seat ``p`` (terms 1-5 of the module docstring)."""
    rules, side, geo = st.rules, st.side, st.geo
    board, areas = st.boards[p], st.areas[p]
    values = rules.values
    value = float(st.scores[p])
    hexes = [h for h in board if h >= 0]
    faceup = sum(1 for a in areas if is_face_up(a))
    for rnd in range(st.round, rules.rounds + 1):
        cats = rules.wheel[side][rnd - 1]
        value += w["wheel"] * sum(hex_points(rules, side, h, c) for h in hexes for c in cats)
        value += rules.pavilion_round_points * faceup
    bonus = rules.size_bonus[side]
    for by_colour in (True, False):
        for members in groups(geo, board, by_colour):
            size = len(members)
            if size >= 2:
                worth = sum(values[h % 6] for h in members)
                value += worth + bonus.get(size, 0) if size >= rules.min_group else (
                    w["pair"] * worth)
    jokers = st.jokers[p]
    tiles = st.tiles[p]
    if p == st.player and st.pending >= 0:
        value -= w["pay_item"] * (values[st.pending % 6] - 1)
    last = st.round == rules.rounds
    for h, n in enumerate(tiles):
        if n:
            v = values[h % 6]
            value += n * (-w["leftover_last"] * v if last else w["tile"] + w["tile_value"] * v)
    value += w["joker"] * jokers + w["expansion"] * len(st.exps[p])
    rewarded = st.rewarded[p]
    reward = st.game.joker_reward
    for cell, kind in features(areas):
        if rewarded >> cell & 1:
            continue
        nbrs = geo.neighbours[cell]
        filled = sum(1 for n in nbrs if board[n] >= 0)
        if filled:
            jok = reward[kind or geo.feature_kind[cell]]
            value += w["structure"] * jok * (filled / 6) ** w["structure_power"]
    return value


def evaluate(st: QueensState, player: int) -> float:
    """The player's lead in expected final score, squashed to [0, 1] (module docstring)."""
    if st.final:
        return st.returns()[player]
    w = load_weights()
    values = [seat_value(st, p, w) for p in range(st.num_players)]
    mine = values[player]
    best_other = max(v for p, v in enumerate(values) if p != player)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / w["scale"]))
