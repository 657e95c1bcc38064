"""The shipped gardens keep the promises of issue 2 and the rulebook's "Gardens of Gazebo", the
parser names file, line and column for every mistake, and `gardensim boards` reports both."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from gardensim.cli import main
from gardensim.core.errors import BoardFormatError
from gardensim.games.gazebo.rules.board import (
    OPEN_CELLS,
    Board,
    available_boards,
    load_board,
    parse_board,
)
from gardensim.games.gazebo.rules.render import board_summary, board_text

GARDENS = ["aviary", "butterfly", "botanical", "jungle", "qin"]
#: "roughly 150 open cells" (issue 2), as an accepted range.
OPEN_RANGE = range(135, 166)
#: "about 13x13": accepted widths and heights.
SIDE_RANGE = range(11, 16)
#: Special kinds each garden promises; every other special kind must be absent.
PROMISED = {
    "aviary": {"P", "F", "Z"},
    "butterfly": {"P", "V"},
    "botanical": {"P", "R"},
    "jungle": {"P", "F", "E"},
    "qin": {"P"},
}
SPECIAL = set("PFRVZE")


@pytest.fixture(scope="module", params=GARDENS)
def board(request: pytest.FixtureRequest) -> Board:
    return load_board(request.param)


def kinds(board: Board) -> Counter[str]:
    return Counter(board.cells)


def chebyshev_from_centre(board: Board, i: int) -> float:
    col, row = i % board.width, i // board.width
    return max(abs(col - (board.width - 1) / 2), abs(row - (board.height - 1) / 2))


def test_every_garden_of_the_rulebook_and_qin_is_shipped() -> None:
    assert set(GARDENS) <= set(available_boards())


def test_board_header_says_the_layout_is_designed_and_gives_the_legend(board: Board) -> None:
    header = "\n".join(board.header)
    assert "DESIGNED, NOT TRANSCRIBED" in header
    for char in "PFRVZEfgw#.":
        assert re.search(rf"(^|\s){re.escape(char)}\s+\S", header, re.M), char


def test_board_is_about_13_by_13_with_roughly_150_open_cells(board: Board) -> None:
    assert board.width in SIDE_RANGE and board.height in SIDE_RANGE
    assert len(board.open_cells) in OPEN_RANGE
    assert (board.min_players, board.max_players) == (2, 4)


def test_garden_has_the_features_it_promises_and_no_others(board: Board) -> None:
    present = {k for k in kinds(board) if k in SPECIAL}
    assert present == PROMISED[board.key]


def test_butterfly_garden_has_exactly_four_vases() -> None:
    assert len(load_board("butterfly").vases) == 4


def test_aviary_patios_are_regular_and_fancy() -> None:
    assert set(load_board("aviary").patios.values()) == {"regular", "fancy"}


def test_botanical_raised_patios_come_with_regular_ones() -> None:
    assert set(load_board("botanical").patios.values()) == {"regular", "raised"}


def test_qin_board_is_13x13_with_three_different_start_squares_in_the_middle() -> None:
    qin = load_board("qin")
    assert (qin.width, qin.height) == (13, 13)
    assert sorted(qin.start_squares.values()) == ["F", "G", "W"]
    assert all(chebyshev_from_centre(qin, i) <= 1 for i in qin.start_squares)


def test_qin_has_about_ten_villages_and_a_few_interior_ponds() -> None:
    qin = load_board("qin")
    assert 8 <= kinds(qin)["P"] <= 12
    ponds = [i for i, k in enumerate(qin.cells) if k == "#"]
    assert 1 <= len(ponds) <= 12
    assert all(len(qin.neighbours[i]) == 4 or qin.cells[i] == "#" for i in ponds)


def turned(board: Board, quarter_turns: int) -> tuple[str, ...]:
    """The cells after turning a square board clockwise, start squares read as open cells."""
    n = board.width
    cells = ["." if k in "fgw" else k for k in board.cells]
    for _ in range(quarter_turns):
        cells = [cells[(n - 1 - c) * n + r] for r in range(n) for c in range(n)]
    return tuple(cells)


@pytest.mark.parametrize(("name", "quarter_turns"), [("aviary", 1), ("butterfly", 2)])
def test_layout_favours_no_side_of_the_table(name: str, quarter_turns: int) -> None:
    """The headers promise the symmetry (start squares aside) so no seat faces a better side."""
    board = load_board(name)
    assert turned(board, quarter_turns) == turned(board, 0)


def test_start_squares_of_all_three_colours_sit_near_the_middle(board: Board) -> None:
    assert set(board.start_squares.values()) == {"F", "G", "W"}
    assert all(chebyshev_from_centre(board, i) <= 3 for i in board.start_squares)


def test_every_patio_and_vase_has_an_open_neighbour(board: Board) -> None:
    for i in [*board.patios, *board.vases]:
        assert any(board.cells[n] in OPEN_CELLS for n in board.neighbours[i]), board.label(i)


def test_patios_are_contestable_with_three_open_neighbours(board: Board) -> None:
    """A patio that only one nook can reach is never contested (rulings 9)."""
    for i in [*board.patios, *board.vases]:
        opens = sum(board.cells[n] in OPEN_CELLS for n in board.neighbours[i])
        assert opens >= 3, board.label(i)


def test_no_patio_touches_a_start_square_even_diagonally(board: Board) -> None:
    """Otherwise the first domino would claim it unopposed."""
    starts = set(board.start_squares)
    for i in [*board.patios, *board.vases]:
        col, row = i % board.width, i // board.width
        around = {
            board.index(col + dc, row + dr)
            for dc in (-1, 0, 1)
            for dr in (-1, 0, 1)
            if 0 <= col + dc < board.width and 0 <= row + dr < board.height
        }
        assert not around & starts, board.label(i)


def test_no_two_patios_or_vases_share_an_edge(board: Board) -> None:
    specials = {*board.patios, *board.vases}
    for i in specials:
        assert not set(board.neighbours[i]) & specials, board.label(i)


def test_every_open_cell_can_hold_a_domino(board: Board) -> None:
    for i in board.open_cells:
        assert any(board.cells[n] in OPEN_CELLS for n in board.neighbours[i]), board.label(i)


def test_the_garden_is_one_connected_region_reachable_from_the_start(board: Board) -> None:
    """Dominoes grow from start squares (rulings 3), so every open cell must be reachable."""
    playable = set(board.open_cells) | set(board.start_squares)
    seen, todo = set(), list(board.start_squares)
    while todo:
        i = todo.pop()
        if i in seen:
            continue
        seen.add(i)
        todo.extend(n for n in board.neighbours[i] if n in playable)
    assert seen == playable


def test_board_round_trips_through_to_text(board: Board) -> None:
    again = parse_board(board.to_text(), source=board.source, key=board.key)
    assert again == board
    assert again.header == board.header


# ----- parser errors ----------------------------------------------------------------------
GOOD_HEAD = "# a test garden\nname: Test Garden\nplayers: 2-4\n---\n"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "garden.txt"
    path.write_text(text, encoding="utf-8")
    return path


def error_of(path: Path) -> str:
    with pytest.raises(BoardFormatError) as info:
        load_board(path)
    return str(info.value)


@pytest.mark.parametrize(
    ("grid", "line", "col", "words"),
    [
        (". . f\n. .\n", 6, 4, "ragged row"),
        (". . f\n. . .\n. . .\n. . . .\n", 8, 7, "ragged row"),
        (". . f\n. x .\n", 6, 3, "unknown cell 'x'"),
    ],
    ids=["short-row", "long-row", "unknown-character"],
)
def test_grid_error_names_file_line_and_column(
    tmp_path: Path, grid: str, line: int, col: int, words: str
) -> None:
    path = write(tmp_path, GOOD_HEAD + grid)
    message = error_of(path)
    assert message.startswith(f"{path}:{line}:{col}: ")
    assert words in message


def test_too_many_columns_names_the_27th_column(tmp_path: Path) -> None:
    row = " ".join(["f"] + ["."] * 26)
    path = write(tmp_path, GOOD_HEAD + row + "\n")
    message = error_of(path)
    assert message.startswith(f"{path}:5:{2 * 26 + 1}: ")
    assert "more than 26 columns" in message


def test_no_start_square_names_file_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD_HEAD + ". . .\n. . .\n")
    message = error_of(path)
    assert re.match(rf"{re.escape(str(path))}:5:\d+: ", message)
    assert "no start square" in message


def test_missing_name_is_rejected_naming_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "players: 2-4\n---\n. f\n")
    message = error_of(path)
    assert message.startswith(f"{path}:1")
    assert "name" in message


@pytest.mark.parametrize("players", ["two", "1-4", "2-5", "4-2"])
def test_bad_players_is_rejected_naming_file_and_its_line(tmp_path: Path, players: str) -> None:
    path = write(tmp_path, f"name: X\nplayers: {players}\n---\n. f\n")
    message = error_of(path)
    assert message.startswith(f"{path}:2")
    assert "players" in message


# ----- text views and the command -------------------------------------------------------------
TINY = "name: Tiny\nplayers: 3\n---\nP F R V\nZ E f .\n. . # w\n"


def test_summary_counts_each_kind_of_space_on_a_tiny_board() -> None:
    info = board_summary(parse_board(TINY, source="tiny.txt"))
    assert info["players"] == "3" and info["size"] == "4x3"
    assert (info["regular"], info["fancy"], info["raised"]) == (1, 1, 1)
    assert (info["vases"], info["zens"], info["pedestals"], info["starts"]) == (1, 1, 1, 2)
    assert info["open"] == 5


def test_text_grid_shows_column_letters_and_row_numbers() -> None:
    lines = board_text(parse_board(TINY, source="tiny.txt")).splitlines()
    assert lines[0].split() == ["A", "B", "C", "D"]
    assert lines[3].split() == ["3", ".", ".", "#", "w"]


def test_boards_list_prints_one_line_per_shipped_board(capsys: pytest.CaptureFixture) -> None:
    assert main(["boards", "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 + len(available_boards())
    for name, line in zip(available_boards(), out[1:], strict=True):
        info = board_summary(load_board(name))
        assert line.split()[0] == name
        assert str(info["open"]) in line.split()


def test_boards_show_prints_the_grid_and_writes_a_png(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    png = tmp_path / "qin.png"
    assert main(["boards", "show", "qin", "--png", str(png)]) == 0
    out = capsys.readouterr().out
    assert board_text(load_board("qin")) in out
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_boards_show_of_a_bad_file_exits_2_with_the_parsers_line(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    path = write(tmp_path, GOOD_HEAD + ". . f\n. x .\n")
    assert main(["boards", "show", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"gardensim: error: {error_of(path)}"]
