"""Handles on the kernel's large compiled pieces, so that each is compiled once.

numba links the code of every compiled callee into its caller, and LLVM optimises and emits
that whole closure again for each caller: the rules were compiled anew into the one-ply
evaluation, into the search and into each version of the play loop. A caller that reaches a
piece through a handle (numba's first-class function type: the compiled piece's address,
passed as an argument) calls it without linking it. Nothing is inlined across a handle
(``docs/decisions.md`` weighs what that costs); the play loop, one compiled version for
every line-up, reaches the rules and each kind of bot through handles, a stub of the same
type standing for a kind a line-up lacks, so that it compiles only what it plays.

A piece called through a handle must not raise: numba's wrapper would print the exception and
carry on. The rules raise only when the event log is full, and the evaluation and the search
apply moves to copies with the log off.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numba
import numpy as np
from numba import typeof, types
from numba.extending import typeof_impl

from gardensim.games.gazebo.kernel import engine, evaluate, mcts, play
from gardensim.kernels import pyrandom


class Calls(NamedTuple):
    """What the search and greedy reach through handles: ``engine.apply_action``,
    ``engine.legal_actions``, ``engine.random_action``, ``evaluate.action_values`` and
    ``play.determinize`` (both bots redeal what their seat cannot see)."""

    apply: Any
    legal: Any
    random: Any
    values: Any
    determinize: Any


class Handle(types.WrapperAddressProtocol):
    """A compiled function as a first-class function (numba's documented wrapper address
    protocol over a ``numba.cfunc``, cached on disk like the rest of the kernel), whose numba
    type is worked out once.

    numba types every argument of every call from Python anew, and a function's type spells
    out its whole signature: worked out at each call, the handles a play-loop call passes
    would cost more than a random game."""

    def __init__(self, compiled: Any, sig: Any) -> None:
        self.compiled = compiled
        self.sig = sig
        self.numba_type = types.FunctionType(sig)

    def __wrapper_address__(self) -> int:
        return self.compiled.address

    def signature(self) -> Any:
        return self.sig


@typeof_impl.register(Handle)
def _typeof_handle(val: Handle, c: Any) -> Any:
    return val.numba_type


@typeof_impl.register(Calls)
def _typeof_calls(val: Calls, c: Any) -> Any:
    key = tuple(id(h) for h in val)
    if key not in _calls_types:
        _calls_types[key] = types.BaseTuple.from_types([typeof(h) for h in val], Calls)
    return _calls_types[key]


_handles: dict[Any, Handle] = {}
_calls_types: dict[tuple[int, ...], Any] = {}


def handle(function: Any, returns: Any, *args: Any) -> Handle:
    """``function`` (a plain function, or an ``njit`` dispatcher's ``py_func``) compiled, or
    loaded from numba's cache, as a C callable for the types of ``args`` returning
    ``returns``, as a first-class function; one per function and types in a process."""
    function = getattr(function, "py_func", function)
    sig = returns(*(typeof(a) for a in args))
    key = (function, sig)
    if key not in _handles:
        _handles[key] = Handle(numba.cfunc(sig, cache=True)(function), sig)
    return _handles[key]


def calls(S: np.ndarray, T: tuple[np.ndarray, ...], ev: np.ndarray, evc: np.ndarray,
          n_actions: int, bots: bool = True) -> Calls:
    """The handles for positions like ``S`` on board tables ``T`` with event log ``ev``,
    ``evc`` (each argument's type is what matters; the arrays made here only stand for
    them); without ``bots``, stubs of the same types stand for what only greedy and the
    search call (the evaluation and determinizing): a line-up of random seats never does."""
    actions = np.empty(n_actions, dtype=np.int64)
    slots = np.empty(T[2].shape[0], dtype=np.int64)
    apply = handle(engine.apply_action, types.none, S, T, ev, evc, 0)
    scores = np.empty(n_actions, dtype=np.float64)
    valued = handle(evaluate.action_values if bots else no_values, types.none, S, T, ev, evc,
                    0, actions, 0, np.empty(1, dtype=np.float64), S, scores, apply)
    R = pyrandom.new_state()
    return Calls(apply, handle(engine.legal_actions, types.int64, S, T, actions),
                 handle(engine.random_action, types.int64, S, T, slots, actions, R), valued,
                 handle(play.determinize if bots else no_determinize, types.none, S, S, 0, R))


def no_values(S, T, ev, evc, player, actions, k, W, scratch, out, apply) -> None:
    """The evaluation's stand-in in a line-up of random seats (never called)."""


def no_determinize(S, D, player, R) -> None:
    """Determinizing's stand-in in a line-up of random seats (never called)."""


def no_greedy(S, T, ev, evc, c, actions, W, epsilon, samples, D, scratch, vals, totals,
              slots_buf, R) -> int:
    """Greedy's stand-in in a line-up without it (never called)."""
    return -1


def no_search(S, T, ev, evc, c, actions, W, P, D, scratch, vals, slots_buf, R) -> int:
    """The search's stand-in in a line-up without mcts (never called)."""
    return -1


def greedy(S: np.ndarray, T: tuple[np.ndarray, ...], ev: np.ndarray, evc: np.ndarray,
           c: Calls, n_actions: int, choice: Any) -> Handle:
    """``choice`` (``play.greedy_choice`` or ``no_greedy``) as the play loop calls greedy,
    reaching the rules through ``c``."""
    actions = np.empty(n_actions, dtype=np.int64)
    vals = np.empty(n_actions, dtype=np.float64)
    return handle(choice, types.int64, S, T, ev, evc, c, actions, vals, 0.0, 0, S, S, vals,
                  vals, np.empty(T[2].shape[0], dtype=np.int64), pyrandom.new_state())


def search(S: np.ndarray, T: tuple[np.ndarray, ...], ev: np.ndarray, evc: np.ndarray,
           c: Calls, n_actions: int, choice: Any) -> Handle:
    """``choice`` (``mcts.choose`` or ``no_search``) as the play loop calls the search,
    reaching the rules through ``c``."""
    actions = np.empty(n_actions, dtype=np.int64)
    vals = np.empty(n_actions, dtype=np.float64)
    return handle(choice, types.int64, S, T, ev, evc, c, actions, vals,
                  np.empty(mcts.N_PARAMS), S, S, vals, np.empty(T[2].shape[0], dtype=np.int64),
                  pyrandom.new_state())
