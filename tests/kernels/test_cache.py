"""numba's cache is dropped when a kernel's sources change, and the user's numba settings are
left alone (gardensim.kernels.cache)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from gardensim.kernels.cache import keep_fresh


def _kernel(tmp_path: Path) -> tuple[Path, Path, Path]:
    package, shared = tmp_path / "kernel", tmp_path / "shared"
    for folder in (package, shared):
        (folder / "__pycache__").mkdir(parents=True)
        (folder / "code.py").write_text("x = 1\n")
    cached = package / "__pycache__" / "code.play-10.py311.nbi"
    return package, shared, cached


def test_a_cache_compiled_from_the_same_sources_is_kept(tmp_path):
    package, shared, cached = _kernel(tmp_path)
    keep_fresh(package, shared)
    cached.write_text("index")
    keep_fresh(package, shared)
    assert cached.exists()


def test_an_edit_of_a_module_the_kernel_calls_into_drops_the_kernels_cache(tmp_path):
    """numba keys a cached function on its own file only; a caller compiled against an old
    callee in another file must not be loaded."""
    package, shared, cached = _kernel(tmp_path)
    keep_fresh(package, shared)
    cached.write_text("index")
    (shared / "code.py").write_text("x = 2\n")
    keep_fresh(package, shared)
    assert not cached.exists()
    assert (package / "code.py").exists() and (shared / "code.py").exists()


def test_importing_a_kernel_leaves_the_users_numba_cache_setting_alone():
    code = ("import numba; before = numba.config.CACHE_DIR\n"
            "import gardensim.games.gazebo.kernel\n"
            "assert numba.config.CACHE_DIR == before, numba.config.CACHE_DIR\n")
    subprocess.run([sys.executable, "-c", code], check=True)
