"""Summer Pavilion's declared rule set: the option checks derive from it and ``gardensim rules
pavilion`` lists it (spec section 10)."""

from __future__ import annotations

import json

import pytest

from gardensim.cli import main
from gardensim.core.errors import ConfigError
from gardensim.games.pavilion.game import PavilionGame
from gardensim.games.pavilion.ruleset import RULES


def test_the_game_validates_exactly_the_declared_options() -> None:
    assert tuple(PavilionGame().options) == RULES.names
    assert PavilionGame().options == RULES.defaults(2)
    for option in RULES.options:
        assert option.source.startswith("spec 10."), option.name


@pytest.mark.parametrize("option", RULES.options, ids=lambda o: o.name)
def test_every_declared_choice_is_accepted_and_others_refused(option) -> None:
    board = "glazed-purple"
    values = {"bool": [True, False], "choice": list(option.choices),
              "seat": ["random", 0, 1, 2]}[option.kind]
    for value in values:
        assert PavilionGame(board, 3, {option.name: value}).options[option.name] == value
    with pytest.raises(ConfigError, match=f"option {option.name}="):
        PavilionGame(board, 3, {option.name: "no-such-value"})


def test_rules_json_lists_the_declaration(capsys) -> None:
    assert main(["rules", "pavilion", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "pavilion"
    assert [o["name"] for o in out["options"]] == list(RULES.names)
    for option in out["options"]:
        declared = RULES.option(option["name"])
        assert option["doc"] == declared.doc and option["source"] == declared.source
        assert option["engines"]["python"] == "every value"


def test_rules_text_names_default_and_source(capsys) -> None:
    assert main(["rules", "pavilion"]) == 0
    text = capsys.readouterr().out
    assert "no_token_start = same | next (default same; spec 10.2)" in text
