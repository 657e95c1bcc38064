"""``gardensim boards``: list the shipped gardens, or show one (text grid, optional picture).

Thin by design: parsing, counting and drawing live in ``gardensim.games.gazebo``; a malformed
board file raises BoardFormatError, which the CLI prints as one line with exit status 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gardensim.core.errors import FileAccessError, file_errors
from gardensim.games.gazebo.rules.board import available_boards, load_board
from gardensim.games.gazebo.rules.render import board_summary, board_text

#: Columns of ``boards list``: (summary key, heading).
LIST_COLUMNS = [
    ("name", "name"),
    ("display_name", "display name"),
    ("players", "players"),
    ("size", "size"),
    ("open", "open"),
    ("starts", "starts"),
    ("regular", "regular"),
    ("fancy", "fancy"),
    ("raised", "raised"),
    ("vases", "vases"),
    ("zens", "zens"),
    ("pedestals", "pedestals"),
]


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("boards", help="list the Gazebo gardens or show one")
    sub = parser.add_subparsers(dest="boards_command", metavar="ACTION", required=True)
    lister = sub.add_parser("list", help="one line per shipped board with its feature counts")
    lister.set_defaults(func=run_list)
    shower = sub.add_parser("show", help="print a board's grid; --png also draws it")
    shower.add_argument("board", metavar="NAME_OR_PATH",
                        help="a shipped garden (gardensim boards list) or a file")
    shower.add_argument("--png", metavar="FILE", type=Path, help="write a picture of the board")
    shower.set_defaults(func=run_show)


def format_table(rows: list[dict]) -> str:
    """Left-aligned text columns (names), right-aligned numbers."""
    cells = [[h for _, h in LIST_COLUMNS]] + [[str(r[k]) for k, _ in LIST_COLUMNS] for r in rows]
    widths = [max(len(row[c]) for row in cells) for c in range(len(LIST_COLUMNS))]
    numeric = [isinstance(rows[0][k], int) if rows else False for k, _ in LIST_COLUMNS]
    lines = []
    for row in cells:
        parts = [
            v.rjust(w) if num else v.ljust(w)
            for v, w, num in zip(row, widths, numeric, strict=True)
        ]
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines)


def run_list(args: argparse.Namespace) -> int:
    print(format_table([board_summary(load_board(name)) for name in available_boards()]))
    return 0


def run_show(args: argparse.Namespace) -> int:
    board = load_board(args.board)
    if args.png:
        _check_png_target(args.png)
    info = board_summary(board)
    patios = ", ".join(f"{info[k]} {k}" for k in ("regular", "fancy", "raised") if info[k])
    print(f"{board.name} ({board.key}): {info['players']} players, {info['size']}")
    print(
        f"open cells {info['open']}, start squares {info['starts']}, patios: {patios or 'none'}, "
        f"vases {info['vases']}, zens {info['zens']}, pedestals {info['pedestals']}"
    )
    print(board_text(board))
    if args.png:
        from gardensim.games.gazebo.rules.render import board_png

        with file_errors(args.png, "picture"):
            args.png.write_bytes(board_png(board))
        print(f"wrote {args.png}")
    return 0


def _check_png_target(path: Path) -> None:
    """Refuse a picture path that cannot be written before drawing anything."""
    if path.is_dir():
        raise FileAccessError(
            f"--png {path}: is a folder; give a file name such as {path / 'board.png'}"
        )
    if not path.parent.is_dir():
        raise FileAccessError(f"--png {path}: the folder {path.parent} does not exist")
