"""Studies: what to play, as plain validated data (a TOML file or a :class:`Study` object).

A study fixes the game, board, player count, rule options, bots, number of games, master seed
and optional *arms*, each arm overriding some rule options (``draw = "qin"``), the board (one
garden against another is a rule change too) or the bots. ``strengths`` instead of ``bots`` asks
every answer at several bot strengths: each arm is played once per strength as a mirror match,
named ``arm@strength`` (:func:`strength_arm`). Every arm plays the same game indices,
hence the same deal seeds and the same bot generators (common random numbers), so arms compare
paired. A game's result depends only on the rules version, the bots, the master seed, the arm
and the game index (see :mod:`gardensim.sim.play`).

Validation happens twice: :class:`Study` checks the shape and types of every key when built, and
:meth:`Study.resolve` builds each arm's game and bots, so the engine itself rejects unknown rule
options and bad values. Either way a :class:`~gardensim.core.errors.ConfigError` names the key and
the allowed values, and nothing has run yet.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gardensim.analysis.series import SERIES_MARK
from gardensim.core import registry
from gardensim.core.errors import ConfigError, FileAccessError, GardensimError
from gardensim.core.files import quote, read_text
from gardensim.core.protocol import MAX_SEATS
from gardensim.sim.play import DEFAULT_ENGINE, ENGINES

#: Study keys (TOML top level and :class:`Study` fields), in documentation order.
STUDY_KEYS = (
    "name", "description", "game", "board", "players", "options",
    "bots", "pool", "strengths", "rotate", "games", "seed", "telemetry", "fair_margin", "arms",
    "engine", "settle", "settle_budget", "series",
)
#: Keys of an arm that are not rule options.
ARM_KEYS = ("name", "board", "bots", "pool", "options")
#: Name of the single arm of a study that declares none.
BASE_ARM = "base"
#: Joins an arm's name and its strength in the arms a ``strengths`` study plays.
STRENGTH_MARK = "@"
#: Keys that choose the bots; a study gives exactly one.
BOT_KEYS = ("bots", "pool", "strengths")
#: ``series = "all"``: every board the game ships, in the order it lists them.
ALL_BOARDS = "all"
#: Most games per arm: the frames' game index columns (``game``, ``deal``) are 32-bit.
MAX_GAMES = 2**31 - 1
#: ``strengths = "ladder"``: the game's own ladder (``GameSpec.ladder``), climbed until the
#: answers settle (:mod:`gardensim.sim.ladder`).
LADDER = "ladder"


def _ladder_file(game: str) -> tuple[Path, dict[str, Any]]:
    """The path and contents of ``game``'s shipped ladder file (``GameSpec.ladder``)."""
    from gardensim.core.registry import game_spec
    from gardensim.paths import package_folder

    declared = game_spec(game).ladder
    if declared is None:
        raise ConfigError(f"study key 'strengths' = {LADDER!r}: game {game!r} ships no ladder; "
                          "list the strengths instead")
    package, _, file = declared.partition(":")
    path = package_folder(package, *file.split("/"))
    return path, read_study_toml(path)


def ladder_reference(game: str) -> str | None:
    """The bot ``game``'s ladder must beat at its top (its file's ``reference``: the strongest
    bot the game shipped before the ladder climbed past it), or None."""
    path, raw = _ladder_file(game)
    reference = raw.get("reference")
    if reference is None:
        return None
    return _specs(f"reference ({path})", [reference])[0]


def game_ladder(game: str, players: int) -> list[str]:
    """The rungs of ``game``'s shipped ladder at ``players`` seats, weakest first: the file's
    ``rungs``, or its ``[players.N]`` table's when it has one for that count. A game's ladder
    is its own knowledge (which bots climb), so its spec names the file (``GameSpec.ladder``)."""
    path, raw = _ladder_file(game)
    rungs = raw.get("players", {}).get(str(players), {}).get("rungs", raw.get("rungs"))
    return _specs(f"strengths ({path})", rungs)


def strength_arm(arm: str, strength: str) -> str:
    """Name of ``arm`` played with ``strength`` bots in every seat: ``"qin-draw@greedy"``
    (parsed back by :func:`gardensim.analysis.strength.split_arm`)."""
    return f"{arm}{STRENGTH_MARK}{strength}"


def series_arm(arm: str, board: str) -> str:
    """Name of ``arm`` played on ``board`` as one game of a series: ``"base~aviary"`` (parsed
    back by :func:`gardensim.analysis.series.split_series_arm`)."""
    return f"{arm}{SERIES_MARK}{board}"


