"""The play loop shared by studies, tournaments and benchmarks.

One game is fully determined by the game configuration, the bots, the master seed and the game
index: the deal comes from ``seeding.game_seed(master, deal)`` and each seat's bot generator from
``seeding.bot_rng(master, game_index, seat)``. Seats rotate over deals: game ``g`` of an
``n``-seat line-up plays deal ``g // n`` with the line-up rotated by ``g % n``, so every deal is
played once from every seat (duplicate play).

Rows are plain dicts; the runner turns them into DataFrames (see ``docs/telemetry.md``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gardensim.core import seeding
from gardensim.core.protocol import Game

MAX_SEATS = 4


def seating(lineup: Sequence[str], game_index: int) -> tuple[int, list[str]]:
    """(deal index, bot spec per seat) of game ``game_index`` for a rotating ``lineup``."""
    n = len(lineup)
    rot = game_index % n
    return game_index // n, [lineup[(s + rot) % n] for s in range(n)]


@dataclass
class GameRecord:
    """What one played game leaves behind: its row and, with telemetry, its turn rows."""

    game: dict[str, Any]
    turns: list[dict[str, Any]] = field(default_factory=list)


def play_game(
    game: Game,
    bots: Sequence[Any],
    master_seed: int,
    game_index: int,
    deal_index: int | None = None,
    telemetry: bool = True,
) -> GameRecord:
    """Play one game; ``bots[s]`` sits in seat ``s``.

    ``deal_index`` defaults to ``game_index``. Decision times are measured but never influence
    play, so rows are identical across machines except for the timing columns.
    """
    deal = game_index if deal_index is None else deal_index
    seed = seeding.game_seed(master_seed, deal)
    state = game.new_initial_state(seed)
    rngs = [seeding.bot_rng(master_seed, game_index, s) for s in range(game.num_players)]
    moves: list[str] = []
    turn_rows: list[dict[str, Any]] = []
    decision = [0.0] * game.num_players
    decisions = [0] * game.num_players
    clock = time.perf_counter

    while not state.is_terminal():
        seat = state.current_player
        turn = state.turn
        mark = state.mark() if telemetry else None
        actions: list[int] = []
        spent = 0.0
        while not state.is_terminal() and state.turn == turn:
            t0 = clock()
            action = bots[seat].choose_action(state, rngs[seat])
            spent += clock() - t0
            actions.append(action)
            moves.append(state.action_to_string(action))
            state.apply_action(action)
        decision[seat] += spent
        decisions[seat] += 1
        if telemetry:
            row = {"turn": turn, "seat": seat, "bot": bots[seat].spec, "decision_s": spent}
            row.update(state.turn_row(mark, actions))
            turn_rows.append(row)

    returns = state.returns()
    row: dict[str, Any] = {
        "game": game_index,
        "deal": deal,
        "seed": seed,
        "players": game.num_players,
        "turns": state.turn,
        "moves": " ".join(moves),
    }
    for s in range(MAX_SEATS):
        present = s < game.num_players
        row[f"bot_{s}"] = bots[s].spec if present else None
        row[f"win_{s}"] = returns[s] if present else float("nan")
        row[f"decision_s_{s}"] = decision[s] / max(decisions[s], 1) if present else float("nan")
    row["winners"] = ",".join(str(s) for s, r in enumerate(returns) if r > 0)
    row.update(state.game_row())
    for t in turn_rows:
        t["game"] = game_index
    return GameRecord(game=row, turns=turn_rows)
