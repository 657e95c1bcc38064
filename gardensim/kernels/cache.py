"""numba's on-disk cache, kept true to the sources a kernel is compiled from.

numba keys a cached function on its own source file only, while a cached caller carries the code
of the callees it was compiled with (numba's documentation, "Notes on caching"): after an edit of
one module of a kernel, a cached caller in another module would still run the old code. So a
kernel package calls :func:`keep_fresh` when it is imported, naming the folders its code comes
from: when their sources differ from those the package's cache was compiled from, the package's
cache files are removed and everything compiles afresh.

Only numba's cache files in the place numba documents for them (the ``__pycache__`` folder
beside the source) are touched, and the user's numba settings are left alone: with
``NUMBA_CACHE_DIR`` set, numba caches elsewhere, and clearing that folder after editing a
kernel is the user's to do, as numba's documentation says of any cached function.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

#: numba's cache files: an index and the compiled code of each function
CACHE_FILES = ("*.nbi", "*.nbc")
MARKER = "numba-sources.sha256"


def sources_digest(folders: tuple[Path, ...]) -> str:
    """A digest of every Python module in ``folders`` (names and contents)."""
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def keep_fresh(package: Path, *depends_on: Path) -> None:
    """Remove ``package``'s numba cache when its sources, or those of the folders its code
    calls into (``depends_on``), changed since the cache was written."""
    cache = package / "__pycache__"
    marker = cache / MARKER
    digest = sources_digest((package, *depends_on))
    try:
        if marker.read_text() == digest:
            return
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        for pattern in CACHE_FILES:
            for path in cache.glob(pattern):
                path.unlink(missing_ok=True)
        tmp = cache / f".{MARKER}.{os.getpid()}"
        tmp.write_text(digest)
        os.replace(tmp, marker)
    except OSError:
        # a read-only install: numba caches in the user's folder, and sources do not change
        pass
