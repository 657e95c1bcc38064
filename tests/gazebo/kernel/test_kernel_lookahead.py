"""The kernel's shared one-ply values (``kernel/lookahead.py``) equal apply-and-evaluate.

``evaluate.action_values`` applies one plain placement per look-ahead key and lets the others
of the key add their own ``exposed`` count; ``evaluate.applied_values`` applies every action on
a copy. At every position of random and greedy kernel games (every board, 2-4 players,
partnership, Gazebo and Qin drawing, the rule boards where one quiet placement ends the game)
both must give the very same floats, for the seat to move and for every other seat, on the
position, on greedy's determinization of it and on it with the general pile drawn out (where
a zen credit decides whether the refill draws a single, rulings 12, and an empty hand ends
the game), and leave the position as found.
"""

from __future__ import annotations

import numpy as np
import pytest

from gardensim.games.gazebo.kernel import KernelGame, evaluate, lookahead, play
from gardensim.games.gazebo.kernel.layout import EXTRA, GLEN, GPTR, PHASE, PLACE, PLAYER
from gardensim.games.gazebo.kernel.session import KernelBot
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.kernels import pyrandom

from ..rules_helpers import board_path

CONFIGS = [
    ("aviary", 2, {}),
    ("aviary", 3, {"draw": "qin"}),
    ("aviary", 4, {"partnership": True}),
    ("butterfly", 2, {"draw": "qin"}),
    ("butterfly", 3, {}),
    ("butterfly", 4, {"partnership": True, "draw": "qin"}),
    ("botanical", 2, {"raised_steal_needs_two": True}),
    ("botanical", 3, {"draw": "qin-classic"}),
    ("botanical", 4, {}),
    ("jungle", 2, {"draw": "qin"}),
    ("jungle", 3, {"no_move_ends_game": False}),
    ("jungle", 4, {"partnership": True, "draw": "qin-classic"}),
    ("qin", 2, {"draw": "qin-classic"}),
    ("qin", 3, {}),
    ("aviary", 2, {"private_singles": 0}),
    ("four_row", 2, {"draw": "qin"}),
    ("four_row", 3, {"draw": "qin", "no_move_ends_game": False}),
]
#: non-default weights for some games, so every weight is seen to take part
SCALED = (1.5, 0.5, 2.0, 0.75, 3.0, 1.25, 0.5)


def seat_bots(game: GazeboGame, seed: int) -> list[KernelBot]:
    """Greedy and random seats, alternating with the seed."""
    return [KernelBot(play.GREEDY if (seed + s) % 2 else play.RANDOM, 0.0, 1,
                      tuple(game.weights)) for s in range(game.num_players)]


def values(kernel: KernelGame, S: np.ndarray, player: int, actions: np.ndarray,
           W: np.ndarray, shared: bool) -> list[float]:
    out = np.empty(len(actions), dtype=np.float64)
    fn = evaluate.action_values if shared else evaluate.applied_values
    fn(S, kernel.tables, *kernel.event_log, player, actions, len(actions), W,
       np.empty_like(S), out, kernel.calls.apply)
    return out.tolist()


def plain_share(S: np.ndarray, kernel: KernelGame, actions: np.ndarray) -> int:
    """How many of ``actions`` have a look-ahead key (are valued without their own apply)."""
    ws = lookahead.new_workspace(S, kernel.tables)
    lookahead.prepare(S, kernel.tables, int(S[PLAYER]), ws)
    return sum(lookahead.plain_key(S, ws, int(a))[0] != lookahead.FALLBACK
               for a in actions if a < 1 << 14)


@pytest.mark.parametrize(("board", "players", "options"), CONFIGS,
                         ids=[f"{b}-{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}"
                              for b, p, o in CONFIGS])
def test_shared_values_equal_apply_and_evaluate(board: str, players: int,
                                                options: dict) -> None:
    rule_board = board == "four_row"
    game = GazeboGame(board_path(board) if rule_board else board, players, options)
    kernel = KernelGame(game)
    plain = checked = 0
    for seed in range(40 if rule_board else 4):
        W = np.array(SCALED if seed % 2 else game.weights, dtype=np.float64)
        record = kernel.play(seed, seat_bots(game, seed), log=False)
        S = kernel.deal(seed, log=False)
        kernel.begin(S)
        D = np.empty_like(S)
        R = pyrandom.new_state()
        pyrandom.seed(R, seed)
        for i, action in enumerate(record.actions):
            legal = np.array(kernel.legal_actions(S), dtype=np.int64)
            before = S.copy()
            for player in range(players):
                fast = values(kernel, S, player, legal, W, True)
                assert fast == values(kernel, S, player, legal, W, False), (
                    f"seed {seed} move {i + 1} seat {player}")
            assert (S == before).all(), f"seed {seed} move {i + 1}: the position changed"
            mover = int(S[PLAYER])
            play.determinize(S, D, mover, R)
            assert values(kernel, D, mover, legal, W, True) == values(
                kernel, D, mover, legal, W, False), f"seed {seed} move {i + 1} determinized"
            D[:] = S
            D[GPTR] = D[GLEN]
            assert values(kernel, D, mover, legal, W, True) == values(
                kernel, D, mover, legal, W, False), f"seed {seed} move {i + 1} drawn out"
            if S[PHASE] in (PLACE, EXTRA):
                plain += plain_share(S, kernel, legal)
                checked += len(legal)
            kernel.apply(S, action)
    assert plain > (0 if rule_board else checked / 2)  # the shared path is taken
