"""How a run stops early: Ctrl-C (SIGINT) or SIGTERM ends it at the next batch boundary.

Python turns SIGINT into ``KeyboardInterrupt`` wherever the main thread happens to be. Raised
inside a destructor, a weakref or atexit callback, it is printed as "Exception ignored" and
dropped, and the run would play on. So while a run plays, both signals go to a handler that
*records* the signal before raising: the runner calls :meth:`StopSignals.check` at every batch
boundary, and a swallowed interrupt still ends the run there. A signal raises at every delivery,
so a second Ctrl-C always stops.

A signal the process was started with as ignored stays ignored: shells start background jobs
with SIGINT ignored so that a Ctrl-C in the terminal spares them, and Python leaves it so. Such a
run stops on SIGTERM (``kill PID``), which every run honours (``docs/scaling.md``, "Stopping a
run").
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any

#: The signals that stop a run, in the order their handlers are installed.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interrupted(KeyboardInterrupt):
    """A run stopped by a signal; ``exit_status`` is the shell's ``128 + signal number``
    (130 for Ctrl-C, 143 for SIGTERM)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum

    @property
    def exit_status(self) -> int:
        return 128 + self.signum


def exit_status(exc: KeyboardInterrupt) -> int:
    """The exit status a stop earns: ``128 + signal``; a plain ``KeyboardInterrupt`` is
    Ctrl-C's."""
    return exc.exit_status if isinstance(exc, Interrupted) else 128 + signal.SIGINT


class StopSignals:
    """While entered (in the main thread), SIGINT and SIGTERM raise :class:`Interrupted` and are
    remembered, so :meth:`check` raises again where the first raise was swallowed. Signals
    inherited as ignored are left ignored; the previous handlers come back on exit. Outside the
    main thread (a notebook panel's worker thread) nothing is installed: Python delivers signals
    to the main thread only."""

    def __init__(self) -> None:
        self.received: int | None = None
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> StopSignals:
        if threading.current_thread() is threading.main_thread():
            for signum in STOP_SIGNALS:
                previous = signal.getsignal(signum)
                # None: a handler set outside Python, which could not be put back
                if previous is signal.SIG_IGN or previous is None:
                    continue
                self._previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        for signum, previous in self._previous.items():
            signal.signal(signum, previous)
        self._previous.clear()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        self.received = signum
        raise Interrupted(signum)

    def check(self) -> None:
        """Raise :class:`Interrupted` if a stop signal arrived since :meth:`__enter__`."""
        if self.received is not None:
            raise Interrupted(self.received)
