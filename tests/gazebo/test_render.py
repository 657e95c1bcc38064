"""Pictures show the board and the state they are given (issue 5, Pictures): every garden draws,
gazebos appear once per gazebo on the board (two for a double), nooks are outlined, terrain takes
its colour, and notebooks get an embedded PNG."""

from __future__ import annotations

import base64
import re
import subprocess
import sys

import pytest
from matplotlib.colors import to_hex

from gardensim.games.gazebo.rules.board import Board, available_boards, load_board
from gardensim.games.gazebo.rules.render import (
    TERRAIN_COLOURS,
    board_figure,
    board_png,
    board_svg,
    draw_board,
    repr_html,
)

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def aviary_position(board: Board) -> dict:
    """A hand-made two-player Aviary position in the ``to_dict()`` format of the contract.

    Seat 0 built a flower big nook D6-F6/D7-E7 (double gazebo) that claimed the regular patio C7;
    seat 1 built a foliage big nook H6-J6 reaching J4's fancy patio (two gazebos) and a water
    nook G8-H9. On the board: seat 0 has 2 + 1, seat 1 has 2 + 2 + 1.
    """
    owners = {"C7": 0, "J4": 1}
    dominoes = [["E6", "E7"], ["I6", "I7"], ["D6", "D7"], ["G9", "H9"], ["J5", "J6"]]
    colours = {"E6": "F", "E7": "F", "D6": "F", "D7": "F", "I6": "G", "I7": "G", "J5": "G"}
    colours |= {"J6": "G", "G9": "W", "H9": "W"}
    squares = {board.label(i): c for i, c in board.start_squares.items()} | colours
    return {
        "players": 2,
        "to_move": 0,
        "over": False,
        "winners": [],
        "end_reason": None,
        "supply": [21, 19],
        "on_board": [3, 5],
        "squares": squares,
        "dominoes": dominoes,
        "nooks": [
            {"color": "F", "cells": ["D6", "E6", "F6", "D7", "E7"], "owner": 0, "big": True},
            {"color": "G", "cells": ["J5", "H6", "I6", "J6", "I7"], "owner": 1, "big": True},
            {"color": "W", "cells": ["G8", "G9", "H9"], "owner": 1, "big": False},
        ],
        "patios": [
            {"cell": board.label(i), "kind": k, "owner": owners.get(board.label(i))}
            for i, k in board.patios.items()
        ],
        "moves": [],
    }


@pytest.fixture(scope="module")
def aviary() -> Board:
    return load_board("aviary")


def gazebo_markers(ax) -> dict[int, int]:
    """Seat -> number of gazebo markers drawn."""
    found = {}
    for artist in ax.collections:
        m = re.fullmatch(r"gazebos-seat-(\d)", artist.get_gid() or "")
        if m:
            found[int(m.group(1))] = len(artist.get_offsets())
    return found


def test_importing_render_does_not_import_matplotlib() -> None:
    """The CLI and the engine import this module; matplotlib must wait for the first picture."""
    code = "import sys, gardensim.games.gazebo.rules.render; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("name", available_boards())
def test_every_shipped_board_renders_to_a_png(name: str) -> None:
    data = board_png(name, dpi=40)
    assert data.startswith(PNG_MAGIC) and len(data) > 2_000


def test_a_position_renders_to_a_png(aviary: Board) -> None:
    data = board_png(aviary, aviary_position(aviary), dpi=40)
    assert data.startswith(PNG_MAGIC)
    assert data != board_png(aviary, dpi=40)


def test_empty_board_draws_no_gazebos_and_no_nooks(aviary: Board) -> None:
    ax = draw_board(aviary)
    assert gazebo_markers(ax) == {}
    assert not [c for c in ax.collections if c.get_gid() == "nook"]


def test_one_marker_per_gazebo_on_the_board_doubles_counted_twice(aviary: Board) -> None:
    state = aviary_position(aviary)
    ax = draw_board(aviary, state=state)
    assert gazebo_markers(ax) == dict(enumerate(state["on_board"]))


def test_each_nook_is_outlined_thicker_when_big(aviary: Board) -> None:
    state = aviary_position(aviary)
    ax = draw_board(aviary, state=state)
    outlines = [c for c in ax.collections if c.get_gid() == "nook"]
    assert len(outlines) == len(state["nooks"])
    widths = [c.get_linewidths()[0] for c in outlines]
    big = [n["big"] for n in state["nooks"]]
    assert min(w for w, b in zip(widths, big, strict=True) if b) > max(
        w for w, b in zip(widths, big, strict=True) if not b
    )


