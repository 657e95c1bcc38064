"""``gardensim rules GAME``: the declared rule set with the engines that play each option, and
the docs' option table derived from the same declaration."""

from __future__ import annotations

import json
import re
from pathlib import Path

from gardensim.cli import main
from gardensim.games.gazebo.rules.ruleset import RULES

ROOT = Path(__file__).resolve().parent.parent


def test_rules_json_lists_every_declared_option_with_the_engines_that_play_it(capsys):
    assert main(["rules", "gazebo", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [o["name"] for o in out["options"]] == list(RULES.names)
    for option in out["options"]:
        declared = RULES.option(option["name"])
        assert option["source"] == declared.source and option["doc"] == declared.doc
        assert option["engines"]["python"] == "every value"
        kernel = "default only" if option["name"] == "big_nook" else "every value"
        assert option["engines"]["gazebo-fast"] == kernel
    assert out["fast_engine"]["name"] == "gazebo-fast"
    assert "seconds" not in out["fast_engine"]["bots"]["mcts"]


def test_rules_text_says_the_default_and_source_of_each_option(capsys):
    assert main(["rules", "gazebo"]) == 0
    text = capsys.readouterr().out
    assert "hand_size = 1..6 (default 3; rulings 11, 17)" in text
    assert "24 at 2 players, 19 at 3 players, 15 at 4 players" in text


def test_a_game_without_a_rule_set_is_one_line(capsys):
    assert main(["rules", "toy"]) == 2
    assert capsys.readouterr().err.strip() == "gardensim: error: game 'toy' declares no rule set"


def test_the_contracts_option_table_is_the_declared_rule_set():
    """docs/gazebo-engine-contract.md's options table lists exactly the declared options, in
    order, with their declared defaults."""
    text = (ROOT / "docs" / "gazebo-engine-contract.md").read_text()
    rows = re.findall(r"^\| `(\w+)` \| .* \| (.+) \|$", text, re.MULTILINE)
    assert [name for name, _ in rows] == list(RULES.names)
    for name, default in rows:
        expected = RULES.option(name).default
        if isinstance(expected, dict):
            assert default == " / ".join(map(str, expected.values())) + " by player count"
        else:
            assert default == (str(expected).lower() if isinstance(expected, bool)
                               else f"`{expected}`" if isinstance(expected, str) else str(expected))
