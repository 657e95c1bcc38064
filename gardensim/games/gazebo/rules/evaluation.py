"""The position heuristic greedy and MCTS bots call after every candidate move.

Cheap by design (one pass over the nooks, a look at the player's own patios and small nooks) and
honest: it reads only the board, supplies, pile sizes, public hand splits and the player's own
hand, so it gives the same value on any determinization of the player's view. The default
weights live in ``data/evaluation.toml``; each game reads them once and its states carry
them (``state.weights``), and a bot's ``weights`` parameter replaces them on its own
determinized copies (:meth:`EvaluationMixin.use_weights`), so two weight sets can meet in one
game with no module state to swap.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.files import read_text
from gardensim.games.gazebo.rules.board import GAZEBO_DIR
from gardensim.games.gazebo.rules.fields import BIG, HELD, SMALL, THREAT, StateFields
from gardensim.games.gazebo.rules.rulings import OVER

WEIGHTS_FILE = GAZEBO_DIR / "evaluation.toml"
TERMS = ("progress", "patios", "big_nooks", "small_nooks", "exposed", "threatened", "singles")


def weights(path: Path = WEIGHTS_FILE) -> dict[str, float]:
    """Evaluation weights from a TOML file of ``term = number`` lines (every term present):
    read afresh at each call, so a game made after an edit sees it."""
    data = tomllib.loads(read_text(path, "weights file"))
    missing = [t for t in TERMS if t not in data]
    if missing:
        raise ConfigError(f"{path}: evaluation weight {missing[0]!r} missing")
    return {t: float(data[t]) for t in TERMS}


def weight_tuple(values: Mapping[str, float], base: Sequence[float]) -> tuple[float, ...]:
    """The weights ``base`` (in ``TERMS`` order) with the terms of ``values`` replaced, in
    ``TERMS`` order (what :meth:`EvaluationMixin.score_parts` unpacks); an unknown term is a
    :class:`ConfigError` naming the valid ones."""
    unknown = [t for t in values if t not in TERMS]
    if unknown:
        raise ConfigError(
            f"Gazebo evaluation has no weight {unknown[0]!r}; valid: {', '.join(TERMS)}"
        )
    return tuple(float(values.get(t, w)) for t, w in zip(TERMS, base, strict=True))


def count_exposed(mine: Any, rivals: Any, free: int) -> int:
    """How many of the small nooks ``mine`` (colour, size, halo) a larger nook of ``rivals``
    (per colour: size, halo) touches through a cell of ``free``."""
    exposed = 0
    for col, size, halo in mine:
        reach = halo & free
        for rival_size, rival_halo in rivals[col]:
            if rival_size > size and reach & rival_halo:
                exposed += 1
                break
    return exposed


def logistic(weights: Sequence[float], partial: float, exposed: int, threatened: int) -> float:
    """The evaluation from :meth:`EvaluationMixin.score_parts`: the logistic of the weighted sum."""
    _, _, _, _, w_exposed, w_threat, _ = weights
    return 1.0 / (1.0 + math.exp(-(partial + w_exposed * exposed + w_threat * threatened)))


class EvaluationMixin(StateFields):
    """``evaluate`` for :class:`GazeboState`."""

    __slots__ = ()

    def use_weights(self, values: Mapping[str, float]) -> None:
        """Evaluate with ``values`` (term -> weight; terms left out keep their current weight)
        from now on, in this state and its clones (the protocol's hook for bot parameters)."""
        self.weights = weight_tuple(values, self.weights)

    def sides(self) -> list[tuple[int, ...]]:
        """Seats that win together: partnerships {0,3} and {1,2} (rulings 15), else one each."""
        if self.partnership:
            return [(0, 3), (1, 2)]
        return [(s,) for s in range(self.n)]

    def evaluate(self, player: int) -> float:
        """Heuristic value in [0, 1] of the position for ``player``; the logistic of a weighted
        sum of these terms, each "mine minus the best (or mean) opponent side":

        - ``progress``: share of the side's starting gazebos now on the board; the game is a
          race to place them all (rulebook "Game End"), so this dominates.
        - ``patios``: patios held (each holds 1-2 gazebos and can be stolen, rulings 9).
        - ``big_nooks``: big nooks are safe forever (rulings 6) and count 2 at patios.
        - ``small_nooks``: small nooks hold a gazebo but can be absorbed.
        - ``exposed``: the player's small nooks that a same-coloured, larger rival nook could
          absorb through one free cell touching both (bitboard halos) - approximates "nooks the
          next player can absorb" without generating their moves.
        - ``threatened``: patios the player holds where an opponent's count equals theirs, so
          one more gazebo steals them (rulings 9).
        - ``singles``: single-coloured dominoes in hand and private pile (publicly known under
          Gazebo drawing; Qin: own hand only), which make and grow nooks at will.

        A finished game scores 1 for a sole (or partnership) win, 0.5 for a shared win, 0 else.
        """
        if self.phase == OVER:
            winners = set(self.winners)
            if player not in winners:
                return 0.0
            side = next(side for side in self.sides() if player in side)
            return 1.0 if winners <= set(side) else 0.5
        partial, exposed, threatened = self.score_parts(player)
        return logistic(self.weights, partial, exposed, threatened)

    def score_parts(self, player: int) -> tuple[float, int, int]:
        """The evaluation of a live position as (the weighted sum of every term but ``exposed``
        and ``threatened``, the ``exposed`` count, the ``threatened`` count); :func:`logistic`
        adds the last two in the order :meth:`evaluate` always has, so the kernel, which knows
        how ``exposed`` alone differs between the placements of one key, forms the very same
        float (``kernel/lookahead.py``)."""
        w_progress, w_patios, w_big, w_small, _, _, w_singles = self.weights
        n = self.n
        partnership = self.partnership
        standing = self.standing
        held = standing[HELD : HELD + n]
        big = standing[BIG : BIG + n]
        small = standing[SMALL : SMALL + n]
        threatened = standing[THREAT + player]
        exposed = 0
        if small[player]:
            exposed = self._exposed(player, 3 - player if partnership else player)
        singles = self._singles_known(player)
        start = self.start_gazebos
        supply = self.supply
        placed = [(start[s] - supply[s]) / start[s] for s in range(n)]
        if partnership:
            # a side is two seats: fold the partner's figures into each seat's
            left = [start[s] - supply[s] for s in range(4)]
            total = [start[s] for s in range(4)]
            for arr in (held, big, small, singles, left, total):
                arr[0] = arr[3] = arr[0] + arr[3]
                arr[1] = arr[2] = arr[1] + arr[2]
            placed = [left[s] / total[s] for s in range(4)]
            rivals: tuple[int, ...] = (1,) if player in (0, 3) else (0,)
        else:
            rivals = tuple(s for s in range(n) if s != player)
        r = rivals[0]
        rival_placed, rival_held, rival_big, rival_small = placed[r], held[r], big[r], small[r]
        rival_singles = singles[r]
        for r in rivals[1:]:
            rival_placed = max(rival_placed, placed[r])
            rival_held = max(rival_held, held[r])
            rival_big = max(rival_big, big[r])
            rival_small = max(rival_small, small[r])
            rival_singles += singles[r]
        partial = (
            w_progress * (placed[player] - rival_placed)
            + w_patios * (held[player] - rival_held)
            + w_big * (big[player] - rival_big)
            + w_small * (small[player] - rival_small)
            + w_singles * (singles[player] - rival_singles / len(rivals))
        )
        return partial, exposed, threatened

    def _exposed(self, player: int, partner: int) -> int:
        """Small nooks of ``player`` that a larger rival nook of their colour touches through
        one free cell (bitboard halos), so one domino could absorb them (rulings 6)."""
        mine, rivals = self._small_and_rivals(player, partner)
        return count_exposed(mine, rivals, self.freemask)

    def _small_and_rivals(
        self, player: int, partner: int
    ) -> tuple[list[tuple[int, int, int]], tuple[list, list, list]]:
        """``player``'s small nooks as (colour, size, halo), and per colour the (size, halo) of
        the rival nooks of 3 squares or more, which are the only ones that could absorb them."""
        mine = []
        rivals: tuple[list, list, list] = ([], [], [])
        for nook in self.nooks.values():
            size = len(nook.cells)
            owner = nook.owner
            if owner == player:
                if size < self.big_nook:
                    mine.append((nook.colour, size, nook.halo))
            elif owner != partner and size >= 3:
                rivals[nook.colour].append((size, nook.halo))
        return mine, rivals

    def _singles_known(self, player: int) -> list[int]:
        n = self.n
        hands = self.hands
        if self.qin:
            out = [0] * n
            h = hands[player]
            out[player] = h[0] + h[1] + h[2]
            return out
        pptr = self.pptr
        private = self.private
        return [
            hands[s][0] + hands[s][1] + hands[s][2] + len(private[s]) - pptr[s] for s in range(n)
        ]
