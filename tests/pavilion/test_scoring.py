"""Final scoring (spec 6, 8.2, 8.3): stars by colour, number groups, structure sets, leftovers,
shared ties; each example of the spec and each option touching the scoring."""

from __future__ import annotations

import pytest

from gardensim.games.pavilion.game import PavilionGame
from gardensim.games.pavilion.scoring import final_breakdown
from tests.pavilion.support import BOARDS, LETTERS, new_state, raw_board, space, to_placing

COLOUR_NAMES = ("purple", "green", "orange", "yellow", "blue", "red")


def board_of(**stars: str) -> list[int]:
    """``s1="PPPPPP"`` -> a board with star 1 filled as written ('.' empty)."""
    board = [-1] * 42
    for key, tiles in stars.items():
        s = int(key[1:])
        for k, t in enumerate(tiles):
            board[6 * s + k] = -1 if t == "." else LETTERS.index(t)
    return board


def score_board(name: str, board: list[int], **options) -> dict[str, int]:
    game = PavilionGame(name, 2, options)
    return final_breakdown(game.side, board, game.star_values)


def finish_round_six(st) -> None:
    """Everybody passes in round 6: the game ends and is scored."""
    st.round = 6
    st.wild = st.side.wild_order[5]
    while not st.is_terminal():
        st.play("pass")


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("colour", COLOUR_NAMES)
def test_completed_single_coloured_star_scores_its_table_value(board: str, colour: str) -> None:
    letter = LETTERS[COLOUR_NAMES.index(colour)]
    star = 1 + ("purple", "orange", "red", "blue", "yellow", "green").index(colour)
    result = score_board(board, board_of(**{f"s{star}": letter * 6}))
    assert result[f"stars_{colour}"] == raw_board(board)["scoring"]["stars"][colour]
    assert result["stars"] == result[f"stars_{colour}"]


@pytest.mark.parametrize(
    ("board", "centre"),
    [("base", "OYPGBR"), ("glazed-orange", "PGOYBR"), ("glazed-purple", "ORBYGP"),
     ("base-grey", "RGBPYO")],
)
def test_completed_multicoloured_star_scores_the_multicolour_value(board: str, centre: str) -> None:
    result = score_board(board, board_of(s0=centre))
    assert result["stars_multicolour"] == raw_board(board)["scoring"]["stars"]["multicolour"]


def test_multicolour_star_is_twelve_on_the_base_board_and_fifteen_on_glazed() -> None:
    assert score_board("base", board_of(s0="OYPGBR"))["stars"] == 12
    assert score_board("glazed-orange", board_of(s0="PGOYBR"))["stars"] == 15


def test_glazed_purple_red_star_scores_eighteen() -> None:
    """[GP] example: each completed red star scores 18 points."""
    assert score_board("glazed-purple", board_of(s2="RRRRRR", s5="RRRRRR"))["stars"] == 36


def test_purple_star_values_option_uses_bga_table() -> None:
    board = board_of(s2="RRRRRR")
    assert score_board("glazed-purple", board, purple_star_values="bga")["stars"] == 14


def test_incomplete_stars_score_nothing() -> None:
    assert score_board("base", board_of(s1="PPPPP."))["stars"] == 0


@pytest.mark.parametrize(
    ("board", "number", "points"),
    [("base", 1, 4), ("base", 2, 8), ("base", 3, 12), ("base", 4, 16),
     ("glazed-purple", 1, 3), ("glazed-purple", 2, 6), ("glazed-purple", 3, 18),
     ("glazed-purple", 4, 12)],
)
def test_covering_every_space_of_a_number(board: str, number: int, points: int) -> None:
    side = PavilionGame(board, 2).side
    tiles = [-1] * 42
    for i in side.number_spaces[number]:
        tiles[i] = 0
    assert score_board(board, tiles)["numbers"] == points
    tiles[side.number_spaces[number][0]] = -1
    assert score_board(board, tiles)["numbers"] == 0


def test_fives_and_sixes_earn_nothing() -> None:
    side = PavilionGame("base", 2).side
    tiles = [0 if side.cost[i] >= 5 else -1 for i in range(42)]
    assert score_board("base", tiles)["numbers"] == 0


@pytest.mark.parametrize(("board", "value"), [("glazed-orange", 15), ("glazed-purple", 12)])
def test_structure_sets_are_the_fewest_of_each_kind(board: str, value: int) -> None:
    side = PavilionGame(board, 2).side
    tiles = [-1] * 42
    wanted = {"pillar": 3, "statue": 2, "window": 4, "fountain": 2}
    for st in side.structures:
        if st.index <= wanted[st.kind]:
            for i in st.spaces:
                tiles[i] = 0
    result = score_board(board, tiles)
    kinds = {k: sum(1 for st in side.structures if st.kind == k and all(tiles[i] >= 0
             for i in st.spaces)) for k in wanted}
    assert result["structure_sets"] == min(kinds.values())
    assert result["sets"] == min(kinds.values()) * value


def test_base_game_has_no_structure_sets() -> None:
    assert score_board("base", [0] * 42)["sets"] == 0


def test_full_coloured_board_scores_every_star_and_number() -> None:
    board = board_of(s0="OYPGBR", s1="PPPPPP", s2="OOOOOO", s3="RRRRRR", s4="BBBBBB",
                     s5="YYYYYY", s6="GGGGGG")
    result = score_board("base", board)
    assert result["stars"] == 12 + 20 + 17 + 14 + 15 + 16 + 18
    assert result["numbers"] == 4 + 8 + 12 + 16


def test_game_ends_after_round_six_with_final_scoring_and_leftover_penalty() -> None:
    st = to_placing(new_state("base"), p0="GG", p1="")
    for k in range(1, 7):
        st.boards[0][space(f"3.{k}")] = LETTERS.index("R")
        st.bag[LETTERS.index("R")] -= 1
    finish_round_six(st)
    assert st.is_terminal()
    assert st.scores == [5 - 2 + 14, 5]
    assert st.returns() == [1.0, 0.0]
    assert st.final[0]["stars_red"] == 14


def test_ties_are_shared() -> None:
    st = to_placing(new_state("base", 3), p0="", p1="", p2="G")
    st.scores = [9, 9, 10]
    finish_round_six(st)
    assert st.scores == [9, 9, 9]
    assert st.returns() == pytest.approx([1 / 3] * 3)
