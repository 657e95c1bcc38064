"""Reading a file the user named, safely: a regular file, of bounded size, quoted sparingly.

Any path can be given where a board, a study, a weights file or a run folder is expected.
``/dev/zero`` read as a board would fill the memory, a FIFO would block the open forever, and
an error quoting a bad file's first line once printed ``/proc/self/environ`` whole. So every
file a user names is read through :func:`read_text` (or :func:`read_bytes`): it opens without
blocking, refuses anything but a regular file, reads at most a cap (checked again while
reading, since ``/proc`` files report size 0), and refuses NUL bytes in text (no text file holds
one). Errors repeat a file's content only through :func:`quote`, a few characters at most.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any

from gardensim.core.errors import FileAccessError, os_error_text

#: Largest text file read: boards, studies and weights are a few kilobytes.
MAX_TEXT_BYTES = 1 << 20
#: Characters of a file's content an error message repeats at most.
QUOTE_CHARS = 40


def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    """``repr`` of ``value``, cut to ``limit`` characters of its text (``'abc…'``)."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + "…"
    text = repr(value)
    return text if len(text) <= limit + 2 else text[:limit] + "…"


def read_bytes(path: str | Path, what: str = "file", max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``max_bytes``; FileAccessError naming
    it (and ``what`` it should have been) for anything else."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO or socket with nobody at the other end
            raise FileAccessError(f"{path}: not a regular file, so not a {what}") from None
        raise FileAccessError(os_error_text(exc, path)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileAccessError(f"{path}: is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise FileAccessError(f"{path}: not a regular file (a device, pipe or socket), "
                                  f"so not a {what}")
        too_big = FileAccessError(f"{path}: more than {max_bytes:,} bytes, too big for a {what}")
        if info.st_size > max_bytes:
            raise too_big
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, max_bytes + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                raise too_big
        return b"".join(chunks)
    except OSError as exc:
        raise FileAccessError(os_error_text(exc, path)) from None
    finally:
        os.close(fd)


def read_text(path: str | Path, what: str = "file", max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The UTF-8 text of the regular file ``path`` (:func:`read_bytes`), without a leading
    byte-order mark (Windows editors write one); a file holding NUL bytes or bytes that are no
    UTF-8 is not a text file."""
    data = read_bytes(path, what, max_bytes)
    nul = data.find(b"\0")
    if nul >= 0:
        raise FileAccessError(f"{path}: not a text {what} (byte {nul} is NUL)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileAccessError(f"{path}: not a text {what} (byte {exc.start} is not UTF-8)"
                              ) from None
    return text.removeprefix("\ufeff")
