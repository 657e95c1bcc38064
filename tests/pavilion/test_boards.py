"""Board sides as data (spec 7, 8): each side's stars, costs, structures and scoring table, checked
against the spec's formulas and cross-checks, and the loader's errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from gardensim.core.conformance import play_random_game
from gardensim.core.errors import BoardFormatError, ConfigError
from gardensim.games.pavilion.boards import (
    PAVILION_DIR,
    load_board,
    load_rules,
    parse_board,
    space_index,
)
from gardensim.games.pavilion.game import PavilionGame
from tests.pavilion.support import BOARDS, LETTERS

RING = "PORBYG"  # spec 7.1: outer stars 1..6 on the coloured side
BASE_WILD = "PGOYBR"
PURPLE_WILD = "ORBYGP"


def colours_of(side, star: int) -> str:
    printed = side.space_colour[6 * star : 6 * star + 6]
    return "".join(LETTERS[c] if c >= 0 else "." for c in printed)


def costs_of(side, star: int) -> list[int]:
    return list(side.cost[6 * star : 6 * star + 6])


def test_base_coloured_side_table() -> None:
    side = load_board("base")
    assert side.star_rules == ("multicolour",) + ("fixed",) * 6
    assert [colours_of(side, s) for s in range(1, 7)] == [c * 6 for c in RING]
    assert all(costs_of(side, s) == [1, 2, 3, 4, 5, 6] for s in range(7))
    assert "".join(LETTERS[c] for c in side.wild_order) == BASE_WILD
    assert not side.has_fountains


def test_base_grey_side_table() -> None:
    side = load_board("base-grey")
    assert side.star_rules == ("free",) * 7
    assert all(costs_of(side, s) == [3, 2, 1, 4, 5, 6] for s in range(1, 7))
    assert costs_of(side, 0) == [3] * 6
    assert {n: len(v) for n, v in side.number_spaces.items()} == {1: 6, 2: 6, 3: 12, 4: 6}


def test_glazed_orange_side_table() -> None:
    side = load_board("glazed-orange")
    assert [colours_of(side, s) for s in range(1, 7)] == [c * 6 for c in RING]
    assert colours_of(side, 0) == BASE_WILD
    assert costs_of(side, 0) == [1, 2, 3, 4, 5, 6]
    assert side.has_fountains and side.structure_set_value == 15
    assert "".join(LETTERS[c] for c in side.wild_order) == BASE_WILD


def test_glazed_purple_side_table() -> None:
    side = load_board("glazed-purple")
    assert side.star_rules == ("fixed",) + ("free",) * 6
    assert colours_of(side, 0) == PURPLE_WILD
    assert costs_of(side, 0) == [3] * 6
    assert all(costs_of(side, s) == [3, 2, 1, 4, 5, 6] for s in range(1, 7))
    assert side.has_fountains and side.structure_set_value == 12
    assert "".join(LETTERS[c] for c in side.wild_order) == PURPLE_WILD
    assert side.number_values == {1: 3, 2: 6, 3: 18, 4: 12}


@pytest.mark.parametrize("name", BOARDS)
def test_star_values_follow_the_wild_order(name: str) -> None:
    """Spec 6: a single-coloured star scores 20, 18, 17, 16, 15, 14 for the wild colours of
    rounds 1..6."""
    side = load_board(name)
    assert [side.star_values[c] for c in side.wild_order] == [20, 18, 17, 16, 15, 14]


@pytest.mark.parametrize(("name", "multicolour"), [("base", 12), ("base-grey", 12),
                                                   ("glazed-orange", 15), ("glazed-purple", 15)])
def test_multicolour_star_value(name: str, multicolour: int) -> None:
    assert load_board(name).multicolour_value == multicolour


@pytest.mark.parametrize("name", ["base", "base-grey", "glazed-orange"])
def test_number_values_four_eight_twelve_sixteen(name: str) -> None:
    assert load_board(name).number_values == {1: 4, 2: 8, 3: 12, 4: 16}


def test_coloured_side_has_every_number_seven_times() -> None:
    side = load_board("base")
    assert {n: len(v) for n, v in side.number_spaces.items()} == {1: 7, 2: 7, 3: 7, 4: 7}


def spec_structures(fountains: bool) -> set[tuple[str, int, frozenset[int]]]:
    """Spec 7.3's formulas, s = 1..6 and n(s) = s % 6 + 1."""
    out = set()
    for s in range(1, 7):
        n = s % 6 + 1
        table = {
            "pillar": [(s, 2), (s, 3), (0, (s + 3) % 6 + 1), (0, (s + 4) % 6 + 1)],
            "statue": [(s, 1), (s, 2), (n, 3), (n, 4)],
            "window": [(s, 5), (s, 6)],
        }
        if fountains:
            table["fountain"] = [(s, 6), (s, 1), (n, 4), (n, 5)]
        for kind, spaces in table.items():
            out.add((kind, s, frozenset(space_index(a, b) for a, b in spaces)))
    return out


