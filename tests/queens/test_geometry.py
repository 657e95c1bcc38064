"""Spec 2: the garden's geometry on one axial lattice (55 cells, feature neighbourhoods,
where the areas meet, the six orientations)."""

from __future__ import annotations

from gardensim.games.queens.geometry import (
    AREAS,
    CELLS,
    FOUNTAIN,
    RING,
    XFEATURES,
    area_cell,
    area_centre,
    area_of,
    build_geometry,
)
from tests.queens.support import RULES, acting, moves, new_state, store_expansion

GEO = build_geometry(RULES)


def area_cells(a: int) -> set[int]:
    return {area_centre(a), *(area_cell(a, j) for j in range(6))}


def fountain_board() -> set[int]:
    return {FOUNTAIN, *RING, *XFEATURES}


def test_spec_2_the_garden_has_55_cells_7_features_and_48_spaces() -> None:
    assert CELLS == 55 == len(set(GEO.coords))
    features = [FOUNTAIN, *XFEATURES]
    spaces = set(range(CELLS)) - set(features)
    assert len(features) == 7 and len(spaces) == 48
    assert len(fountain_board()) == 13 and all(len(area_cells(a)) == 7 for a in range(AREAS))


def test_spec_2_cells_are_adjacent_iff_they_differ_by_a_direction() -> None:
    dirs = set(RULES.directions)
    for a in range(CELLS):
        for b in range(CELLS):
            (qa, ra), (qb, rb) = GEO.coords[a], GEO.coords[b]
            assert (b in GEO.neighbours[a]) == ((qb - qa, rb - ra) in dirs)


def test_spec_2_fountain_touches_the_ring_and_areas_are_centred_at_three_di() -> None:
    assert set(GEO.neighbours[FOUNTAIN]) == set(RING)
    for i, (dq, dr) in enumerate(RULES.directions):
        assert GEO.coords[RING[i]] == (dq, dr)
        assert GEO.coords[area_centre(i)] == (3 * dq, 3 * dr)


def test_spec_2_each_x_feature_touches_two_ring_cells_and_two_cells_of_each_side_area() -> None:
    for i, x in enumerate(XFEATURES):
        nbrs = set(GEO.neighbours[x])
        assert len(nbrs) == 6
        assert nbrs & set(RING) == {RING[i], RING[(i + 1) % 6]}
        assert len(nbrs & area_cells(i)) == 2
        assert len(nbrs & area_cells((i + 1) % 6)) == 2


def test_spec_2_a_pavilion_touches_the_six_ring_cells_of_its_area() -> None:
    for a in range(AREAS):
        assert set(GEO.neighbours[area_centre(a)]) == area_cells(a) - {area_centre(a)}


def test_spec_2_the_inner_ring_cell_of_each_area_touches_ri_and_two_features() -> None:
    for i in range(AREAS):
        inner = area_cell(i, (i + 3) % 6)  # 3Di - Di = 2Di
        (q, r), (dq, dr) = GEO.coords[inner], RULES.directions[i]
        assert (q, r) == (2 * dq, 2 * dr)
        outside = set(GEO.neighbours[inner]) - area_cells(i)
        assert outside == {RING[i], XFEATURES[(i - 1) % 6], XFEATURES[i]}


def test_spec_2_the_cells_beside_it_meet_one_feature_and_one_cell_of_the_next_area() -> None:
    for i in range(AREAS):
        inner = area_cell(i, (i + 3) % 6)
        beside = [c for c in GEO.neighbours[inner] if area_of(c) == i and c != area_centre(i)]
        assert len(beside) == 2
        for c in beside:
            nbrs = set(GEO.neighbours[c])
            assert len(nbrs & {FOUNTAIN, *XFEATURES}) == 1
            assert not nbrs & set(RING)
            others = [n for n in nbrs if area_of(n) not in (-1, i)]
            assert len(others) == 1
        rim = [c for c in area_cells(i) - {area_centre(i), inner, *beside}]
        assert len(rim) == 3
        assert all(all(area_of(n) == i for n in GEO.neighbours[c]) for c in rim)


def test_spec_2_neighbouring_areas_meet_at_one_edge_whose_cells_touch_xi() -> None:
    for i in range(AREAS):
        j = (i + 1) % 6
        pairs = [(a, b) for a in area_cells(i) for b in GEO.neighbours[a] if b in area_cells(j)]
        assert len(pairs) == 1
        a, b = pairs[0]
        assert XFEATURES[i] in GEO.neighbours[a] and XFEATURES[i] in GEO.neighbours[b]


def test_spec_2_a_face_up_expansion_has_six_orientations_on_an_empty_area() -> None:
    st = acting(new_state())
    store_expansion(st, 0, "B1")
    exp_moves = [m for m in moves(st) if m.startswith("exp:B1@A2")]
    assert sorted(exp_moves) == [f"exp:B1@A2.{j}" for j in range(6)]


def test_spec_2_cell_names_round_trip() -> None:
    for c in range(CELLS):
        assert GEO.parse_cell(GEO.cell_name(c)) == c
    assert GEO.parse_cell("A9.0") == -1
