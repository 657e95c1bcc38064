"""The run store: ``runs/NAME/manifest.json`` plus one Parquet part per batch and frame.

Crash-proofing rests on one rule: a file is either complete or absent. Parts and the manifest are
written to a temporary file in the same folder, flushed to disk, then renamed over their final
name (``os.replace`` is atomic). A batch is done when its games part exists; its turns part is
written first, so a run killed at any instant leaves only whole batches, and resuming replays the
missing ones. Games are pure functions of their index, so a batch replayed after a crash writes
the same rows again: nothing is lost or duplicated.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError

MANIFEST = "manifest.json"
PARTS = "parts"
FORMAT = "gardensim-run"
FORMAT_VERSION = 1
KINDS = ("games", "turns")
_PART = re.compile(r"^(games|turns)-a(\d+)-b(\d+)\.parquet$")


def is_run(path: str | Path) -> bool:
    """Whether ``path`` holds a run manifest."""
    return (Path(path) / MANIFEST).is_file()


def _write_atomic(path: Path, write: Any) -> None:
    """Call ``write(file)`` on a temporary sibling of ``path``, then rename it over ``path``."""
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as handle:
        write(handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


class RunStore:
    """Files of one run directory. Knows nothing about games; see :mod:`gardensim.sim.runner`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.parts = self.path / PARTS

    # ----- manifest ---------------------------------------------------------------------
    def read_manifest(self) -> dict[str, Any]:
        if self.path.is_file():
            raise ConfigError(f"{self.path}: is a file, not a run directory")
        if not is_run(self.path):
            what = "does not exist" if not self.path.exists() else "is not a gardensim run"
            raise ConfigError(f"{self.path}: {what} (no {MANIFEST})")
        try:
            manifest = json.loads((self.path / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{self.path / MANIFEST}: unreadable run manifest ({exc})") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise ConfigError(f"{self.path}: {MANIFEST} is not a gardensim run manifest")
        if manifest.get("format_version", 0) > FORMAT_VERSION:
            raise ConfigError(
                f"{self.path}: run format {manifest['format_version']} is newer than this "
                f"gardensim understands ({FORMAT_VERSION}); upgrade gardensim"
            )
        return manifest

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        text = json.dumps(manifest, indent=1, sort_keys=False, default=str).encode()
        _write_atomic(self.path / MANIFEST, lambda f: f.write(text))

    # ----- lifecycle --------------------------------------------------------------------
    def prepare_new(self, force: bool) -> None:
        """Make the directory ready for a new run; only a former run is ever cleared, and only
        with ``force``: foreign directories are never touched."""
        if self.path.is_file():
            raise ConfigError(f"{self.path}: is a file; choose another --out")
        if self.path.exists() and not is_run(self.path):
            if any(self.path.iterdir()):
                raise ConfigError(
                    f"{self.path}: exists and is not a gardensim run (no {MANIFEST}); "
                    "choose another --out"
                )
        elif is_run(self.path):
            if not force:
                raise ConfigError(f"{self.path}: already holds a run; pass --force to replace it")
            shutil.rmtree(self.parts, ignore_errors=True)
            (self.path / MANIFEST).unlink()
        self.parts.mkdir(parents=True, exist_ok=True)

    def clean_temporaries(self) -> None:
        """Remove half-written files left by a killed process."""
        for folder in (self.path, self.parts):
            if folder.is_dir():
                for tmp in folder.glob(".*.tmp*"):
                    tmp.unlink(missing_ok=True)

    # ----- parts ------------------------------------------------------------------------
    def part_path(self, kind: str, arm: int, batch: int) -> Path:
        return self.parts / f"{kind}-a{arm:03d}-b{batch:06d}.parquet"

    def write_part(self, kind: str, arm: int, batch: int, table: Any) -> None:
        import pyarrow.parquet as pq

        _write_atomic(self.part_path(kind, arm, batch), lambda f: pq.write_table(table, f))

    def done_batches(self, telemetry: bool) -> set[tuple[int, int]]:
        """(arm index, batch index) of every batch whose parts are all on disk."""
        found: dict[str, set[tuple[int, int]]] = {k: set() for k in KINDS}
        for kind, arm, batch in self._scan():
            found[kind].add((arm, batch))
        return found["games"] & found["turns"] if telemetry else found["games"]

    def _scan(self) -> Iterator[tuple[str, int, int]]:
        if not self.parts.is_dir():
            return
        for entry in os.scandir(self.parts):
            match = _PART.match(entry.name)
            if match:
                yield match[1], int(match[2]), int(match[3])

    def read_tables(self, kind: str, batches: set[tuple[int, int]]) -> list[Any]:
        """Arrow tables of ``kind`` for ``batches``, in (arm, batch) order."""
        import pyarrow.parquet as pq

        return [pq.read_table(self.part_path(kind, a, b)) for a, b in sorted(batches)]


def host_process() -> dict[str, Any]:
    """Who is writing a run (so a second writer can be refused while the first is alive)."""
    return {"host": socket.gethostname(), "pid": os.getpid()}


def writer_alive(writer: dict[str, Any] | None) -> bool:
    """Whether the process recorded as a run's writer still runs on this host."""
    if not writer or writer.get("host") != socket.gethostname() or writer.get("pid") == os.getpid():
        return False
    try:
        stat = Path(f"/proc/{int(writer['pid'])}/stat").read_text()
        if stat.rsplit(")", 1)[1].split()[0] == "Z":  # killed, not yet reaped
            return False
    except (OSError, ValueError, IndexError, TypeError):
        pass
    try:
        os.kill(int(writer["pid"]), 0)
    except (ProcessLookupError, ValueError, TypeError):
        return False
    except PermissionError:
        return True
    return True
