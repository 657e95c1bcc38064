"""The kernel's open-slot bit set is what a fresh scan of the board finds, at every position.

``layout.O_OPEN`` holds the open slots (both cells free, one of them next to a coloured square:
rulings 3) and ``events.place`` keeps it in step instead of legality scanning every slot code.
These tests step through kernel games on every board, 2-4 players and both drawing systems and
compare the set, at every position, with a scan of the position written here in plain Python,
with the readable engine's open slots, and with what legality derives from it (the j-th open
slot, the count of legal placements both carried through the game and fresh, whether any
placement exists). The random bot reads the set to draw its placement; it must still draw
exactly as the readable bot does, so the same seed plays the same game in both engines.
"""

from __future__ import annotations

import numpy as np
import pytest

from gardensim.core.registry import make_bot
from gardensim.games.gazebo.kernel import KernelGame, legality, play
from gardensim.games.gazebo.kernel.layout import (
    EVN,
    NOPEN,
    O_COLOR,
    O_OPEN,
    OVER,
    PHASE,
    PLACE,
    PLAYER,
    new_state,
    open_words,
)
from gardensim.games.gazebo.kernel.session import KernelBot
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.sim.play import play_game

BOARDS = ("aviary", "butterfly", "botanical", "jungle", "qin")
CONFIGS = [(board, players, draw) for board in BOARDS for players in (2, 3, 4)
           for draw in ("gazebo", "qin")]


def scanned_open_slots(game: GazeboGame, S: np.ndarray) -> list[int]:
    """The open slots of position ``S`` by looking at every slot code (rulings 3)."""
    geo = game.geometry
    color = S[S[O_COLOR]:S[O_COLOR] + geo.size]
    out = []
    for s, pair in enumerate(geo.slot_cells):
        if pair is None or color[pair[0]] >= 0 or color[pair[1]] >= 0:
            continue
        if any(color[m] >= 0 for c in pair for m in geo.nbrs[c] if m not in pair):
            out.append(s)
    return out


def bit_set_slots(game: GazeboGame, S: np.ndarray) -> list[int]:
    """The slots whose bits are set in the position's open-slot words, ascending."""
    words = S[S[O_OPEN]:S[O_OPEN] + open_words(game.geometry.size)]
    return [32 * w + i for w, word in enumerate(words.tolist()) for i in range(32)
            if word >> i & 1]


def count_memory(S: np.ndarray, T: tuple) -> tuple[np.ndarray, np.ndarray]:
    """``count_legal_placements``' memory for a fresh count of position ``S``."""
    seen = np.empty(T[0].shape[0], dtype=np.int32)
    dirty = np.empty((len(T[2]) + 31) // 32, dtype=np.int64)
    legality.start_count(S, seen, dirty)
    return seen, dirty


def test_a_new_position_opens_the_slots_beside_the_start_squares() -> None:
    for board in BOARDS:
        game = GazeboGame(board, 2, {})
        S = new_state(game, 0)
        start = sorted(set(game.geometry.start_slots))  # a slot beside two start squares: once
        assert bit_set_slots(game, S) == start, board
        assert S[NOPEN] == len(start), board


@pytest.mark.parametrize(("board", "players", "draw"), CONFIGS)
def test_open_slots_equal_a_fresh_scan_at_every_position(board: str, players: int,
                                                         draw: str) -> None:
    game = GazeboGame(board, players, {"draw": draw})
    kernel = KernelGame(game)
    T = kernel.tables
    bots = [KernelBot(play.RANDOM, 0.0, 1, tuple(game.weights))] * players
    for seed in range(3):
        actions = kernel.play(seed, bots, log=False).actions
        S = kernel.deal(seed)
        kernel.begin(S)
        state = game.new_initial_state(seed)
        seen, dirty = count_memory(S, T)
        since = S[EVN]
        for i, action in enumerate(actions + [None]):
            where = f"seed {seed} move {i + 1}"
            slots = bit_set_slots(game, S)
            assert slots == scanned_open_slots(game, S), where
            assert S[NOPEN] == len(slots), where
            assert slots == state.open_slots(), where
            assert [legality.nth_open_slot(S, T, j) for j in range(len(slots))] == slots, where
            if S[PHASE] == PLACE:
                placements = [a for a in kernel.legal_actions(S) if a < legality.DRAW_GENERAL]
                ev, evc = kernel.event_log
                carried = legality.count_legal_placements(S, T, ev, evc, since, seen, dirty)
                since = S[EVN]
                assert carried == len(placements), where
                fresh = legality.count_legal_placements(S, T, ev, evc, since,
                                                        *count_memory(S, T))
                assert fresh == carried, where
                assert legality.slot_takes_a_domino(S, T) == bool(placements), where
            if action is None:
                assert S[PHASE] == OVER
                break
            assert S[PLAYER] == state.current_player, where
            kernel.apply(S, action)
            state.apply_action(action)


@pytest.mark.parametrize(("board", "players", "draw"), [
    ("aviary", 2, "gazebo"), ("butterfly", 3, "qin"), ("botanical", 4, "qin-classic"),
    ("jungle", 3, "gazebo"), ("qin", 4, "qin"),
])
def test_the_random_bot_plays_the_readable_engines_game(board: str, players: int,
                                                        draw: str) -> None:
    """The same seed, the same moves: the kernel's random bot draws from the set what the
    readable bot draws from its sorted slot list, with the same generator calls."""
    game = GazeboGame(board, players, {"draw": draw})
    bots = [make_bot("random")] * players
    for index in range(4):
        fast = play_game(game, bots, 7, index, telemetry=False, engine="auto").game
        readable = play_game(game, bots, 7, index, telemetry=False, engine="python").game
        assert fast["moves"] == readable["moves"], index
        assert fast["winners"] == readable["winners"], index
