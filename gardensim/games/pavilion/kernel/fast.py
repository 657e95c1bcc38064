"""The Summer Pavilion spec's fast engine: the generic play loop's games, played in the kernel.

:func:`fast_player` is what ``GameSpec.fast_engine`` names: given a game and a line-up it
returns a player with the play loop's signature and result (``sim.play.play_game``: the same
deal seed, game row and turn columns), which also plays a batch (``many``). Seeds are made
here as the play loop makes them (``seeding.game_seed`` hashed by ``chance.seed_state``, and
``seeding.bot_seed`` per seat). The kernel does not time single decisions: ``decision_s``
holds the batch's time per turn for every seat and turn.
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
from gardensim.games.pavilion import chance
from gardensim.games.pavilion import notation as nt
from gardensim.games.pavilion.kernel import layout as ly
from gardensim.games.pavilion.kernel import play as kp
from gardensim.games.pavilion.kernel.tables import game_table, weight_table
from gardensim.games.pavilion.kernel.turns import KernelTurns
from gardensim.games.pavilion.scoring import BONUS_TILES, DISCARD_LOSS, PLACED, TOKEN_LOSS
from gardensim.games.pavilion.telemetry import SEAT_FIELDS

_TABLES: weakref.WeakKeyDictionary[Any, tuple[np.ndarray, np.ndarray, list[str]]] = (
    weakref.WeakKeyDictionary())
_NAN = float("nan")



def tables_of(game: Any) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The game's kernel tables and the notation of every action code (built once a game)."""
    found = _TABLES.get(game)
    if found is None:
        letters = game.side.rules.letters
        names = [nt.action_to_string(a, letters) for a in range(nt.ACTION_COUNT)]
        found = _TABLES[game] = (game_table(game), weight_table(), names)
    return found


def _bot_code(bot: Any) -> tuple[int, float, int] | None:
    name = getattr(bot, "name", None)
    if name == "random":
        return kp.RANDOM, 0.0, 1
    if name == "greedy" and not bot.params.get("weights"):
        return kp.GREEDY, float(bot.params["epsilon"]), int(bot.params["samples"])
    return None


def fast_player(game: Any, bots: Sequence[Any]) -> Callable[..., Any] | None:
    """A kernel play function for ``bots`` on ``game``, or None when one has no kernel
    version."""
    codes = [_bot_code(bot) for bot in bots]
    if any(code is None for code in codes):
        return None
    return _Player(game, bots, codes)  # type: ignore[arg-type]


class _Player:
    """Plays games of one line-up in the kernel: one (``__call__``, the play loop's
    signature) or a batch of line-ups that all have one (:meth:`many`)."""

    def __init__(self, game: Any, bots: Sequence[Any],
                 codes: list[tuple[int, float, int]]) -> None:
        self.game = game
        self.specs = [bot.spec for bot in bots]
        self.spec_names = pa.array(self.specs, pa.string())
        self.kinds = np.array([c[0] for c in codes], dtype=np.int64)
        self.epsilons = np.array([c[1] for c in codes], dtype=np.float64)
        self.samples = np.array([c[2] for c in codes], dtype=np.int64)

    def __call__(self, master_seed: int, game_index: int, deal: int, telemetry: bool) -> Any:
        return self.many(master_seed, [(game_index, deal, self)], telemetry)[0]

    def many(self, master_seed: int, items: Sequence[tuple[int, int, _Player]],
             telemetry: bool) -> list[Any]:
        """The game records of ``items`` (game index, deal, the player of its line-up)."""
        T, W, names = tables_of(self.game)
        n = self.game.num_players
        played = []
        t0 = time.perf_counter()
        for index, deal, player in items:
            seed = seeding.game_seed(master_seed, deal)
            bot_seeds = np.array([seeding.bot_seed(master_seed, index, s) for s in range(n)],
                                 dtype=np.int64)
            rng = np.int64(np.uint64(chance.seed_state(seed)).astype(np.int64))
            out = kp.play_game(T, W, rng, bot_seeds, player.kinds, player.epsilons,
                               player.samples, telemetry)
            played.append((index, deal, seed, player, out))
        turns = sum(int(out[0][ly.TURN]) + 1 for *_, out in played)
        per_turn = (time.perf_counter() - t0) / max(turns, 1)
        return [player._record(index, deal, seed, out, names, per_turn, telemetry)
                for index, deal, seed, player, out in played]

    def _record(self, index: int, deal: int, seed: int, out: tuple[Any, ...], names: list[str],
                per_turn: float, telemetry: bool) -> Any:
        from gardensim.sim.play import GameRecord

        S, actions, turns, last_turn = out
        row = self._row(index, deal, seed, S, actions.tolist(), int(last_turn), names, per_turn)
        if not telemetry:
            return GameRecord(game=row)
        return GameRecord(game=row, turns=KernelTurns(
            index, turns, actions, per_turn, self.spec_names,
            pa.array(self.game.side.rules.letters, pa.string()), pa.array(names, pa.string())))

    def _row(self, index: int, deal: int, seed: int, S: np.ndarray, actions: list[int],
             last_turn: int, names: list[str], per_turn: float) -> dict[str, Any]:
        """The play loop's game row and ``telemetry.game_row``."""
        n = self.game.num_players
        s = S.tolist()
        turn = s[ly.TURN]
        scores = s[ly.SCORE:ly.SCORE + n]
        best = max(scores)
        winners = [p for p in range(n) if scores[p] == best]
        share = 1 / len(winners)
        row: dict[str, Any] = {
            "game": index, "deal": deal, "seed": seed, "players": n,
            "turns": turn + (turn == last_turn),
            "moves": " ".join([names[a] for a in actions]),
        }
        for p in range(MAX_SEATS):
            present = p < n
            row[f"bot_{p}"] = self.specs[p] if present else None
            row[f"win_{p}"] = (share if p in winners else 0.0) if present else _NAN
            row[f"decision_s_{p}"] = per_turn if present else _NAN
        row["winners"] = ",".join(map(str, winners))
        row.update(end_reason="rounds", rounds=s[ly.ROUND], first_player=s[ly.FIRST])
        colours = self.game.side.rules.colours
        for p in range(MAX_SEATS):
            values: dict[str, Any] = {}
            if p < n:
                f = s[ly.FINAL_AT + p * ly.FINAL:ly.FINAL_AT + (p + 1) * ly.FINAL]
                led = s[ly.LEDGER_AT + p * ly.LEDGER:ly.LEDGER_AT + (p + 1) * ly.LEDGER]
                values = {f"stars_{c}": f[i] for i, c in enumerate(colours)}
                values.update(
                    stars_multicolour=f[ly.F_MULTI], stars=f[ly.F_STARS_TOTAL],
                    numbers=f[ly.F_NUMBERS], structure_sets=f[ly.F_SET_COUNT],
                    sets=f[ly.F_SETS], score=scores[p], placement=led[PLACED],
                    token_penalty=led[TOKEN_LOSS], discard_penalty=led[DISCARD_LOSS],
                    bonus_tiles=led[BONUS_TILES])
            for field in SEAT_FIELDS:
                row[f"{field}_{p}"] = values.get(field)
        return row
