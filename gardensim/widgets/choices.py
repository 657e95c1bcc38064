"""What the panels offer in their dropdowns, read from the registries and the shipped data.

Kept apart from the widgets so the lists can be tested without a front end, and so a new board
file or a newly registered game shows up in every notebook without touching the panels.
"""

from __future__ import annotations

from gardensim.core import registry
from gardensim.core.errors import GardensimError
from gardensim.core.spec import load

#: Bot specs offered by default; the bot boxes also accept any typed spec (``mcts:iters=400``).
BOT_CHOICES = ("greedy", "greedy:epsilon=0.15", "random", "mcts:iters=200")


def game_names() -> list[str]:
    """Every registered game, in alphabetical order."""
    return registry.game_names()


def board_names(game: str) -> list[str]:
    """The shipped boards of ``game``; empty for a game without boards (any ``board`` is None)."""
    return registry.game_spec(game).board_names()


def option_choices(game: str) -> tuple[str | None, list[str]]:
    """The rule option a game's panels offer as a dropdown and its choices (``(None, [])``
    when the game declares none): ``WidgetChoices`` of its spec."""
    widgets = registry.game_spec(game).widgets
    if widgets.option is None or widgets.choices is None:
        return None, []
    return widgets.option, list(load(widgets.choices))


def draw_systems(game: str) -> list[str]:
    """The choices of the game's dropdown option (a drawing system); empty when it has none."""
    return option_choices(game)[1]


def player_counts(game: str, board: str | None) -> list[int]:
    """Player counts the game accepts on ``board``, found by asking the engine itself, so a
    board file's own player range (a 2-player-only garden) is respected."""
    spec = registry.game_spec(game)
    counts = []
    for players in range(spec.min_players, spec.max_players + 1):
        try:
            registry.make_game(game, board, players)
        except GardensimError:
            continue
        counts.append(players)
    return counts


def default_options(game: str, board: str | None, players: int) -> dict[str, object]:
    """The engine's rule options with every default filled in (the baseline of a variant)."""
    return dict(registry.make_game(game, board, players).options)