def _series_boards(game: str, value: Any) -> list[str]:
    """The boards of a ``series`` key, checked: two or more different shipped boards (or
    board files), ``"all"`` for every board the game ships. The game must say how a series
    is scored (``GameSpec.series``), since the winner of a series is a rule of the game."""
    spec = registry.game_spec(game)
    if spec.series is None:
        raise ConfigError(f"study key 'series': game {game!r} declares no scoring of a series "
                          "of games; play its boards as [[arms]] instead")
    shipped = spec.board_names()
    boards = shipped if value == ALL_BOARDS else value
    if isinstance(boards, str) or not isinstance(boards, Sequence) or not all(
        isinstance(b, str) and b.strip() for b in boards
    ):
        raise _fail("series", f'a list of boards such as ["{shipped[0] if shipped else "a"}", '
                    f'...] or "{ALL_BOARDS}"', value)
    boards = [b.strip() for b in boards]
    for board in boards:
        if board not in shipped and not Path(board).is_file():
            raise ConfigError(f"study key 'series': unknown board {board!r}; shipped boards: "
                              f"{', '.join(shipped)} (or a board file path)")
        if SERIES_MARK in board:
            raise _fail("series", f"board names without {SERIES_MARK!r}", board)
    if len(set(boards)) < 2:
        raise _fail("series", "two or more different boards (a series plays one game on "
                    "each)", value)
    return boards


def _check_series_arms(arms: Sequence[Arm], board: str | None) -> None:
    """A series plays every arm once on each of its boards, so a board anywhere else would
    contradict it, and a ``~`` in an arm's name would make ``arm~board`` ambiguous."""
    if board is not None:
        raise ConfigError(f"study key 'board' ({board!r}) conflicts with 'series': the series "
                          "lists the boards; give them there")
    for index, arm in enumerate(arms):
        if arm.board is not None:
            raise ConfigError(f"study key 'arms[{index}].board' ({arm.name!r}) conflicts with "
                              "'series': every arm of a series is played on each of its boards")
        if SERIES_MARK in arm.name:
            raise _fail(f"arms[{index}].name", f"a name without {SERIES_MARK!r} when 'series' "
                        "is given", arm.name)


