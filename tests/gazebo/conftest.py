"""Gazebo tests: every rule test that replays a sandbox runs on both engines.

A rule test that goes through ``rules_helpers.play`` or ``sandbox`` (the replay contract) is
parametrised over ``rules_engine``: the readable rules and the compiled kernel's sandbox
(``kernel/sandbox.py``), so ``docs/rules-coverage.md`` speaks for the engine that plays the
studies too. Other tests get the readable engine.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator

import pytest

from tests.gazebo import rules_helpers

#: the helpers that replay a sandbox (not a method such as ``state.play``)
REPLAYING = {"play", "sandbox"}


def _calls(source: str, names: set[str]) -> bool:
    return any(re.search(rf"(?<![.\w]){re.escape(n)}\(", source) for n in names)


def _replaying_names(module: object) -> set[str]:
    """The replay helpers and the module's own functions that call one, however deep."""
    names = set(REPLAYING)
    functions = {name: inspect.getsource(f) for name, f in vars(module).items()
                 if inspect.isfunction(f) and f.__module__ == module.__name__}  # type: ignore[attr-defined]
    grew = True
    while grew:
        found = {name for name, source in functions.items() if _calls(source, names)}
        grew = not found <= names
        names |= found
    return names


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    module = metafunc.module
    if (module.__name__.rsplit(".", 1)[-1].startswith("test_rules_")
            and "rules_engine" in metafunc.fixturenames
            and _calls(inspect.getsource(metafunc.function), _replaying_names(module))):
        metafunc.parametrize("rules_engine", ["python", "fast"], indirect=True)


@pytest.fixture(autouse=True)
def rules_engine(request: pytest.FixtureRequest) -> Iterator[str]:
    engine = getattr(request, "param", "python")
    rules_helpers.ENGINE = engine
    yield engine
    rules_helpers.ENGINE = "python"
