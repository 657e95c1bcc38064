"""Gazebo garden boards: the text format, its parser and the precomputed grid tables.

The format is fixed because other tools read it (issue 2)::

    # comment
    name: Aviary Garden
    players: 2-4
    ---
    . . f P ...      one line per row, one character per cell, spaces ignored

Cell characters are listed in :data:`CELL_KINDS`. Since ``#`` is also the void cell, a line
of the grid that starts with ``#`` is a comment only when it holds a character that is no cell
character (any prose does). Columns are lettered ``A``.. from the left,
rows numbered ``1``.. from the top, so ``C5`` is column 3, row 5. Neighbour tables are built once
per board, in the python-chess manner, so the engine never recomputes geometry.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from gardensim.core.errors import BoardFormatError, ConfigError
from gardensim.core.files import quote, read_text
from gardensim.paths import package_folder

#: the game's data: the gardens, the evaluation weights, the ladder and the perft positions
GAZEBO_DIR = package_folder("gardensim.games.gazebo", "data")
BOARDS_DIR = GAZEBO_DIR / "boards"

CELL_KINDS: dict[str, str] = {
    ".": "open",
    "Z": "zen",
    "E": "pedestal",
    "f": "start-flower",
    "g": "start-foliage",
    "w": "start-water",
    "P": "regular",
    "F": "fancy",
    "R": "raised",
    "V": "vase",
    "#": "void",
}
#: Cells a domino may cover (rulings 1).
OPEN_CELLS = frozenset(".ZE")
START_CELLS = {"f": "F", "g": "G", "w": "W"}
PATIO_CELLS = {"P": "regular", "F": "fancy", "R": "raised"}
#: Directions in notation order; offsets are (d_col, d_row).
DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
MAX_COLUMNS = 26
#: Rows a cell label can name (``_LABEL`` reads one or two digits).
MAX_ROWS = 99
#: Cells the engine's action codes hold: a placement is coded ``slot * 9 + x * 3 + y`` with
#: ``slot < 2 * cells`` and must stay below the first non-placement code, ``1 << 14``
#: (``geometry.DRAW_GENERAL``), or a stored game's draw would read back as a placement.
MAX_CELLS = (1 << 14) // (2 * 9)

_LABEL = re.compile(r"^([A-Za-z])(\d{1,2})$")


@dataclass(frozen=True)
class Board:
    """An immutable garden: cell kinds on a ``width`` x ``height`` grid, row-major."""

    key: str
    name: str
    min_players: int
    max_players: int
    width: int
    height: int
    cells: tuple[str, ...]
    source: str = ""
    header: tuple[str, ...] = field(default=(), compare=False)

    # ----- coordinates ----------------------------------------------------------------
    def index(self, col: int, row: int) -> int:
        return row * self.width + col

    def label(self, i: int) -> str:
        """``C5``-style name of cell ``i``."""
        return f"{chr(ord('A') + i % self.width)}{i // self.width + 1}"

    def parse_label(self, text: str) -> int:
        m = _LABEL.match(text.strip())
        if not m:
            raise ValueError(f"bad cell {text!r} (expected a column letter and a row number)")
        col = ord(m.group(1).upper()) - ord("A")
        row = int(m.group(2)) - 1
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(f"cell {text.upper()} is off the board")
        return self.index(col, row)

    def step(self, i: int, direction: str) -> int:
        """Neighbour of ``i`` in ``direction`` (N/E/S/W), or -1 off the grid."""
        return self.steps[i]["NESW".index(direction)]

    # ----- precomputed tables ---------------------------------------------------------
    @cached_property
    def steps(self) -> tuple[tuple[int, int, int, int], ...]:
        """Per cell, the neighbour index in N, E, S, W order (-1 off the grid)."""
        out = []
        for i in range(self.width * self.height):
            col, row = i % self.width, i // self.width
            nb = []
            for dc, dr in DIRECTIONS.values():
                c, r = col + dc, row + dr
                nb.append(self.index(c, r) if 0 <= c < self.width and 0 <= r < self.height else -1)
            out.append(tuple(nb))
        return tuple(out)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the edge-adjacent cells on the grid."""
        return tuple(tuple(n for n in s if n >= 0) for s in self.steps)

    @cached_property
    def open_cells(self) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.cells) if k in OPEN_CELLS)

    @cached_property
    def start_squares(self) -> dict[int, str]:
        """Printed start squares: cell -> colour letter F/G/W (rulings 2)."""
        return {i: START_CELLS[k] for i, k in enumerate(self.cells) if k in START_CELLS}

    @cached_property
    def patios(self) -> dict[int, str]:
        """Patio cells in reading order -> kind (regular, fancy, raised) (rulings 8)."""
        return {i: PATIO_CELLS[k] for i, k in enumerate(self.cells) if k in PATIO_CELLS}

    @cached_property
    def vases(self) -> tuple[int, ...]:
        return tuple(i for i, k in enumerate(self.cells) if k == "V")

    @cached_property
    def zens(self) -> frozenset[int]:
        return frozenset(i for i, k in enumerate(self.cells) if k == "Z")

    @cached_property
    def pedestals(self) -> frozenset[int]:
        return frozenset(i for i, k in enumerate(self.cells) if k == "E")

    def rows(self) -> list[str]:
        """The grid as text rows, cells separated by spaces (the file's own layout)."""
        w = self.width
        return [" ".join(self.cells[r * w : (r + 1) * w]) for r in range(self.height)]

    def to_text(self) -> str:
        """Serialise back to the board file format (round-trips through :func:`parse_board`)."""
        lo, hi = self.min_players, self.max_players
        players = str(lo) if lo == hi else f"{lo}-{hi}"
        head = [f"# {line}" if line else "#" for line in self.header]
        lines = [*head, f"name: {self.name}", f"players: {players}", "---", *self.rows()]
        return "\n".join(lines) + "\n"


