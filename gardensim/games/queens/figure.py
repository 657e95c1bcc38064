"""Matplotlib pictures of Queen's Garden gardens for the report (the spec's ``renderer``).

Same drawing as the notebook's SVG (:mod:`.render`): hexagons in their colours with the pattern
value written on them, features lettered (F fountain, S statue, B bench, P pavilion), rewarded
features ringed in gold, unplaced areas faint and face-down ones grey. Without a position it
draws the side's empty garden with its scoring wheel, which is what tells the sides apart.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from gardensim.games.queens.garden import FACE_DOWN, UNPLACED, is_face_up
from gardensim.games.queens.geometry import CELLS, area_of
from gardensim.games.queens.scoring import JOKERS_GAINED

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from gardensim.games.queens.state import QueensState

_LETTER = {"fountain": "F", "statue": "S", "bench": "B", "pavilion": "P"}


def board_figure(board: str, state: QueensState | None = None,
                 title: str | None = None) -> Figure:
    """Every seat's garden of ``state``, or the empty garden of side ``board`` with its wheel."""
    from matplotlib.figure import Figure

    from gardensim.games.queens.game import QueensGame

    st = state if state is not None else QueensGame(board, 2).new_initial_state(0)
    seats = range(st.num_players) if state is not None else range(1)
    fig = Figure(figsize=(3.2 * len(seats), 3.6))
    axes = fig.subplots(1, len(seats), squeeze=False)[0]
    for ax, p in zip(axes, seats, strict=True):
        _garden(ax, st, p, empty=state is None)
    if state is None:
        rules = st.rules
        names = [c for c in rules.letters] + [str(v) for v in rules.values]
        wheel = "; ".join(f"round {i}: " + " ".join(names[c] for c in cats)
                          for i, cats in enumerate(rules.wheel[board], 1))
        fig.text(0.5, 0.02, f"wheel {wheel}", ha="center", fontsize=6)
    if title:
        fig.suptitle(title)
    return fig


def _garden(ax: Axes, st: QueensState, p: int, empty: bool) -> None:
    from matplotlib.patches import RegularPolygon

    rules, geo = st.rules, st.geo
    board, areas = st.boards[p], st.areas[p]
    for cell in range(CELLS):
        q, r = geo.coords[cell]
        x, y = math.sqrt(3) * (q + r / 2), -1.5 * r
        a = area_of(cell)
        status = areas[a] if a >= 0 else 0
        centre = a >= 0 and cell == 13 + 7 * a
        h = board[cell]
        fill, label, edge, alpha = "#f4f1ea", "", "#b9b3a5", 1.0
        if status == UNPLACED and not empty:
            fill, edge, alpha = "none", "#e2ded4", 0.6
        elif a >= 0 and status >= FACE_DOWN:
            fill = "#dcd8cf"
        kind = geo.feature_kind.get(cell) or ("pavilion" if centre and is_face_up(status)
                                              else "")
        if h >= 0:
            fill, label = rules.colour_rgb[h // 6], str(rules.values[h % 6])
        elif kind:
            fill, label = "#8d8577", _LETTER[kind]
            if st.rewarded[p] >> cell & 1:
                edge = "#d4a017"
        ax.add_patch(RegularPolygon((x, y), 6, radius=1.0, facecolor=fill, edgecolor=edge,
                                    alpha=alpha, linewidth=1.2))
        if label:
            ax.text(x, y, label, ha="center", va="center", fontsize=6)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.axis("off")
    if not empty:
        ax.set_title(f"seat {p}: {st.scores[p]} points, {st.jokers[p]} jokers "
                     f"({st.ledger[p][JOKERS_GAINED]} earned)", fontsize=7)
