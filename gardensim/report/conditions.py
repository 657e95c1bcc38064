"""The grid's conditions in words: what sets an arm apart, said as its game declares it.

An arm's name is the study author's handle (``default-2p/qin-draw@greedy``); a reader wants the
rule or board it plays ("Qin-style drawing"). Each arm's configuration is stored in its run's
manifest, so a condition is generated from it: the settings that vary between the arms of one
study, each in the game's declared words: a board by its title (``GameSpec.board_title``), a
rule option by its declaration (``core.rules.Option.say``); anything else reads ``key value``.
The bots are left out, since the grid's Bots column names them, and so is the strength an arm
was played at. The arm's name stays in the row (its tooltip and the CSV's ``arm`` column).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from gardensim.analysis.frames import study_name
from gardensim.analysis.series import split_series_arm
from gardensim.analysis.strength import split_arm
from gardensim.core.spec import load

#: ``(key, value) -> words or None``: how a game words one setting of an arm
Words = Callable[[str, Any], "str | None"]


def settings(config: Mapping[str, Any]) -> dict[str, Any]:
    """An arm's settings that can set it apart: its board and its rule options."""
    found = {"board": config["board"]} if config.get("board") is not None else {}
    found.update(config.get("options") or {})
    return found


def _plain(name: str) -> str:
    """An arm's name without its strength (``@greedy``) and its series board (``~aviary``)."""
    return split_series_arm(split_arm(name)[0])[0]


def study_labels(arms: Mapping[str, Mapping[str, Any]], words: Words | None) -> dict[str, str]:
    """The words of each arm (by stored name) of one study: the settings whose values differ
    between its arms, in the game's words; an arm of a study whose arms all play alike is
    named by its own (plain) name."""
    found = {name: settings(config) for name, config in arms.items()}
    keys = [k for k in dict.fromkeys(k for s in found.values() for k in s)
            if len({repr(s.get(k)) for s in found.values()}) > 1]
    labels = {}
    for name, values in found.items():
        said = [_word(words, k, values[k]) for k in keys if k in values]
        label = ", ".join(said) or _plain(name)
        if split_series_arm(split_arm(name)[0])[1] is not None:
            label += " (a game of a series)"
        labels[name] = label
    return labels


def _word(words: Words | None, key: str, value: Any) -> str:
    said = words(key, value) if words is not None else None
    return said if said else f"{key} {value}"


def game_words(game: str) -> Words | None:
    """How ``game`` words a setting: boards by their titles, options by their declaration;
    None for a game not registered here."""
    from gardensim.core import registry
    from gardensim.core.errors import ConfigError

    try:
        spec = registry.game_spec(game)
    except ConfigError:
        return None
    title = load(spec.board_title) if spec.board_title else None
    rules = load(spec.rules) if spec.rules else None

    def words(key: str, value: Any) -> str | None:
        if key == "board":
            try:
                return title(value) if title is not None else None
            except ConfigError:  # a board file no longer where the run found it
                return None
        if rules is not None and key in rules.names:
            return rules.option(key).say(value)
        return None

    return words


def run_labels(runs: Iterable[Any], words: Words | None) -> dict[str, str]:
    """The words of every arm of ``runs``, under its stored name and under ``study/arm`` (the
    name it takes when runs are combined)."""
    labels: dict[str, str] = {}
    for index, run in enumerate(runs):
        study = study_name(run, index)
        arms = (getattr(run, "manifest", None) or {}).get("arms") or {}
        for arm, label in study_labels(arms, words).items():
            labels.setdefault(arm, label)
            labels[f"{study}/{arm}"] = label
    return labels


def labelled(rows: Sequence[Any], labels: Mapping[str, str]) -> list[Any]:
    """The grid rows with their conditions in words (a comparison: ``arm against base``);
    a row whose arms have no stored configuration keeps its condition."""
    from dataclasses import replace

    out = []
    for r in rows:
        if r.compare and r.baseline:
            if r.arm in labels and r.baseline in labels:
                r = replace(r, condition=f"{labels[r.arm]} against {labels[r.baseline]}")
        elif r.arm in labels:
            r = replace(r, condition=labels[r.arm])
        out.append(r)
    return out
