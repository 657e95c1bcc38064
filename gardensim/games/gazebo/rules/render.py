"""Pictures and text views of a Gazebo garden and of any game state on it (issue 5, Pictures).

Drawing lives apart from the rules, in the pgx manner: this module only reads a
:class:`~gardensim.games.gazebo.rules.board.Board` and a state in the ``to_dict()`` format of
``docs/gazebo-engine-contract.md`` (``squares``, ``dominoes``, ``nooks``, ``patios``, ``supply``,
``on_board``...), so it can draw a live state, a replay's JSON or a hand-made position alike.

matplotlib is imported inside the functions, through the object-oriented ``Figure`` with the Agg
canvas (no pyplot, no global backend), so the CLI and the engine do not pay for it at start-up.

Colours are Okabe-Ito (safe for the common colour-vision deficiencies); every seat also has its
own marker shape, so the picture reads without colour.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gardensim.games.gazebo.rules.board import Board, load_board
from gardensim.games.gazebo.rules.geometry import PATIO_CODES, PATIO_GAZEBOS

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: Terrain squares by colour letter (Okabe-Ito reddish purple, bluish green, sky blue).
TERRAIN_COLOURS = {"F": "#CC79A7", "G": "#009E73", "W": "#56B4E9"}
TERRAIN_NAMES = {"F": "flower", "G": "foliage", "W": "water"}
#: Seat colours and marker shapes (Okabe-Ito orange, blue, yellow, vermillion).
SEAT_COLOURS = ("#E69F00", "#0072B2", "#F0E442", "#D55E00")
SEAT_MARKERS = ("o", "s", "^", "D")
OPEN_COLOUR = "#F4F1E8"
PATIO_COLOUR = "#D8D2C4"
PATIO_EDGE = "#6E675A"
VASE_FACE = "#6B4E35"
VASE_EDGE = "#3B2A1C"
VASE_CELL = "#A3866A"
GRID_EDGE = "#B9B4A8"
#: Offsets of the two gazebos of a double (big nook, fancy patio), in cell units.
DOUBLE_OFFSET = 0.17


def _as_board(board: Board | str) -> Board:
    return board if isinstance(board, Board) else load_board(board)


def state_dict(state: Any) -> dict | None:
    """The ``to_dict()`` view of ``state``: accepts a mapping, an object with ``to_dict()``, or
    ``None`` (an empty board)."""
    if state is None:
        return None
    if isinstance(state, Mapping):
        return dict(state)
    to_dict = getattr(state, "to_dict", None)
    if callable(to_dict):
        return dict(to_dict())
    raise TypeError(f"cannot draw a state of type {type(state).__name__}: expected a to_dict()")


# ----- text views ------------------------------------------------------------------------
def board_summary(board: Board) -> dict[str, Any]:
    """Counts a designer checks first: open cells, patios by kind, vases, zens, pedestals."""
    kinds = list(board.patios.values())
    players = f"{board.min_players}-{board.max_players}"
    return {
        "name": board.key,
        "display_name": board.name,
        "players": players if board.min_players != board.max_players else str(board.min_players),
        "size": f"{board.width}x{board.height}",
        "open": len(board.open_cells),
        "starts": len(board.start_squares),
        "regular": kinds.count("regular"),
        "fancy": kinds.count("fancy"),
        "raised": kinds.count("raised"),
        "vases": len(board.vases),
        "zens": len(board.zens),
        "pedestals": len(board.pedestals),
    }


def board_text(board: Board) -> str:
    """The grid with column letters and row numbers, as a player reads coordinates (``C5``)."""
    letters = " ".join(chr(ord("A") + c) for c in range(board.width))
    lines = [f"    {letters}"]
    lines += [f"{r + 1:>3} {row}" for r, row in enumerate(board.rows())]
    return "\n".join(lines)


# ----- pictures --------------------------------------------------------------------------
def _centre(board: Board, i: int) -> tuple[float, float]:
    return float(i % board.width), float(i // board.width)


#: The side of a unit cell facing each direction, as offsets from the cell's centre (y down).
CELL_SIDES = {
    "N": ((-0.5, -0.5), (0.5, -0.5)),
    "E": ((0.5, -0.5), (0.5, 0.5)),
    "S": ((-0.5, 0.5), (0.5, 0.5)),
    "W": ((-0.5, -0.5), (-0.5, 0.5)),
}


def _outline_segments(board: Board, cells: set[int]) -> list[list[tuple[float, float]]]:
    """Sides of ``cells`` that face a cell outside the group: the nook's outline."""
    segs = []
    for i in cells:
        x, y = _centre(board, i)
        for d, n in zip("NESW", board.steps[i], strict=True):
            if n not in cells:
                (ax, ay), (bx, by) = CELL_SIDES[d]
                segs.append([(x + ax, y + ay), (x + bx, y + by)])
    return segs


