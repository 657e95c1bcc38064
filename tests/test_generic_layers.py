"""The generic layers name no game (issue 21): a game's meaning lives in its own package, so a
new game plugs in without editing them. Docstrings may name a game as an example; code, strings
and comments may not."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "gardensim"
GENERIC = ["core", "bots", "sim", "tournament", "stats", "analysis", "report", "widgets",
           "commands"]
GAME_NAMES = re.compile(r"gazebo|pavilion|aviary|\bqin\b", re.IGNORECASE)


def _docstring_lines(source: str) -> set[int]:
    """Lines of string statements standing alone (docstrings of modules, classes, functions,
    and the ``#:``-style attribute docstrings written as bare strings)."""
    lines: set[int] = set()
    previous = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT,
                                                        tokenize.DEDENT, tokenize.NL):
            lines.update(range(tok.start[0], tok.end[0] + 1))
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            previous = tok.type
    return lines


def game_names_outside_docstrings(source: str) -> list[tuple[int, str]]:
    """(line, token) of every name, string or comment naming a game outside docstrings."""
    docs = _docstring_lines(source)
    return [(tok.start[0], tok.string.strip())
            for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.start[0] not in docs and tok.type not in (tokenize.NL, tokenize.NEWLINE)
            and GAME_NAMES.search(tok.string)]


def test_generic_packages_name_no_game_outside_docstrings():
    files = [p for pkg in GENERIC for p in sorted((ROOT / pkg).rglob("*.py"))] + [ROOT / "cli.py"]
    found = [f"{path.relative_to(ROOT.parent)}:{line}: {text}" for path in files
             for line, text in game_names_outside_docstrings(path.read_text(encoding="utf-8"))]
    assert not found, "game names in generic code:\n" + "\n".join(found)


def test_the_check_sees_a_game_name_in_code_but_not_in_a_docstring():
    source = ('"""Shows the gazebo example."""\n\nGAME = "gazebo"  # the aviary board\n'
              'def f():\n    """A pavilion docstring."""\n    return 1\n')
    assert game_names_outside_docstrings(source) == [(3, '"gazebo"'), (3, "# the aviary board")]
