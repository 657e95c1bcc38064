"""Bot spec strings: ``name`` or ``name:key=value,key=value`` (e.g. ``mcts:iters=400``)."""

from __future__ import annotations

from gardensim.core.errors import ConfigError


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
