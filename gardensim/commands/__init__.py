"""One module per ``gardensim`` subcommand; each defines ``add_parser(subparsers)`` and sets
``func`` (taking the parsed args, returning an exit status) on its parser."""

#: Subcommand modules, in help order.
COMMANDS = ["demo", "gazebo", "tournament", "simulate", "handicap", "bench", "report", "boards"]
