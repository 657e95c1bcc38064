"""The Gazebo spec's fast engine: plays a game of the generic play loop in the kernel.

:func:`fast_player` is what ``GameSpec.fast_engine`` names. Given a game and a line-up it
returns a function with the play loop's signature and result (``sim.play.play_game``: the same
deal seed, the same game row and turn columns), or None when some bot has no kernel version, so
the generic runner never needs to know which game or bots the kernel covers.

Each seat's kernel bot draws from the generator the play loop would give it
(``seeding.bot_rng``), restated in the kernel, with the readable bot's calls: the same master
seed and game index give the same game as the readable engine, whatever the worker count. The
kernel does not time single decisions: ``decision_s`` columns hold the game's time per turn,
the same for every seat and turn.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyarrow as pa

from gardensim.core import seeding
from gardensim.core.protocol import MAX_SEATS
from gardensim.games.gazebo.kernel import telemetry as ktel
from gardensim.games.gazebo.kernel.session import KernelGame, kernel_bot

#: the kernel of each game object (its board tables are built once per game), and the play
#: function of each line-up met on it
_KERNELS: weakref.WeakKeyDictionary[Any, KernelGame] = weakref.WeakKeyDictionary()
_PLAYERS: weakref.WeakKeyDictionary[Any, dict[tuple[str, ...], Any]] = (
    weakref.WeakKeyDictionary())
ENGINE_NAME = "gazebo-kernel"
#: the game row's per-seat columns, in the play loop's order
_SEAT_COLUMNS = [(f"bot_{s}", f"win_{s}", f"decision_s_{s}") for s in range(MAX_SEATS)]


def kernel_of(game: Any) -> KernelGame:
    kernel = _KERNELS.get(game)
    if kernel is None:
        kernel = _KERNELS[game] = KernelGame(game)
    return kernel


def fast_player(game: Any, bots: Sequence[Any]) -> Callable[..., Any] | None:
    """A kernel play function for ``bots`` on ``game``, or None when one has no kernel
    version (an mcts bot with a clock budget)."""
    known = _PLAYERS.setdefault(game, {})
    key = tuple(f"{type(bot).__name__}:{getattr(bot, 'spec', id(bot))}" for bot in bots)
    if key not in known:
        known[key] = _make_player(game, bots)
    return known[key]


def _make_player(game: Any, bots: Sequence[Any]) -> Callable[..., Any] | None:
    kernel_bots = [kernel_bot(bot, game) for bot in bots]
    if any(b is None for b in kernel_bots):
        return None
    kernel = kernel_of(game)
    specs = [bot.spec for bot in bots]
    bot_names = np.array(specs, dtype=object)
    notation = ktel.notation(game.geometry)
    names = pa.array(notation.tolist(), pa.string())
    n = game.num_players
    seats = range(n)
    nan = float("nan")

    def play(master_seed: int, game_index: int, deal: int, telemetry: bool) -> Any:
        from gardensim.sim.play import GameRecord

        seed = seeding.game_seed(master_seed, deal)
        streams = [seeding.derive_seed(master_seed, seeding.BOT, game_index, s) for s in seats]
        t0 = time.perf_counter()
        record = kernel.play(seed, kernel_bots, streams=streams, marks=telemetry,
                             keep=telemetry)
        spent = time.perf_counter() - t0
        moved = notation[record.moves[:, 0]].tolist()
        telemetry_row, winners, turn = ktel.game_row(record)
        per_turn = spent / max(turn, 1)
        row: dict[str, Any] = {
            "game": game_index,
            "deal": deal,
            "seed": seed,
            "players": n,
            "turns": turn,
            "moves": " ".join(moved),
        }
        share = 1 / len(winners) if winners else 0.0
        for s, (bot, win, decision) in enumerate(_SEAT_COLUMNS):
            if s < n:
                row[bot] = specs[s]
                row[win] = share if s in winners else 0.0
                row[decision] = per_turn
            else:
                row[bot] = None
                row[win] = row[decision] = nan
        row["winners"] = ",".join(map(str, winners))
        row.update(telemetry_row)
        if not telemetry:
            return GameRecord(game=row)
        return GameRecord(game=row,
                          turns=ktel.KernelTurns(record, names, game_index, per_turn, bot_names))

    return play
