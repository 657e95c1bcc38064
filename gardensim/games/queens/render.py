"""Pictures of a Queen's Garden position: a text summary (``str(state)``) and an SVG of each
seat's garden (hexagons in their colours with the pattern value as a glyph, features lettered
F fountain, S statue, B bench, P pavilion, rewarded features ringed, jokers and storage in the
caption), used by ``_repr_svg_`` / ``_repr_html_`` in notebooks and later by the report.
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from gardensim.games.queens.garden import FACE_DOWN, UNPLACED, is_face_up
from gardensim.games.queens.geometry import CELLS, area_of
from gardensim.games.queens.scoring import JOKERS_GAINED

if TYPE_CHECKING:
    from gardensim.games.queens.state import QueensState

SIZE = 13.0
_FEATURE_LETTER = {"fountain": "F", "statue": "S", "bench": "B", "pavilion": "P"}


def text(st: QueensState) -> str:
    rules = st.rules
    name = rules.hex_name
    lines = [f"Queen's Garden ({st.side}), round {st.round}, "
             + ("over" if st.final else f"seat {st.player} to move")]
    top = " ".join(map(name, st.top_tiles)) if st.stack else "-"
    disp = "  ".join(f"d{i}:" + (" ".join(map(name, t)) if t else f"[{name(e)}]")
                     for i, (e, t) in enumerate(st.display, 1))
    lines.append(f"stack top ({len(st.stack)} left): {top}   display: {disp or '-'}")
    lines.append(f"bag {sum(st.bag)}  tower {sum(st.tower)}  supply {len(st.supply)}")
    for p in range(st.num_players):
        stored = " ".join(name(h) * 1 for h, n in enumerate(st.tiles[p]) for _ in range(n))
        exps = " ".join(f"[{name(e)}]" for e in st.exps[p])
        garden = " ".join(f"{st.geo.cell_name(c)}={name(h)}"
                          for c, h in enumerate(st.boards[p]) if h >= 0)
        flags = " passed" if st.passed[p] else ""
        lines.append(f"seat {p}: score {st.scores[p]} jokers {st.jokers[p]} storage "
                     f"{stored or '-'} {exps}{flags}")
        lines.append(f"  garden {garden or '-'}")
    return "\n".join(lines)


def _corner_points(x: float, y: float) -> str:
    return " ".join(f"{x + SIZE * math.cos(math.radians(60 * k + 30)):.1f},"
                    f"{y + SIZE * math.sin(math.radians(60 * k + 30)):.1f}" for k in range(6))


def garden_svg(st: QueensState, p: int) -> str:
    """One seat's garden: the 55 cells, unplaced areas faint, face-down ones grey."""
    rules, geo = st.rules, st.geo
    board, areas = st.boards[p], st.areas[p]
    width = 16 * SIZE
    parts = []
    for cell in range(CELLS):
        q, r = geo.coords[cell]
        x = width / 2 + SIZE * math.sqrt(3) * (q + r / 2)
        y = width / 2 + SIZE * 1.5 * r
        a = area_of(cell)
        status = areas[a] if a >= 0 else 0
        centre = a >= 0 and cell == 13 + 7 * a
        h = board[cell]
        fill, label, stroke = "#f4f1ea", "", "#b9b3a5"
        if status == UNPLACED:
            fill, stroke = "none", "#e2ded4"
        elif a >= 0 and status >= FACE_DOWN:
            fill = "#dcd8cf"
        kind = geo.feature_kind.get(cell) or ("pavilion" if centre and is_face_up(status) else "")
        if h >= 0:
            fill, label = rules.colour_rgb[h // 6], str(rules.values[h % 6])
        elif kind:
            fill, label = "#8d8577", _FEATURE_LETTER[kind]
            if st.rewarded[p] >> cell & 1:
                stroke = "#d4a017"
        parts.append(f'<polygon points="{_corner_points(x, y)}" fill="{fill}" '
                     f'stroke="{stroke}" stroke-width="1.5"/>')
        if label:
            parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" '
                         f'text-anchor="middle" font-family="sans-serif">{label}</text>')
    earned = st.ledger[p][JOKERS_GAINED]
    caption = html.escape(f"seat {p}: {st.scores[p]} points, {st.jokers[p]} jokers "
                          f"({earned} earned), {sum(st.tiles[p])} tiles stored")
    parts.append(f'<text x="4" y="{width + 12:.0f}" font-size="11" '
                 f'font-family="sans-serif">{caption}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
            f'height="{width + 18:.0f}">' + "".join(parts) + "</svg>")


def to_svg(st: QueensState) -> str:
    """Every seat's garden side by side in one SVG."""
    width = 16 * SIZE
    inner = "".join(f'<g transform="translate({p * (width + 8):.0f},0)">'
                    f'{garden_svg(st, p)}</g>' for p in range(st.num_players))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{st.num_players * (width + 8):.0f}"'
            f' height="{width + 18:.0f}">{inner}</svg>')


def to_html(st: QueensState) -> str:
    return f"<div>{to_svg(st)}<pre>{html.escape(text(st))}</pre></div>"
