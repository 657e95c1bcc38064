"""Summer Pavilion board sides and game constants, loaded from ``data/*.toml``.

Every table of the rules (star colours, costs, structures and the spaces around them, scoring
tables, wild order, component counts) lives in the data files; this module only reads them,
checks them and precomputes the lookup tables the engine needs, once per side, in the
python-chess manner.

Spaces are numbered ``0..41``: space ``k`` (1..6) of star ``s`` (0 = centre, 1..6 the outer ring)
is ``6 * s + k - 1``. Notation names it ``"s.k"``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gardensim.core.errors import BoardFormatError, ConfigError
from gardensim.core.files import quote, read_text
from gardensim.paths import package_folder

#: the game's data: the rules table, the board sides and the evaluation weights
PAVILION_DIR = package_folder("gardensim.games.pavilion", "data")
BOARD_NAMES = ("base", "base-grey", "glazed-orange", "glazed-purple")
STARS = 7
SPACES = 6 * STARS
STRUCTURE_KINDS = ("pillar", "statue", "window", "fountain")
#: Star rules (spec 4.2): fixed colours, multicolour (all different), free (one or six colours).
FIXED, MULTICOLOUR, FREE = "fixed", "multicolour", "free"


@dataclass(frozen=True)
class Rules:
    """Component counts and constants shared by every side (``rules.toml``)."""

    colours: tuple[str, ...]
    letters: tuple[str, ...]
    tiles_per_colour: int
    factories: dict[int, int]
    tiles_per_factory: int
    supply_spaces: int
    corner_spaces: int
    rounds: int
    start_score: int
    score_floor: int

    @property
    def total_tiles(self) -> int:
        return self.tiles_per_colour * len(self.colours)


@dataclass(frozen=True)
class Structure:
    kind: str
    index: int  # 1..6
    spaces: tuple[int, ...]
    bonus: int


@dataclass(frozen=True, eq=False)
class BoardSide:
    """One player-board side with its matching scoring board, plus precomputed tables.
    Compared and hashed by identity: each side is loaded once (:func:`load_board` caches)."""

    name: str
    title: str
    rules: Rules
    wild_order: tuple[int, ...]  # colour id per round 1..6
    star_rules: tuple[str, ...]  # per star
    space_colour: tuple[int, ...]  # per space: fixed colour id, or -1 (multicolour/free star)
    cost: tuple[int, ...]  # per space
    structures: tuple[Structure, ...]
    structures_of: tuple[tuple[int, ...], ...]  # per space: indices into ``structures``
    star_values: tuple[int, ...]  # per colour id: completed single-coloured star
    multicolour_value: int
    bga_star_values: tuple[int, ...] | None
    number_values: dict[int, int]
    number_spaces: dict[int, tuple[int, ...]]
    structure_set_value: int
    fixed_spaces: tuple[tuple[int, ...], ...]  # per colour id: spaces printed in that colour
    flexible_stars: tuple[int, ...]  # stars whose colours the player chooses
    has_fountains: bool  # Glazed sides: fountains, and structure sets scored


def space_index(star: int, k: int) -> int:
    """Space ``k`` (1..6) of star ``star`` (0..6) as a space number."""
    return 6 * star + k - 1


def space_name(space: int) -> str:
    return f"{space // 6}.{space % 6 + 1}"


def _fail(path: Path, why: str) -> BoardFormatError:
    return BoardFormatError(f"{path.name}: {why}")


@cache
def load_rules() -> Rules:
    path = PAVILION_DIR / "rules.toml"
    raw = _read(path)
    try:
        return Rules(
            colours=tuple(raw["colours"]),
            letters=tuple(raw["letters"]),
            tiles_per_colour=int(raw["tiles_per_colour"]),
            factories={int(k): int(v) for k, v in raw["factories"].items()},
            tiles_per_factory=int(raw["tiles_per_factory"]),
            supply_spaces=int(raw["supply_spaces"]),
            corner_spaces=int(raw["corner_spaces"]),
            rounds=int(raw["rounds"]),
            start_score=int(raw["start_score"]),
            score_floor=int(raw["score_floor"]),
        )
    except (KeyError, TypeError, ValueError) as err:
        raise _fail(path, f"bad or missing entry {err}") from None


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(read_text(path, "board file"))
    except tomllib.TOMLDecodeError as err:
        raise _fail(path, str(err)) from None


def board_title(name: str) -> str:
    """The side as the box names it ("Glazed Pavilion, orange side"), for a report's
    conditions."""
    return load_board(name).title


@cache
def load_board(name: str) -> BoardSide:
    """The side called ``name`` (one of :data:`BOARD_NAMES`, any other file of the data folder,
    or the path of a ``.toml`` file in the same format)."""
    path = Path(name) if name.endswith(".toml") else PAVILION_DIR / f"{name}.toml"
    if name in ("rules", "evaluation") or not path.is_file():
        known = ", ".join(BOARD_NAMES)
        raise ConfigError(f"unknown pavilion board {name!r}; known boards: {known}")
    return parse_board(path, load_rules())


def parse_board(path: Path, rules: Rules) -> BoardSide:
    """Read and check one board file; raises BoardFormatError naming the file and problem."""
    raw = _read(path)
    colour_id = {c: i for i, c in enumerate(rules.colours)}

    def colour(name: Any) -> int:
        if name not in colour_id:
            raise _fail(path, f"unknown colour {quote(name)}")
        return colour_id[name]

    def space(text: Any) -> int:
        try:
            star, k = (int(x) for x in str(text).split("."))
        except ValueError:
            raise _fail(path, f"bad space {quote(text)} (want 'star.space')") from None
        if not (0 <= star < STARS and 1 <= k <= 6):
            raise _fail(path, f"space {quote(text)} is off the board")
        return space_index(star, k)

    try:
        stars = raw["stars"]
        if len(stars) != STARS:
            raise _fail(path, f"{len(stars)} stars, expected {STARS}")
        star_rules: list[str] = []
        space_colour: list[int] = []
        cost: list[int] = []
        for s, star in enumerate(stars):
            rule = star["rule"]
            if rule not in (FIXED, MULTICOLOUR, FREE):
                raise _fail(path, f"star {s}: unknown rule {quote(rule)}")
            costs = [int(c) for c in star["costs"]]
            if len(costs) != 6 or not all(1 <= c <= 6 for c in costs):
                raise _fail(path, f"star {s}: costs must be six numbers 1..6")
            if rule == FIXED:
                colours = star["colours"]
                if len(colours) == 1:
                    colours = colours * 6
                if len(colours) != 6:
                    raise _fail(path, f"star {s}: a fixed star needs 1 or 6 colours")
                space_colour += [colour(c) for c in colours]
            else:
                space_colour += [-1] * 6
            star_rules.append(rule)
            cost += costs

        structures: list[Structure] = []
        for kind, table in raw["structures"].items():
            if kind not in STRUCTURE_KINDS:
                raise _fail(path, f"unknown structure {quote(kind)}")
            for i, spaces in enumerate(table["spaces"], start=1):
                structures.append(Structure(kind, i, tuple(space(t) for t in spaces),
                                            int(table["bonus"])))
        structures_of = tuple(
            tuple(j for j, st in enumerate(structures) if sp in st.spaces) for sp in range(SPACES)
        )

        scoring = raw["scoring"]

        def star_table(table: dict[str, int]) -> tuple[int, ...]:
            return tuple(int(table[c]) for c in rules.colours)

        star_values = star_table(scoring["stars"])
        multicolour_value = int(scoring["stars"]["multicolour"])
        bga_star_values = star_table(scoring["bga_stars"]) if "bga_stars" in scoring else None
        number_values = {int(k): int(v) for k, v in scoring["numbers"].items()}
        structure_set_value = int(scoring.get("structure_set", 0))
        wild_order = tuple(colour(c) for c in raw["wild_order"])
        if len(wild_order) != rules.rounds:
            raise _fail(path, f"wild_order needs {rules.rounds} colours")
    except BoardFormatError:
        raise
    except KeyError as err:
        raise _fail(path, f"missing entry {err}") from None
    except (TypeError, ValueError) as err:
        raise _fail(path, f"bad entry ({err})") from None

    return BoardSide(
        name=str(raw.get("name", path.stem)),
        title=str(raw.get("title", path.stem)),
        rules=rules,
        wild_order=wild_order,
        star_rules=tuple(star_rules),
        space_colour=tuple(space_colour),
        cost=tuple(cost),
        structures=tuple(structures),
        structures_of=structures_of,
        star_values=star_values,
        multicolour_value=multicolour_value,
        bga_star_values=bga_star_values,
        number_values=number_values,
        number_spaces={n: tuple(i for i in range(SPACES) if cost[i] == n) for n in number_values},
        structure_set_value=structure_set_value,
        fixed_spaces=tuple(
            tuple(i for i in range(SPACES) if space_colour[i] == c)
            for c in range(len(rules.colours))
        ),
        flexible_stars=tuple(s for s in range(STARS) if star_rules[s] != FIXED),
        has_fountains=any(st.kind == "fountain" for st in structures),
    )
