"""Rule options are validated with one clear message naming the option and its values."""

from __future__ import annotations

import pytest

from gardensim.core.errors import ConfigError
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.options import OPTION_NAMES, validate_options


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (2, {"colour": "red"}, "unknown gazebo option 'colour'; valid options: draw, partnership"),
        (2, {"draw": "bag"}, "option draw='bag': expected one of gazebo, qin, qin-classic"),
        (2, {"partnership": True}, "partnership=true needs 4 players"),
        (4, {"partnership": "maybe"}, "partnership='maybe': allowed values are true or false"),
        (3, {"gazebos": "20,20"}, "expected one integer or 3 (one per seat), got 2"),
        (2, {"gazebos": 0}, "option gazebos=0: expected an integer 1..96"),
        (2, {"gazebos": "many"}, "option gazebos='many': expected an integer 1..96"),
        (2, {"hand_size": 7}, "option hand_size=7: expected an integer 1..6"),
        (2, {"private_singles": 10}, "option private_singles=10: expected an integer 0..9"),
        (4, {"private_singles": 7}, "4 players x 7 exceeds the 27 single-coloured dominoes"),
        (2, {"no_move_ends_game": "perhaps"}, "option no_move_ends_game='perhaps'"),
        (2, {"raised_steal_needs_two": 2}, "option raised_steal_needs_two=2"),
    ],
)
def test_bad_option_is_a_config_error_naming_it(players, options, message):
    with pytest.raises(ConfigError, match=None) as err:
        GazeboGame("aviary", players, options)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_defaults_follow_the_player_count():
    """Rulings 16: 24 / 19 / 15 gazebos for 2 / 3 / 4 players; hand of 3, 5 private singles."""
    for players, gazebos in ((2, 24), (3, 19), (4, 15)):
        options = validate_options(None, players)
        assert options["gazebos"] == (gazebos,) * players
        assert options["hand_size"] == 3 and options["private_singles"] == 5
        assert options["draw"] == "gazebo" and options["no_move_ends_game"] is True
    assert set(validate_options({}, 2)) == set(OPTION_NAMES)


@pytest.mark.parametrize(("text", "value"), [("yes", True), ("off", False), ("1", True),
                                             ("FALSE", False), (True, True), (0, False)])
def test_booleans_accept_words_and_numbers(text, value):
    assert validate_options({"no_move_ends_game": text}, 2)["no_move_ends_game"] is value


def test_gazebos_per_seat_handicap_sets_each_supply():
    state = GazeboGame("aviary", 3, {"gazebos": "20, 19,18"}).new_initial_state(1)
    assert state.supply == [20, 19, 18]
    assert GazeboGame("aviary", 2, {"gazebos": [10, 12]}).new_initial_state(1).supply == [10, 12]


def test_hand_size_and_private_singles_shape_the_deal():
    state = GazeboGame("aviary", 2, {"hand_size": 5, "private_singles": 2}).new_initial_state(3)
    assert [sum(h) for h in state.hands] == [5, 5]
    assert all(h[0] + h[1] + h[2] == 0 for h in state.hands)  # rulings 17: doubles in hand
    assert [len(p) for p in state.private] == [2, 2]
    assert len(state.reserve) == 27 - 4 and len(state.general) == 54 - 10


def test_qin_drawing_deals_one_pile():
    """Rulings 18: qin uses Gazebo's 81 dominoes in one pile, qin-classic Qin's own 72."""
    for draw, total in (("qin", 81), ("qin-classic", 72)):
        state = GazeboGame("qin", 2, {"draw": draw}).new_initial_state(0)
        assert len(state.general) + sum(map(sum, state.hands)) == total
        assert state.private == [(), ()] and state.reserve == ()


def test_bad_player_count_and_board_are_config_errors():
    with pytest.raises(ConfigError, match="2, 3 or 4 players"):
        GazeboGame("aviary", 5)
    with pytest.raises(ConfigError, match="unknown board 'moon'"):
        GazeboGame("moon", 2)


def test_raised_steal_option_on_a_garden_without_raised_patios_is_refused():
    """An option the board never reads would report a variant that changed nothing."""
    with pytest.raises(ConfigError, match="no effect on board 'aviary'"):
        GazeboGame("aviary", 2, {"raised_steal_needs_two": True})
    assert GazeboGame("botanical", 2, {"raised_steal_needs_two": True}).options[
        "raised_steal_needs_two"]