def test_nook_outline_runs_round_the_nook_perimeter(aviary: Board) -> None:
    """The water nook G8, G9, H9 (an L of three cells) has a perimeter of 8 cell edges."""
    state = aviary_position(aviary)
    ax = draw_board(aviary, state=state)
    outlines = [c for c in ax.collections if c.get_gid() == "nook"]
    water = state["nooks"].index(next(n for n in state["nooks"] if n["color"] == "W"))
    assert len(outlines[water].get_segments()) == 8


def test_terrain_squares_take_their_colour(aviary: Board) -> None:
    state = aviary_position(aviary)
    ax = draw_board(aviary, state=state)
    cells = next(c for c in ax.collections if c.get_gid() == "cells")
    faces = [to_hex(f).upper() for f in cells.get_facecolors()]
    for letter, colour in TERRAIN_COLOURS.items():
        expected = sum(1 for c in state["squares"].values() if c == letter)
        assert faces.count(colour.upper()) == expected, letter


def test_owned_patios_are_filled_in_the_owners_colour(aviary: Board) -> None:
    state = aviary_position(aviary)
    ax = draw_board(aviary, state=state)
    fills = [p for p in ax.patches if p.get_gid() == "patio-owner"]
    assert len(fills) == sum(p["owner"] is not None for p in state["patios"])


def test_a_state_object_is_drawn_through_its_to_dict(aviary: Board) -> None:
    class Position:
        def to_dict(self) -> dict:
            return aviary_position(aviary)

    ax = draw_board(aviary, state=Position())
    assert gazebo_markers(ax) == dict(enumerate(aviary_position(aviary)["on_board"]))


def test_axes_carry_column_letters_and_row_numbers(aviary: Board) -> None:
    ax = draw_board(aviary)
    assert [t.get_text() for t in ax.get_xticklabels()][:3] == ["A", "B", "C"]
    assert [t.get_text() for t in ax.get_yticklabels()][-1] == str(aviary.height)


def test_legend_lists_only_the_spaces_this_garden_has() -> None:
    labels = [t.get_text() for t in draw_board("butterfly").get_legend().get_texts()]
    assert "vase" in labels and "zen" not in labels and "fancy patio" not in labels


def test_figure_title_says_who_is_to_move(aviary: Board) -> None:
    fig = board_figure(aviary, aviary_position(aviary))
    assert "seat 0 to move" in fig.axes[0].get_title()
    assert board_figure(aviary, title="Mine").axes[0].get_title() == "Mine"


def test_repr_html_embeds_a_png(aviary: Board) -> None:
    html = repr_html(aviary, aviary_position(aviary))
    m = re.fullmatch(r'<img alt="[^"]*" src="data:image/png;base64,([A-Za-z0-9+/=]+)">', html)
    assert m and base64.b64decode(m.group(1)).startswith(PNG_MAGIC)


def test_svg_is_an_svg_document(aviary: Board) -> None:
    assert "<svg" in board_svg(aviary)


def test_a_covered_zen_space_keeps_a_small_mark(aviary: Board) -> None:
    """Zen spaces matter after they are covered too (rulings 12 credits), so the picture says
    which squares were zen; a minimal dict with only ``squares`` is enough to draw."""
    zen = min(aviary.zens)
    ax = draw_board(aviary, state={"squares": {aviary.label(zen): "W"}})
    covered = [line for line in ax.lines if line.get_gid() == "covered-zen"]
    open_zens = [p for p in ax.patches if p.get_gid() == "zen"]
    assert len(covered) == 1
    x, y = covered[0].get_xydata()[0]
    assert (round(x), round(y)) == (zen % aviary.width, zen // aviary.width)
    assert len(open_zens) == len(aviary.zens) - 1


@pytest.mark.parametrize("name", available_boards())
def test_engine_positions_draw_one_marker_per_gazebo_on_the_board(name: str) -> None:
    """The picture agrees with the engine's own count (on_board) mid-game and at the end."""
    import random

    from gardensim.games.gazebo.rules.game import GazeboGame

    game = GazeboGame(name, 3)
    state = game.new_initial_state(7)
    rng = random.Random(7)
    for moves in (30, 10_000):
        for _ in range(moves):
            if state.is_terminal():
                break
            state.apply_action(state.random_action(rng))
        on_board = state.to_dict()["on_board"]
        expected = {seat: n for seat, n in enumerate(on_board) if n}
        assert gazebo_markers(draw_board(game.board, state=state)) == expected


def test_state_shows_itself_as_a_picture_in_notebooks() -> None:
    from gardensim.games.gazebo.rules.game import GazeboGame

    state = GazeboGame("aviary", players=2).new_initial_state(3)
    html = state._repr_html_()
    assert html.startswith('<img alt="Aviary Garden position" src="data:image/png;base64,')
