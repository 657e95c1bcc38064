"""The turn columns of kernel games (the play loop's, then ``telemetry.turn_row``'s), as
Arrow arrays built for a batch of games at once.

A game's turns are a mapping built when first read, whose type joins a batch
(:meth:`KernelTurns.join_parts`, which ``frames.columns_to_table`` calls): per game, building
twenty columns in Python cost several times the kernel's game. Texts are taken from tables
(letters, space names, the notation of each action code) and joined in Arrow; a column a kind
of turn leaves empty is null there, as the readable engine's None.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from gardensim.games.pavilion import notation as nt
from gardensim.games.pavilion.boards import SPACES, space_name
from gardensim.games.pavilion.kernel import play as kp
from gardensim.games.pavilion.telemetry import TURN_COLUMNS

_KINDS = pa.array(["draft", "place", "pass"], pa.string())
_SOURCES = pa.array(["C", *(f"F{f}" for f in range(1, nt.MAX_SOURCES))], pa.string())
_SPACE_NAMES = pa.array([space_name(i) for i in range(SPACES)], pa.string())


class KernelTurns(Mapping[str, Any]):
    """The turn columns of one kernel game (module docstring)."""

    def __init__(self, game: int, turns: np.ndarray, actions: np.ndarray, per_turn: float,
                 specs: pa.Array, letters: pa.Array, names: pa.Array) -> None:
        self.game = game
        self.turns = turns
        self.actions = actions
        self.per_turn = per_turn
        self.specs = specs
        self.letters = letters
        self.names = names
        self._table: dict[str, Any] | None = None

    def _columns(self) -> dict[str, Any]:
        if self._table is None:
            self._table = self.join_parts([self])
        return self._table

    def __getitem__(self, column: str) -> Any:
        return self._columns()[column]

    def __iter__(self) -> Iterator[str]:
        return iter(self._columns())

    def __len__(self) -> int:
        return len(self._columns())

    @staticmethod
    def join_parts(parts: Sequence[KernelTurns]) -> dict[str, Any]:
        """The turn columns of ``parts`` (games of one configuration) end to end."""
        first = parts[0]
        sizes = [len(part.turns) for part in parts]
        offsets = np.cumsum([0] + [len(part.actions) for part in parts[:-1]])
        rec = np.concatenate([part.turns for part in parts]) if len(parts) > 1 else first.turns
        rec = rec.reshape(-1, kp.TURN_FIELDS).copy()
        shift = np.repeat(offsets, sizes)
        rec[:, kp.T_FIRST] += shift
        rec[:, kp.T_END] += shift
        actions = np.concatenate([part.actions for part in parts])
        kind = rec[:, kp.T_KIND]
        not_draft = kind != kp.K_DRAFT
        not_place = kind != kp.K_PLACE
        not_pass = kind != kp.K_PASS

        def ints(field: int, mask: np.ndarray | None = None) -> pa.Array:
            return pa.array(rec[:, field], pa.int64(), mask=mask)

        def text(table: pa.Array, field: int, mask: np.ndarray | None = None) -> pa.Array:
            return pc.take(table, pa.array(rec[:, field], pa.int64(), mask=mask))

        bounds = np.append(rec[:, kp.T_FIRST], rec[-1, kp.T_END] if len(rec) else 0)
        move_names = pc.take(first.names, pa.array(actions, pa.int64()))
        moves = pc.binary_join(pa.ListArray.from_arrays(pa.array(bounds, pa.int32()),
                                                        move_names), " ")
        is_bonus = (actions >= nt.BONUS_BASE) & (actions < nt.KEEP_BASE)
        count = np.concatenate([[0], np.cumsum(is_bonus)])
        bonus_letters = pc.take(first.letters, pa.array(actions[is_bonus] - nt.BONUS_BASE,
                                                        pa.int64()))
        bonus = pc.binary_join(pa.ListArray.from_arrays(pa.array(count[bounds], pa.int32()),
                                                        bonus_letters, mask=pa.array(not_place)),
                               "")
        seats = rec[:, kp.T_SEAT]
        own = {
            "move": moves,
            "phase": text(_KINDS, kp.T_KIND),
            "round": ints(kp.T_ROUND),
            "wild": text(first.letters, kp.T_WILD),
            "legal_moves": ints(kp.T_LEGAL),
            "source": text(_SOURCES, kp.T_SOURCE, not_draft),
            "colour": text(first.letters, kp.T_COLOUR, ~not_pass),
            "tiles_taken": ints(kp.T_TAKEN, not_draft),
            "wilds_taken": ints(kp.T_WILDS_TAKEN, not_draft),
            "took_token": pa.array(rec[:, kp.T_TOOK_TOKEN] != 0, pa.bool_(), mask=not_draft),
            "space": text(_SPACE_NAMES, kp.T_SPACE, not_place),
            "cost": ints(kp.T_COST, not_place),
            "wilds_paid": ints(kp.T_WILDS_PAID, not_place),
            "points": ints(kp.T_POINTS, not_place),
            "bonus_tiles": ints(kp.T_BONUS, not_place),
            "bonus_colours": bonus,
            "kept": ints(kp.T_KEPT, not_pass),
            "discarded": ints(kp.T_DISCARDED, not_pass),
            "penalty": ints(kp.T_PENALTY),
            "score": ints(kp.T_SCORE),
        }
        out: dict[str, Any] = {
            "game": pa.array(np.repeat([part.game for part in parts], sizes), pa.int64()),
            "turn": ints(kp.T_TURN),
            "seat": ints(kp.T_SEAT),
            "bot": pc.take(first.specs, pa.array(seats, pa.int64())) if len(parts) == 1 else
            pa.concat_arrays([pc.take(part.specs, pa.array(part.turns[:, kp.T_SEAT], pa.int64()))
                              for part in parts]),
            "decision_s": pa.array(np.repeat([part.per_turn for part in parts], sizes),
                                   pa.float64()),
        }
        out.update((c, own[c]) for c in TURN_COLUMNS)
        return out
