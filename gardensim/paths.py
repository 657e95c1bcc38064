"""Where the shipped data (boards, scoring tables, default studies) lives.

The package is installed in editable mode by the Makefile, so the repository's top-level
``data/`` folder is found next to the package; ``GARDENSIM_DATA`` overrides it.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("GARDENSIM_DATA", REPO_ROOT / "data"))
