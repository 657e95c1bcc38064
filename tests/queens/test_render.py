"""Pictures: the SVG of each garden and the notebook reprs."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from gardensim.games.queens import QueensGame
from gardensim.games.queens.render import garden_svg


def test_svg_is_well_formed_and_shows_every_placed_hexagon() -> None:
    st = QueensGame(players=3).new_initial_state(1)
    rng = random.Random(1)
    while not st.is_terminal():
        st.apply_action(st.random_action(rng))
    root = ET.fromstring(st._repr_svg_())
    assert root.tag.endswith("svg")
    one = ET.fromstring(garden_svg(st, 0))
    polygons = one.findall("{http://www.w3.org/2000/svg}polygon")
    assert len(polygons) == 55
    placed = sum(1 for h in st.boards[0] if h >= 0)
    fills = [p.get("fill") for p in polygons]
    assert sum(f in st.rules.colour_rgb for f in fills) == placed
    assert "<svg" in st._repr_html_() and "seat 0" in str(st)