@pytest.mark.parametrize("name", BOARDS)
def test_structures_follow_the_spec_formulas(name: str) -> None:
    side = load_board(name)
    found = {(st.kind, st.index, frozenset(st.spaces)) for st in side.structures}
    assert found == spec_structures(side.has_fountains)
    bonus = {"pillar": 1, "statue": 2, "window": 3, "fountain": 1}
    assert all(st.bonus == bonus[st.kind] for st in side.structures)


def test_structure_cross_checks_from_the_board_art() -> None:
    side = load_board("glazed-orange")
    by_name = {(st.kind, st.index): set(st.spaces) for st in side.structures}
    assert by_name["pillar", 1] >= {space_index(0, 5), space_index(0, 6)}
    assert by_name["statue", 1] == {space_index(1, 1), space_index(1, 2), space_index(2, 3),
                                    space_index(2, 4)}
    assert by_name["pillar", 4] >= {space_index(0, 2), space_index(0, 3)}  # BGA testPillar23center
    for c in range(1, 7):  # centre space c touches pillars c+1 and c+2
        touching = {st.index for st in side.structures
                    if st.kind == "pillar" and space_index(0, c) in st.spaces}
        assert touching == {c % 6 + 1, (c + 1) % 6 + 1}


def test_structures_around_each_outer_space() -> None:
    """Spec 7.3's list: which structures each space of an outer star belongs to."""
    side = load_board("glazed-purple")
    expected = {1: {("statue", 0), ("fountain", 0)}, 2: {("statue", 0), ("pillar", 0)},
                3: {("pillar", 0), ("statue", -1)}, 4: {("statue", -1), ("fountain", -1)},
                5: {("fountain", -1), ("window", 0)}, 6: {("window", 0), ("fountain", 0)}}
    for s in range(1, 7):
        for k, wanted in expected.items():
            got = {(side.structures[j].kind, side.structures[j].index)
                   for j in side.structures_of[space_index(s, k)]}
            assert got == {(kind, (s + d - 1) % 6 + 1) for kind, d in wanted}


def test_rules_constants() -> None:
    rules = load_rules()
    assert rules.total_tiles == 132
    assert rules.factories == {2: 5, 3: 7, 4: 9}
    assert (rules.supply_spaces, rules.corner_spaces) == (10, 4)
    assert (rules.rounds, rules.start_score) == (6, 5)


def test_unknown_board_name_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="known boards: base, base-grey"):
        load_board("nowhere")


def test_malformed_board_file_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.toml"
    bad.write_text('name = "broken"\nwild_order = []\n[[stars]]\nrule = "odd"\ncosts = [1]\n')
    with pytest.raises(BoardFormatError, match="broken.toml"):
        parse_board(bad, load_rules())
    bad.write_text("name = [")
    with pytest.raises(BoardFormatError, match="broken.toml"):
        parse_board(bad, load_rules())


def test_malformed_entries_name_the_file_and_the_problem(tmp_path: Path) -> None:
    text = (PAVILION_DIR / "base.toml").read_text()
    bad = tmp_path / "odd.toml"
    bad.write_text(text.replace('"1.2", "1.3"', '"1.2", "9.3"'))
    with pytest.raises(BoardFormatError, match="odd.toml: space '9.3' is off the board"):
        parse_board(bad, load_rules())
    bad.write_text(text.replace("purple = 20", "violet = 20"))
    with pytest.raises(BoardFormatError, match="odd.toml: missing entry 'purple'"):
        parse_board(bad, load_rules())
    bad.write_text(text.replace("costs = [1, 2, 3, 4, 5, 6]", 'costs = ["x"]', 1))
    with pytest.raises(BoardFormatError, match="odd.toml: bad entry"):
        parse_board(bad, load_rules())


def test_a_board_file_path_can_be_played(tmp_path: Path) -> None:
    copy = tmp_path / "my-side.toml"
    copy.write_text((PAVILION_DIR / "glazed-orange.toml").read_text())
    game = PavilionGame(str(copy), 2)
    assert game.side.name == "glazed-orange" and game.board_name == str(copy)
    assert play_random_game(game, 0)
