#!/usr/bin/env bash
# Print the interpreter `make` builds .venv from (docs/decisions.md, "Which Python builds .venv").
#
# The engine is pure Python, so the interpreter's own build sets its speed: a distribution's
# python3 (Debian, Ubuntu, Fedora) links libpython into the executable and is built with PGO and
# LTO; a default pyenv build calls through a shared libpython, has neither, and plays fewer games
# per CPU second. So /usr/bin/python3 comes first when it is 3.11 or newer and can make a venv
# (Debian splits ensurepip into python3-venv); otherwise the first python3 on PATH.
# `make PYTHON=...` overrides the choice; PYTHON_CANDIDATES replaces the list tried.
set -euo pipefail

usable() {
    "$1" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1
}

for candidate in ${PYTHON_CANDIDATES:-/usr/bin/python3 python3}; do
    if command -v "$candidate" >/dev/null 2>&1 && usable "$candidate"; then
        echo "$candidate"
        exit 0
    fi
done
echo "pick-python: no Python 3.11+ with venv found; run make PYTHON=/path/to/python3.11" >&2
exit 1
