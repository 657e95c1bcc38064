"""The ``gardensim`` command: parse, call, print. All logic lives in the library.

Any :class:`~gardensim.core.errors.GardensimError` becomes one line on stderr and exit status 2.
So does an operating-system error the library did not name itself (a folder that vanished, a
disk that filled up): the user can fix those too, and a traceback would hide the file's name.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from gardensim import __version__
from gardensim.commands import COMMANDS
from gardensim.core import registry
from gardensim.core.errors import ConfigError, GardensimError, os_error_text


def build_parser(games: bool = True) -> argparse.ArgumentParser:
    """The parser of every subcommand; with ``games``, the games' own too (which loads every
    game's spec: one that fails to load is left out with a one-line warning)."""
    parser = argparse.ArgumentParser(
        prog="gardensim",
        description="Seeded bot play and balance statistics for garden tile-laying games.",
    )
    parser.add_argument("--version", action="version", version=f"gardensim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        import_module(f"gardensim.commands.{name}").add_parser(sub)
    if games:
        for game in registry.game_names():
            _add_game_commands(sub, game)
    return parser


def _add_game_commands(sub: argparse._SubParsersAction, game: str) -> None:
    try:
        paths = registry.game_spec(game).commands
        modules = [import_module(path) for path in paths]
    except ConfigError as exc:
        print(f"gardensim: warning: {exc}; its commands are left out", file=sys.stderr)
        return
    except Exception as exc:  # a plugin's command module may raise anything on import
        print(f"gardensim: warning: game {game!r}: a command module does not load "
              f"({type(exc).__name__}: {exc}); its commands are left out", file=sys.stderr)
        return
    for module in modules:
        module.add_parser(sub)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    named = next((a for a in argv if not a.startswith("-")), None)
    # a gardensim command needs no game's spec: an installed plugin that is broken must not
    # break it (the games' commands are read only for their own, for help or an unknown one)
    parser = build_parser(games=named not in COMMANDS)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except GardensimError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(os_error_text(exc))
    except KeyboardInterrupt as exc:
        from gardensim.sim.stopping import exit_status

        print("gardensim: interrupted", file=sys.stderr)
        return exit_status(exc)


def _fail(message: str) -> int:
    """Print the one line a user error earns (a multi-line message is joined), status 2."""
    print("gardensim: error: " + " ".join(message.split("\n")), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
