"""Shared test setup: the toy game (tests/support/toygame.py) is registered for tests of bots and
the runner through the environment, so worker processes see it too."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("GARDENSIM_GAMES", "toy=tests.support.toygame:ToyGame")
os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])
)
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gardensim.core import registry  # noqa: E402

registry._register_from_env()
