"""Bot spec strings: ``name`` or ``name:key=value,key=value`` (e.g. ``mcts:iters=400``), and the
``weights`` parameter's own small syntax (``greedy:weights=exposed:-0.4;singles:0.2``)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

from gardensim.core.errors import ConfigError, FileAccessError
from gardensim.core.files import quote, read_text


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    if not name:
        raise ConfigError(f"empty bot spec {spec!r}")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise ConfigError(f"bad bot parameter {part!r} in {spec!r} (expected key=value)")
        params[key.strip()] = value.strip()
    return name.strip(), params


def parse_weights(text: str) -> dict[str, float]:
    """A bot's ``weights`` parameter: inline ``term:number;term:number`` pairs (spec strings
    keep commas and ``=`` for themselves) or the path of a TOML file of ``term = number`` lines.
    Terms left out keep the game's default weight; the game rejects unknown terms."""
    text = text.strip()
    if not text:
        return {}
    if ":" in text and not text.endswith(".toml"):
        out: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(";"))):
            term, colon, value = part.partition(":")
            try:
                if not colon or not term.strip():
                    raise ValueError(part)
                out[term.strip()] = float(value)
            except ValueError:
                raise ConfigError(
                    f"bad evaluation weight {part!r} in weights={text!r} (expected term:number)"
                ) from None
        return out
    try:
        data = tomllib.loads(read_text(Path(text), "weights file"))
    except FileAccessError as exc:
        raise ConfigError(f"weights={quote(text)}: cannot read ({exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"weights={text!r}: not a TOML file ({exc})") from None
    bad = [k for k, v in data.items() if isinstance(v, bool) or not isinstance(v, int | float)]
    if bad:
        raise ConfigError(f"weights={text!r}: {bad[0]!r} is not a number")
    return {k: float(v) for k, v in data.items()}


def format_weights(values: Mapping[str, float]) -> str:
    """The inline form :func:`parse_weights` reads back exactly (``repr`` keeps every digit)."""
    return ";".join(f"{term}:{float(value)!r}" for term, value in values.items())
