"""One writer per run folder: an exclusive lock on ``RUN/writer.lock``, and who the writer is.

Two processes writing one run would interleave their parts and manifests, both report the run
complete and leave parts that fail their checksums. So a writer (``simulate``, ``--resume``)
takes an ``fcntl.flock`` on ``writer.lock`` in the run folder before it writes anything there,
and holds it until it is done; a second writer is refused at once, with the holder's name. The
kernel drops the lock when its process ends, however it ends (SIGKILL included), so a free
lock means nobody is writing: a run left ``running`` by a killed writer is resumed without
asking.

The file is never removed while a run lives in the folder: removing a lock file lets a third
process lock a new file while the second still holds the old one (the inode is checked after
locking for the same reason). Its text names the holder (host, pid, start time) for the
refusal; the lock itself, not the text, decides.

The manifest records the writer too (``writer``: host, pid and the process start time). Runs
stored before the lock existed, or written from a host whose file system does not pass locks
on, are judged by that record: a live process with the recorded start time is taken for the
writer, a live pid with another start time is a reused pid (the writer is dead). ``--resume
--take-over`` overrides the record, never a held lock.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError, file_errors

LOCK_FILE = "writer.lock"
#: Errors of ``flock`` on a file system that has no locks (some network file systems)
UNSUPPORTED = frozenset({errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EINVAL,
                         errno.ENOSYS})
#: Looks (25 ms apart) at a lock file with no holder's name yet, before saying "another process"
HOLDER_WAITS = 20


def process_start(pid: int) -> int | None:
    """When process ``pid`` started (clock ticks since boot, field 22 of ``/proc/PID/stat``),
    which with the pid names one process even after the pid is reused; None without
    ``/proc`` or once the process is gone."""
    try:
        stat = Path(f"/proc/{int(pid)}/stat").read_text()
        return int(stat.rsplit(")", 1)[1].split()[19])
    except (OSError, ValueError, IndexError):
        return None


def this_writer() -> dict[str, Any]:
    """This process as a run's writer: host, pid, start time (and when, for people)."""
    return {"host": socket.gethostname(), "pid": os.getpid(),
            "started": process_start(os.getpid()),
            "since": datetime.now(UTC).isoformat(timespec="seconds")}


def writer_text(writer: dict[str, Any] | None) -> str:
    """``process 123 on host since 2026-01-01T00:00:00+00:00`` (or ``another process``)."""
    if not isinstance(writer, dict) or "pid" not in writer:
        return "another process"
    since = f" since {writer['since']}" if writer.get("since") else ""
    return f"process {writer['pid']} on {writer.get('host', '?')}{since}"


def writer_alive(writer: dict[str, Any] | None) -> bool:
    """Whether the process a manifest records as its writer still runs on this host: the pid
    is alive, not a zombie, and (when recorded) started when the writer did."""
    if not isinstance(writer, dict) or writer.get("host") != socket.gethostname():
        return False
    try:
        pid = int(writer["pid"])
    except (KeyError, ValueError, TypeError):
        return False
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        if state == "Z":  # killed, not yet reaped
            return False
    except (OSError, IndexError):
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    recorded = writer.get("started")
    if recorded is not None:
        return process_start(pid) in (recorded, None)
    return True


def _holder(fd: int) -> dict[str, Any] | None:
    try:
        text = os.pread(fd, 4096, 0).decode("utf-8", "replace")
        holder = json.loads(text)
    except (OSError, ValueError):
        return None
    return holder if isinstance(holder, dict) else None


def _open(path: Path) -> tuple[int | None, bool]:
    """(descriptor, writable) of the lock file, made if need be; no descriptor when the folder
    is read-only and holds none (then nobody can write the run, this process included)."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644), True
    except OSError as exc:
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise
    try:
        return os.open(path, os.O_RDONLY | os.O_CLOEXEC), False
    except FileNotFoundError:
        return None, False


@contextmanager
def hold(folder: Path) -> Iterator[None]:
    """Hold the writer lock of the run folder ``folder`` (which must exist) while the block
    runs; a ConfigError naming the holder when another process holds it."""
    path = folder / LOCK_FILE
    with file_errors(path):
        while True:
            fd, writable = _open(path)
            if fd is None:
                break
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(fd)
                for _ in range(HOLDER_WAITS):  # a holder that has just locked writes its name
                    if holder is not None:
                        break
                    time.sleep(0.025)
                    holder = _holder(fd)
                os.close(fd)
                raise ConfigError(
                    f"{folder}: is being written by {writer_text(holder)}; wait for it or "
                    "stop it first"
                ) from None
            except OSError as exc:
                os.close(fd)
                if exc.errno not in UNSUPPORTED:
                    raise
                fd = None  # a file system without locks: the manifest's writer record decides
                break
            except BaseException:
                os.close(fd)
                raise
            try:
                same = os.stat(path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)  # the file was replaced while we waited for it: lock the new one
    try:
        if fd is not None and writable:
            text = json.dumps(this_writer()).encode()
            os.ftruncate(fd, 0)
            os.pwrite(fd, text, 0)
        yield
    finally:
        if fd is not None:
            if writable:
                try:
                    os.ftruncate(fd, 0)
                except OSError:
                    pass
            os.close(fd)


def is_lock_file(path: Path) -> bool:
    return path.name == LOCK_FILE