def _is_cell_row(line: str) -> bool:
    """Inside the grid a '#' line is a row of cells (``#`` is void) unless it holds a character
    that is no cell, as prose comments always do."""
    return all(ch in CELL_KINDS or ch.isspace() for ch in line)


def _fail(source: str, line: int, col: int | None, message: str) -> BoardFormatError:
    where = f"{source}:{line}" + (f":{col}" if col is not None else "")
    return BoardFormatError(f"{where}: {message}")


def _parse_players(value: str, source: str, line: int) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d)\s*(?:-\s*(\d)\s*)?", value)
    if not m:
        raise _fail(source, line, None, f"bad players {quote(value.strip())} (expected e.g. '2-4')")
    lo = int(m.group(1))
    hi = int(m.group(2) or lo)
    if not 2 <= lo <= hi <= 4:
        raise _fail(source, line, None, f"players {value.strip()!r} outside 2-4")
    return lo, hi


def parse_board(text: str, source: str = "<board>", key: str | None = None) -> Board:
    """Parse board text; every error names ``source``, the line and (for cells) the column."""
    header: dict[str, tuple[str, int]] = {}
    comments: list[str] = []
    grid: list[tuple[int, list[tuple[int, str]]]] = []
    in_grid = False
    for lineno, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if stripped.startswith("#") and not (in_grid and _is_cell_row(stripped)):
            if not in_grid and not header:
                comments.append(stripped.lstrip("#").strip())
            continue
        if not stripped:
            continue
        if not in_grid:
            if stripped == "---":
                in_grid = True
                continue
            k, sep, v = stripped.partition(":")
            if not sep:
                raise _fail(
                    source, lineno, None, f"expected 'key: value' or '---', got {quote(stripped)}"
                )
            k = k.strip().lower()
            if k not in ("name", "players"):
                raise _fail(
                    source, lineno, None, f"unknown header key {quote(k)} (known: name, players)"
                )
            header[k] = (v.strip(), lineno)
            continue
        cells = [(col, ch) for col, ch in enumerate(raw, start=1) if not ch.isspace()]
        for col, ch in cells:
            if ch not in CELL_KINDS:
                known = " ".join(CELL_KINDS)
                raise _fail(source, lineno, col, f"unknown cell {ch!r} (known: {known})")
        grid.append((lineno, cells))

    if "name" not in header or not header["name"][0]:
        raise _fail(source, 1, None, "missing 'name:' header")
    players_value, players_line = header.get("players", ("2-4", 1))
    lo, hi = _parse_players(players_value, source, players_line)
    if not in_grid:
        raise _fail(source, len(text.splitlines()) or 1, None, "missing '---' line before the grid")
    if not grid:
        raise _fail(source, len(text.splitlines()), None, "the grid has no rows")
    width = _grid_width(grid)
    if width > MAX_COLUMNS:
        lineno, cells = next((n, c) for n, c in grid if len(c) == width)
        raise _fail(source, lineno, cells[MAX_COLUMNS][0], f"more than {MAX_COLUMNS} columns")
    for lineno, cells in grid:
        if len(cells) != width:
            col = cells[width][0] if len(cells) > width else (cells[-1][0] + 1 if cells else 1)
            raise _fail(
                source, lineno, col,
                f"ragged row: {len(cells)} cells, the other rows have {width}",
            )
    _check_size(source, grid, width)
    flat = tuple(ch for _, cells in grid for _, ch in cells)
    if not any(ch in START_CELLS for ch in flat):
        first_line, first_cells = grid[0]
        raise _fail(
            source, first_line, first_cells[0][0], "no start square (f, g or w) on the board"
        )
    return Board(
        key=key or Path(source).stem,
        name=header["name"][0],
        min_players=lo,
        max_players=hi,
        width=width,
        height=len(grid),
        cells=flat,
        source=source,
        header=tuple(comments),
    )