def _legacy_options(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    """``raw`` with the game's old top-level shorthands (``draw = "qin"``) moved under
    ``options``, one notice line each; a shorthand that contradicts ``options`` is refused."""
    game = raw.get("game")
    if not isinstance(game, str) or game not in registry.game_names():
        return raw
    legacy = [k for k in registry.game_spec(game).legacy_keys if k in raw]
    if not legacy:
        return raw
    options = raw.get("options", {})
    if not isinstance(options, Mapping):
        return raw
    options = dict(options)
    for key in legacy:
        if key in options and options[key] != raw[key]:
            raise ConfigError(f"study key {key!r} = {raw[key]!r} contradicts options.{key} = "
                              f"{options[key]!r}; give it once, under [options]")
        options[key] = raw[key]
        print(f"gardensim: note: study key {key!r} is a {game} rule option; write it under "
              f"[options] ({key} = {raw[key]!r})", file=sys.stderr)
    return {**{k: v for k, v in raw.items() if k not in legacy}, "options": options}


def _fail(key: str, expected: str, got: Any) -> ConfigError:
    return ConfigError(f"study key {key!r} must be {expected}, got {quote(got, 60)}")


def _int(key: str, value: Any, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (
        high is not None and value > high
    ):
        bound = f"an integer {low}..{high}" if high is not None else f"an integer >= {low}"
        raise _fail(key, bound, value)
    return value


def _specs(key: str, value: Any) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if (
        not isinstance(value, Sequence)
        or not value
        or not all(isinstance(v, str) and v.strip() for v in value)
    ):
        raise _fail(key, "a list of bot specs such as [\"greedy\", \"random\"]", value)
    return [v.strip() for v in value]


@dataclass
class Arm:
    """One variant of the study: rule options merged over the study's, optionally another
    board (replacing the study's) or other bots."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    bots: list[str] | None = None
    pool: list[str] | None = None
    board: str | None = None

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], index: int) -> Arm:
        """Read an ``[[arms]]`` table: ``name``, optional ``board``, ``bots``/``pool``, an
        ``options`` table, and every other key is a rule option (``draw = "qin"``)."""
        where = f"arms[{index}]"
        if not isinstance(raw, Mapping):
            raise _fail(where, "a table with a name and rule options", raw)
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            raise _fail(f"{where}.name", "a non-empty string", name)
        nested = raw.get("options", {})
        if not isinstance(nested, Mapping):
            raise _fail(f"{where}.options", "a table of rule options", nested)
        options = {**nested, **{k: v for k, v in raw.items() if k not in ARM_KEYS}}
        bots = _specs(f"{where}.bots", raw["bots"]) if "bots" in raw else None
        pool = _specs(f"{where}.pool", raw["pool"]) if "pool" in raw else None
        if bots and pool:
            raise ConfigError(f"study key {where!r}: give either 'bots' or 'pool', not both")
        board = raw.get("board")
        if board is not None and (not isinstance(board, str) or not board.strip()):
            raise _fail(f"{where}.board", "a board name or file path", board)
        return cls(name=name.strip(), options=dict(options), bots=bots, pool=pool,
                   board=None if board is None else board.strip())

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.board is not None:
            out["board"] = self.board
        out.update(self.options)
        if self.bots is not None:
            out["bots"] = list(self.bots)
        if self.pool is not None:
            out["pool"] = list(self.pool)
        return out


def _check_strength_arms(arms: Sequence[Arm]) -> None:
    """With ``strengths`` every arm is a mirror match of each strength in turn, so an arm's own
    bots would contradict it, and an ``@`` in its name would make ``arm@strength`` ambiguous."""
    for index, arm in enumerate(arms):
        for key in ("bots", "pool"):
            if getattr(arm, key) is not None:
                raise ConfigError(
                    f"study key 'arms[{index}].{key}' ({arm.name!r}) conflicts with "
                    f"'strengths': every arm plays each strength as a mirror match; give one"
                )
        if STRENGTH_MARK in arm.name:
            raise _fail(f"arms[{index}].name", f"a name without {STRENGTH_MARK!r} when "
                        "'strengths' is given", arm.name)

#: Characters a study name may not hold: it names the folder ``runs/<name>``.
_UNSAFE_NAME = re.compile(r"[/\\\x00-\x1f\x7f]|^[.-]|^$")


def check_folder_name(name: str, key: str = "name") -> str:
    """``name`` if it is safe as one folder name under ``runs/``, else a ConfigError: a study
    named ``../../escape`` would otherwise write outside the runs folder."""
    if not isinstance(name, str) or _UNSAFE_NAME.search(name) or len(name) > 100:
        raise _fail(key, "a folder name (no '/' or '\\', not starting with '.' or '-', at "
                    "most 100 characters), as it names runs/<name>", name)
    return name


def study_file(source: str | Path) -> Path:
    """A study argument as a path: the file named, or, when there is no such file and the
    argument is a bare name, the shipped study of that name (``default``, ``aviary-2p-draw``,
    from ``gardensim/studies/``), so an installed gardensim plays its studies from any folder."""
    from gardensim.paths import STUDIES_DIR

    path = Path(source)
    if path.exists() or path.is_symlink() or len(path.parts) != 1:
        return path
    shipped = STUDIES_DIR / (path.name if path.suffix == ".toml" else f"{path.name}.toml")
    return shipped if shipped.is_file() else path


def read_study_toml(path: Path) -> dict[str, Any]:
    """The TOML table of a study (or study set) file, read safely (:mod:`gardensim.core.files`;
    a leading byte-order mark is dropped); ConfigError naming the file otherwise."""
    if not path.exists() and not path.is_symlink():
        raise ConfigError(f"{path}: no such study file")
    try:
        text = read_text(path, "study file")
    except FileAccessError as exc:
        raise ConfigError(str(exc)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML ({exc})") from None


def refuse_study_set(path: Path, raw: Mapping[str, Any]) -> None:
    """A study set read as a single study would fail on its first set key; say what it is."""
    if "studies" in raw:
        raise ConfigError(
            f"{path}: this is a study set (it has [[studies]]); play and report it with "
            f"gardensim report {path} --out reports/NAME"
        )


def _check_bots_play(game: Any, specs: Sequence[str], where: str) -> None:
    """Every bot of an arm can play its game (weights it names are the game's terms), so a
    bad one fails before a run folder is made rather than in the first batch."""
    for spec in dict.fromkeys(specs):
        try:
            registry.make_bot(spec).check_game(game)
        except GardensimError as exc:
            raise type(exc)(f"{where}bot {spec!r}: {exc}") from None


@dataclass
class ResolvedArm:
    """An arm ready to play: its game configuration and the line-ups that rotate over deals."""

    name: str
    config: dict[str, Any]  # game, board, players, options: arguments of registry.make_game
    lineups: list[list[str]]  # canonical bot specs, one list per line-up
    rotate: bool
    #: Take each line-up's cyclic orders in turn over the deals (pools of 3-4 rotated seats).
    cyclic: bool = False


@dataclass
class Study:
    """A study as plain data. Build from keywords, :meth:`from_dict` or :meth:`from_file`.

    Rule options go in ``options``; a study file may still give a game's old shorthand keys at
    the top level (``GameSpec.legacy_keys``), read into ``options`` with a one-line notice.
    ``bots`` gives one bot spec per seat; ``pool`` instead lists bots of which every combination
    of ``players`` distinct entries plays, each in every cyclic order in turn over the deals;
    ``strengths`` lists bot specs each played as a mirror match in every arm. Unless ``rotate`` is
    false, each line-up is rotated over the seats of every deal (duplicate play). ``games``
    counts games per arm. ``fair_margin`` only tells the analysis how close to fair counts as
    fair (seat verdicts); it changes nothing that is played.
    """

    name: str
    game: str
    games: int
    players: int = 2
    board: str | None = None
    bots: list[str] | None = None
    pool: list[str] | None = None
    strengths: list[str] | None = None
    rotate: bool = True
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    telemetry: bool = True
    arms: list[Arm] = field(default_factory=list)
    #: ``auto``: a game's fast engine plays the line-ups it covers; ``python``: always the
    #: readable engine (``sim.play.ENGINES``)
    engine: str = DEFAULT_ENGINE
    description: str = ""
    #: Equivalence margin of the seat verdicts in percentage points of win share (3 = ±3
    #: points); None leaves the analysis default (``gardensim.analysis.verdict.FAIR_MARGIN``).
    fair_margin: float | None = None
    #: Climb the ``strengths`` weakest first, rung by rung on the same deals, until every
    #: answer settles (:mod:`gardensim.sim.ladder`); ``strengths = "ladder"`` implies it.
    settle: bool = False
    #: CPU-seconds after which a settling climb starts no further rung; None: no limit.
    settle_budget: float | None = None
    #: Boards of a series: every arm is played once per board, on the same game indices, as
    #: arm ``arm~board`` (:func:`series_arm`); game ``g`` of those arms is one series.
    series: list[str] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise _fail("name", "a non-empty string", self.name)
        if not isinstance(self.game, str) or self.game not in registry.game_names():
            raise _fail("game", f"one of {', '.join(registry.game_names())}", self.game)
        if self.board is not None and not isinstance(self.board, str):
            raise _fail("board", "a board name or file path", self.board)
        _int("players", self.players, 1, MAX_SEATS)
        if isinstance(self.games, int) and not isinstance(self.games, bool) and (
            self.games > MAX_GAMES
        ):
            raise _fail("games", f"at most {MAX_GAMES:,} games per arm (the game index columns "
                        "are 32-bit; play more as further studies with other seeds)", self.games)
        _int("games", self.games, 1)
        _int("seed", self.seed, 0, 2**63 - 1)
        if self.strengths == LADDER:
            self.strengths = game_ladder(self.game, self.players)
            self.settle = True
        for key in ("rotate", "telemetry", "settle"):
            if not isinstance(getattr(self, key), bool):
                raise _fail(key, "true or false", getattr(self, key))
        if not isinstance(self.options, Mapping):
            raise _fail("options", "a table of rule options", self.options)
        if self.engine not in ENGINES:
            raise _fail("engine", " or ".join(repr(e) for e in ENGINES), self.engine)
        if not isinstance(self.description, str):
            raise _fail("description", "a string", self.description)
        if self.fair_margin is not None and (
            isinstance(self.fair_margin, bool) or not isinstance(self.fair_margin, int | float)
            or not 0 < self.fair_margin < 100 / max(self.players, 2)
        ):
            raise _fail("fair_margin", "percentage points of win share above 0 and below the "
                        "fair share (3 means fair within ±3 points)", self.fair_margin)
        self.options = dict(self.options)
        given = [k for k in BOT_KEYS if getattr(self, k) is not None]
        if len(given) > 1:
            raise ConfigError(
                f"study keys {given[0]!r} and {given[1]!r} both choose the bots; give one of "
                "'bots' (one per seat), 'pool' or 'strengths'"
            )
        if not given:
            raise ConfigError(
                "study needs exactly one of 'bots' (one per seat), 'pool' or 'strengths'"
            )
        for key in given:
            setattr(self, key, _specs(key, getattr(self, key)))
        arms = [a if isinstance(a, Arm) else Arm.from_dict(a, i) for i, a in enumerate(self.arms)]
        names = [a.name for a in arms]
        duplicate = next((n for n in names if names.count(n) > 1), None)
        if duplicate:
            raise ConfigError(f"study key 'arms': arm name {duplicate!r} is used twice")
        if self.strengths is not None:
            _check_strength_arms(arms)
        self.arms = arms
        self._check_settle()
        if self.series is not None:
            if self.strengths is not None:
                raise ConfigError("study keys 'series' and 'strengths' do not combine: a series "
                                  "is scored per player; play one series study per strength")
            self.series = _series_boards(self.game, self.series)
            _check_series_arms(arms, self.board)

    def _check_settle(self) -> None:
        """A climb needs rungs to climb and a budget that can be spent."""
        if self.settle_budget is not None and (
            isinstance(self.settle_budget, bool)
            or not isinstance(self.settle_budget, int | float) or not self.settle_budget > 0
        ):
            raise _fail("settle_budget", "CPU-seconds above 0", self.settle_budget)
        if self.settle_budget is not None and not self.settle:
            raise ConfigError("study key 'settle_budget' limits a settling climb; give "
                              "'settle = true' with it")
        if self.settle and (self.strengths is None or len(self.strengths) < 2):
            raise ConfigError("study key 'settle' climbs a ladder: it needs 'strengths' with "
                              "two rungs or more (weakest first), or strengths = \"ladder\"")

    # ----- construction ----------------------------------------------------------------
    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Study:
        """Build from a mapping (parsed TOML or JSON), rejecting unknown keys."""
        if not isinstance(raw, Mapping):
            raise ConfigError(f"a study must be a table of keys, got {type(raw).__name__}")
        raw = _legacy_options(raw)
        unknown = [k for k in raw if k not in STUDY_KEYS]
        if unknown:
            raise ConfigError(
                f"unknown study key {unknown[0]!r}; allowed keys: {', '.join(STUDY_KEYS)}"
            )
        for key in ("name", "game", "games"):
            if key not in raw:
                raise ConfigError(f"study key {key!r} is missing")
        arms = raw.get("arms", [])
        if not isinstance(arms, list):
            raise _fail("arms", "an array of tables ([[arms]])", arms)
        return cls(**{k: v for k, v in raw.items() if k != "arms"}, arms=list(arms))

    @classmethod
    def from_file(cls, path: str | Path) -> Study:
        """Read a TOML study file (or a shipped study by name, :func:`study_file`)."""
        path = study_file(path)
        raw = read_study_toml(path)
        refuse_study_set(path, raw)
        try:
            study = cls.from_dict(raw)
            check_folder_name(study.name)
        except ConfigError as exc:
            raise ConfigError(f"{path}: {exc}") from None
        return study

    @classmethod
    def coerce(cls, study: Study | Mapping[str, Any] | str | Path) -> Study:
        """Accept a study object, a mapping or a path to a TOML file."""
        if isinstance(study, Study):
            return study
        if isinstance(study, Mapping):
            return cls.from_dict(study)
        return cls.from_file(study)

    def to_dict(self) -> dict[str, Any]:
        """JSON/TOML-able form; ``Study.from_dict(s.to_dict()) == s``."""
        out: dict[str, Any] = {"name": self.name}
        if self.description:
            out["description"] = self.description
        out.update(game=self.game, board=self.board, players=self.players)
        for key in BOT_KEYS:
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        out.update(rotate=self.rotate, games=self.games, seed=self.seed,
                   telemetry=self.telemetry, options=dict(self.options))
        if self.fair_margin is not None:
            out["fair_margin"] = self.fair_margin
        if self.engine != DEFAULT_ENGINE:
            out["engine"] = self.engine
        if self.settle:
            out["settle"] = True
        if self.settle_budget is not None:
            out["settle_budget"] = self.settle_budget
        if self.series is not None:
            out["series"] = list(self.series)
        out["arms"] = [a.to_dict() for a in self.arms]
        if out["board"] is None:
            del out["board"]
        return out

    def fingerprint(self) -> str:
        """Canonical JSON of the study: two runs are of the same study iff these are equal.
        The engine is left out: every engine plays the same games."""
        out = self.to_dict()
        out.pop("engine", None)
        return json.dumps(out, sort_keys=True, separators=(",", ":"))

    # ----- resolution -------------------------------------------------------------------
    @property
    def arm_names(self) -> list[str]:
        """Names of the arms as played (and as the frames' ``arm`` column holds them)."""
        names = [a.name for a in self.played_arms()]
        if self.strengths is None:
            return names
        return [strength_arm(name, s) for name in names for s in self.strengths]

    def played_arms(self) -> list[Arm]:
        """The arms as declared (or the one ``base`` arm), each once per board of a series."""
        arms = self.arms or [Arm(name=BASE_ARM)]
        if self.series is None:
            return arms
        return [Arm(name=series_arm(arm.name, board), options=dict(arm.options), bots=arm.bots,
                    pool=arm.pool, board=board) for arm in arms for board in self.series]

    def base_options(self) -> dict[str, Any]:
        return dict(self.options)

    def resolve(self) -> list[ResolvedArm]:
        """Build every arm's game and bots once, so bad options or bot specs fail before
        anything runs; returns the arms with canonical bot specs."""
        arms = self.played_arms()
        mirrors = self._strength_lineups()
        resolved = []
        for index, arm in enumerate(arms):
            where = f"arm {arm.name!r}: " if self.arms or self.series else ""
            if arm.board is not None:
                self._check_arm_board(arm, index)
            config = {
                "game": self.game,
                "board": self.board if arm.board is None else arm.board,
                "players": self.players,
                "options": {**self.base_options(), **arm.options},
            }
            try:
                game = registry.make_game(
                    config["game"], config["board"], config["players"], config["options"]
                )
            except GardensimError as exc:
                raise type(exc)(f"{where}{exc}") from None
            if mirrors is not None:
                _check_bots_play(game, [s for lineup in mirrors.values() for s in lineup], where)
                resolved.extend(
                    ResolvedArm(strength_arm(arm.name, strength), config, [lineup], self.rotate)
                    for strength, lineup in mirrors.items()
                )
                continue
            bots, pool = (arm.bots, arm.pool) if arm.bots or arm.pool else (self.bots, self.pool)
            try:
                lineups = self._lineups(bots, pool)
            except GardensimError as exc:
                raise type(exc)(f"{where}{exc}") from None
            _check_bots_play(game, [s for lineup in lineups for s in lineup], where)
            cyclic = pool is not None and self.rotate and self.players > 2
            resolved.append(ResolvedArm(arm.name, config, lineups, self.rotate, cyclic))
        return resolved

    def _strength_lineups(self) -> dict[str, list[str]] | None:
        """Strength as written -> its mirror line-up of canonical specs, or None without
        ``strengths``. Two strengths that are the same bot would be one arm played twice."""
        if self.strengths is None:
            return None
        canonical: dict[str, str] = {}
        for strength in self.strengths:
            try:
                spec = registry.make_bot(strength).spec
            except GardensimError as exc:
                raise type(exc)(f"study key 'strengths': {exc}") from None
            if spec in canonical:
                raise ConfigError(
                    f"study key 'strengths': {canonical[spec]!r} and {strength!r} are the same "
                    f"bot ({spec!r}); list each strength once"
                )
            canonical[spec] = strength
        return {strength: [spec] * self.players for spec, strength in canonical.items()}

    def _check_arm_board(self, arm: Arm, index: int) -> None:
        """An arm's board is tried with the engine's default options first, so a bad board is
        reported under its own key rather than as whatever the options made of it."""
        try:
            registry.make_game(self.game, arm.board, self.players, {})
        except GardensimError as exc:
            key = "series" if self.series is not None else f"arms[{index}].board"
            raise type(exc)(f"study key {key!r} ({arm.name!r}): {exc}") from None

    def _lineups(self, bots: list[str] | None, pool: list[str] | None) -> list[list[str]]:
        if bots is not None:
            if len(bots) != self.players:
                raise _fail("bots", f"a list of {self.players} bot specs (one per seat)", bots)
            return [[registry.make_bot(b).spec for b in bots]]
        assert pool is not None
        specs = [registry.make_bot(b).spec for b in pool]
        if len(set(specs)) != len(specs) or len(specs) < self.players:
            raise _fail(
                "pool", f"at least {self.players} different bot specs (one per seat)", pool
            )
        return [list(c) for c in itertools.combinations(specs, self.players)]
