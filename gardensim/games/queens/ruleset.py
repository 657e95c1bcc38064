"""Queen's Garden's rule set: every rule option and designed number, declared once.

The spec's open choices (sections 3, 4D, 7) and the scalar numbers of section 12 that a designer
varies are options; their defaults are the values of ``data/rules.toml``, so a number is
one line of the data file and the declaration only names, types and bounds it. The tables of
section 12 (geometry, wheel, size bonuses, the expansions, stack sizes) stay data: they are
structure, not a number to sweep. The readable engine, ``gardensim rules queens``, the CLI's
``--option`` help and the docs' option table (``docs/queens.md``) read this declaration.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.rules import Option, RuleSet
from gardensim.games.queens.rules import QueensRules, load_rules

#: Options that restate a number of the data file: option name -> ``QueensRules`` field.
DATA_FIELDS: dict[str, str] = {
    "start_score": "start_score",
    "start_jokers": "start_jokers",
    "tiles_per_refill": "refill",
    "buy_face_down_cost": "buy_cost",
    "buy_threshold": "buy_threshold",
    "first_pass_penalty": "first_pass_penalty",
    "pavilion_round_points": "pavilion_round_points",
    "storage_tiles": "storage_tiles",
    "storage_expansions": "storage_expansions",
    "min_group": "min_group",
    "joker_value": "joker_value",
}


def _start_jokers_fit_the_storage(values: dict[str, Any], raw: Mapping[str, Any], players: int,
                                  context: Mapping[str, Any]) -> None:
    """Jokers are stored with the tiles (spec 4A), so a start above the storage cannot be
    held."""
    if values["start_jokers"] > values["storage_tiles"]:
        raise ConfigError(f"option start_jokers={values['start_jokers']}: more than the "
                          f"storage_tiles={values['storage_tiles']} a player can store")


def rule_set(data: QueensRules) -> RuleSet:
    """The declaration, with the defaults of one rules data file."""
    first = 0 if data.first_player == "seat0" else data.first_player

    def number(name: str, doc: str, source: str, low: int, high: int) -> Option:
        return Option(name, "int", getattr(data, DATA_FIELDS[name]), doc, source,
                      low=low, high=high)

    return RuleSet("queens", (
        Option("first_player", "seat", first,
               "who starts round 1 (later rounds start with the round's first passer): seat 0, "
               "a random seat, or a seat number", "spec 3", choices=("random",),
               aliases={"seat0": 0}),
        Option("pass_discard_cost", "choice", data.pass_discard_cost,
               "points lost per tile discarded at a pass: 1 each, or each tile's value",
               "spec 4D", choices=("1", "value")),
        Option("joker_rewards", "choice", "table",
               "jokers for surrounding a feature: the data file's count per feature kind, or "
               "one per surround (the seed rulebook's reading)", "spec 7",
               choices=("table", "one")),
        number("start_score", "points each player starts with", "spec 12, RB", 0, 60),
        number("start_jokers", "jokers each player starts with (stored with the tiles)",
               "spec 12, RB", 0, 24),
        number("tiles_per_refill", "tiles drawn from the bag to refill the display",
               "spec 12, RB", 1, 12),
        number("buy_face_down_cost", "points paid to buy an expansion face down",
               "spec 12, RB", 0, 30),
        number("buy_threshold", "score a player needs to buy an expansion face down",
               "spec 12, RB", 0, 60),
        number("first_pass_penalty", "points lost by the round's first passer", "spec 12, RB",
               0, 10),
        number("pavilion_round_points", "points per face-up expansion in each round's scoring",
               "spec 12, RB", 0, 10),
        number("storage_tiles", "tiles and jokers a player may store", "spec 12, RB", 1, 24),
        number("storage_expansions", "expansions a player may store", "spec 12, RB", 1, 6),
        number("min_group", "hexagons a final-scoring group needs", "spec 12, RB", 1, 6),
        number("joker_value", "points per joker left at the end", "spec 12, RB", 0, 10),
    ), checks=(_start_jokers_fit_the_storage,))


#: The declaration with the shipped data file's defaults (``GameSpec.rules``).
RULES = rule_set(load_rules())


def played_rules(data: QueensRules, options: Mapping[str, Any]) -> QueensRules:
    """The data with the validated options' numbers in place: what the engine reads."""
    changes: dict[str, Any] = {field: options[name] for name, field in DATA_FIELDS.items()
                               if getattr(data, field) != options[name]}
    if options["pass_discard_cost"] != data.pass_discard_cost:
        changes["pass_discard_cost"] = options["pass_discard_cost"]
    return replace(data, **changes) if changes else data
