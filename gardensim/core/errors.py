"""Exceptions shared by every layer, so the CLI can turn any of them into one clear line."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class GardensimError(Exception):
    """Base class: a problem the user can fix (bad input), reported as one line, exit status 2."""


class ConfigError(GardensimError, ValueError):
    """A bad option, study key, bot spec or board name."""


class BoardFormatError(GardensimError, ValueError):
    """A malformed board file; the message names the file, line and column."""


class IllegalMoveError(GardensimError, ValueError):
    """An action that the rules forbid in the current state; the message gives the reason."""


class FileAccessError(GardensimError):
    """A file or folder that cannot be read or written (missing, no permission, a folder where
    a file is expected, bytes that are no text); the message names it."""


class RunDamagedError(GardensimError):
    """A stored run whose manifest or parts are missing or damaged; the message names the file
    and how to repair it."""


#: Plain words for the errors a user meets, instead of the C library's phrasing.
_REASONS = {
    errno.ENOENT: "no such file or folder",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EROFS: "read-only file system",
    errno.EISDIR: "is a folder, not a file",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ENOSPC: "no space left on the device",
    errno.EEXIST: "already exists",
    errno.ENOTEMPTY: "is a folder that is not empty",
}


def os_error_text(
    exc: OSError, path: str | Path | None = None, *, prefer_path: bool = False
) -> str:
    """``PATH: reason`` for an operating-system error, naming the file the error is about:
    the one the system reports, else ``path`` (or ``path`` first with ``prefer_path``, when
    the system's file is an internal one, such as a temporary folder, the user never named)."""
    name = exc.filename if exc.filename is not None and not prefer_path else path
    reason = _REASONS.get(exc.errno or 0) or exc.strerror or str(exc)
    return f"{os.fsdecode(name)}: {reason}" if name is not None else reason


@contextmanager
def file_errors(
    path: str | Path, what: str = "file", *, prefer_path: bool = False
) -> Iterator[None]:
    """Turn an ``OSError`` or a decoding error met while reading or writing ``path`` into a
    :class:`FileAccessError` naming it, so it reaches the user as one line."""
    try:
        yield
    except GardensimError:
        raise
    except UnicodeDecodeError as exc:
        raise FileAccessError(
            f"{path}: not a text {what} (byte {exc.start} is not UTF-8)"
        ) from None
    except OSError as exc:
        raise FileAccessError(os_error_text(exc, path, prefer_path=prefer_path)) from None
