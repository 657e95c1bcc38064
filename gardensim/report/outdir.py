"""A report folder appears whole or not at all.

A report is written into a hidden sibling folder (``.NAME.tmpPID``) and renamed to its place
only once every file is written, so a failed report (a bad run, a full disk, Ctrl-C) leaves the
previous report, or nothing, never half of one. A folder is only ever replaced when it holds a
report's files and nothing else (hidden files such as a file browser's aside): ``--out
~/Documents`` must not empty the user's documents.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gardensim.core.errors import ConfigError, file_errors

#: What a report folder holds (``build_report``'s outputs).
REPORT_ENTRIES = frozenset({"index.html", "summary.md", "tables", "studies"})


def check_target(out: Path) -> None:
    """Refuse an ``--out`` the report may not take: a file, or a folder holding other things."""
    if out.exists() and not out.is_dir():
        raise ConfigError(f"{out}: is a file; the report needs a folder (--out)")
    if out.is_dir():
        with file_errors(out):
            foreign = sorted(p.name for p in out.iterdir()
                             if p.name not in REPORT_ENTRIES and not p.name.startswith("."))
        if foreign:
            raise ConfigError(
                f"{out}: holds {foreign[0]!r}, which is no part of a report; choose an empty "
                "or new folder (--out)"
            )


@contextmanager
def staged(out: Path) -> Iterator[Path]:
    """A fresh temporary folder beside ``out`` to write the report into; on success it
    replaces ``out``, on any error it is removed."""
    check_target(out)
    tmp = out.parent / f".{out.name}.tmp{os.getpid()}"
    with file_errors(out, prefer_path=True):
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
    try:
        yield tmp
        with file_errors(out, prefer_path=True):
            _replace(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _replace(new: Path, out: Path) -> None:
    if not out.exists():
        os.rename(new, out)
        return
    old = out.parent / f".{out.name}.old{os.getpid()}"
    shutil.rmtree(old, ignore_errors=True)
    os.rename(out, old)
    try:
        os.rename(new, out)
    except OSError:
        os.rename(old, out)
        raise
    shutil.rmtree(old, ignore_errors=True)
