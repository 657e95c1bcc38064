"""Where the shipped data lives: inside the packages that own it, found through
:mod:`importlib.resources`, so an installed wheel finds it as an editable checkout does.

A game's boards, rules tables, evaluation weights and ladder are that game's knowledge and live in
its package's ``data/`` folder; the shipped studies live in ``gardensim/studies/``. The data is
read as files (boards name their file in errors, users copy a shipped file to make their own),
so the package must be installed on a file system, as pip installs every wheel; a zipped package
is refused with one line.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from gardensim.core.errors import ConfigError

REPO_ROOT = Path(__file__).resolve().parent.parent


def package_folder(package: str, *parts: str) -> Path:
    """The folder ``parts`` inside the installed ``package``, as a path."""
    root = files(package)
    if not isinstance(root, Path):
        raise ConfigError(f"package {package!r} is not on a file system ({root}); install "
                          "gardensim with pip rather than running it from a zip")
    return root.joinpath(*parts)


#: the studies shipped with gardensim (``default.toml`` is the demo's and the report's)
STUDIES_DIR = package_folder("gardensim", "studies")
