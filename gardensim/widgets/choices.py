"""What the panels offer in their dropdowns, read from the registries and the shipped data.

Kept apart from the widgets so the lists can be tested without a front end, and so a new board
file or a newly registered game shows up in every notebook without touching the panels.
"""

from __future__ import annotations

from gardensim.core import registry
from gardensim.core.errors import GardensimError

#: Bot specs offered by default; the bot boxes also accept any typed spec (``mcts:iters=400``).
BOT_CHOICES = ("greedy", "greedy:epsilon=0.15", "random", "mcts:iters=200")
MAX_PLAYERS = 4


def game_names() -> list[str]:
    """Every registered game, in alphabetical order."""
    return sorted(registry.GAMES)


def board_names(game: str) -> list[str]:
    """The shipped boards of ``game``; empty for a game without boards (any ``board`` is None)."""
    if game == "gazebo":
        from gardensim.games.gazebo.board import available_boards

        return available_boards()
    if game == "pavilion":
        from gardensim.games.pavilion.boards import BOARD_NAMES

        return list(BOARD_NAMES)
    return []


def draw_systems(game: str) -> list[str]:
    """The drawing systems of ``game`` (rule option ``draw``); empty when it has none."""
    if game == "gazebo":
        from gardensim.games.gazebo.options import DRAW_SYSTEMS

        return list(DRAW_SYSTEMS)
    return []


def player_counts(game: str, board: str | None) -> list[int]:
    """Player counts the game accepts on ``board``, found by asking the engine itself, so a
    board file's own player range (a 2-player-only garden) is respected."""
    counts = []
    for players in range(2, MAX_PLAYERS + 1):
        try:
            registry.make_game(game, board, players)
        except GardensimError:
            continue
        counts.append(players)
    return counts


def default_options(game: str, board: str | None, players: int) -> dict[str, object]:
    """The engine's rule options with every default filled in (the baseline of a variant)."""
    return dict(registry.make_game(game, board, players).options)
