"""docs/telemetry.md's Queen's Garden section documents every column the game declares, with its
dtype (the generic doc test reads single-name rows across all games; this one reads the
section's own rows, several names to a row allowed)."""

from __future__ import annotations

import re

from gardensim.games.queens import QueensGame
from gardensim.paths import REPO_ROOT

DOC = (REPO_ROOT / "docs" / "telemetry.md").read_text(encoding="utf-8")


def section_columns() -> dict[str, str]:
    """Column -> dtype; ``x_0`` .. stands for ``x_0`` to ``x_3``; ``a``, ``b`` | T1, T2 pairs
    the names with the dtypes (one dtype for all when only one is given)."""
    start = DOC.index("## Azul: Queen's Garden")
    text = DOC[start:DOC.index("\n## ", start + 1)]
    out: dict[str, str] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        names = re.findall(r"`(\w+)`", cells[0])
        dtypes = [d.strip() for d in cells[1].split(",")]
        dtypes = dtypes * len(names) if len(dtypes) == 1 else dtypes
        for name, dtype in zip(names, dtypes, strict=True):
            if name.endswith("_0") and ".." in cells[0]:
                out.update({f"{name[:-2]}_{s}": dtype for s in range(4)})
            elif not name.endswith("_3"):
                out[name] = dtype
    return out


def test_every_queens_column_is_documented_with_its_dtype() -> None:
    declared = {**QueensGame.game_columns, **QueensGame.turn_columns}
    assert section_columns() == declared
