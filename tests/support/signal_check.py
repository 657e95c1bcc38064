"""A pytest plugin: any test that leaves SIGINT's or SIGTERM's disposition changed fails.

Later tests, and the children they start, would inherit the change: a SIGINT left ignored made
the Ctrl-C test's run play on. Loaded by ``tests/conftest.py``.
"""

import contextlib
import signal
from collections.abc import Iterator

import pytest

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def stop_signals_kept() -> Iterator[None]:
    """Put SIGINT's and SIGTERM's handlers back as they were, for code that resets them (an
    asyncio loop that removes its signal handlers sets SIGINT to Python's default, whatever it
    was before: nbclient does so after every notebook)."""
    before = {s: signal.getsignal(s) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, handler in before.items():
            if handler is not None:
                signal.signal(s, handler)


@pytest.fixture(autouse=True)
def _stop_signals_left_as_found():
    before = {s: signal.getsignal(s) for s in STOP_SIGNALS}
    yield
    after = {s: signal.getsignal(s) for s in before}
    changed = [f"{signal.Signals(s).name}: {before[s]!r} -> {after[s]!r}"
               for s in before if after[s] != before[s]]
    if changed:
        for s in before:
            signal.signal(s, before[s] if before[s] is not None else signal.SIG_DFL)
        pytest.fail("the test left a stop signal's handler changed: " + "; ".join(changed))