def _anchor(board: Board, cells: list[int]) -> tuple[float, float]:
    """The nook's cell nearest its centroid, where its gazebo stands."""
    pts = [_centre(board, i) for i in cells]
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return min(pts, key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))


def _gazebo_points(x: float, y: float, count: int) -> list[tuple[float, float]]:
    """One marker per gazebo: a double is drawn as two stacked, offset markers."""
    if count == 1:
        return [(x, y)]
    return [(x - DOUBLE_OFFSET, y + DOUBLE_OFFSET), (x + DOUBLE_OFFSET, y - DOUBLE_OFFSET)]


def _draw_cells(ax: Axes, board: Board, squares: dict[int, str]) -> None:
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    rects, faces = [], []
    for i, kind in enumerate(board.cells):
        if kind == "#":
            continue
        x, y = _centre(board, i)
        rects.append(Rectangle((x - 0.5, y - 0.5), 1, 1))
        if i in squares:
            faces.append(TERRAIN_COLOURS[squares[i]])
        elif kind in "PFR":
            faces.append(PATIO_COLOUR)
        elif kind == "V":
            faces.append(VASE_CELL)
        else:
            faces.append(OPEN_COLOUR)
    cells = PatchCollection(rects, facecolors=faces, edgecolors=GRID_EDGE, linewidths=0.6)
    cells.set_gid("cells")
    ax.add_collection(cells)


def _draw_marks(ax: Axes, board: Board, squares: dict[int, str]) -> None:
    """Special spaces: start squares (star), zen (ring), pedestal (plinth), vase, patio kinds."""
    from matplotlib.patches import Circle, Rectangle

    for i, kind in enumerate(board.cells):
        x, y = _centre(board, i)
        if i in board.start_squares:
            ax.plot(x, y, marker="*", ms=11, mfc="white", mec="#333333", mew=0.8, gid="start")
        elif kind == "Z" and i not in squares:
            ax.add_patch(Circle((x, y), 0.3, fill=False, ec="#555555", lw=1.2, gid="zen"))
            ax.text(x, y, "Z", ha="center", va="center", fontsize=7, color="#555555")
        elif kind == "E" and i not in squares:
            plinth = {"fc": "#9A9A9A", "ec": "#444444", "lw": 0.8, "gid": "pedestal"}
            ax.add_patch(Rectangle((x - 0.3, y - 0.12), 0.6, 0.36, **plinth))
            ax.add_patch(Rectangle((x - 0.18, y - 0.3), 0.36, 0.18, **plinth))
        elif kind in ("Z", "E"):
            gid = "covered-zen" if kind == "Z" else "covered-pedestal"
            shape = "o" if kind == "Z" else "s"
            ax.plot(x + 0.3, y - 0.3, marker=shape, ms=4, mfc="none", mec="white", gid=gid)
        elif kind == "V":
            ax.plot(x, y + 0.05, marker="o", ms=13, mfc=VASE_FACE, mec=VASE_EDGE, gid="vase")
            ax.plot(x, y - 0.22, marker="s", ms=6, mfc=VASE_FACE, mec=VASE_EDGE)
        elif kind in "PFR":
            rings = 2 if kind == "F" else 1
            for k in range(rings):
                ax.add_patch(
                    Circle(
                        (x, y),
                        0.38 - 0.09 * k,
                        fill=False,
                        ec=PATIO_EDGE,
                        lw=1.1,
                        gid=f"patio-{board.patios[i]}",
                    )
                )
            if kind == "R":
                for dx in (-0.13, 0.13):
                    ax.plot(x + dx, y + 0.27, marker="o", ms=3.5, color="#3F3A31")


