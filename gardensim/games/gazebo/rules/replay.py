"""Replays (docs/gazebo-engine-contract.md, "Replay").

:func:`replay` plays placement tokens in a *sandbox* (hands and piles ignored, any domino may be
placed, legality of the placement enforced), the way rule tests and the ``gazebo replay`` command
describe positions. :func:`replay_actions` re-plays a stored real game, draw tokens included,
from its seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gardensim.core.errors import IllegalMoveError
from gardensim.games.gazebo.rules.board import Board
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.geometry import DECLINE
from gardensim.games.gazebo.rules.notation import (
    NotationError,
    cell_problem,
    parse_action,
    parse_placement,
)
from gardensim.games.gazebo.rules.rulings import DRAW, EXTRA, OVER, PLACE
from gardensim.games.gazebo.rules.state import GazeboState


class ReplayError(IllegalMoveError):
    """An illegal token: ``index`` (1-based), ``move`` (as given) and ``reason``."""

    def __init__(self, index: int, move: str, reason: str) -> None:
        super().__init__(f"move {index} {move}: {reason}")
        self.index = index
        self.move = move
        self.reason = reason


def tokens(moves: str | Sequence[str]) -> list[str]:
    """Moves as a list of tokens (a string is split on whitespace)."""
    if isinstance(moves, str):
        return moves.split()
    return [m.strip() for m in moves if m.strip()]


def placement_reason(state: GazeboState, a: int, b: int, x: int, y: int) -> str | None:
    """Why placing ``x`` on ``a`` and ``y`` on ``b`` is illegal on the board (rulings 3, 6);
    of several faults the first of rulings 23's order, whichever cell has it."""
    geo = state.geo
    reason = cell_problem(geo, a, b)
    if reason is not None:
        return reason
    for c in (a, b):
        if state.color[c] >= 0:
            return "cell occupied"
    slot = geo.slot_of(a, b)
    if slot not in state.slots:
        return "not adjacent to terrain"
    if geo.slot_cells[slot] != (a, b):
        x, y = y, x
    return state.placement_problem(slot, x, y)


def _record(state: GazeboState, index: int, token: str, action: int) -> None:
    player = state.player
    start = len(state.events)
    state.apply_action(action)
    state.records.append({"move": token, "player": player, "events": state.event_dicts(start)})


def _start_logging(state: GazeboState) -> GazeboState:
    state.records = []
    return state


def play_token(state: GazeboState, index: int, token: str) -> None:
    """Validate and play one token on a logging state; raises :class:`ReplayError`."""
    if state.phase == OVER:
        raise ReplayError(index, token, "game over")
    text = token.strip().upper()
    if text == "-":
        if state.phase != EXTRA:
            raise ReplayError(index, token, "nothing to decline")
        _record(state, index, text, DECLINE)
        return
    if text.startswith("DRAW:"):
        try:
            action = parse_action(state.geo, text)
        except NotationError as exc:
            raise ReplayError(index, token, exc.reason) from None
        if state.sandbox or action not in state.draw_options() or state.phase != DRAW:
            raise ReplayError(index, token, "cannot draw now")
        _record(state, index, state.action_to_string(action), action)
        return
    try:
        a, b, x, y = parse_placement(state.geo, token)
    except NotationError as exc:
        raise ReplayError(index, token, exc.reason) from None
    if state.phase not in (PLACE, EXTRA):
        raise ReplayError(index, token, "a draw is due")
    reason = placement_reason(state, a, b, x, y)
    if reason is not None:
        raise ReplayError(index, token, reason)
    action = state.geo.slot_of(a, b) * 9 + x * 3 + y
    if not state.sandbox and not state.is_legal(action):
        raise ReplayError(index, token, "domino not in hand")
    _record(state, index, text, action)


def replay(
    board: str | Board,
    players: int,
    moves: str | Sequence[str],
    *,
    partnership: bool = False,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``moves`` in a sandbox and return the contract's JSON object."""
    opts = dict(options or {})
    if partnership:
        opts["partnership"] = True
    game = GazeboGame(board, players, opts)
    state = _start_logging(game.sandbox_state())
    for index, token in enumerate(tokens(moves), start=1):
        play_token(state, index, token)
    return state.summary()


def replay_actions(game: GazeboGame, seed: int, moves: str | Sequence[str]) -> GazeboState:
    """Re-play a stored game (placements, draws and declines) from its seed; the returned
    state's ``summary()``/``to_dict()`` carry every move with its events."""
    state = _start_logging(game.new_initial_state(seed))
    for index, token in enumerate(tokens(moves), start=1):
        play_token(state, index, token)
    return state

