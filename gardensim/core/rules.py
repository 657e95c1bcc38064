"""A game's rule set declared once: every rule option and designed number, typed.

After TAG's ``XParameters``: each :class:`Option` says its name, kind, default, allowed values,
what it means and which rulebook line it comes from. Option checks, the CLI's ``--option`` help
and ``gardensim rules GAME``, the notebooks' controls, the study docs' option table and a fast
engine's coverage (:mod:`gardensim.core.fastpath`) are all derived from the declaration, so a
designed number is one line in one place and a new option cannot be forgotten by one of them.

Values may come from Python or from the command line as strings, so booleans take the usual
words and per-seat counts a comma list.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gardensim.core.errors import ConfigError
from gardensim.core.values import parse_bool

#: The kinds of values an option takes.
KINDS = ("bool", "int", "choice", "seat", "per_seat")


@dataclass(frozen=True)
class Option:
    """One rule option or designed number.

    ``kind``: ``bool``; ``int`` (``low``..``high``); ``choice`` (one of ``choices``); ``seat``
    (one of ``choices``, words such as ``random``, or a seat number ``0..players-1``);
    ``per_seat`` (one ``int`` in ``low``..``high`` for every seat, or one for all).
    ``default`` is the value, or a mapping from player count to it. ``source`` names the
    rulebook line, ruling or spec section the option comes from.
    """

    name: str
    kind: str
    default: Any
    doc: str
    source: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    #: Spellings of a ``seat`` option's values kept for old study files: word -> value.
    aliases: Mapping[str, Any] = field(default_factory=dict)
    #: Values in a reader's words (value -> words), for :meth:`say`.
    words: Mapping[Any, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind {self.kind!r} is not one of {KINDS}")

    def say(self, value: Any) -> str:
        """``value`` of this option as a report's condition says it: its declared words, else
        the option's name with the value ("hand size 4", "partnership on", and for one count
        per seat "first seat 25 gazebos, second 24")."""
        if isinstance(value, Hashable) and value in self.words:
            return self.words[value]
        name = self.name.replace("_", " ")
        if isinstance(value, bool):
            return f"{name} {'on' if value else 'off'}"
        if self.kind == "per_seat":
            counts = [int(v) for v in str(value).split(",")] if isinstance(value, str) else (
                list(value) if isinstance(value, Sequence) else [int(value)])
            if len(set(counts)) == 1:
                return f"{counts[0]} {name} each"
            rest = sorted(set(counts[1:]))
            others = "second" if len(counts) == 2 else "others"
            if len(rest) == 1:
                return f"first seat {counts[0]} {name}, {others} {rest[0]}"
            return f"{name} {'/'.join(map(str, counts))} by seat"
        return f"{name} {value}"

    def default_for(self, players: int) -> Any:
        default = self.default
        if isinstance(default, Mapping):
            default = default[players]
        if self.kind == "per_seat":
            return tuple(default) if isinstance(default, Sequence) else (default,) * players
        return default

    def allowed(self, players: int | None = None) -> str:
        """The allowed values, as an error message or a help text says them."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an integer {self.low}..{self.high}"
        if self.kind == "choice":
            return ", ".join(map(str, self.choices))
        if self.kind == "seat":
            seats = f"a seat 0..{players - 1}" if players else "a seat number"
            return ", ".join([*map(str, self.choices), seats]).replace(", a seat", " or a seat")
        return f"an integer {self.low}..{self.high}, or one per seat"

    def parse(self, value: Any, players: int) -> Any:
        """The value in canonical form; ConfigError names the option and what it allows."""
        if self.kind == "bool":
            return parse_bool(self.name, value)
        if self.kind == "int":
            return self._int(value, value)
        if self.kind == "choice":
            text = str(value).strip().lower()
            for choice in self.choices:
                if text == str(choice).lower():
                    return choice
            raise ConfigError(f"option {self.name}={value!r}: expected one of {self.allowed()}")
        if self.kind == "seat":
            text = str(value).strip().lower()
            if text in self.aliases:
                return self.aliases[text]
            if text in map(str, self.choices):
                return text
            if text.isdigit() and int(text) < players and not isinstance(value, bool):
                return int(text)
            raise ConfigError(
                f"option {self.name}={value!r}: allowed values are {self.allowed(players)}"
            )
        return self._per_seat(value, players)

    def _int(self, value: Any, shown: Any) -> int:
        problem = ConfigError(f"option {self.name}={shown!r}: expected an integer "
                              f"{self.low}..{self.high}")
        if isinstance(value, bool):
            raise problem
        try:
            number = value if isinstance(value, int) else int(str(value).strip())
        except ValueError:
            raise problem from None
        if not self.low <= number <= self.high:  # type: ignore[operator]
            raise problem
        return number

    def _per_seat(self, value: Any, players: int) -> tuple[int, ...]:
        if isinstance(value, str):
            parts: list[Any] = [p for p in value.replace(" ", "").split(",") if p != ""]
        elif isinstance(value, int | bool):
            parts = [value]
        else:
            try:
                parts = list(value)
            except TypeError:
                raise ConfigError(f"option {self.name}={value!r}: expected "
                                  f"{self.allowed()}") from None
        if len(parts) == 1:
            parts = parts * players
        if len(parts) != players:
            raise ConfigError(
                f"option {self.name}={value!r}: expected one integer or {players} (one per "
                f"seat), got {len(parts)}"
            )
        return tuple(self._int(p, p) for p in parts)

    def describe(self) -> dict[str, Any]:
        """JSON-able: what ``gardensim rules GAME --json`` lists for the option."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "doc": self.doc,
                               "source": self.source}
        default = self.default
        out["default"] = ({str(k): _plain(v) for k, v in default.items()}
                          if isinstance(default, Mapping) else _plain(default))
        if self.choices:
            out["choices"] = list(self.choices)
        if self.low is not None:
            out["range"] = [self.low, self.high]
        return out


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


#: ``(values, given, players, context) -> None``: a check across options (raises ConfigError).
Check = Callable[[dict[str, Any], Mapping[str, Any], int, Mapping[str, Any]], None]


@dataclass(frozen=True)
class RuleSet:
    """Every option of one game, in the order its docs list them, and the checks that span
    several options (``checks``: e.g. an option that needs a player count)."""

    game: str
    options: tuple[Option, ...]
    checks: tuple[Check, ...] = ()

    def __post_init__(self) -> None:
        names = [o.name for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.game}: an option is declared twice in {names}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def defaults(self, players: int) -> dict[str, Any]:
        return {o.name: o.default_for(players) for o in self.options}

    def validate(self, given: Mapping[str, Any] | None, players: int,
                 **context: Any) -> dict[str, Any]:
        """Every option, canonical, defaults filled in; ConfigError names a bad or unknown
        option. ``context`` is handed to the checks (the board played, say)."""
        raw = dict(given or {})
        unknown = sorted(set(raw) - set(self.names))
        if unknown:
            raise ConfigError(f"unknown {self.game} option {unknown[0]!r}; valid options: "
                              f"{', '.join(self.names)}")
        values = {o.name: o.parse(raw[o.name], players) if o.name in raw
                  else o.default_for(players) for o in self.options}
        for check in self.checks:
            check(values, raw, players, context)
        return values

    def non_defaults(self, values: Mapping[str, Any], players: int) -> dict[str, Any]:
        """The options of ``values`` that differ from their defaults at ``players``."""
        defaults = self.defaults(players)
        return {k: v for k, v in values.items() if k in defaults and v != defaults[k]}

    def describe(self) -> list[dict[str, Any]]:
        return [o.describe() for o in self.options]
