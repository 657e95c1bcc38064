"""gardensim uses numba through its public interface only (issue 40, item 4).

A private interface (``numba.core``, an underscored name, an undocumented option such as
``_nrt``) can change in any release, and depending on one forces a pin to one minor version.
This test reads every module of the package, so a private name cannot come back unnoticed,
and checks that importing the kernels leaves the user's numba settings and warnings filters
as they were.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gardensim"
#: numba's documented modules
PUBLIC_MODULES = {"numba", "numba.extending", "numba.types", "numba.typed"}
#: private numba names and undocumented options, wherever they are written (code or docstring)
PRIVATE = re.compile(
    r"numba\.(core|cpython|misc|parfors|_)"
    r"|\b_nrt\b|CompileResultWAP|pipeline_class|no_cpython_wrapper|no_cfunc_wrapper"
    r"|\.overloads\b|get_call_template|get_overload\b|JITCodeLibrary|numba\.config"
    r"|NumbaExperimentalFeatureWarning"
)


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _numba_imports(tree: ast.AST) -> list[tuple[str, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "numba":
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names
                      if alias.name.split(".")[0] == "numba"]
    return found


def test_the_guard_sees_what_it_guards_against() -> None:
    for text in ("from numba.core import codegen", "@njit(cache=True, _nrt=False)",
                 "class Handle(CompileResultWAP):", "dispatcher.overloads[sig]",
                 "numba.config.CACHE_DIR = here"):
        assert PRIVATE.search(text), text
    tree = ast.parse("from numba.core.errors import X\nfrom numba import _helperlib")
    assert _numba_imports(tree) == [("numba.core.errors", "X"), ("numba", "_helperlib")]


def test_no_module_of_gardensim_names_a_private_numba_interface() -> None:
    offences = []
    for path in _modules():
        text = path.read_text()
        for number, line in enumerate(text.splitlines(), 1):
            if PRIVATE.search(line):
                offences.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
        for module, name in _numba_imports(ast.parse(text)):
            if module not in PUBLIC_MODULES or name.startswith("_"):
                offences.append(f"{path.relative_to(PACKAGE)}: imports {module} {name}")
    assert not offences, "\n".join(offences)


def test_importing_the_kernels_leaves_numba_settings_and_warning_filters_alone() -> None:
    code = (
        "import warnings, numba\n"
        "before = (numba.config.CACHE_DIR, numba.config.OPT, list(warnings.filters))\n"
        "import gardensim.games.gazebo.kernel.session, gardensim.games.gazebo.kernel.fast\n"
        "import gardensim.kernels.pyrandom, gardensim.kernels.splitmix\n"
        "after = (numba.config.CACHE_DIR, numba.config.OPT, list(warnings.filters))\n"
        "assert before == after, (before, after)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
