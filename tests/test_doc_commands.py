"""Every command in README.md and docs/*.md runs as written (``docs/decisions.md``, "Commands in
the docs"): code spans and code-block lines that start with ``gardensim`` or ``make``.

A command with a placeholder in capitals (``runs/NAME``, ``STUDY.toml``), an optional part in
``[...]`` or an ellipsis is a synopsis: its subcommand and options are checked against the parser,
not run. A bare subcommand name (``gardensim report``) is checked the same way, and run when the
subcommand needs no argument. Everything else is played in a temporary folder, document by
document and in order (the README's report reads the run its simulate made), with the cheap
substitutions below and nothing else.
"""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from gardensim.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
GARDENSIM = str(Path(sys.executable).with_name("gardensim"))

#: Substitutions, all of them: studies in gardensim/studies/ play at most this many games per arm,
SMALL_STUDY_GAMES = 20
#: ``--games K`` becomes ``--games 2`` (tournaments round it up to one cycle of seats),
SMALL_GAMES = 2
#: every ``mcts`` bot searches this many iterations,
SMALL_MCTS_ITERS = 10
#: and ``--scheduler ADDRESS`` is dropped: ``--backend dask`` then starts a local cluster.
DROPPED_OPTIONS = ("--scheduler",)
#: Commands not run, and why. ``make`` lines are never run: their targets must exist.
NOT_RUN = {"gardensim demo": "plays the default study for minutes; it is what make demo runs"}
#: Files a document tells the reader to make before its commands (source in the checkout).
SETUP = {"boards.md": {"my-garden.txt": "gardensim/games/gazebo/data/boards/aviary.txt"}}

FENCE = re.compile(r"^\s*(```+|~~~+)")
SPAN = re.compile(r"(?<!`)`([^`]+)`(?!`)")
PLACEHOLDER = re.compile(r"[A-Z][A-Z_]*")


@dataclass(frozen=True)
class Snippet:
    document: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.document}:{self.line}: {self.text}"


def snippets(path: Path) -> list[Snippet]:
    """Code that starts with ``gardensim`` or ``make``: each code-block line (a trailing
    backslash continues it, ``#`` starts a comment) and each inline code span, in order."""
    found: list[tuple[int, str]] = []
    prose: list[tuple[int, str]] = []
    fence, pending = None, ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        opening = FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None:
            if line.strip() == fence:
                fence = None
                continue
            text = f"{pending} {line.strip()}".strip()
            pending = text[:-1] if text.endswith("\\") else ""
            if not pending:
                found.append((number, text))
        else:
            prose.append((number, line))
    joined = "\n".join(line for _, line in prose)
    for match in SPAN.finditer(joined):
        number = prose[joined.count("\n", 0, match.start())][0]
        found.append((number, " ".join(match.group(1).replace("\\|", "|").split())))
    return [Snippet(path.name, n, t) for n, t in sorted(found)
            if re.match(r"(gardensim|make)( |$)", t)]


def is_synopsis(text: str) -> bool:
    if "..." in text or "[" in text:
        return True
    for token in text.split():
        parts = re.split(r"[/.=]", token.strip("\"'()"))
        if any(PLACEHOLDER.fullmatch(p) for p in parts):
            return True
    return False


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def subcommand(words: list[str]) -> tuple[list[str], argparse.ArgumentParser]:
    """The longest run of ``words`` naming nested subcommands, and the parser it reaches."""
    parser, path = build_parser(), []
    for word in words:
        choices = _subparsers(parser)
        if word not in choices:
            break
        parser = choices[word]
        path.append(word)
    return path, parser


def leaf_commands() -> list[str]:
    out = []

    def walk(parser: argparse.ArgumentParser, path: list[str]) -> None:
        children = _subparsers(parser)
        if not children and path:
            out.append(" ".join(["gardensim", *path]))
        for name, child in children.items():
            walk(child, [*path, name])

    walk(build_parser(), [])
    return out


def needs_nothing(parser: argparse.ArgumentParser) -> bool:
    """A subcommand that runs with no argument at all: no positional, no required option."""
    return not any(a.required or not a.option_strings for a in parser._actions)


def runs(snippet: Snippet) -> bool:
    """Whether the test plays ``snippet`` (as opposed to checking it against the parser)."""
    if not snippet.text.startswith("gardensim") or is_synopsis(snippet.text):
        return False
    if snippet.text.split("#")[0].strip() in NOT_RUN:
        return False
    words = shlex.split(snippet.text, comments=True)[1:]
    path, parser = subcommand(words)
    bare = len(path) == len(words)
    return bool(path) and (not bare or needs_nothing(parser))


