"""Exceptions shared by every layer, so the CLI can turn any of them into one clear line."""

from __future__ import annotations


class GardensimError(Exception):
    """Base class: a problem the user can fix (bad input), reported as one line, exit status 2."""


class ConfigError(GardensimError, ValueError):
    """A bad option, study key, bot spec or board name."""


class BoardFormatError(GardensimError, ValueError):
    """A malformed board file; the message names the file, line and column."""


class IllegalMoveError(GardensimError, ValueError):
    """An action that the rules forbid in the current state; the message gives the reason."""
