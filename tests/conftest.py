"""Shared test setup: the test games (tests/support/toygame.py, tests/sim/slowtoy.py) are
registered as a plugin package registers a game, through ``gardensim.games`` entry points: the
metadata in tests/support/plugins is put on the path here and in ``PYTHONPATH``, so worker
processes and CLI subprocesses find the same games."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = ROOT / "tests" / "support" / "plugins"
os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, [str(ROOT), str(PLUGINS), os.environ.get("PYTHONPATH", "")])
)
for path in (PLUGINS, ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))


#: pytester for tests of the suite's own plugins; the autouse check that no test leaves a stop
#: signal changed
pytest_plugins = ["pytester", "tests.support.signal_check"]
