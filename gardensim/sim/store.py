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

The batches done are not kept in the manifest but in ``batches.jsonl`` beside it, one line
appended per batch (runs of format 1 list them in the manifest and stay readable): rewriting a
manifest that lists every batch after every batch made a long run's writes grow with the
square of its length. The manifest itself stays the same size whatever the run's length.

Each part carries the digest of its arm's rules in its Parquet metadata (:data:`RULES_KEY`),
so parts played under one rule set are never read, resumed or rebuilt under another label.
Only one process writes a run at a time (:mod:`gardensim.sim.lock`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError, FileAccessError, RunDamagedError, file_errors
from gardensim.core.files import read_bytes, read_text
from gardensim.sim import lock
from gardensim.sim.manifest import ManifestProblem, check_agreement, check_keys, check_tiling

MANIFEST = "manifest.json"
STUDY_FILE = "study.toml"
BATCH_LOG = "batches.jsonl"
PARTS = "parts"
FORMAT = "gardensim-run"
#: 2: the batches done are in ``batches.jsonl``; 1: in the manifest (read, never written)
FORMAT_VERSION = 2
KINDS = ("games", "turns")
#: Largest manifest, batch log or part read (a run's own files, but in a folder the user names)
MAX_RUN_FILE = 1 << 30
#: Parquet metadata key of a part's rules digest (:func:`rules_digest`)
RULES_KEY = b"gardensim.rules"
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


def rules_digest(rules: Mapping[str, Any]) -> str:
    """A short digest of one arm's rules as the manifest records them (``rules.ARM``; the
    engine that played is not a rule), stored in each of its parts."""
    canonical = {k: v for k, v in rules.items() if k != "engine"}
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
        data = read_bytes(self.path / MANIFEST, "run manifest", MAX_RUN_FILE)
        try:
            manifest = json.loads(data.decode("utf-8").removeprefix("\ufeff"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise RunDamagedError(
                f"{self.path / MANIFEST}: damaged (not JSON); {self.rebuild_hint()}"
            ) from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise ConfigError(f"{self.path}: {MANIFEST} is not a gardensim run manifest")
        version = manifest.get("format_version", 0)
        if not isinstance(version, int) or version > FORMAT_VERSION:
            raise ConfigError(
                f"{self.path}: run format {version!r} is newer than this "
                f"gardensim understands ({FORMAT_VERSION}); upgrade gardensim"
            )
        try:
            check_keys(manifest)
            check_agreement(manifest)
            done = self.read_done() if version >= 2 else manifest["batches"].get("done", [])
            if not isinstance(done, list):
                raise ManifestProblem("batches.done is not a list")
            check_tiling(manifest, done)
        except ManifestProblem as exc:
            raise RunDamagedError(
                f"{self.path / MANIFEST}: damaged ({exc}); {self.rebuild_hint()}"
            ) from None
        manifest["batches"]["done"] = done
        return manifest

    def read_done(self) -> list[dict[str, Any]]:
        """The batches listed in ``batches.jsonl``; a last line cut short (a writer killed
        while appending) is left out, its batch then counts as unlisted."""
        path = self.path / BATCH_LOG
        if not path.exists():
            return []
        try:
            text = read_text(path, "batch log", MAX_RUN_FILE)
        except FileAccessError as exc:
            raise ManifestProblem(str(exc)) from None
        lines = text.split("\n")
        done = []
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                done.append(json.loads(line))
            except json.JSONDecodeError:
                if number == len(lines):  # no newline after it: an append cut short
                    break
                raise ManifestProblem(f"line {number} of {BATCH_LOG} is not JSON") from None
        return done

    def has_remains(self) -> bool:
        """Whether the folder holds a run's study file, batch log or parts (a run that lost
        its manifest)."""
        return any((self.path / name).exists() for name in (STUDY_FILE, BATCH_LOG, PARTS))

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
        return read_text(path, "study file")

    def write_manifest(self, manifest: dict[str, Any],
                       done: list[dict[str, Any]] | None = None) -> None:
        """Write the manifest (format 2: without the batches done). The batches done,
        ``done`` or the manifest's ``batches.done`` when it has them, replace the batch log
        first; a manifest without them leaves the log as it is (the runner's progress)."""
        batches = manifest["batches"]
        if done is None:
            done = batches.get("done")
        if done is not None:
            lines = "".join(json.dumps(e, default=str) + "\n" for e in done).encode()
            _write_atomic(self.path / BATCH_LOG, lambda f: f.write(lines))
        header = {**manifest, "format_version": FORMAT_VERSION,
                  "batches": {k: v for k, v in batches.items() if k != "done"}}
        text = json.dumps(header, indent=1, sort_keys=False, default=str).encode()
        _write_atomic(self.path / MANIFEST, lambda f: f.write(text))

    def append_done(self, entry: dict[str, Any]) -> None:
        """List one more batch done: one line appended to the batch log, on disk before the
        next batch is stored (the cost of a batch does not grow with the run)."""
        line = (json.dumps(entry, default=str) + "\n").encode()
        path = self.path / BATCH_LOG
        with file_errors(path), open(path, "ab") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())

    # ----- writing ----------------------------------------------------------------------
    def refuse_foreign(self) -> None:
        """Refuse, before anything is written, a ``--out`` that is a file or a folder of
        something else than a run (only a former run is ever replaced)."""
        if self.path.exists() and not self.path.is_dir():
            raise ConfigError(f"{self.path}: is a file, not a folder; choose another --out")
        with file_errors(self.path):
            if (self.path.is_dir() and not is_run(self.path) and not self.has_remains()
                    and any(not lock.is_lock_file(p) for p in self.path.iterdir())):
                raise ConfigError(
                    f"{self.path}: exists and is not a gardensim run (no {MANIFEST}); "
                    "choose another --out"
                )

    @contextmanager
    def writing(self, create: bool = True) -> Iterator[None]:
        """Hold the run's writer lock (:mod:`gardensim.sim.lock`) while the block runs, making
        the folder first with ``create``; a folder made here and left with nothing but the
        lock (the block failed before writing) is removed again."""
        self.refuse_foreign()
        made = False
        if create and not self.path.exists():
            with file_errors(self.path):
                self.path.mkdir(parents=True)
            made = True
        try:
            with lock.hold(self.path):
                yield
        except BaseException:
            if made:
                self._remove_if_only_lock()
            raise

    def _remove_if_only_lock(self) -> None:
        try:
            if all(lock.is_lock_file(p) for p in self.path.iterdir()):
                (self.path / lock.LOCK_FILE).unlink(missing_ok=True)
                self.path.rmdir()
        except OSError:
            pass

    # ----- lifecycle --------------------------------------------------------------------
    def prepare_new(self, force: bool, study_text: str) -> None:
        """Make the directory ready for a new run of the study ``study_text`` (TOML); only a
        former run is ever cleared, and only with ``force``: foreign directories are never
        touched. Nothing is changed unless the folder can be written."""
        self.refuse_foreign()
        with file_errors(self.path):
            if self.path.exists() and not is_run(self.path):
                if self.has_remains() and not force:
                    raise RunDamagedError(
                        f"{self.path}: holds a run whose {MANIFEST} is lost; "
                        f"{self.rebuild_hint()}, or pass --force to replace it"
                    )
            elif is_run(self.path) and not force:
                raise ConfigError(f"{self.path}: already holds a run; pass --force to replace it")
            self.path.mkdir(parents=True, exist_ok=True)
            if not os.access(self.path, os.W_OK):
                raise PermissionError(13, "Permission denied", str(self.path))
            if self.has_remains() or is_run(self.path):
                (self.path / MANIFEST).unlink(missing_ok=True)
                (self.path / BATCH_LOG).unlink(missing_ok=True)
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

    def write_part(self, kind: str, arm: int, batch: int, table: Any,
                   rules: str | None = None) -> dict[str, Any]:
        """Store one part, with ``rules`` (its arm's :func:`rules_digest`) in its metadata;
        returns its record (size and checksum) for the manifest."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        if rules is not None:
            table = table.replace_schema_metadata(
                {**(table.schema.metadata or {}), RULES_KEY: rules.encode()})
        sink = pa.BufferOutputStream()
        pq.write_table(table, sink)
        data = sink.getvalue().to_pybytes()
        _write_atomic(self.part_path(kind, arm, batch), lambda f: f.write(data))
        return part_record(data)

    def check_part(
        self, kind: str, arm: int, batch: int, record: dict[str, Any] | None,
        games: tuple[int, int] | None = None, rules: str | None = None,
    ) -> tuple[str | None, dict[str, Any] | None]:
        """(what is wrong with a part or None, its record). A part the manifest records must
        match its size and checksum; one it does not (written just before a kill) must read
        as Parquet and, with ``games`` (first, one past last), hold exactly those games. A
        part of other rules than ``rules`` raises ConfigError: replaying it would hide that
        the study changed."""
        try:
            data, table = self._read(kind, arm, batch, record, parse=record is None)
            self._check_rules(kind, arm, batch, data, table, rules)
        except RunDamagedError as exc:
            return str(exc), None
        if games is not None and table is not None:
            problem = _games_problem(table, games)
            if problem:
                return f"{self._name(kind, arm, batch)}: {problem}", None
        return None, record or part_record(data)

    def read_part(self, kind: str, arm: int, batch: int, record: dict[str, Any] | None,
                  games: tuple[int, int] | None = None, rules: str | None = None) -> Any:
        """The Arrow table of one part, checked against its record (or, unrecorded, against
        ``games``) and its arm's ``rules``; a damaged or missing part raises RunDamagedError
        naming it."""
        _, table = self._read(kind, arm, batch, record, parse=True)
        self._check_rules(kind, arm, batch, None, table, rules)
        problem = _games_problem(table, games) if games is not None and record is None else None
        if problem:
            raise RunDamagedError(
                f"{self._name(kind, arm, batch)}: {problem}; gardensim simulate --resume "
                f"{self.path} replays its batch"
            )
        return table

    def _check_rules(self, kind: str, arm: int, batch: int, data: bytes | None, table: Any,
                     rules: str | None) -> None:
        """Refuse a part whose stored rules digest is not ``rules`` (parts stored before
        digests existed carry none and pass)."""
        if rules is None:
            return
        if table is not None:
            metadata = table.schema.metadata
        else:
            import pyarrow as pa
            import pyarrow.parquet as pq

            try:
                metadata = pq.read_schema(pa.BufferReader(data)).metadata
            except (pa.ArrowException, OSError, ValueError):
                return  # damage, which reading the part names
        stored = (metadata or {}).get(RULES_KEY)
        if stored is not None and stored.decode() != rules:
            raise ConfigError(
                f"{self._name(kind, arm, batch)}: was played under other rules than the run's "
                "study now gives its arm (was the study edited?); mixing them would put two "
                "rule sets under one label; give the study the run was played from, or replay "
                "it with --force"
            )

    def _name(self, kind: str, arm: int, batch: int) -> str:
        return str(self.part_path(kind, arm, batch))

    def _read(
        self, kind: str, arm: int, batch: int, record: dict[str, Any] | None, parse: bool = False,
    ) -> tuple[bytes, Any]:
        import pyarrow as pa

        path = self.part_path(kind, arm, batch)
        hint = f"gardensim simulate --resume {self.path} replays its batch"
        if not path.exists():
            raise RunDamagedError(f"{path}: missing part; {hint}")
        try:
            data = read_bytes(path, "part", MAX_RUN_FILE)
        except FileAccessError as exc:
            reason = str(exc).removeprefix(f"{path}: ")
            raise RunDamagedError(f"{path}: unreadable part ({reason}); {hint}") from None
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
            table = read_parquet(data)
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
        games: Any = None, rules: list[str] | None = None,
    ) -> list[Any]:
        """Arrow tables of ``kind`` for ``batches``, in (arm, batch) order, each checked
        against its record in ``records`` (batch -> kind -> record) when there is one, else
        against the games ``games(batch)`` says it holds; ``rules`` lists each arm's digest."""
        records = records or {}
        return [
            self.read_part(kind, a, b, records.get((a, b), {}).get(kind),
                           games(b) if games is not None and kind == "games" else None,
                           rules[a] if rules is not None else None)
            for a, b in sorted(batches)
        ]


def read_parquet(data: bytes) -> Any:
    """The Arrow table of one Parquet part, read in this thread only.

    ``pq.read_table`` goes through pyarrow's dataset scanner, which starts pyarrow's thread
    pools even with ``use_threads=False``; a process that has started them may abort as the
    interpreter exits (SIGABRT, "terminate called without an active exception": a pool thread
    outliving the interpreter), as ``gardensim report`` did after naming a damaged part. A
    ``ParquetFile`` read without threads, and closed, starts none; a part is small enough not
    to need them.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    with pq.ParquetFile(pa.BufferReader(data)) as reader:
        return reader.read(use_threads=False)


def _games_problem(table: Any, games: tuple[int, int]) -> str | None:
    """What keeps a games part from holding exactly games ``games`` (first, one past last)."""
    start, stop = games
    if table.num_rows != stop - start:
        return f"{table.num_rows} rows, not {stop - start}"
    if "game" not in table.column_names or table.num_rows == 0:
        return None
    import pyarrow.compute as pc

    low, high = pc.min_max(table.column("game")).values()
    if (low.as_py(), high.as_py()) != (start, stop - 1):
        return f"holds games {low}..{high}, not {start}..{stop - 1}"
    return None
