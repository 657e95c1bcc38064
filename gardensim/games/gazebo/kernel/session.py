"""The kernel seen from Python: one rules configuration, its tables, dealing and playing games,
and the kernel's event log read back in the contract's form.

:class:`KernelGame` wraps a :class:`~gardensim.games.gazebo.rules.game.GazeboGame` (which validated
the options and built the geometry) so both engines play exactly one configuration, and
:func:`kernel_bot` says whether a bot of the readable engine has a kernel version.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from gardensim.core import seeding
from gardensim.games.gazebo.kernel import engine, evaluate, facts, handles, mcts, play
from gardensim.games.gazebo.kernel.deal import deal_into
from gardensim.games.gazebo.kernel.layout import (
    ECN,
    END,
    END_REASONS,
    EV_ABSORB,
    EV_BIG,
    EV_CREATE,
    EV_EXPAND,
    EV_STEAL,
    EV_WIN,
    EVENT_NAMES,
    EVN,
    LAST,
    LOG,
    NPL,
    O_START,
    O_SUPPLY,
    TURN,
    WINMASK,
    board_tables,
    new_state,
)
from gardensim.games.gazebo.rules.evaluation import weight_tuple
from gardensim.kernels import pyrandom

#: contract events (the ledger and draws are telemetry's)
CONTRACT_EVENTS = 10
EVENT_ROWS = 1 << 13
EVENT_CELLS = 1 << 17
#: the move log of a batch (a game is begun only with ``play.MAX_GAME_MOVES`` rows left)
MOVE_ROWS = 1 << 16
TURN_ROWS = 1 << 12
BATCH_EVENT_ROWS = 1 << 18


@dataclass(frozen=True)
class KernelBot:
    """A bot the kernel can play: its kind (``play.RANDOM``/``GREEDY``/``MCTS``) and
    parameters (``mcts``: the search's row of ``mcts.P_*`` columns)."""

    kind: int
    epsilon: float
    samples: int
    weights: tuple[float, ...]
    mcts: tuple[float, ...] = (0.0,) * mcts.N_PARAMS


def kernel_bot(bot: Any, game: Any) -> KernelBot | None:
    """The kernel version of ``bot`` for ``game``, or None when the kernel has none (an
    mcts bot with a ``seconds`` budget: its choices depend on the clock)."""
    name = getattr(bot, "name", None)
    if name == "random":
        return KernelBot(play.RANDOM, 0.0, 1, tuple(game.weights))
    params = getattr(bot, "params", {})
    weights = weight_tuple(getattr(bot, "weights", {}) or {}, game.weights)
    if name == "greedy":
        return KernelBot(play.GREEDY, float(params["epsilon"]), int(params["samples"]), weights)
    if name == "mcts" and params["seconds"] <= 0:
        from gardensim.bots.mcts import AUTO, horizon_turns

        depth = params["depth"]
        row = [0.0] * mcts.N_PARAMS
        row[mcts.P_ITERS] = params["iters"]
        row[mcts.P_C] = params["c"]
        row[mcts.P_ROLLOUT] = mcts.ROLLOUTS.index(params["rollout"])
        row[mcts.P_EPSILON] = params["epsilon"]
        row[mcts.P_DEPTH] = horizon_turns(game.num_players) if depth == AUTO else depth
        row[mcts.P_EXPAND] = mcts.EXPANSIONS.index(params["expand"])
        row[mcts.P_WIDEN] = params["widen"]
        return KernelBot(play.MCTS, 0.0, 1, weights, tuple(float(v) for v in row))
    return None


def lineup_arrays(lineups: list[list[KernelBot]]) -> tuple[Any, ...]:
    """The play loop's arrays of ``lineups``, a row per line-up and a column per seat:
    kinds, greedy's epsilon and samples, weights, and mcts's parameter rows."""
    def column(field: str, dtype: Any) -> np.ndarray:
        return np.array([[getattr(bot, field) for bot in bots] for bots in lineups], dtype=dtype)

    return (column("kind", np.int64), column("epsilon", np.float64), column("samples", np.int64),
            column("weights", np.float64), column("mcts", np.float64))


@dataclass
class KernelRecord:
    """One game played by the kernel: its moves, event log and final position; a game of a
    batch is game ``index`` of its logs (``batch``), whose arrays its own are views of."""

    seed: int
    moves: np.ndarray  # (n, 2): action code, event-log length before it
    events: np.ndarray  # (m, 6) rows of layout.EV_COLS
    cells: np.ndarray  # the cells of nook events
    state: np.ndarray
    turns: np.ndarray  # (turns + 1, play.TURN_COLS) marks; empty without the event log
    facts: np.ndarray  # the game row's numbers (``facts.game_facts``)
    batch: BatchLogs | None = None
    index: int = 0

    @property
    def actions(self) -> list[int]:
        return self.moves[:, 0].tolist()


@dataclass
class BatchLogs:
    """The logs of a batch of games end to end (``moves``, ``turns``, ``events`` as in
    :class:`KernelRecord`), game ``g``'s rows from ``bounds[g]`` to ``bounds[g + 1]`` of
    each (the three columns of ``bounds``): a batch's telemetry reads them whole instead of
    joining its games' views again."""

    moves: np.ndarray
    turns: np.ndarray
    events: np.ndarray
    bounds: np.ndarray  # (games + 1, 3): moves, turns, events


class KernelGame:
    """Compiled play of one Gazebo configuration (``game``: a ``GazeboGame``)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.tables = board_tables(game.geometry)
        self.labels = game.geometry.labels
        self.n_actions = engine.max_actions(game.geometry.size)
        self._ev = np.zeros((EVENT_ROWS, 6), dtype=np.int32)
        self._evc = np.zeros(EVENT_CELLS, dtype=np.int32)
        self._moves = np.zeros((MOVE_ROWS, 2), dtype=np.int64)
        self._turns = np.zeros((TURN_ROWS, play.TURN_COLS), dtype=np.int64)
        self._template = new_state(game, 0)
        self._S = np.empty_like(self._template)
        self._private_singles = int(game.options["private_singles"])
        self._rng = pyrandom.new_state()
        self._lineup_bots: list[KernelBot] = []
        self._lineup_table: tuple[Any, ...] = ()
        self._ends = self._turn_ends = self._event_ends = np.empty(0, dtype=np.int64)
        self._facts = facts.new_facts(0)
        self._events = np.zeros((EVENT_ROWS, 6), dtype=np.int32)
        self._batch_turns = self._turns
        self._batch_events = self._events
        self._bot_handles: dict[tuple[bool, bool], tuple[handles.Calls, Any, Any]] = {}

    @property
    def event_log(self) -> tuple[np.ndarray, np.ndarray]:
        """The event rows and their cells that :meth:`begin` and :meth:`apply` write, for the
        compiled functions a caller applies to one position."""
        return self._ev, self._evc

    @functools.cached_property
    def calls(self) -> handles.Calls:
        """The handles greedy and the search reach the rules and the evaluation through
        (``handles``); compiled on first use."""
        return handles.calls(self._template, self.tables, self._ev, self._evc, self.n_actions)

    def bot_handles(self, kinds: np.ndarray) -> tuple[handles.Calls, Any, Any]:
        """The rules, greedy's choice and the search as handles (``handles.calls``,
        ``handles.greedy``, ``handles.search``) for a line-up of ``kinds``, a stub for what
        it never calls (the evaluation with random seats only, a kind of bot it lacks) so
        that it compiles only what it plays; made on first use and kept."""
        key = (bool((kinds == play.GREEDY).any()), bool((kinds == play.MCTS).any()))
        if key not in self._bot_handles:
            calls = self.calls if any(key) else handles.calls(
                self._template, self.tables, self._ev, self._evc, self.n_actions, bots=False)
            args = (self._template, self.tables, self._ev, self._evc, calls, self.n_actions)
            self._bot_handles[key] = (
                calls,
                handles.greedy(*args, play.greedy_choice if key[0] else handles.no_greedy),
                handles.search(*args, mcts.choose if key[1] else handles.no_search))
        return self._bot_handles[key]

    def deal(self, seed: int, log: bool = True) -> np.ndarray:
        """The position dealt by ``seed``: the readable engine's deal, made in the kernel."""
        S = np.empty_like(self._template)
        deal_into(S, self._template, seed, self._private_singles, self._rng)
        S[LOG] = int(log)
        return S

    def begin(self, S: np.ndarray) -> None:
        engine.begin(S, self.tables, self._ev)

    def legal_actions(self, S: np.ndarray) -> list[int]:
        out = np.empty(self.n_actions, dtype=np.int64)
        k = engine.legal_actions(S, self.tables, out)
        return out[:k].tolist()

    def apply(self, S: np.ndarray, action: int) -> None:
        engine.apply_action(S, self.tables, self._ev, self._evc, action)

    def action_values(self, S: np.ndarray, player: int, actions: list[int],
                      weights: tuple[float, ...] | None = None) -> list[float]:
        """The compiled ``GameState.action_values`` on the position ``S`` itself."""
        acts = np.array(actions, dtype=np.int64)
        out = np.empty(len(actions), dtype=np.float64)
        W = np.array(self.game.weights if weights is None else weights, dtype=np.float64)
        evaluate.action_values(S, self.tables, self._ev, self._evc, player, acts, len(acts), W,
                               np.empty_like(S), out, self.calls.apply)
        return out.tolist()

    def play(self, seed: int, bots: list[KernelBot], log: bool = True,
             streams: list[int] | None = None, marks: bool = True) -> KernelRecord:
        """Play the game dealt by ``seed`` with ``bots`` (one per seat) in the kernel; seat
        ``s`` draws from ``random.Random(streams[s])`` (default: the play loop's seeding
        with ``seed`` as master seed and game 0, ``seeding.bot_rng(seed, 0, s)``). ``log``
        keeps the event log (needed for events), ``marks`` the turn marks (turn telemetry)."""
        n = self.game.num_players
        if len(bots) != n:
            raise ValueError(f"{len(bots)} bots for {n} seats")
        if streams is None:
            streams = [seeding.bot_seed(seed, 0, s) for s in range(n)]
        S = np.empty_like(self._template)
        seeds = np.array([[seed, *streams]], dtype=np.int64)
        self._play(S, seeds, self._lineup(bots), np.zeros(1, dtype=np.int64), log, marks,
                   self._turns, self._events)
        k = int(self._ends[0])
        m = int(S[EVN]) if log else 0
        c = int(S[ECN]) if log else 0
        record = KernelRecord(seed, self._moves[:k], self._ev[:m], self._evc[:c], S,
                              self._turns[:self._turn_ends[0]] if log and marks
                              else self._turns[:0], self._facts[0])
        for name in ("moves", "events", "cells", "turns", "facts"):
            setattr(record, name, getattr(record, name).copy())
        return record

    def play_many(self, seeds: np.ndarray, lineups: list[list[KernelBot]],
                  lineup_of: np.ndarray, marks: bool = False) -> list[KernelRecord]:
        """Play a batch: game ``g`` dealt by ``seeds[g, 0]``, seat ``s`` drawing from
        ``random.Random(seeds[g, 1 + s])``, with line-up ``lineups[lineup_of[g]]``. Each
        game's record holds its moves, facts and, with ``marks``, its event log (no cells)
        and turn marks, all views of arrays of the batch; its position is the batch's last
        (a game of the same configuration). Without ``marks`` the games keep no event log."""
        table = lineup_arrays(lineups)
        if marks and len(self._batch_turns) < MOVE_ROWS:
            self._batch_turns = np.empty((MOVE_ROWS, play.TURN_COLS), dtype=np.int64)
            self._batch_events = np.empty((BATCH_EVENT_ROWS, 6), dtype=np.int32)
        S = self._S
        records: list[KernelRecord] = []
        done = 0
        while done < len(seeds):
            played = self._play(S, seeds[done:], table, lineup_of[done:], marks, marks,
                                self._batch_turns, self._batch_events)
            if played == 0:
                raise RuntimeError("the kernel's logs have no room for one game")
            ends = np.zeros((played + 1, 3), dtype=np.int64)
            ends[1:, 0] = self._ends[:played]
            if marks:
                ends[1:, 1] = self._turn_ends[:played]
                ends[1:, 2] = self._event_ends[:played]
            logs = BatchLogs(self._moves[:ends[-1, 0]].copy(),
                             self._batch_turns[:ends[-1, 1]].copy(),
                             self._batch_events[:ends[-1, 2]].copy(), ends)
            rows = self._facts[:played].copy()
            final = S.copy()
            no_cells = self._evc[:0]
            bounds = ends.tolist()
            records += [
                KernelRecord(int(seeds[done + g, 0]), logs.moves[b[0]:e[0]],
                             logs.events[b[2]:e[2]], no_cells, final, logs.turns[b[1]:e[1]],
                             rows[g], logs, g)
                for g, (b, e) in enumerate(itertools.pairwise(bounds))]
            done += played
        return records

    def _play(self, S: np.ndarray, seeds: np.ndarray, table: tuple[Any, ...],
              lineup_of: np.ndarray, log: bool, marks: bool, turns: np.ndarray,
              events: np.ndarray) -> int:
        if len(self._ends) < len(seeds):
            self._ends = np.empty(len(seeds), dtype=np.int64)
            self._turn_ends = np.empty(len(seeds), dtype=np.int64)
            self._event_ends = np.empty(len(seeds), dtype=np.int64)
            self._facts = facts.new_facts(len(seeds))
        kinds, eps, samples, W, P = table
        calls, greedy, search = self.bot_handles(kinds)
        return int(play.play_games(S, self._template, self._private_singles, log, self.tables,
                                   self._ev, self._evc, lineup_of, kinds, eps, samples, W,
                                   seeds, self._moves, self._ends, self._facts, marks, turns,
                                   self._turn_ends, events, self._event_ends, P, calls, greedy,
                                   search))

    def _lineup(self, bots: list[KernelBot]) -> tuple[Any, ...]:
        """``lineup_arrays`` of one line-up, built again only when it changes (a study plays
        thousands of games with one)."""
        if self._lineup_bots != list(bots):
            self._lineup_bots = list(bots)
            self._lineup_table = lineup_arrays([bots])
        return self._lineup_table

    # ----- reading the kernel back -------------------------------------------------------
    def event_dict(self, row: np.ndarray, cells: np.ndarray) -> dict[str, Any]:
        """The contract form of one kernel event row (``ObservationMixin.event_dict``)."""
        code, player, cell, extra, start, count = (int(v) for v in row)
        kind = EVENT_NAMES[code]
        labels = self.labels
        if code in (EV_CREATE, EV_EXPAND, EV_BIG, EV_ABSORB):
            out: dict[str, Any] = {"type": kind, "player": player,
                                   "cells": [labels[c] for c in cells[start:start + count]]}
            if code == EV_ABSORB:
                out["from"] = [s for s in range(4) if extra >> s & 1]
            return out
        if code == EV_STEAL:
            return {"type": kind, "player": player, "cell": labels[cell], "from": extra}
        if code == EV_WIN:
            return {"type": kind, "player": None if player < 0 else player,
                    "winners": [s for s in range(4) if extra >> s & 1],
                    "reason": END_REASONS[cell]}
        return {"type": kind, "player": player, "cell": labels[cell]}

    def move_events(self, record: KernelRecord) -> list[list[dict[str, Any]]]:
        """Per move of ``record``, its contract events in resolution order."""
        bounds = record.moves[:, 1].tolist() + [len(record.events)]
        out = []
        for i in range(len(record.moves)):
            rows = record.events[bounds[i]:bounds[i + 1]]
            out.append([self.event_dict(r, record.cells) for r in rows
                        if r[0] < CONTRACT_EVENTS])
        return out

    def outcome(self, S: np.ndarray) -> dict[str, Any]:
        """Winners, end reason, last player, supplies and turn of a finished position."""
        n = int(S[NPL])
        supply = S[S[O_SUPPLY]:S[O_SUPPLY] + n].tolist()
        start = S[S[O_START]:S[O_START] + n].tolist()
        return {
            "winners": [s for s in range(n) if int(S[WINMASK]) >> s & 1],
            "end_reason": END_REASONS[int(S[END])],
            "last_player": None if S[LAST] < 0 else int(S[LAST]),
            "supply": supply,
            "on_board": [a - b for a, b in zip(start, supply, strict=True)],
            "turn": int(S[TURN]),
        }
