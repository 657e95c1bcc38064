"""A plain-text picture of a Summer Pavilion position (and the same in HTML for notebooks).

Stars are shown as their six spaces in order, ``.`` for an empty one, so ``PP.O..`` is star
spaces 1, 2 and 4 filled. Counts of tiles are written as repeated letters.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from gardensim.games.pavilion.observation import board_rows
from gardensim.games.pavilion.phases import PHASE_NAMES

if TYPE_CHECKING:
    from gardensim.games.pavilion.state import PavilionState


def tiles(letters: tuple[str, ...], counts: list[int]) -> str:
    return "".join(letters[c] * n for c, n in enumerate(counts)) or "-"


def text(st: PavilionState) -> str:
    letters = st.side.rules.letters
    head = (f"Summer Pavilion ({st.side.name}), round {st.round}, wild {letters[st.wild]}, "
            f"{PHASE_NAMES[st.phase]}")
    if st.final is None:
        head += f", seat {st.player} to move"
    lines = [head]
    factories = "  ".join(f"F{i}:{tiles(letters, f)}" for i, f in enumerate(st.factories, 1))
    token = " +token" if st.token < 0 else ""
    lines.append(f"factories {factories}   centre {tiles(letters, st.centre)}{token}")
    lines.append("supply " + "".join(letters[c] if c >= 0 else "." for c in st.supply)
                 + f"   bag {sum(st.bag)}   tower {sum(st.tower)}")
    for p in range(st.num_players):
        flags = (" token" if st.token == p else "") + (" passed" if st.passed[p] else "")
        lines.append(f"seat {p}: score {st.scores[p]}  pool {tiles(letters, st.pools[p])}  "
                     f"corners {tiles(letters, st.corners[p])}{flags}")
        lines.append("  " + "  ".join(f"{s}:{row}" for s, row in
                                      enumerate(board_rows(letters, st.boards[p]))))
    return "\n".join(lines)


def to_html(st: PavilionState) -> str:
    return f"<pre>{html.escape(text(st))}</pre>"