def _draw_state(ax: Axes, board: Board, state: dict) -> dict[int, list[tuple[float, float]]]:
    """Domino outlines, nook outlines in the owner's colour, patio owners; returns the gazebo
    positions per seat (one point per gazebo, so a double shows two)."""
    from matplotlib import patheffects
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle, FancyBboxPatch

    gazebos: dict[int, list[tuple[float, float]]] = {}
    for a, b in state.get("dominoes", []):
        (xa, ya), (xb, yb) = (
            _centre(board, board.parse_label(a)),
            _centre(board, board.parse_label(b)),
        )
        x0, y0 = min(xa, xb) - 0.42, min(ya, yb) - 0.42
        w, h = abs(xa - xb) + 0.84, abs(ya - yb) + 0.84
        ax.add_patch(
            FancyBboxPatch(
                (x0, y0),
                w,
                h,
                boxstyle="round,pad=0,rounding_size=0.12",
                fill=False,
                ec="white",
                lw=0.9,
                alpha=0.9,
                gid="domino",
            )
        )
    for nook in state.get("nooks", []):
        cells = [board.parse_label(c) for c in nook["cells"]]
        owner = nook.get("owner")
        colour = SEAT_COLOURS[owner] if owner is not None else "#333333"
        lines = LineCollection(
            _outline_segments(board, set(cells)),
            colors=colour,
            linewidths=3.2 if nook.get("big") else 2.2,
            capstyle="round",
        )
        lines.set_path_effects([patheffects.withStroke(linewidth=4.6, foreground="#1A1A1A")])
        lines.set_gid("nook")
        ax.add_collection(lines)
        if owner is not None:
            x, y = _anchor(board, cells)
            gazebos.setdefault(owner, []).extend(_gazebo_points(x, y, 2 if nook.get("big") else 1))
    for patio in state.get("patios", []):
        owner = patio.get("owner")
        if owner is None:
            continue
        x, y = _centre(board, board.parse_label(patio["cell"]))
        ax.add_patch(
            Circle(
                (x, y),
                0.42,
                fc=SEAT_COLOURS[owner],
                ec="#1A1A1A",
                lw=0.8,
                alpha=0.55,
                gid="patio-owner",
            )
        )
        count = PATIO_GAZEBOS[PATIO_CODES[patio["kind"]]]
        gazebos.setdefault(owner, []).extend(_gazebo_points(x, y, count))
    return gazebos