def _grid_width(grid: list[tuple[int, list[tuple[int, str]]]]) -> int:
    """The width most rows share (the first row's on a tie), so the one ragged row is the one
    blamed, even when it is the first."""
    return Counter(len(cells) for _, cells in grid).most_common(1)[0][0]


def _check_size(source: str, grid: list[tuple[int, list[tuple[int, str]]]], width: int) -> None:
    """Refuse a grid that cell labels or the engine's action codes cannot address: a board
    accepted here must give games that replay from their stored move lists."""
    if len(grid) > MAX_ROWS:
        raise _fail(source, grid[MAX_ROWS][0], None, f"more than {MAX_ROWS} rows")
    if width * len(grid) > MAX_CELLS:
        last = MAX_CELLS // width
        raise _fail(
            source, grid[last][0], None,
            f"{width} x {len(grid)} = {width * len(grid)} cells; a board holds at most "
            f"{MAX_CELLS} cells ({last} rows of {width})",
        )


def available_boards() -> list[str]:
    """Names of the shipped boards (files in ``data/boards/``)."""
    return sorted(p.stem for p in BOARDS_DIR.glob("*.txt"))


def board_title(name_or_path: str | Path) -> str:
    """The garden's own name ("Aviary Garden"), as a report's condition says it."""
    return load_board(name_or_path).name


def load_board(name_or_path: str | Path) -> Board:
    """A shipped board by name (``aviary``) or any board file by path."""
    path = Path(name_or_path)
    if path.suffix != ".txt" and not path.exists() and "/" not in str(name_or_path):
        path = BOARDS_DIR / f"{name_or_path}.txt"
        if not path.exists():
            known = ", ".join(available_boards())
            raise ConfigError(f"unknown board {str(name_or_path)!r}; known boards: {known}")
    if path.is_dir():
        raise ConfigError(f"{path}: is a folder, not a board file")
    if not path.exists():
        raise ConfigError(f"board file {str(path)!r} does not exist")
    text = read_text(path, "board file")
    return parse_board(text, source=str(path), key=path.stem)
