"""Rule options (spec section 10): defaults, validation and the error messages."""

from __future__ import annotations

import pytest

from gardensim.core.errors import ConfigError
from gardensim.games.pavilion.game import PavilionGame
from gardensim.games.pavilion.options import DEFAULTS


def test_defaults_follow_the_spec_recommendations() -> None:
    assert PavilionGame().options == {
        "discard_floor": True,
        "no_token_start": "same",
        "bonus_shortfall": "take-available",
        "first_player": "random",
        "purple_star_values": "printed",
    }
    assert set(DEFAULTS) == set(PavilionGame().options)
    assert PavilionGame().board_name == "base"


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("discard_floor", "maybe", "true or false"),
        ("no_token_start", "left", "same, next"),
        ("bonus_shortfall", "all", "take-available, forfeit"),
        ("first_player", 5, "random or a seat 0..1"),
        ("first_player", "youngest", "random or a seat 0..1"),
        ("purple_star_values", "bgg", "printed, bga"),
    ],
)
def test_bad_value_names_the_option_and_the_allowed_values(name, value, allowed) -> None:
    with pytest.raises(ConfigError, match=f"{name}=.*(allowed values are|expected one of) {allowed}"):
        PavilionGame("base", 2, {name: value})


def test_unknown_option_lists_the_valid_ones() -> None:
    with pytest.raises(ConfigError, match="unknown pavilion option 'tiles'.*discard_floor"):
        PavilionGame("base", 2, {"tiles": 3})


@pytest.mark.parametrize("players", [1, 5, "2"])
def test_player_count_is_two_to_four(players) -> None:
    with pytest.raises(ConfigError, match="players"):
        PavilionGame("base", players)


def test_option_strings_from_the_command_line_are_converted() -> None:
    game = PavilionGame("base", 3, {"discard_floor": "off", "first_player": "2",
                                    "no_token_start": "NEXT"})
    assert game.options["discard_floor"] is False
    assert game.options["first_player"] == 2
    assert game.options["no_token_start"] == "next"


def test_first_player_option_sets_the_start_player() -> None:
    assert PavilionGame("base", 4, {"first_player": 3}).new_initial_state(0).player == 3
    seen = {PavilionGame("base", 4).new_initial_state(s).player for s in range(40)}
    assert seen == {0, 1, 2, 3}, "random start player, drawn from the game's generator"


@pytest.mark.parametrize("board", ["base", "glazed-orange"])
def test_purple_star_values_on_a_board_without_purple_stars_is_refused(board: str) -> None:
    with pytest.raises(ConfigError, match=f"no effect on board '{board}'"):
        PavilionGame(board, 2, {"purple_star_values": "printed"})
    assert PavilionGame("glazed-purple", 2, {"purple_star_values": "bga"}).star_values
