"""The Gazebo spec's fast engine: plays the generic play loop's games in the kernel.

:func:`fast_player` is what ``GameSpec.fast_engine`` names. Given a game and a line-up it
returns a player with the play loop's signature and result (``sim.play.play_game``: the same
deal seed, the same game row and turn columns) that also plays a batch (``many``,
``sim.play.play_games``), or None when some bot has no kernel version, so the generic runner
never needs to know which game or bots the kernel covers.

Each seat's kernel bot draws from the generator the play loop would give it
(``seeding.bot_rng``), restated in the kernel, with the readable bot's calls: the same master
seed and game index give the same game as the readable engine, whatever the worker count. The
kernel does not time single decisions: ``decision_s`` columns hold the batch's time per turn,
the same for every seat and turn.
"""

from __future__ import annotations

import operator
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyarrow as pa

from gardensim.core import seeding
from gardensim.core.protocol import MAX_SEATS
from gardensim.games.gazebo.kernel import telemetry as ktel
from gardensim.games.gazebo.kernel.facts import game_row
from gardensim.games.gazebo.kernel.session import KernelBot, KernelGame, kernel_bot

#: the kernel of each game object (its board tables are built once per game), and the play
#: function of each line-up met on it
_KERNELS: weakref.WeakKeyDictionary[Any, KernelGame] = weakref.WeakKeyDictionary()
_PLAYERS: weakref.WeakKeyDictionary[Any, dict[tuple[Any, ...], Any]] = (
    weakref.WeakKeyDictionary())
#: the game row's per-seat columns, in the play loop's order
_SEAT_COLUMNS = [(f"bot_{s}", f"win_{s}", f"decision_s_{s}") for s in range(MAX_SEATS)]
_NAN = float("nan")


def kernel_of(game: Any) -> KernelGame:
    kernel = _KERNELS.get(game)
    if kernel is None:
        kernel = _KERNELS[game] = KernelGame(game)
    return kernel


def fast_player(game: Any, bots: Sequence[Any]) -> Callable[..., Any] | None:
    """A kernel play function for ``bots`` on ``game``, or None when one has no kernel
    version (an mcts bot with a clock budget)."""
    known = _PLAYERS.setdefault(game, {})
    # found by the bots' identities first (no key to build); an entry holds its bots, so
    # their ids are not reused by other bots while it stands
    seen = known.get(tuple(map(id, bots)))
    if seen is not None and all(map(operator.is_, seen[0], bots)):
        return seen[1]
    key = tuple(f"{type(bot).__name__}:{getattr(bot, 'spec', id(bot))}" for bot in bots)
    if key not in known:
        known[key] = (tuple(bots), _make_player(game, bots))
    known[tuple(map(id, bots))] = (tuple(bots), known[key][1])
    return known[key][1]


class _Player:
    """Plays games of one line-up in the kernel (``__call__``: one game, the play loop's
    signature), and batches of games of line-ups that all have one (:meth:`many`)."""

    def __init__(self, game: Any, bots: Sequence[Any], kernel_bots: list[KernelBot]) -> None:
        self.game = game
        self.kernel = kernel_of(game)
        self.kernel_bots = kernel_bots
        self.specs = [bot.spec for bot in bots]
        self.bot_names = np.array(self.specs, dtype=object)
        self.notation = ktel.notation(game.geometry)
        self.names = pa.array(self.notation.tolist(), pa.string())

    def __call__(self, master_seed: int, game_index: int, deal: int, telemetry: bool) -> Any:
        return self.many(master_seed, [(game_index, deal, self)], telemetry)[0]

    def many(self, master_seed: int, items: Sequence[tuple[int, int, _Player]],
             telemetry: bool) -> list[Any]:
        """The game records of ``items`` (game index, deal, the player of its line-up),
        played in one kernel call. The batch's time is shared among its turns
        (``decision_s``)."""
        from gardensim.sim.play import GameRecord

        n = len(self.specs)
        lineups: dict[int, int] = {}
        players = []
        for _, _, player in items:
            if id(player) not in lineups:
                lineups[id(player)] = len(players)
                players.append(player)
        seeds = np.array([[seeding.game_seed(master_seed, deal),
                           *(seeding.bot_seed(master_seed, index, s) for s in range(n))]
                          for index, deal, _ in items], dtype=np.int64)
        lineup_of = np.array([lineups[id(player)] for _, _, player in items], dtype=np.int64)
        t0 = time.perf_counter()
        records = self.kernel.play_many(seeds, [p.kernel_bots for p in players], lineup_of,
                                        marks=telemetry)
        turns = sum(int(record.facts[-1]) for record in records)
        per_turn = (time.perf_counter() - t0) / max(turns, 1)
        out = []
        for (index, deal, player), record in zip(items, records, strict=True):
            row = player._row(index, deal, record.seed, record.moves[:, 0],
                              record.facts.tolist(), per_turn)
            out.append(GameRecord(game=row) if not telemetry else GameRecord(
                game=row, turns=ktel.KernelTurns(record, player.names, index, per_turn,
                                                 player.bot_names)))
        return out

    def _row(self, game_index: int, deal: int, seed: int, codes: np.ndarray,
             facts: list[int], per_turn: float) -> dict[str, Any]:
        """The play loop's game row."""
        n = len(self.specs)
        telemetry_row, winners, turn = game_row(facts, n)
        row: dict[str, Any] = {
            "game": game_index,
            "deal": deal,
            "seed": seed,
            "players": n,
            "turns": turn,
            "moves": " ".join(self.notation[codes].tolist()),
        }
        share = 1 / len(winners) if winners else 0.0
        for s, (bot, win, decision) in enumerate(_SEAT_COLUMNS):
            if s < n:
                row[bot] = self.specs[s]
                row[win] = share if s in winners else 0.0
                row[decision] = per_turn
            else:
                row[bot] = None
                row[win] = row[decision] = _NAN
        row["winners"] = ",".join(map(str, winners))
        row.update(telemetry_row)
        return row


def _make_player(game: Any, bots: Sequence[Any]) -> _Player | None:
    kernel_bots = [kernel_bot(bot, game) for bot in bots]
    if any(b is None for b in kernel_bots):
        return None
    return _Player(game, bots, kernel_bots)  # type: ignore[arg-type]
