"""The kernel's ``njit`` (``kernel/jit.py``): compiled callers link a version of each step
without Python's and C's entries and never made machine code of its own, Python still calls
the usual version, and every piece a handle reaches is one version shared by its handle and
its compiled callers."""

from __future__ import annotations

import numpy as np

from gardensim.games.gazebo.kernel import KernelGame, handles, play
from gardensim.games.gazebo.kernel.jit import njit
from gardensim.games.gazebo.rules.game import GazeboGame


@njit
def _twice(x):
    return 2 * x


@njit
def _twice_plus_one(x):
    return _twice(x) + 1


@njit(entry=True)
def _entered_twice(x):
    return 2 * x


@njit
def _entered_twice_plus_one(x):
    return _entered_twice(x) + 1


def _has_python_entry(cres) -> bool:
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_cpython_wrapper_name) != 0


def _is_machine_code(cres) -> bool:
    return cres.library.codegen._engine.is_symbol_defined(cres.fndesc.mangled_name)


def test_a_compiled_caller_links_a_version_without_entries_and_python_calls_the_usual_one() -> None:
    assert _twice_plus_one(3) == 7
    assert not _twice.overloads
    (linked,) = _twice.linked.overloads.values()
    assert not _has_python_entry(linked)
    assert _twice(3) == 6
    (usual,) = _twice.overloads.values()
    assert _has_python_entry(usual)


def test_the_linked_version_is_not_made_machine_code_but_its_caller_is() -> None:
    assert _twice_plus_one(4) == 9
    (linked,) = _twice.linked.overloads.values()
    assert not _is_machine_code(linked)
    (caller,) = _twice_plus_one.overloads.values()
    assert _is_machine_code(caller)


def test_an_entry_is_one_version_for_python_and_its_compiled_callers() -> None:
    assert _entered_twice_plus_one(3) == 7
    assert _entered_twice.linked is _entered_twice
    (cres,) = _entered_twice.overloads.values()
    assert _has_python_entry(cres)
    assert _entered_twice(3) == 6
    assert len(_entered_twice.overloads) == 1


def test_every_piece_a_handle_reaches_is_an_entry() -> None:
    """A handle calls a piece's C entry; were the piece not an entry, its compiled callers
    (``legality.random_action`` calls ``legal_actions``) would compile it a second time."""
    kernel = KernelGame(GazeboGame("aviary", 2, {}))
    for kinds in ([[play.GREEDY, play.MCTS]], [[play.RANDOM, play.RANDOM]]):
        kernel.bot_handles(np.array(kinds))
    pieces = {dispatcher for dispatcher, _ in handles._handles}
    assert len(pieces) >= 8
    for dispatcher in pieces:
        assert dispatcher.linked is dispatcher, dispatcher.py_func.__qualname__
