"""The text picture shows the public position: sources, supply, every seat's score and stars."""

from __future__ import annotations

from tests.pavilion.support import new_state, put, to_placing


def test_text_picture_shows_seats_stars_and_sources() -> None:
    st = to_placing(new_state("base", 3), p0="GGO")
    put(st, 1, {"3.1": "R", "3.2": "R", "3.4": "R"})
    picture = str(st)
    assert "round 1, wild P, place, seat 0 to move" in picture
    assert "seat 0: score 5  pool GGO" in picture
    assert "3:RR.R.." in picture.splitlines()[6]
    assert st._repr_html_().startswith("<pre>") and "seat 2" in st._repr_html_()
