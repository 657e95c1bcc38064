"""Golden playthroughs of Gazebo (``golden_games.py``): the same seeded bot games, move by move
with every event, per-turn telemetry and the final position, as the files in ``golden/``.

Each file is the readable engine's games and the compiled kernel's alike (playthrough
consistency): the kernel writes it from its own moves, legal counts, events and telemetry.
Regenerate after an intended change with ``GARDENSIM_REGEN_GOLDEN=1`` (from the readable
engine) and review the diff.
"""

from __future__ import annotations

import difflib
import os

import pytest

from tests.gazebo.golden_games import CONFIGS, GOLDEN, Config, golden_text


@pytest.mark.parametrize("engine", ["python", "fast"])
@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
def test_golden_playthroughs(config: Config, engine: str) -> None:
    path = GOLDEN / f"{config.name}.txt"
    text = golden_text(config, engine)
    if os.environ.get("GARDENSIM_REGEN_GOLDEN") and engine == "python":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text)
    expected = path.read_text()
    if text != expected:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), "golden", "now",
                                    lineterm="", n=1)
        pytest.fail("golden playthrough changed:\n" + "\n".join(list(diff)[:40]))
