"""Stopping a run: a stop signal is never lost once delivered (gardensim.sim.stopping)."""

from __future__ import annotations

import signal

import pytest

import gardensim
from gardensim.core import registry
from gardensim.core.spec import GameSpec
from gardensim.sim.stopping import Interrupted, StopSignals, exit_status
from tests.support.toygame import ToyGame, ToyState


@pytest.fixture
def sigint_default():
    """SIGINT at Python's own handler for the test, whatever the suite was started with."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


class _RaisesInItsDestructor:
    """Sends SIGINT to this process from ``__del__``: Python runs the handler at once, inside
    the destructor, where the interrupt it raises is printed as "Exception ignored" and lost."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


class InterruptingToyGame(ToyGame):
    """The toy game; dealing game 10 sends a Ctrl-C that lands in a destructor."""

    name = "interrupting-toy"
    deals = 0

    def new_initial_state(self, seed: int) -> ToyState:
        type(self).deals += 1
        if type(self).deals == 10:
            _RaisesInItsDestructor()  # made and dropped at once: __del__ runs here
        return super().new_initial_state(seed)


@pytest.fixture
def interrupting_toy():
    InterruptingToyGame.deals = 0
    spec = registry.register_game(GameSpec(
        name="interrupting-toy", title="Interrupting toy",
        game=f"{__name__}:InterruptingToyGame"))
    yield spec.name
    registry.unregister_game(spec.name)


def test_an_interrupt_swallowed_by_a_destructor_still_stops_the_run_at_the_next_batch(
        tmp_path, interrupting_toy, sigint_default, monkeypatch):
    swallowed = []
    monkeypatch.setattr("sys.unraisablehook", lambda hook: swallowed.append(hook.exc_type))
    study = {"name": "swallowed", "game": interrupting_toy, "players": 2,
             "bots": ["random", "random"], "games": 60, "seed": 3}
    with pytest.raises(Interrupted) as stopped:
        gardensim.simulate(study, tmp_path / "run", jobs=1, batch_size=4, progress=False)
    assert swallowed == [Interrupted] and stopped.value.exit_status == 130
    run = gardensim.load(tmp_path / "run")
    # the destructor ran while dealing game 9, in batch 2; the run ends when that batch is stored
    assert run.manifest["status"] == "interrupted" and len(run.games) == 12
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_stop_signals_leave_an_inherited_ignore_alone_and_restore_the_previous_handlers():
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with StopSignals() as stop:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) == stop._handle
            with pytest.raises(Interrupted) as raised:
                signal.raise_signal(signal.SIGTERM)
            assert raised.value.exit_status == 143
            with pytest.raises(Interrupted):
                stop.check()
        assert signal.getsignal(signal.SIGTERM) is before[1]
    finally:
        signal.signal(signal.SIGINT, before[0])


def test_exit_status_is_the_shells_128_plus_signal():
    assert exit_status(KeyboardInterrupt()) == 130
    assert exit_status(Interrupted(signal.SIGTERM)) == 143