def cheap(argv: list[str]) -> list[str]:
    """``argv`` with the substitutions listed at the top of this module."""
    out: list[str] = []
    skip = False
    for i, word in enumerate(argv):
        if skip:
            skip = False
            continue
        before = argv[i - 1] if i else ""
        if word in DROPPED_OPTIONS:
            skip = True
            continue
        if before == "--games" and int(word) > SMALL_GAMES:
            word = str(SMALL_GAMES)
        elif before in ("--bots", "--bot"):
            word = re.sub(r"\biters=\d+", f"iters={SMALL_MCTS_ITERS}", word)
            word = re.sub(r"\bmcts(:(?![^;]*\biters=)|(?=[;,]|$))",
                          lambda m: f"mcts:iters={SMALL_MCTS_ITERS}" + ("," if m.group(1) else ""),
                          word)
        out.append(word)
    return out


def small_data(folder: Path) -> None:
    """``folder/gardensim/studies``: the shipped studies, each playing at most
    ``SMALL_STUDY_GAMES`` games per arm, where the documents' commands name them (the game
    data those commands name is linked in from the checkout)."""
    package = folder / "gardensim"
    (package / "studies").mkdir(parents=True)
    (package / "games").symlink_to(ROOT / "gardensim" / "games")
    for study in (ROOT / "gardensim" / "studies").iterdir():
        text = study.read_text(encoding="utf-8")
        text = re.sub(r"(?m)^(games\s*=\s*)(\d+)",
                      lambda m: m.group(1) + str(min(int(m.group(2)), SMALL_STUDY_GAMES)), text)
        (package / "studies" / study.name).write_text(text, encoding="utf-8")


ALL = [s for doc in DOCUMENTS for s in snippets(doc)]
RUN_DOCUMENTS = sorted({s.document for s in ALL if runs(s)})


@pytest.mark.parametrize("document", RUN_DOCUMENTS)
def test_the_commands_of_a_document_run_in_order(document, tmp_path):
    small_data(tmp_path)
    for name, source in SETUP.get(document, {}).items():
        shutil.copy(ROOT / source, tmp_path / name)
    for snippet in (s for s in ALL if s.document == document and runs(s)):
        argv = cheap(shlex.split(snippet.text, comments=True)[1:])
        done = subprocess.run([GARDENSIM, *argv], cwd=tmp_path, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, f"{snippet}\n{done.stderr.strip()}"


@pytest.mark.parametrize("snippet", [s for s in ALL if s.text.startswith("gardensim")], ids=str)
def test_every_gardensim_command_names_a_subcommand_and_its_options(snippet):
    words = [w.strip("\"'[]") for w in snippet.text.split()[1:]]
    path, parser = subcommand(words)
    assert path or not words or words[0].startswith("--"), f"no such subcommand: {snippet}"
    known = {o for a in parser._actions for o in a.option_strings}
    for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", snippet.text):
        assert option in known, f"{option} is not an option of gardensim {' '.join(path)}"


def test_every_subcommand_has_a_documented_command_that_runs():
    played = {" ".join(["gardensim", *subcommand(shlex.split(s.text, comments=True)[1:])[0]])
              for s in ALL if runs(s)}
    missing = [c for c in leaf_commands() if c not in played and c not in NOT_RUN]
    assert not missing, f"no runnable example in README.md or docs/ for {missing}"


def test_every_make_command_names_a_target_or_variable_of_the_makefile():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"(?m)^([\w./-]+)\s*:(?!=)", makefile))
    variables = set(re.findall(r"(?m)^(\w+)\s*[?:]?=", makefile))
    for snippet in (s for s in ALL if s.text.startswith("make")):
        for word in shlex.split(snippet.text, comments=True)[1:]:
            if "=" in word:
                assert word.split("=")[0] in variables, f"{snippet}: no variable {word}"
            else:
                assert word in targets, f"{snippet}: no target {word!r}"


def test_substitutions_only_shrink_the_work():
    argv = ["tournament", "--bots", "random,mcts;mcts:c=0.05,depth=4", "--games", "400",
            "--scheduler", "tcp://10.0.0.5:8786", "--seed", "1"]
    assert cheap(argv) == ["tournament", "--bots",
                           "random,mcts:iters=10;mcts:iters=10,c=0.05,depth=4",
                           "--games", "2", "--seed", "1"]
    assert cheap(["bench", "--games", "1"]) == ["bench", "--games", "1"]
    assert cheap(["tournament", "--bots", "mcts:iters=320;mcts:c=1,iters=640"]) == [
        "tournament", "--bots", "mcts:iters=10;mcts:c=1,iters=10"]


def test_synopses_and_bare_names_are_told_apart_from_commands():
    def snip(text: str) -> Snippet:
        return Snippet("t.md", 1, text)

    assert not runs(snip("gardensim simulate STUDY.toml --out runs/NAME"))
    assert not runs(snip("gardensim report"))
    assert not runs(snip("gardensim gazebo replay my-garden.txt ..."))
    assert not runs(snip("gardensim demo"))
    assert runs(snip("gardensim boards list"))
    assert runs(snip('gardensim gazebo replay aviary --moves "GG@G6S FW@G9E"'))
