"""The Queen's Garden spec's fast engine (``GameSpec.fast_engine``): plays the generic play
loop's games in the kernel, with its signature and result (``sim.play.play_game``: the same
deal seed, the same game row and turn columns), one game or a batch (``many``).

The game row and turn columns are the readable engine's (``queens.telemetry``), written
from the kernel's logs: a move's name is the readable notation's (remembered per code), and
the numbers are those ``telemetry.mark`` and ``turn_row`` read. The kernel does not time
single decisions: ``decision_s`` holds the batch's time per turn.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gardensim.core import seeding
from gardensim.core.protocol import MAX_SEATS
from gardensim.games.queens import notation as nt
from gardensim.games.queens.geometry import CELLS, area_cell
from gardensim.games.queens.kernel import play
from gardensim.games.queens.kernel.layout import NLEDGER
from gardensim.games.queens.kernel.session import KernelBot, KernelGame, kernel_bot
from gardensim.games.queens.telemetry import _LEDGER_OF, SEAT_FIELDS, TURN_COLUMNS

_KERNELS: weakref.WeakKeyDictionary[Any, KernelGame] = weakref.WeakKeyDictionary()
_NAN = float("nan")
_NAMES: weakref.WeakKeyDictionary[Any, dict[int, str]] = weakref.WeakKeyDictionary()


def kernel_of(game: Any) -> KernelGame:
    kernel = _KERNELS.get(game)
    if kernel is None:
        kernel = _KERNELS[game] = KernelGame(game)
    return kernel


def fast_player(game: Any, bots: Sequence[Any]) -> Callable[..., Any] | None:
    """A kernel play function for ``bots`` on ``game``, or None when one has no kernel
    version."""
    kernel_bots = [kernel_bot(bot) for bot in bots]
    if any(b is None for b in kernel_bots):
        return None
    return _Player(game, bots, kernel_bots)  # type: ignore[arg-type]


class _Player:
    """Plays games of one line-up in the kernel: ``__call__`` one game (the play loop's
    signature), :meth:`many` a batch of line-ups that all have a player."""

    def __init__(self, game: Any, bots: Sequence[Any], kernel_bots: list[KernelBot]) -> None:
        self.game = game
        self.kernel = kernel_of(game)
        self.kernel_bots = kernel_bots
        self.specs = [bot.spec for bot in bots]
        names = _NAMES.get(game)
        if names is None:
            names = _NAMES[game] = {}
        self.names = names

    def __call__(self, master_seed: int, game_index: int, deal: int, telemetry: bool) -> Any:
        return self.many(master_seed, [(game_index, deal, self)], telemetry)[0]

    def name(self, action: int) -> str:
        text = self.names.get(action)
        if text is None:
            game = self.game
            text = self.names[action] = nt.action_to_string(action, game.rules, game.geo)
        return text

    def many(self, master_seed: int, items: Sequence[tuple[int, int, _Player]],
             telemetry: bool) -> list[Any]:
        """The game records of ``items`` (game index, deal, the player of its line-up),
        played in one kernel call."""
        from gardensim.sim.play import GameRecord

        n = len(self.specs)
        seeds = [seeding.game_seed(master_seed, deal) for _, deal, _ in items]
        bot_seeds = np.array([[seeding.bot_seed(master_seed, index, s) for s in range(n)]
                              for index, _, _ in items], dtype=np.int64)
        t0 = time.perf_counter()
        logs = self.kernel.play_many(seeds, bot_seeds, [p.kernel_bots for _, _, p in items],
                                     telemetry)
        turns = sum(int(log.facts[play.F_TURNS]) for log in logs)
        per_turn = (time.perf_counter() - t0) / max(turns, 1)
        out = []
        for (index, deal, player), seed, log in zip(items, seeds, logs, strict=True):
            names = [player.name(a) for a in log.actions.tolist()]
            row = player.game_row(index, deal, seed, names, log.facts, per_turn)
            if telemetry:
                out.append(GameRecord(game=row, turns=player.turn_columns(
                    index, log, names, per_turn)))
            else:
                out.append(GameRecord(game=row))
        return out

    def game_row(self, index: int, deal: int, seed: int, names: list[str], facts: np.ndarray,
                 per_turn: float) -> dict[str, Any]:
        """The play loop's game row, then ``telemetry.game_row``'s columns."""
        n = len(self.specs)
        f = facts.tolist()
        scores = f[play.F_SCORES:play.F_SCORES + n]
        best = max(scores)
        winners = [s for s in range(n) if scores[s] == best]
        turn = f[play.F_TURN]
        row: dict[str, Any] = {
            "game": index, "deal": deal, "seed": seed, "players": n,
            "turns": turn + (turn == f[play.F_LAST]), "moves": " ".join(names),
        }
        for s in range(MAX_SEATS):
            present = s < n
            row[f"bot_{s}"] = self.specs[s] if present else None
            row[f"win_{s}"] = (1 / len(winners) if s in winners else 0.0) if present else _NAN
            row[f"decision_s_{s}"] = per_turn if present else _NAN
        row["winners"] = ",".join(map(str, winners))
        final = bool(f[play.F_FINAL])
        row.update({"end_reason": "rounds" if final else None, "rounds": f[play.F_ROUND],
                    "first_player": f[play.F_FIRST]})
        ledger = play.F_LEDGER
        for s in range(MAX_SEATS):
            present = s < n and final
            for field in SEAT_FIELDS:
                if not present:
                    row[f"{field}_{s}"] = None
                elif field == "score":
                    row[f"{field}_{s}"] = scores[s]
                else:
                    row[f"{field}_{s}"] = f[ledger + s * NLEDGER + _LEDGER_OF[field]]
        return row

    def turn_columns(self, index: int, log: Any, names: list[str],
                     per_turn: float) -> dict[str, list[Any]]:
        """The play loop's turn columns, then ``telemetry.turn_row``'s, turn by turn."""
        rules = self.game.rules
        geo = self.game.geo
        actions = log.actions.tolist()
        rows = log.turns.tolist()
        cols: dict[str, list[Any]] = {
            "game": [index] * len(rows),
            "turn": [r[play.T_TURN] for r in rows],
            "seat": [r[play.T_SEAT] for r in rows],
            "bot": [self.specs[r[play.T_SEAT]] for r in rows],
            "decision_s": [per_turn] * len(rows),
        }
        own: dict[str, list[Any]] = {c: [] for c in TURN_COLUMNS}
        for r in rows:
            start, end = r[play.T_START], r[play.T_END]
            first = actions[start]
            kind = nt.kind_of(first)
            row = dict.fromkeys(TURN_COLUMNS)
            gained = r[play.T_GAINED1] - r[play.T_GAINED0]
            row.update(move=" ".join(names[start:end]), kind=kind, round=r[play.T_ROUND],
                       legal_moves=r[play.T_LEGAL],
                       points_paid=r[play.T_LOST1] - r[play.T_LOST0], jokers_gained=gained,
                       storage_tiles=r[play.T_TILES1], storage_jokers=r[play.T_JOKERS1],
                       storage_expansions=r[play.T_EXPS1], score=r[play.T_SCORE])
            if kind == "take":
                attr = (first - nt.ACQ_BASE) >> 24
                row.update(attribute=rules.letters[attr] if attr < 6 else
                           str(rules.values[attr - 6]),
                           tiles_taken=r[play.T_TILES1] - r[play.T_TILES0],
                           expansions_taken=r[play.T_EXPS1] - r[play.T_EXPS0])
            elif kind in ("place", "expansion"):
                if kind == "place":
                    h, cell = divmod(first - nt.PLACE_BASE, CELLS)
                else:
                    h, rest = divmod(first - nt.EXPAND_BASE, 36)
                    cell = area_cell(*divmod(rest, 6))
                row.update(hexagon=rules.hex_name(h), cell=geo.cell_name(cell),
                           items_paid=rules.values[h % 6] - 1,
                           jokers_paid=r[play.T_JOKERS0] + gained - r[play.T_JOKERS1])
            elif kind == "pass":
                row["discarded"] = sum(1 for a in actions[start:end]
                                       if nt.kind_of(a) == "discard")
            for c, v in row.items():
                own[c].append(v)
        cols.update(own)
        return cols
