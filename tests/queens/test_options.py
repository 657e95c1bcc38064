"""Options and the rules data file: defaults from the data, one-line ConfigErrors for bad
values, the unsupported data values refused (spec 12, 12a)."""

from __future__ import annotations

import tomllib

import pytest

from gardensim.core.errors import ConfigError
from gardensim.games.queens import QueensGame
from gardensim.games.queens.rules import RULES_FILE, parse_rules
from gardensim.games.queens.ruleset import DATA_FIELDS


def raw() -> dict:
    with RULES_FILE.open("rb") as fh:
        return tomllib.load(fh)


def test_defaults_come_from_the_data_file() -> None:
    game = QueensGame()
    assert game.board_name == "standard" and game.num_players == 2
    assert {k: game.options[k] for k in ("first_player", "pass_discard_cost",
                                         "joker_rewards")} == {
        "first_player": 0, "pass_discard_cost": "1", "joker_rewards": "table"}
    for name, field in DATA_FIELDS.items():
        assert game.options[name] == getattr(game.rules, field)
    assert game.joker_reward == {"fountain": 1, "statue": 2, "bench": 2, "pavilion": 3}


@pytest.mark.parametrize(("kwargs", "fragment"), [
    ({"players": 5}, "players=5"),
    ({"board": "purple"}, "board='purple'"),
    ({"options": {"colour": 1}}, "unknown queens option 'colour'"),
    ({"options": {"first_player": 7}}, "first_player=7"),
    ({"options": {"pass_discard_cost": "2"}}, "pass_discard_cost='2'"),
    ({"options": {"joker_rewards": "many"}}, "joker_rewards='many'"),
    ({"options": {"start_score": -1}}, "start_score=-1"),
    ({"options": {"min_group": "three"}}, "min_group='three'"),
    ({"options": {"start_jokers": 9, "storage_tiles": 8}}, "start_jokers=9"),
])
def test_bad_configuration_is_one_clear_error(kwargs: dict, fragment: str) -> None:
    with pytest.raises(ConfigError) as err:
        QueensGame(**kwargs)
    assert fragment in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(("key", "value", "fragment"), [
    ("buy_face_down_to_storage", True, "not supported"),
    ("pass_may_discard_jokers", True, "not supported"),
    ("stacks", 5, "stacks must equal rounds"),
    ("first_player", "oldest", "first_player"),
    ("expansions", ["B1"] * 36, "each of the 36"),
    ("start_score", "15", "start_score"),
])
def test_bad_data_values_are_refused(key: str, value: object, fragment: str) -> None:
    data = raw()
    data[key] = value
    with pytest.raises(ConfigError, match=fragment):
        parse_rules(data)


def test_a_changed_data_value_changes_the_game() -> None:
    data = raw()
    data["start_score"] = 20
    data["joker_reward"]["fountain"] = 4
    game = QueensGame(players=3, rules=parse_rules(data))
    state = game.new_initial_state(0)
    assert state.scores == [20, 20, 20] and game.joker_reward["fountain"] == 4
