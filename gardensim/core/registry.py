"""Name -> factory registries for games and bots.

The runner, the CLI and studies refer to games and bots only by these names, so adding a game
means registering it here and nothing else changes. Factories are imported lazily by dotted path
so that naming a game does not import every engine.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

from gardensim.core.errors import ConfigError

#: game name -> "module:callable" building a Game from (board, players, options).
GAMES: dict[str, str] = {
    "gazebo": "gardensim.games.gazebo.game:GazeboGame",
    "pavilion": "gardensim.games.pavilion.game:PavilionGame",
}

#: bot name -> "module:class"; classes take keyword parameters (see gardensim.bots).
BOTS: dict[str, str] = {
    "random": "gardensim.bots.random_bot:RandomBot",
    "greedy": "gardensim.bots.greedy:GreedyBot",
    "mcts": "gardensim.bots.mcts:MCTSBot",
}


def _register_from_env() -> None:
    """``GARDENSIM_GAMES="name=module:Class;..."`` adds games (tests use it for a toy game, and
    worker processes inherit it, so the registry is the same everywhere)."""
    for item in filter(None, os.environ.get("GARDENSIM_GAMES", "").split(";")):
        name, _, path = item.partition("=")
        GAMES.setdefault(name.strip(), path.strip())


_register_from_env()


def _load(path: str) -> Callable[..., Any]:
    module, _, attr = path.partition(":")
    return getattr(import_module(module), attr)


def game_factory(name: str) -> Callable[..., Any]:
    if name not in GAMES:
        raise ConfigError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
    return _load(GAMES[name])


def make_game(
    name: str,
    board: str | None = None,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    **kwargs: Any,
) -> Any:
    """Build a :class:`~gardensim.core.protocol.Game` by registry name.

    ``kwargs`` are extra rule options, merged over ``options``.
    """
    merged = {**(options or {}), **kwargs}
    return game_factory(name)(board=board, players=players, options=merged)


def bot_class(name: str) -> type:
    if name not in BOTS:
        raise ConfigError(f"unknown bot {name!r}; known bots: {', '.join(sorted(BOTS))}")
    return _load(BOTS[name])  # type: ignore[return-value]


def make_bot(spec: str) -> Any:
    """Build a bot from a spec string such as ``greedy`` or ``mcts:iters=400,rollout=greedy``."""
    from gardensim.bots.spec import parse_bot_spec

    name, params = parse_bot_spec(spec)
    return bot_class(name).from_params(params)
