"""The declared rule set (issue 40 item 1): every option with the data file's default, the
option checks derived from it, each designed number played as set, ``gardensim rules queens``
and the docs' option table listing the declaration."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

from gardensim.cli import main
from gardensim.core import registry
from gardensim.core.spec import load
from gardensim.games.queens import QueensGame
from gardensim.games.queens.rules import RULES_FILE, parse_rules
from gardensim.games.queens.ruleset import DATA_FIELDS, RULES, rule_set
from gardensim.games.queens.scoring import FIRST_PASS, JOKERS

ROOT = Path(__file__).resolve().parents[2]


def test_the_spec_names_the_declared_rule_set() -> None:
    assert load(registry.game_spec("queens").rules) is RULES


def test_every_data_number_option_defaults_to_the_data_file() -> None:
    data = tomllib.loads(RULES_FILE.read_text())
    flat = {**data, **{f"storage_{k}": v for k, v in data["storage"].items()},
            **data["final"], "buy_face_down_cost": data["buy_face_down_cost"]}
    for name in DATA_FIELDS:
        assert RULES.option(name).default == flat[name], name


def test_a_data_file_changes_the_declared_defaults() -> None:
    raw = tomllib.loads(RULES_FILE.read_text())
    raw["start_score"], raw["first_player"] = 21, "random"
    declared = rule_set(parse_rules(raw))
    assert declared.option("start_score").default == 21
    assert declared.option("first_player").default == "random"


def play(options: dict, players: int = 2, seed: int = 5) -> object:
    st = QueensGame("standard", players, options).new_initial_state(seed)
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply_action(st.random_action(rng))
    return st


def test_start_numbers_are_played_as_set() -> None:
    st = QueensGame(players=3, options={"start_score": 30, "start_jokers": 0}
                    ).new_initial_state(1)
    assert st.scores == [30, 30, 30] and st.jokers == [0, 0, 0]


def test_first_pass_penalty_and_joker_value_are_played_as_set() -> None:
    """A start of 60 keeps every score above the floor, so no loss is cut short."""
    base = play({"start_score": 60})
    changed = play({"start_score": 60, "first_pass_penalty": 4, "joker_value": 3})
    assert sum(ledger[FIRST_PASS] for ledger in base.ledger) == base.rules.rounds
    assert sum(ledger[FIRST_PASS] for ledger in changed.ledger) == 4 * changed.rules.rounds
    assert all(ledger[JOKERS] == 3 * jokers for ledger, jokers
               in zip(changed.ledger, changed.jokers, strict=True))


@pytest.mark.parametrize("option", sorted(DATA_FIELDS))
def test_every_number_at_a_non_default_value_plays_a_game(option: str) -> None:
    declared = RULES.option(option)
    value = declared.high if declared.default != declared.high else declared.low
    options = {option: value}
    if option == "storage_tiles" and value < RULES.option("start_jokers").default:
        options["start_jokers"] = value
    if option == "start_jokers":
        options["storage_tiles"] = value
    st = play(options, players=3)
    assert getattr(st.rules, DATA_FIELDS[option]) == value
    assert st.round == st.rules.rounds and abs(sum(st.returns()) - 1) < 1e-9


def test_rules_command_lists_the_declaration(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["rules", "queens", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [o["name"] for o in out["options"]] == list(RULES.names)
    assert all(o["engines"]["python"] == "every value" for o in out["options"])


def test_the_docs_option_table_is_the_declared_rule_set() -> None:
    text = (ROOT / "docs" / "queens.md").read_text()
    rows = re.findall(r"^\| `(\w+)` \| .* \| `?([^|`]+)`? \| [^|]+ \|$", text, re.MULTILINE)
    assert [name for name, _ in rows] == list(RULES.names)
    for name, default in rows:
        assert default.strip() == str(RULES.option(name).default), name
