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
since each caller carries its code. That version is also built for linking only
(``_LinkedLibrary``): numba would link its own callees into it, have LLVM optimise that closure
and emit it as machine code that nothing calls; instead LLVM optimises the function's own code
alone, and its callees are linked in after, optimised with it only in the closure of the
entry that carries them. Python never reaches that version: called from Python, the function
compiles as numba always does (a version without the Python entry would crash the
interpreter).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
from numba import types
from numba.core import codegen, compiler


class _LinkedLibrary(codegen.JITCodeLibrary):
    """numba's code library for a linked version, finished for linking only: its own code
    optimised alone (LLVM's full module passes, as numba runs them), its callees' libraries
    linked in after, and never handed to the JIT, so never made machine code. The entries'
    code needs each body optimised before it is linked (without, random play is much slower:
    ``docs/kernel.md``), not each closure optimised again at every level. numba's environment
    is not set (the library is not in the JIT, so neither is its environment's address): only
    code handling Python objects reads it, and the kernel has none."""

    def finalize(self) -> None:
        self._raise_if_finalized()
        self._optimize_final_module()
        for library in dict.fromkeys(self._linking_libraries):
            self._reload_init.update(library._reload_init)
            self._final_module.link_in(library._get_module_for_linking(), preserve=True)
        self._finalized = True

    @property
    def codegen(self) -> Any:
        return _NoEnvironment(self._codegen)


class _NoEnvironment:
    """A codegen that ignores ``set_env``, numba's last step for a compiled function."""

    def __init__(self, codegen: Any) -> None:
        self._codegen = codegen

    def set_env(self, env_name: str, env: Any) -> None:
        pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._codegen, name)


class _LinkedCompiler(compiler.Compiler):
    """numba's compiler, storing a linked version's code in a ``_LinkedLibrary``."""

    def define_pipelines(self) -> Any:
        state = self.state
        state.library = _LinkedLibrary(state.targetctx.codegen(), state.func_id.func_qualname)
        return super().define_pipelines()


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
                                   "no_cfunc_wrapper": True,
                                   "pipeline_class": _LinkedCompiler})(fn)
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
