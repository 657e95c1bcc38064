"""Rule options of Gazebo (docs/gazebo-engine-contract.md), validated once per game.

Every **(option)** of the rulings plus the knobs designers vary (``gazebos``, ``hand_size``,
``private_singles``). Values may come from Python or from the CLI as strings, so booleans accept
the usual words and ``gazebos`` accepts a comma list (one count per seat, for handicaps).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.values import parse_bool

DRAW_SYSTEMS = ("gazebo", "qin", "qin-classic")
#: Starting gazebos by player count (rulings 16).
DEFAULT_GAZEBOS = {2: 24, 3: 19, 4: 15}
OPTION_NAMES = (
    "draw",
    "partnership",
    "gazebos",
    "hand_size",
    "private_singles",
    "raised_steal_needs_two",
    "no_move_ends_game",
)
SINGLES_IN_SET = 27


def _parse_int(name: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool):
        raise ConfigError(f"option {name}={value!r}: expected an integer {lo}..{hi}")
    try:
        number = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        raise ConfigError(f"option {name}={value!r}: expected an integer {lo}..{hi}") from None
    if not lo <= number <= hi:
        raise ConfigError(f"option {name}={value!r}: expected an integer {lo}..{hi}")
    return number


def _parse_gazebos(value: Any, players: int) -> tuple[int, ...]:
    if isinstance(value, str):
        parts: list[Any] = [p for p in value.replace(" ", "").split(",") if p != ""]
    elif isinstance(value, int | bool):
        parts = [value]
    else:
        try:
            parts = list(value)
        except TypeError:
            raise ConfigError(
                f"option gazebos={value!r}: expected an integer 1..96 or one per seat"
            ) from None
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        raise ConfigError(
            f"option gazebos={value!r}: expected one integer or {players} (one per seat), "
            f"got {len(parts)}"
        )
    return tuple(_parse_int("gazebos", p, 1, 96) for p in parts)


#: Options that only some drawing systems read: name -> those systems (rulings 17 and 18).
DRAW_ONLY = {"private_singles": ("gazebo",)}
#: Options that only boards with some patio kind read: name -> that kind (rulings 10).
PATIO_ONLY = {"raised_steal_needs_two": "raised"}


def _refuse_idle_options(raw: Mapping[str, Any], draw: str, board: Any) -> None:
    """An option the chosen drawing system or board never reads is refused: a study that sets
    it would otherwise report a variant that changed nothing (Qin drawing deals no private
    singles; a board without raised patios has no raised steal). ``board`` None: not known."""
    for name, systems in DRAW_ONLY.items():
        if name in raw and draw not in systems:
            raise ConfigError(
                f"option {name}={raw[name]!r} has no effect with draw={draw}; it applies to "
                f"draw={' or '.join(systems)} only, so leave it out"
            )
    for name, kind in PATIO_ONLY.items():
        if name in raw and board is not None and kind not in set(board.patios.values()):
            raise ConfigError(
                f"option {name} has no effect on board {board.key!r}, which has no {kind} "
                "patio; leave it out"
            )


def validate_options(options: Mapping[str, Any] | None, players: int,
                     board: Any = None) -> dict[str, Any]:
    """Options with defaults filled in; raises ConfigError naming the bad option and its values
    (``board``: the ``Board`` played, to refuse options it never reads)."""
    raw = dict(options or {})
    unknown = sorted(set(raw) - set(OPTION_NAMES))
    if unknown:
        raise ConfigError(
            f"unknown option {unknown[0]!r}; valid options: {', '.join(OPTION_NAMES)}"
        )
    draw = str(raw.get("draw", "gazebo")).strip().lower()
    if draw not in DRAW_SYSTEMS:
        raise ConfigError(
            f"option draw={raw['draw']!r}: expected one of {', '.join(DRAW_SYSTEMS)}"
        )
    partnership = parse_bool("partnership", raw.get("partnership", False))
    if partnership and players != 4:
        raise ConfigError(f"option partnership=true needs 4 players, not {players}")
    gazebos = _parse_gazebos(raw.get("gazebos", DEFAULT_GAZEBOS[players]), players)
    hand_size = _parse_int("hand_size", raw.get("hand_size", 3), 1, 6)
    private = _parse_int("private_singles", raw.get("private_singles", 5), 0, 9)
    if draw == "gazebo" and players * private > SINGLES_IN_SET:
        raise ConfigError(
            f"option private_singles={raw.get('private_singles')!r}: {players} players x "
            f"{private} exceeds the {SINGLES_IN_SET} single-coloured dominoes"
        )
    out = {
        "draw": draw,
        "partnership": partnership,
        "gazebos": gazebos,
        "hand_size": hand_size,
        "private_singles": private,
        "raised_steal_needs_two": parse_bool(
            "raised_steal_needs_two", raw.get("raised_steal_needs_two", False)
        ),
        "no_move_ends_game": parse_bool("no_move_ends_game", raw.get("no_move_ends_game", True)),
    }
    _refuse_idle_options(raw, draw, board)
    return out
