"""The kernel in a sandbox: placement tokens with hands and piles ignored, as the rule tests and
``gardensim gazebo replay`` describe positions (``games/gazebo/rules/replay.py``), so the rulebook
tests run on the engine that plays the studies as well as on the readable one.

Every seat holds two dominoes of every type and the piles are empty: any domino may be placed
(the hand is refilled by hand after each move), nothing is ever drawn, and a turn passes on once
its placements are done, as the readable sandbox has it. A token's faults come in rulings 23's
order: the notation and the board's cells (the shared notation and geometry), then this
position's squares, open slots and absorbs (:func:`placement_fault`, over the kernel's own
``absorb_fault``). The replay object is read off the kernel's position (``summary``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numba import njit

from gardensim.core.errors import ConfigError
from gardensim.games.gazebo.kernel.coverage import COVERAGE
from gardensim.games.gazebo.kernel.layout import (
    END,
    END_REASONS,
    EVN,
    EXTRA,
    LOG,
    NEXT_NOOK,
    NPATIO,
    NPL,
    O_COLOR,
    O_GAZ,
    O_HANDS,
    O_NCOL,
    O_NOOK_OF,
    O_OPEN,
    O_OWNER,
    O_PHOLD,
    O_SIZE,
    O_START,
    O_SUPPLY,
    OVER,
    PHASE,
    PLACE,
    PLAYER,
    WINMASK,
    state_from_deal,
)
from gardensim.games.gazebo.kernel.legality import absorb_fault, gather
from gardensim.games.gazebo.kernel.session import CONTRACT_EVENTS, KernelGame
from gardensim.games.gazebo.rules.board import Board
from gardensim.games.gazebo.rules.dominoes import COLORS, Deal
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.geometry import DECLINE, PATIO_NAMES
from gardensim.games.gazebo.rules.notation import (
    NotationError,
    cell_problem,
    parse_action,
    parse_placement,
)
from gardensim.games.gazebo.rules.replay import ReplayError, tokens
from gardensim.games.gazebo.rules.ruleset import RULES

#: each domino type in every sandbox hand: one more than a turn can place
SANDBOX_HAND = 2
#: absorb faults of ``absorb_fault``, in rulings 23's order
FAULTS = {1: "joins two big nooks", 2: "absorbs a big nook", 3: "absorb tie"}


@njit(cache=True)
def placement_fault(S, T, s: int, x: int, y: int, ids, lone) -> int:
    """The absorb fault (``absorb_fault``'s codes, 0 for none) of colours ``x`` on the first
    cell of open slot ``s`` and ``y`` on its second (``LegalityMixin.placement_problem``):
    a colour laid on both cells is one group, else each cell is its own; of several faults,
    the first of rulings 23's order."""
    a = T[2][s, 0]
    b = T[2][s, 1]
    worst = 0
    for g in range(1 if x == y else 2):
        c1 = a if g == 0 else b
        c2 = b if x == y else -1
        col = x if g == 0 else y
        nids, _ = gather(S, T, c1, c2, a, b, col, ids, lone)
        if nids >= 2:
            fault = absorb_fault(S, ids, nids)
            if fault and (worst == 0 or fault < worst):
                worst = fault
    return worst


class KernelSandbox:
    """A sandbox position of ``game`` in the kernel; tokens are played one by one."""

    def __init__(self, game: GazeboGame) -> None:
        self.game = game
        self.kernel = KernelGame(game)
        n = game.num_players
        hands = [[SANDBOX_HAND] * 6 for _ in range(n)]
        self.S = state_from_deal(game, Deal(hands, (), [()] * n, (), (0,) * 6))
        self.S[LOG] = 1
        self.kernel.begin(self.S)
        self.records: list[dict[str, Any]] = []
        self._ids = np.zeros(8, dtype=np.int64)
        self._lone = np.zeros(8, dtype=np.int64)

    def play(self, index: int, token: str) -> None:
        """Validate and play one token (``replay.play_token``); raises :class:`ReplayError`."""
        S, geo = self.S, self.game.geometry
        if S[PHASE] == OVER:
            raise ReplayError(index, token, "game over")
        text = token.strip().upper()
        if text == "-":
            if S[PHASE] != EXTRA:
                raise ReplayError(index, token, "nothing to decline")
            self._apply(text, DECLINE)
            return
        if text.startswith("DRAW:"):
            try:
                parse_action(geo, text)
            except NotationError as exc:
                raise ReplayError(index, token, exc.reason) from None
            raise ReplayError(index, token, "cannot draw now")
        try:
            a, b, x, y = parse_placement(geo, token)
        except NotationError as exc:
            raise ReplayError(index, token, exc.reason) from None
        if S[PHASE] not in (PLACE, EXTRA):
            raise ReplayError(index, token, "a draw is due")
        reason = cell_problem(geo, a, b)
        if reason is None and (S[S[O_COLOR] + a] >= 0 or S[S[O_COLOR] + b] >= 0):
            reason = "cell occupied"
        slot = geo.slot_of(a, b) if reason is None else -1
        if reason is None and not S[S[O_OPEN] + (slot >> 5)] >> (slot & 31) & 1:
            reason = "not adjacent to terrain"
        if reason is None:
            if geo.slot_cells[slot] != (a, b):
                x, y = y, x
            fault = placement_fault(S, self.kernel.tables, slot, x, y, self._ids, self._lone)
            reason = FAULTS.get(fault)
        if reason is not None:
            raise ReplayError(index, token, reason)
        self._apply(text, slot * 9 + x * 3 + y)

    def _apply(self, token: str, action: int) -> None:
        S = self.S
        player = int(S[PLAYER])
        start = int(S[EVN])
        self.kernel.apply(S, action)
        ev, evc = self.kernel.event_log
        events = [self.kernel.event_dict(row, evc) for row in ev[start:S[EVN]]
                  if row[0] < CONTRACT_EVENTS]
        self.records.append({"move": token, "player": player, "events": events})
        for seat in range(int(S[NPL])):
            S[S[O_HANDS] + 6 * seat:S[O_HANDS] + 6 * seat + 6] = SANDBOX_HAND

    def summary(self) -> dict[str, Any]:
        """The replay object of the contract, read off the kernel's position."""
        S, geo = self.S, self.game.geometry
        labels = geo.labels
        n = int(S[NPL])
        over = S[PHASE] == OVER
        supply = S[S[O_SUPPLY]:S[O_SUPPLY] + n].tolist()
        start = S[S[O_START]:S[O_START] + n].tolist()
        nook_of = S[S[O_NOOK_OF]:S[O_NOOK_OF] + geo.size]
        nooks = []
        for k in range(int(S[NEXT_NOOK])):
            cells = np.flatnonzero(nook_of == k).tolist()
            if cells and S[S[O_SIZE] + k] > 0:
                nooks.append((cells, {"color": COLORS[S[S[O_NCOL] + k]],
                                      "cells": [labels[c] for c in cells],
                                      "owner": int(S[S[O_OWNER] + k]),
                                      "big": bool(S[S[O_GAZ] + k] == 2)}))
        patios = []
        for i, c in enumerate(geo.patios[:int(S[NPATIO])]):
            holder = int(S[S[O_PHOLD] + i])
            patios.append({"cell": labels[c], "kind": PATIO_NAMES[geo.patio_kind[c]],
                           "owner": holder if holder >= 0 else None})
        return {
            "players": n,
            "to_move": None if over else int(S[PLAYER]),
            "over": bool(over),
            "winners": [s for s in range(n) if int(S[WINMASK]) >> s & 1],
            "end_reason": END_REASONS[int(S[END])],
            "supply": supply,
            "on_board": [a - b for a, b in zip(start, supply, strict=True)],
            "nooks": [nook for _, nook in sorted(nooks, key=lambda t: t[0])],
            "patios": patios,
            "moves": list(self.records),
        }


def replay(
    board: str | Board,
    players: int,
    moves: str | Sequence[str],
    *,
    partnership: bool = False,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``moves`` in a kernel sandbox and return the contract's JSON object
    (``replay.replay``'s twin)."""
    opts = dict(options or {})
    if partnership:
        opts["partnership"] = True
    game = GazeboGame(board, players, opts)
    refusal = COVERAGE.option_refusal(RULES, game.options, players)
    if refusal is not None:
        raise ConfigError(f"the kernel's sandbox cannot play this: {refusal}")
    sandbox = KernelSandbox(game)
    for index, token in enumerate(tokens(moves), start=1):
        sandbox.play(index, token)
    return sandbox.summary()