def _legend(ax: Axes, board: Board, seats: int) -> None:
    """Only what this board has: terrain, start squares, its patio kinds and spaces, the seats."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    def mark(marker: str, ms: float, face: str, edge: str) -> Line2D:
        return Line2D([], [], ls="", marker=marker, ms=ms, mfc=face, mec=edge)

    ring = mark("o", 11, PATIO_COLOUR, PATIO_EDGE)
    entries: list[tuple[Any, str]] = [
        (Patch(fc=TERRAIN_COLOURS[c], ec=GRID_EDGE), TERRAIN_NAMES[c]) for c in "FGW"
    ]
    entries.append((mark("*", 10, "white", "#333333"), "start square"))
    kinds = set(board.patios.values())
    patio_handles = {
        "regular": ring,
        "fancy": (ring, mark("o", 7, "none", PATIO_EDGE)),
        "raised": (ring, mark("$\\cdot\\cdot$", 9, "#3F3A31", "#3F3A31")),
    }
    entries += [(patio_handles[k], f"{k} patio") for k in patio_handles if k in kinds]
    if board.vases:
        entries.append((mark("o", 9, VASE_FACE, VASE_EDGE), "vase"))
    if board.zens:
        entries.append(
            ((mark("o", 11, "none", "#555555"), mark("$Z$", 5, "#555555", "#555555")), "zen")
        )
    if board.pedestals:
        entries.append((mark("s", 8, "#9A9A9A", "#444444"), "pedestal"))
    entries += [
        (mark(SEAT_MARKERS[p], 8, SEAT_COLOURS[p], "#1A1A1A"), f"seat {p}") for p in range(seats)
    ]
    handles, labels = zip(*entries, strict=True)
    ax.legend(
        handles,
        labels,
        loc="upper left",
        bbox_to_anchor=(1.01, 1.0),
        fontsize=8,
        frameon=False,
        borderaxespad=0.0,
        handlelength=1.2,
    )


def draw_board(board: Board | str, ax: Axes | None = None, state: Any = None) -> Axes:
    """Draw ``board`` (and ``state``, if given) on ``ax``; a new figure when ``ax`` is None.

    One scatter per seat (gid ``gazebos-seat-N``) holds one point per gazebo on the board, so
    a double gazebo (big nook, fancy patio) shows as two stacked markers."""
    board = _as_board(board)
    data = state_dict(state)
    if ax is None:
        from matplotlib.figure import Figure

        ax = Figure(figsize=(7.6, 6.2), layout="constrained").add_subplot()
    squares = {i: colour for i, colour in board.start_squares.items()}
    if data:
        squares.update(
            {board.parse_label(c): colour for c, colour in data.get("squares", {}).items()}
        )
    _draw_cells(ax, board, squares)
    _draw_marks(ax, board, squares)
    seats = int(data.get("players", len(data.get("supply", [])))) if data else 0
    if data:
        for seat, points in sorted(_draw_state(ax, board, data).items()):
            seats = max(seats, seat + 1)
            xs, ys = zip(*points, strict=True)
            ax.scatter(
                xs,
                ys,
                s=70,
                marker=SEAT_MARKERS[seat],
                c=SEAT_COLOURS[seat],
                edgecolors="#1A1A1A",
                linewidths=0.9,
                zorder=5,
                gid=f"gazebos-seat-{seat}",
            )
    ax.set_xlim(-0.6, board.width - 0.4)
    ax.set_ylim(board.height - 0.4, -0.6)
    ax.set_aspect("equal")
    ax.set_xticks(range(board.width), [chr(ord("A") + c) for c in range(board.width)])
    ax.set_yticks(range(board.height), [str(r + 1) for r in range(board.height)])
    ax.tick_params(length=0, labelsize=8, labeltop=True, labelright=False)
    for spine in ax.spines.values():
        spine.set_visible(False)
    _legend(ax, board, seats)
    return ax


def _caption(board: Board, data: dict | None) -> str:
    if not data:
        return board.name
    supply = data.get("supply", [])
    left = ", ".join(f"seat {p}: {n}" for p, n in enumerate(supply))
    if data.get("over"):
        winners = ", ".join(str(w) for w in data.get("winners", []))
        status = f"over ({data.get('end_reason')}), winners: {winners}"
    elif data.get("to_move") is not None:
        status = f"seat {data['to_move']} to move"
    else:
        status = ""
    parts = [p for p in (status, f"gazebos left {left}" if left else "") if p]
    return f"{board.name}\n" + "; ".join(parts)


def board_figure(board: Board | str, state: Any = None, title: str | None = None) -> Figure:
    """A standalone figure of ``board`` and ``state``, titled with the garden and who is to move."""
    board = _as_board(board)
    ax = draw_board(board, state=state)
    ax.set_title(title if title is not None else _caption(board, state_dict(state)), fontsize=10)
    return ax.figure


def _save(fig: Figure, fmt: str, dpi: int) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, dpi=dpi, bbox_inches="tight", pad_inches=0.1)
    return buf.getvalue()


def board_png(
    board: Board | str, state: Any = None, title: str | None = None, dpi: int = 100
) -> bytes:
    """PNG bytes of :func:`board_figure` (for files, reports and notebooks)."""
    return _save(board_figure(board, state, title), "png", dpi)


def board_svg(board: Board | str, state: Any = None, title: str | None = None) -> str:
    """SVG text of :func:`board_figure`."""
    return _save(board_figure(board, state, title), "svg", 72).decode("utf-8")


def repr_html(board: Board | str, state: Any = None) -> str:
    """An ``<img>`` tag with the PNG embedded, for a state's ``_repr_html_`` in a notebook."""
    board = _as_board(board)
    data = base64.b64encode(board_png(board, state)).decode("ascii")
    alt = board.name + (" position" if state is not None else "")
    return f'<img alt="{alt}" src="data:image/png;base64,{data}">'
