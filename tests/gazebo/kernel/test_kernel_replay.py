"""Every game the kernel plays here is replayed move by move through the readable engine.

Both engines deal the same piles for a seed (the kernel takes the readable engine's deal), so a
kernel game replays exactly: each action must be legal there, give the same contract events
(resolution order included), and the game must end the same way (winners, reason, supplies,
turn). Configurations cover every board, 2-4 players, partnership, the three drawing systems
and non-default options; seats mix random and greedy kernel bots.
"""

from __future__ import annotations

import numpy as np
import pytest

from gardensim.core import registry
from gardensim.games.gazebo.kernel import KernelGame, play
from gardensim.games.gazebo.kernel.session import KernelBot, kernel_bot
from gardensim.games.gazebo.rules.game import GazeboGame

BOARDS = ("aviary", "botanical", "butterfly", "jungle", "qin")
CONFIGS = [
    (board, players, {"draw": draw})
    for board in BOARDS
    for players in (2, 3, 4)
    for draw in ("gazebo", "qin", "qin-classic")
] + [
    ("aviary", 4, {"partnership": True}),
    ("butterfly", 4, {"partnership": True, "draw": "qin"}),
    ("jungle", 4, {"partnership": True, "draw": "qin-classic"}),
    ("botanical", 2, {"raised_steal_needs_two": True}),
    ("botanical", 3, {"raised_steal_needs_two": True, "draw": "qin"}),
    ("jungle", 3, {"no_move_ends_game": False}),
    ("botanical", 3, {"no_move_ends_game": False, "hand_size": 2}),
    ("aviary", 2, {"hand_size": 1, "gazebos": "30,20"}),
    ("jungle", 2, {"hand_size": 6, "private_singles": 9}),
    ("butterfly", 3, {"private_singles": 0, "gazebos": 12}),
]
GAMES_PER_CONFIG = 12


def bots_for(game: GazeboGame, seed: int) -> list[KernelBot]:
    """Random and greedy seats, alternating with the seed (greedy sometimes sampled twice)."""
    out = []
    for s in range(game.num_players):
        if (seed + s) % 2:
            out.append(KernelBot(play.RANDOM, 0.0, 1, tuple(game.weights)))
        else:
            out.append(KernelBot(play.GREEDY, 0.1 * (seed % 3 == 1), 1 + (seed % 4 == 0),
                                 tuple(game.weights)))
    return out


def replay(game: GazeboGame, kernel: KernelGame, seed: int) -> None:
    record = kernel.play(seed, bots_for(game, seed))
    events = kernel.move_events(record)
    state = game.new_initial_state(seed)
    for i, action in enumerate(record.actions):
        where = f"seed {seed} move {i + 1} {state.action_to_string(action)}"
        assert state.is_legal(action), f"{where}: illegal in the readable engine"
        mark = len(state.events)
        state.apply_action(action)
        assert state.event_dicts(mark) == events[i], where
    outcome = kernel.outcome(record.state)
    assert state.is_terminal(), f"seed {seed}: the readable game is not over"
    assert outcome["winners"] == list(state.winners)
    assert outcome["end_reason"] == state.end_reason
    assert outcome["last_player"] == state.last_player
    assert outcome["supply"] == list(state.supply)
    assert outcome["turn"] == state.turn


@pytest.mark.parametrize(("board", "players", "options"), CONFIGS,
                         ids=[f"{b}-{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}"
                              for b, p, o in CONFIGS])
def test_kernel_games_replay_in_the_readable_engine(board: str, players: int,
                                                    options: dict) -> None:
    try:
        game = GazeboGame(board, players, options)
    except Exception as err:  # a board not made for this player count
        pytest.skip(str(err))
    kernel = KernelGame(game)
    for seed in range(GAMES_PER_CONFIG):
        replay(game, kernel, seed)


LOCKSTEP = [
    ("aviary", 2, {}),
    ("butterfly", 3, {}),
    ("jungle", 4, {"partnership": True}),
    ("botanical", 2, {"draw": "qin", "raised_steal_needs_two": True}),
    ("qin", 3, {"draw": "qin-classic"}),
    ("jungle", 2, {"no_move_ends_game": False, "hand_size": 2}),
]


@pytest.mark.parametrize(("board", "players", "options"), LOCKSTEP)
def test_legal_sets_and_greedy_values_match_at_every_position(board: str, players: int,
                                                                options: dict) -> None:
    """Both engines step through kernel games side by side: at every position the legal
    actions are the same list, and the one-ply values greedy picks from are the same floats
    (so greedy's best set, and with one best its choice, is the same). Values are compared on
    the position itself; each bot then determinizes with its own generator."""
    game = GazeboGame(board, players, options)
    kernel = KernelGame(game)
    weights = tuple(w * 1.5 for w in game.weights)
    for seed in range(4):
        record = kernel.play(seed, bots_for(game, seed))
        state = game.new_initial_state(seed)
        S = kernel.deal(seed, log=False)
        kernel.begin(S)
        if seed == 3:
            state.use_weights(dict(zip(("progress", "patios", "big_nooks", "small_nooks",
                                        "exposed", "threatened", "singles"), weights,
                                       strict=True)))
        for i, action in enumerate(record.actions):
            legal = kernel.legal_actions(S)
            assert legal == state.legal_actions(), f"seed {seed} move {i + 1}"
            player = state.current_player
            py_values = state.clone().action_values(player, legal)
            k_values = kernel.action_values(S, player, legal,
                                            weights if seed == 3 else None)
            assert k_values == py_values, f"seed {seed} move {i + 1}"
            top = max(py_values)
            assert {a for a, v in zip(legal, k_values, strict=True) if v == top} == {
                a for a, v in zip(legal, py_values, strict=True) if v == top}
            state.apply_action(action)
            kernel.apply(S, action)
        assert kernel.outcome(S)["winners"] == list(state.winners)


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iters=8"])
def test_a_full_event_log_stops_the_game_with_an_error(spec: str, capfd) -> None:
    """The rules, reached through a handle whichever bots play, stop at a full event log
    instead of playing on with a position the log no longer matches."""
    game = GazeboGame("aviary", 2, {})
    kernel = KernelGame(game)
    kernel._ev = np.zeros((5, 6), dtype=np.int32)
    bot = kernel_bot(registry.make_bot(spec), game)
    with pytest.raises(IndexError, match="event log full"):
        kernel.play(3, [bot, bot])
    capfd.readouterr()
