"""Study sets: one TOML file holding several studies reported together.

A study has one player count (``gardensim.sim.study``), so a question across 2, 3 and 4 players
is several studies. A study set file has an optional ``name``/``description``, a ``[common]``
table merged under every study (its ``options`` table merged key by key) and one
``[[studies]]`` table per study. A plain study file is a set of one.

A study of a set may also give ``light_games``: how many games per arm its *light* version plays
(``gardensim report --light``, what ``make demo`` runs). The light version is the same studies
with fewer games, so a set whose full size takes too long for a first look still shows every
section in minutes; its report says it is the light version and prints the full command.

A set is validated whole before anything is played: every study is built and every arm's game
and bots resolved, so a typo in the last study fails at once, naming that study, instead of
after the first ones have run for an hour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gardensim.core.errors import ConfigError, GardensimError

SET_KEYS = ("name", "description", "common", "studies", "ladders")
#: Key of a ``[[studies]]`` table: games per arm in the light version of the set.
LIGHT_KEY = "light_games"


def _merge(common: Mapping[str, Any], study: Mapping[str, Any]) -> dict[str, Any]:
    merged = {**common, **study}
    if isinstance(common.get("options"), Mapping) or isinstance(study.get("options"), Mapping):
        merged["options"] = {**common.get("options", {}), **study.get("options", {})}
    return merged


@dataclass
class StudySet:
    """Studies reported together; ``name`` and ``description`` title the report."""

    name: str
    description: str
    studies: list[Any]
    #: True when the studies were read at their ``light_games`` size.
    light: bool = False
    #: Strength ladders to prove by play before the report (``report.ladders``).
    ladders: list[Any] = field(default_factory=list)


def read_studies(path: str | Path) -> list[Any]:
    """The studies of a study file or study set file, validated, in file order."""
    return read_study_set(path).studies


def _light(entry: Mapping[str, Any], light: bool) -> dict[str, Any]:
    """The study table without ``light_games``; with ``light``, its ``games`` replaced by it."""
    entry = dict(entry)
    games = entry.pop(LIGHT_KEY, None)
    if games is not None and (isinstance(games, bool) or not isinstance(games, int)
                              or games < 1):
        raise ConfigError(f"study key {LIGHT_KEY!r} must be an integer >= 1, got {games!r}")
    if light and games is not None:
        entry["games"] = games
    return entry


def read_study_set(path: str | Path, light: bool = False) -> StudySet:
    """A study set file, or a plain study file as a set of one; with ``light``, each study of
    a set at its ``light_games`` size (a study without it keeps its ``games``)."""
    from gardensim.sim.study import Study, check_folder_name, read_study_toml, study_file

    path = study_file(path)
    raw = read_study_toml(path)
    if "studies" not in raw:
        study = Study.from_file(path)
        _resolve(path, [study], single=True)
        return StudySet(study.name, study.description, [study])
    unknown = [k for k in raw if k not in SET_KEYS]
    if unknown:
        raise ConfigError(
            f"{path}: unknown study set key {unknown[0]!r}; allowed keys: {', '.join(SET_KEYS)}"
        )
    common, entries = raw.get("common", {}), raw["studies"]
    if not isinstance(common, Mapping):
        raise ConfigError(f"{path}: 'common' must be a table of study keys")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{path}: 'studies' must be a non-empty array of tables ([[studies]])")
    studies = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise ConfigError(f"{path}: studies[{i}] must be a table of study keys")
        where = f"studies[{i}]" + (f" ({entry['name']!r})" if isinstance(entry.get("name"), str)
                                   else "")
        try:
            study = Study.from_dict(_light(_merge(common, entry), light))
            check_folder_name(study.name)
        except ConfigError as exc:
            raise ConfigError(f"{path}: {where}: {exc}") from None
        studies.append(study)
    names = [s.name for s in studies]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice:
        raise ConfigError(f"{path}: study name {twice!r} is used twice; names pick runs/<name>")
    _resolve(path, studies)
    return StudySet(str(raw.get("name", path.stem)), str(raw.get("description", "")), studies,
                    light, _ladders(path, raw.get("ladders", []), light))


def _ladders(path: Path, entries: Any, light: bool) -> list[Any]:
    """The set's ``[[ladders]]`` tables, validated."""
    from gardensim.report.ladders import read_ladder

    if not isinstance(entries, list):
        raise ConfigError(f"{path}: 'ladders' must be an array of tables ([[ladders]])")
    return [read_ladder(e, f"{path}: ladders[{i}]", light) for i, e in enumerate(entries)]


def _resolve(path: Path, studies: list[Any], single: bool = False) -> None:
    """Build every arm of every study (game, options, bots) so that no study is played before
    all are known to be valid; the error names the study (and the arm, as ``resolve`` does)."""
    for i, study in enumerate(studies):
        try:
            study.resolve()
        except GardensimError as exc:
            where = "" if single else f"studies[{i}] ({study.name!r}): "
            raise type(exc)(f"{path}: {where}{exc}") from None
