"""Loading and checking ``data/rules.toml``: every designed or secondary-sourced value of
the Queen's Garden spec (section 12) comes from there, so a user can change any of them without
touching code. :func:`load_rules` returns a frozen :class:`QueensRules`; a bad file raises
:class:`~gardensim.core.errors.ConfigError` naming the key.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.files import read_text
from gardensim.paths import package_folder

#: the game's data: the rules table and the evaluation weights
QUEENS_DIR = package_folder("gardensim.games.queens", "data")
RULES_FILE = QUEENS_DIR / "rules.toml"
SIDES = ("standard", "variant")
FEATURE_KINDS = ("fountain", "statue", "bench", "pavilion")


@dataclass(frozen=True)
class QueensRules:
    """The rules data of one file; hexagon ``h`` is ``colour * 6 + pattern``."""

    rounds: int
    copies: int
    refill: int
    start_score: int
    start_jokers: int
    buy_cost: int
    buy_threshold: int
    first_pass_penalty: int
    score_floor: int
    pavilion_round_points: int
    first_player: str
    pass_discard_cost: str
    storage_tiles: int
    storage_expansions: int
    stack_size: dict[int, int]
    letters: tuple[str, ...]
    colour_names: tuple[str, ...]
    colour_rgb: tuple[str, ...]
    pattern_names: tuple[str, ...]
    values: tuple[int, ...]
    expansions: tuple[int, ...]
    joker_reward: dict[str, int]
    directions: tuple[tuple[int, int], ...]
    fountain: tuple[int, int]
    ring: tuple[tuple[int, int], ...]
    features: tuple[tuple[int, int], ...]
    feature_kinds: tuple[str, ...]
    area_centres: tuple[tuple[int, int], ...]
    wheel: dict[str, tuple[tuple[int, ...], ...]]
    phase2_value: dict[str, str]
    min_group: int
    joker_value: int
    size_bonus: dict[str, dict[int, int]]

    def hex_name(self, h: int) -> str:
        return f"{self.letters[h // 6]}{self.values[h % 6]}"

    def parse_hex(self, text: str) -> int:
        """``"B3"`` -> hexagon code; ConfigError if it names no hexagon."""
        t = text.strip().upper()
        if len(t) == 2 and t[0] in self.letters and t[1].isdigit() and int(t[1]) in self.values:
            return self.letters.index(t[0]) * 6 + self.values.index(int(t[1]))
        raise ConfigError(f"{text!r}: not a hexagon (a colour letter of "
                          f"{''.join(self.letters)} and a pattern value 1-6)")


def _need(raw: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in raw:
        raise ConfigError(f"{RULES_FILE.name}: missing key {where}{key}")
    value = raw[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ConfigError(f"{RULES_FILE.name}: {where}{key} = {value!r} is not a {kind.__name__}")
    return value


def _pairs(raw: Any, key: str, count: int) -> tuple[tuple[int, int], ...]:
    ok = (isinstance(raw, list) and len(raw) == count
          and all(isinstance(p, list) and len(p) == 2 and all(isinstance(x, int) for x in p)
                  for p in raw))
    if not ok:
        raise ConfigError(f"{RULES_FILE.name}: geometry.{key} must be {count} [q, r] pairs")
    return tuple((p[0], p[1]) for p in raw)


def _wheel(raw: list[Any], side: str, letters: tuple[str, ...], values: tuple[int, ...],
           rounds: int) -> tuple[tuple[int, ...], ...]:
    """Categories as ints: colour c -> c, pattern index k -> 6 + k."""
    if not isinstance(raw, list) or len(raw) != rounds:
        raise ConfigError(f"{RULES_FILE.name}: wheel.{side} needs one list per round ({rounds})")
    out = []
    for cats in raw:
        row = []
        for cat in cats:
            if isinstance(cat, str) and cat in letters:
                row.append(letters.index(cat))
            elif isinstance(cat, int) and not isinstance(cat, bool) and cat in values:
                row.append(6 + values.index(cat))
            else:
                raise ConfigError(f"{RULES_FILE.name}: wheel.{side} category {cat!r} is neither "
                                  f"a colour letter nor a pattern value")
        out.append(tuple(row))
    return tuple(out)


def parse_rules(raw: dict[str, Any]) -> QueensRules:
    """Check the raw TOML table and build the rules; refuses the values the spec calls
    unsupported (``buy_face_down_to_storage``, discarding jokers or expansions,
    ``stacks`` other than ``rounds``)."""
    rounds = _need(raw, "rounds", int)
    if _need(raw, "stacks", int) != rounds:
        raise ConfigError(f"{RULES_FILE.name}: stacks must equal rounds (spec 12a)")
    for key in ("buy_face_down_to_storage", "pass_may_discard_jokers",
                "pass_may_discard_expansions"):
        if _need(raw, key, bool):
            raise ConfigError(f"{RULES_FILE.name}: {key} = true is not supported")
    colours = _need(raw, "colours", list)
    patterns = _need(raw, "patterns", list)
    if len(colours) != 6 or len(patterns) != 6:
        raise ConfigError(f"{RULES_FILE.name}: exactly 6 colours and 6 patterns are needed")
    letters = tuple(_need(c, "letter", str, "colours.").upper() for c in colours)
    if len(set(letters)) != 6 or any(len(x) != 1 or not x.isalpha() for x in letters):
        raise ConfigError(f"{RULES_FILE.name}: colour letters must be 6 distinct letters")
    values = tuple(_need(p, "value", int, "patterns.") for p in patterns)
    if sorted(values) != [1, 2, 3, 4, 5, 6]:
        raise ConfigError(f"{RULES_FILE.name}: pattern values must be 1..6, each once")
    stack_size = {int(k): v for k, v in _need(raw, "stack_size", dict).items()}
    storage = _need(raw, "storage", dict)
    reward = _need(raw, "joker_reward", dict)
    if set(reward) != set(FEATURE_KINDS) or any(
            not isinstance(v, int) or v < 0 for v in reward.values()):
        raise ConfigError(f"{RULES_FILE.name}: joker_reward needs counts >= 0 for "
                          f"{', '.join(FEATURE_KINDS)}")
    geo = _need(raw, "geometry", dict)
    kinds = tuple(_need(geo, "feature_kinds", list, "geometry."))
    if len(kinds) != 6 or not set(kinds) <= {"statue", "bench"}:
        raise ConfigError(f"{RULES_FILE.name}: geometry.feature_kinds: 6 of statue | bench")
    first = _need(raw, "first_player", str)
    if first not in ("seat0", "random"):
        raise ConfigError(f"{RULES_FILE.name}: first_player must be seat0 or random")
    cost = str(_need(raw, "pass_discard_cost", (int, str)))
    if cost not in ("1", "value"):
        raise ConfigError(f"{RULES_FILE.name}: pass_discard_cost must be 1 or value")
    final = _need(raw, "final", dict)
    wheel_raw = _need(raw, "wheel", dict)
    p2 = _need(raw, "phase2_value", dict)
    if any(p2.get(s) not in ("v", "7-v") for s in SIDES):
        raise ConfigError(f"{RULES_FILE.name}: phase2_value.standard/variant must be v or 7-v")
    rules = QueensRules(
        rounds=rounds,
        copies=_need(raw, "copies_per_hexagon", int),
        refill=_need(raw, "tiles_per_refill", int),
        start_score=_need(raw, "start_score", int),
        start_jokers=_need(raw, "start_jokers", int),
        buy_cost=_need(raw, "buy_face_down_cost", int),
        buy_threshold=_need(raw, "buy_threshold", int),
        first_pass_penalty=_need(raw, "first_pass_penalty", int),
        score_floor=_need(raw, "score_floor", int),
        pavilion_round_points=_need(raw, "pavilion_round_points", int),
        first_player=first,
        pass_discard_cost=cost,
        storage_tiles=_need(storage, "tiles", int, "storage."),
        storage_expansions=_need(storage, "expansions", int, "storage."),
        stack_size=stack_size,
        letters=letters,
        colour_names=tuple(_need(c, "name", str, "colours.") for c in colours),
        colour_rgb=tuple(_need(c, "rgb", str, "colours.") for c in colours),
        pattern_names=tuple(_need(p, "name", str, "patterns.") for p in patterns),
        values=values,
        expansions=(),
        joker_reward=dict(reward),
        directions=_pairs(_need(geo, "directions", list, "geometry."), "directions", 6),
        fountain=_pairs([_need(geo, "fountain", list, "geometry.")], "fountain", 1)[0],
        ring=_pairs(_need(geo, "ring", list, "geometry."), "ring", 6),
        features=_pairs(_need(geo, "features", list, "geometry."), "features", 6),
        feature_kinds=kinds,
        area_centres=_pairs(_need(geo, "area_centres", list, "geometry."), "area_centres", 6),
        wheel={s: _wheel(wheel_raw.get(s), s, letters, values, rounds) for s in SIDES},
        phase2_value={s: p2[s] for s in SIDES},
        min_group=_need(final, "min_group", int, "final."),
        joker_value=_need(final, "joker_value", int, "final."),
        size_bonus={s: {int(k): v for k, v in _need(final, f"size_bonus_{s}", dict,
                                                     "final.").items()} for s in SIDES},
    )
    exps = tuple(rules.parse_hex(t) for t in _need(raw, "expansions", list))
    if sorted(exps) != list(range(36)):
        raise ConfigError(f"{RULES_FILE.name}: expansions must list each of the 36 hexagons once")
    object.__setattr__(rules, "expansions", exps)
    for n, size in stack_size.items():
        if rounds * size > len(exps):
            raise ConfigError(f"{RULES_FILE.name}: stack_size {n} needs more than 36 expansions")
    return rules


@cache
def side_title(side: str) -> str:
    """A board side as a report's condition says it ("variant side", spec 11)."""
    if side not in SIDES:
        raise ConfigError(f"unknown Queen's Garden side {side!r}; known sides: "
                          f"{', '.join(SIDES)}")
    return f"{side} side"


def load_rules(path: Path = RULES_FILE) -> QueensRules:
    return parse_rules(tomllib.loads(read_text(path, "rules file")))
