"""One module per ``gardensim`` subcommand; each defines ``add_parser(subparsers)`` and sets
``func`` (taking the parsed args, returning an exit status) on its parser. A game adds its own
subcommands through its spec (``GameSpec.commands``), after these."""

#: Subcommand modules, in help order.
COMMANDS = ["demo", "tournament", "simulate", "variant", "handicap", "bench", "report", "rules"]
