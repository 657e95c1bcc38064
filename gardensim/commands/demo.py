"""``gardensim demo``: play one seeded 2-player Aviary game with random bots and print it.

Stands in for the full demo until studies and reports exist (issue 2, "Skeleton").
"""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("demo", help="play and print one seeded Gazebo game")
    parser.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    parser.add_argument("--board", default=None, help="board (default aviary, if shipped)")
    parser.set_defaults(func=run)


def pick_board(requested: str | None) -> str:
    from gardensim.core.errors import ConfigError
    from gardensim.games.gazebo.board import available_boards

    if requested:
        return requested
    boards = available_boards()
    if not boards:
        raise ConfigError("no board file in data/boards/")
    return "aviary" if "aviary" in boards else boards[0]


def run(args: argparse.Namespace) -> int:
    from gardensim.bots.random_bot import RandomBot
    from gardensim.commands.gazebo import summary_text
    from gardensim.core import seeding
    from gardensim.games.gazebo.game import GazeboGame
    from gardensim.games.gazebo.replay import replay_actions

    game = GazeboGame(pick_board(args.board), 2)
    state = game.new_initial_state(args.seed)
    bot = RandomBot()
    rngs = [seeding.bot_rng(args.seed, 0, s) for s in range(2)]
    moves = []
    while not state.is_terminal():
        action = bot.choose_action(state, rngs[state.current_player])
        moves.append(state.action_to_string(action))
        state.apply_action(action)
    shown = replay_actions(game, args.seed, moves)
    print(f"Gazebo, {game.board.name}, 2 random bots, seed {args.seed}")
    print(summary_text(shown.summary()))
    return 0
