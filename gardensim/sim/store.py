"""The run store: ``runs/NAME/manifest.json`` plus one Parquet part per batch and frame.

Crash-proofing rests on one rule: a file is either complete or absent. Parts and the manifest are
written to a temporary file in the same folder, flushed to disk, then renamed over their final
name (``os.replace`` is atomic). A batch is done when its games part exists; its turns part is
written first, so a run killed at any instant leaves only whole batches, and resuming replays the
missing ones. Games are pure functions of their index, so a batch replayed after a crash writes
the same rows again: nothing is lost or duplicated.

Damage after the fact (a part truncated by a full disk, emptied by a copy, deleted by hand) is
caught by the manifest, which records each part's size and SHA-256: reading a part checks them,
and ``--resume`` replays the batches whose parts fail. The study is also stored beside the parts
as ``study.toml``, so a run whose manifest is lost can be rebuilt from what is on disk.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError, RunDamagedError, file_errors

MANIFEST = "manifest.json"
STUDY_FILE = "study.toml"
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
    with file_errors(path):
        try:
            with open(tmp, "wb") as handle:
                write(handle)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)


def part_record(data: bytes) -> dict[str, Any]:
    """What the manifest keeps of a part to notice damage later: its size and SHA-256."""
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


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
            if self.has_remains():
                raise RunDamagedError(
                    f"{self.path / MANIFEST}: missing, but the run's parts are there; "
                    f"{self.rebuild_hint()}"
                )
            what = "does not exist" if not self.path.exists() else "is not a gardensim run"
            raise ConfigError(f"{self.path}: {what} (no {MANIFEST})")
        try:
            with file_errors(self.path / MANIFEST):
                manifest = json.loads((self.path / MANIFEST).read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise RunDamagedError(
                f"{self.path / MANIFEST}: damaged (not JSON); {self.rebuild_hint()}"
            ) from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise ConfigError(f"{self.path}: {MANIFEST} is not a gardensim run manifest")
        if manifest.get("format_version", 0) > FORMAT_VERSION:
            raise ConfigError(
                f"{self.path}: run format {manifest['format_version']} is newer than this "
                f"gardensim understands ({FORMAT_VERSION}); upgrade gardensim"
            )
        return manifest

    def has_remains(self) -> bool:
        """Whether the folder holds a run's study file or parts (a run that lost its manifest)."""
        return (self.path / STUDY_FILE).is_file() or self.parts.is_dir()

    def rebuild_hint(self) -> str:
        """How to get the run back when its manifest is lost or damaged."""
        if (self.path / STUDY_FILE).is_file():
            return f"gardensim simulate --resume {self.path} rebuilds it from {STUDY_FILE}"
        return f"gardensim simulate --resume STUDY.toml --out {self.path} rebuilds it"

    def write_study(self, text: str) -> None:
        """Keep the study beside the parts (``study.toml``)."""
        _write_atomic(self.path / STUDY_FILE, lambda f: f.write(text.encode("utf-8")))

    def read_study_text(self) -> str | None:
        """The stored ``study.toml``, or None when there is none."""
        path = self.path / STUDY_FILE
        if not path.is_file():
            return None
        with file_errors(path, "study file"):
            return path.read_text(encoding="utf-8")

    def write_manifest(self, manifest: dict[str, Any]) -> None:
        text = json.dumps(manifest, indent=1, sort_keys=False, default=str).encode()
        _write_atomic(self.path / MANIFEST, lambda f: f.write(text))

    # ----- lifecycle --------------------------------------------------------------------
    def prepare_new(self, force: bool, study_text: str) -> None:
        """Make the directory ready for a new run of the study ``study_text`` (TOML); only a
        former run is ever cleared, and only with ``force``: foreign directories are never
        touched. Nothing is changed unless the folder can be written."""
        if self.path.exists() and not self.path.is_dir():
            raise ConfigError(f"{self.path}: is a file, not a folder; choose another --out")
        with file_errors(self.path):
            if self.path.exists() and not is_run(self.path):
                if self.has_remains() and not force:
                    raise RunDamagedError(
                        f"{self.path}: holds a run whose {MANIFEST} is lost; "
                        f"{self.rebuild_hint()}, or pass --force to replace it"
                    )
                if not self.has_remains() and any(self.path.iterdir()):
                    raise ConfigError(
                        f"{self.path}: exists and is not a gardensim run (no {MANIFEST}); "
                        "choose another --out"
                    )
            elif is_run(self.path) and not force:
                raise ConfigError(f"{self.path}: already holds a run; pass --force to replace it")
            self.path.mkdir(parents=True, exist_ok=True)
            if not os.access(self.path, os.W_OK):
                raise PermissionError(13, "Permission denied", str(self.path))
            if self.has_remains() or is_run(self.path):
                (self.path / MANIFEST).unlink(missing_ok=True)
                shutil.rmtree(self.parts, ignore_errors=True)
                (self.path / STUDY_FILE).unlink(missing_ok=True)
            self.parts.mkdir(parents=True, exist_ok=True)
        self.write_study(study_text)

    def clean_temporaries(self) -> None:
        """Remove half-written files left by a killed process."""
        for folder in (self.path, self.parts):
            if folder.is_dir():
                for tmp in folder.glob(".*.tmp*"):
                    tmp.unlink(missing_ok=True)

    # ----- parts ------------------------------------------------------------------------
    def part_path(self, kind: str, arm: int, batch: int) -> Path:
        return self.parts / f"{kind}-a{arm:03d}-b{batch:06d}.parquet"

    def write_part(self, kind: str, arm: int, batch: int, table: Any) -> dict[str, Any]:
        """Store one part; returns its record (size and checksum) for the manifest."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        sink = pa.BufferOutputStream()
        pq.write_table(table, sink)
        data = sink.getvalue().to_pybytes()
        _write_atomic(self.part_path(kind, arm, batch), lambda f: f.write(data))
        return part_record(data)

    def check_part(
        self, kind: str, arm: int, batch: int, record: dict[str, Any] | None,
        rows: int | None = None,
    ) -> tuple[str | None, dict[str, Any] | None]:
        """(what is wrong with a part or None, its record). A part the manifest records must
        match its size and checksum; one it does not (written just before a kill) must read
        as Parquet and, when ``rows`` is given, hold that many rows."""
        try:
            data, table = self._read(kind, arm, batch, record)
        except RunDamagedError as exc:
            return str(exc), None
        if rows is not None and table is not None and table.num_rows != rows:
            return f"{self._name(kind, arm, batch)}: {table.num_rows} rows, not {rows}", None
        return None, record or part_record(data)

    def read_part(self, kind: str, arm: int, batch: int, record: dict[str, Any] | None) -> Any:
        """The Arrow table of one part, checked against its record; a damaged or missing part
        raises RunDamagedError naming it."""
        data, table = self._read(kind, arm, batch, record, parse=True)
        return table

    def _name(self, kind: str, arm: int, batch: int) -> str:
        return str(self.part_path(kind, arm, batch))

    def _read(
        self, kind: str, arm: int, batch: int, record: dict[str, Any] | None, parse: bool = False,
    ) -> tuple[bytes, Any]:
        import pyarrow as pa
        import pyarrow.parquet as pq

        path = self.part_path(kind, arm, batch)
        hint = f"gardensim simulate --resume {self.path} replays its batch"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise RunDamagedError(f"{path}: missing part; {hint}") from None
        except OSError as exc:
            raise RunDamagedError(f"{path}: unreadable part ({exc.strerror}); {hint}") from None
        if record is not None:
            if len(data) != record["bytes"]:
                raise RunDamagedError(
                    f"{path}: damaged part ({len(data)} bytes, the manifest records "
                    f"{record['bytes']}); {hint}"
                )
            if hashlib.sha256(data).hexdigest() != record["sha256"]:
                raise RunDamagedError(
                    f"{path}: damaged part (its checksum differs from the manifest's); {hint}"
                )
            if not parse:
                return data, None
        try:
            table = pq.read_table(pa.BufferReader(data))
        except (pa.ArrowException, OSError, ValueError) as exc:
            reason = " ".join(str(exc).split())
            raise RunDamagedError(f"{path}: damaged part ({reason}); {hint}") from None
        return data, table

    def done_batches(self, telemetry: bool) -> set[tuple[int, int]]:
        """(arm index, batch index) of every batch whose parts are all on disk."""
        found: dict[str, set[tuple[int, int]]] = {k: set() for k in KINDS}
        for kind, arm, batch in self.scan():
            found[kind].add((arm, batch))
        return found["games"] & found["turns"] if telemetry else found["games"]

    def scan(self) -> Iterator[tuple[str, int, int]]:
        """(kind, arm, batch) of every part file in the folder."""
        if not self.parts.is_dir():
            return
        for entry in os.scandir(self.parts):
            match = _PART.match(entry.name)
            if match:
                yield match[1], int(match[2]), int(match[3])

    def read_tables(
        self, kind: str, batches: set[tuple[int, int]],
        records: dict[tuple[int, int], dict[str, Any]] | None = None,
    ) -> list[Any]:
        """Arrow tables of ``kind`` for ``batches``, in (arm, batch) order, each checked
        against its record in ``records`` (batch -> kind -> record) when there is one."""
        records = records or {}
        return [self.read_part(kind, a, b, records.get((a, b), {}).get(kind))
                for a, b in sorted(batches)]


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
