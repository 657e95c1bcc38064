"""Name -> game and bot registries.

The runner, the CLI and studies refer to games and bots only by name. Games are plugins: each
package exposes a :class:`~gardensim.core.spec.GameSpec` through the ``gardensim.games``
entry-point group (gardensim's own games register the same way, in ``pyproject.toml``), or is
added in-process with :func:`register_game`. Entry points are read once and each spec is loaded
only when its game is named, so naming a game does not import every engine, and a plugin that
fails to load (its module raises or is missing, its object is no spec) fails only when named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from importlib import metadata
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.spec import GameSpec, load

#: The entry-point group a game package registers its spec in.
ENTRY_POINT_GROUP = "gardensim.games"

#: bot name -> "module:class"; classes take keyword parameters (see gardensim.bots).
BOTS: dict[str, str] = {
    "random": "gardensim.bots.random_bot:RandomBot",
    "greedy": "gardensim.bots.greedy:GreedyBot",
    "mcts": "gardensim.bots.mcts:MCTSBot",
}

_entry_points: dict[str, metadata.EntryPoint] | None = None
_loaded: dict[str, GameSpec] = {}
#: Specs given to :func:`register_game` in this process; the runner hands them to its workers.
_registered: dict[str, GameSpec] = {}


def _discovered() -> dict[str, metadata.EntryPoint]:
    global _entry_points
    if _entry_points is None:
        _entry_points = {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    return _entry_points


def register_game(spec: GameSpec) -> GameSpec:
    """Add (or replace) a game in this process, as an entry point would; returns ``spec``.

    Worker processes of :func:`gardensim.simulate` and of tournaments receive the specs
    registered this way with their tasks, so a game registered in a notebook plays in parallel
    too. Another process (a CLI call) sees only installed entry points.
    """
    if not isinstance(spec, GameSpec):
        raise TypeError(f"register_game takes a GameSpec, got {type(spec).__name__}")
    _registered[spec.name] = spec
    _loaded[spec.name] = spec
    return spec


def unregister_game(name: str) -> None:
    """Forget a game added with :func:`register_game` (tests restore the registry with it)."""
    _registered.pop(name, None)
    _loaded.pop(name, None)


def registered_specs() -> tuple[GameSpec, ...]:
    """The specs added with :func:`register_game`, to hand to worker processes."""
    return tuple(_registered.values())


def adopt(specs: Iterable[GameSpec]) -> None:
    """Register specs handed over by the parent process (no-op for names already known)."""
    for spec in specs:
        if spec.name not in _loaded:
            register_game(spec)


def game_names() -> list[str]:
    """Every known game, alphabetically (reads entry-point names; loads no spec)."""
    return sorted({*_discovered(), *_loaded})


def default_game() -> str:
    """The game a command plays when none is named: the first known game alphabetically whose
    spec loads, so the choice depends on no game's name and a broken plugin is passed over
    (``--game`` is better given)."""
    names = game_names()
    for name in names:
        try:
            game_spec(name)
        except ConfigError:
            continue
        return name
    return names[0]


def game_spec(name: str) -> GameSpec:
    """The spec of game ``name``; ConfigError listing the known games for an unknown name."""
    if name in _loaded:
        return _loaded[name]
    entry = _discovered().get(name) if isinstance(name, str) else None
    if entry is None:
        raise ConfigError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    try:
        spec = entry.load()
    except Exception as exc:  # a plugin's import may raise anything; only this game fails
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise ConfigError(f"game {name!r}: its plugin {entry.value} does not load "
                          f"({type(exc).__name__}: {reason})") from None
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise ConfigError(f"game {name!r}: its plugin {entry.value} is not the GameSpec of "
                          f"{name!r} (entry point group {ENTRY_POINT_GROUP})")
    _loaded[name] = spec
    return spec


def game_factory(name: str) -> Callable[..., Any]:
    return game_spec(name).factory()


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
    return load(BOTS[name])  # type: ignore[no-any-return]


def make_bot(spec: str) -> Any:
    """Build a bot from a spec string such as ``greedy`` or ``mcts:iters=400,rollout=greedy``."""
    from gardensim.bots.spec import parse_bot_spec

    name, params = parse_bot_spec(spec)
    return bot_class(name).from_params(params)
