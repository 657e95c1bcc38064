"""``njit`` for the kernel: one compiled version of a function per argument *kind*.

numba compiles a function called from compiled code once per exact argument types, and types a
constant argument by its value (``log_event(S, ev, EV_CREATE, ...)`` and
``log_event(S, ev, EV_EXPAND, ...)`` are two compilations) and an integer by its width (a seat
read from the int32 position and one counted in int64 are two more). Across the kernel that
came to several compilations of most functions, and the first compile to minutes. This
decorator hands numba the call's types with literals dropped and signed integers widened to
int64, so each function compiles once per kind of argument; what a function computes does not
change (an int32 argument is converted exactly, and the kernel does no arithmetic that relies
on 32-bit overflow).

numba also links the code of every callee into each compiled function and has LLVM optimise
and emit that whole closure again, once per function. So the large pieces with several
callers (the rules, the one-ply evaluation, greedy's choice, the search) are reached through
handles (``handles``) and compiled once; small steps with one caller are inlined into it
(``inline="always"``); and a large inlined function is called from one place (a loop where the
rules need it twice, as in ``legality.placement_legal``), since each inlined copy is typed and
lowered anew.

And numba gives every compiled function two entries, one for Python and one for C (what a
handle calls), which it builds and LLVM optimises and emits with the function, though a
compiled caller calls neither. So a function marked ``entry=True`` (called from Python or
through a handle) is compiled once, with both entries, and its compiled callers link that same
version; the compiled callers of any other function link a second version without either
entry (numba's ``no_cpython_wrapper`` and ``no_cfunc_wrapper``) and not cached on its own,
since each caller carries its code. Python never reaches that version: called from Python,
the function compiles as numba always does (a version without the Python entry would crash the
interpreter).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
from numba import types


def _kind(t: Any) -> Any:
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


def njit(*args: Any, entry: bool = False, **options: Any) -> Any:
    """``numba.njit`` (same options) whose compiled callers share one version per argument
    kind, without Python's and C's entries unless ``entry`` (module docstring); that version
    is the dispatcher's ``linked``."""
    def wrap(fn: Callable[..., Any]) -> Any:
        dispatcher = numba.njit(**options)(fn)
        linked = dispatcher
        if not entry and options.get("inline") != "always":
            linked = numba.njit(**{**options, "cache": False, "no_cpython_wrapper": True,
                                   "no_cfunc_wrapper": True})(fn)
            # a compiled caller finds the code to link through its callee's get_overload
            dispatcher.get_overload = linked.get_overload
        resolve = linked.get_call_template

        def get_call_template(arg_types: Any, kws: Any) -> Any:
            return resolve(tuple(_kind(t) for t in arg_types), kws)

        dispatcher.get_call_template = get_call_template
        dispatcher.linked = linked
        return dispatcher

    if args and callable(args[0]):
        return wrap(args[0])
    return wrap
