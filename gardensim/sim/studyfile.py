"""A study written back as TOML, the format users write studies in.

A run folder keeps its study as ``study.toml`` beside the parts, so a run whose manifest is lost
can be rebuilt, and a report keeps each study it answers in ``studies/<name>.toml``; both are
read back by ``Study.from_file``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(str(value))


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(x, Mapping) for x in value)


def to_toml(study: Mapping[str, Any]) -> str:
    """A study dict as TOML that ``Study.from_file`` reads back (scalars, one level of tables,
    arrays of tables)."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in study.items()
             if not isinstance(v, Mapping) and not _is_table_array(v)]
    for key, value in study.items():
        if isinstance(value, Mapping) and value:
            lines += ["", f"[{key}]"] + [f"{k} = {_toml_value(v)}" for k, v in value.items()]
    for key, value in study.items():
        if _is_table_array(value):
            for item in value:
                lines += ["", f"[[{key}]]"] + [f"{k} = {_toml_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"
