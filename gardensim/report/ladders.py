"""Strength ladders proved by play, as a study set asks for them and a report shows them.

A study set's ``[[ladders]]`` table names a game (and optionally its board, games per step,
seed and rungs; default the game's own ladder, ``sim.study.game_ladder``). Before the report is
built, each ladder is proved (:func:`gardensim.tournament.ladder.prove_ladder`) into
``RUNS/ladders/<game>-<board>.csv`` beside a ``.json`` of the configuration that made it, and a
later report reuses the stored table when the configuration is the same: the report reads the
stored table only, as it reads the studies' stored frames.

The report's section for it is generic: every sentence is generated from its row.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from gardensim.core.errors import ConfigError

#: Keys of a ``[[ladders]]`` table.
LADDER_KEYS = ("game", "board", "games", "light_games", "seed", "rungs", "reference")
#: Games per step when a ladder table does not say.
DEFAULT_GAMES = 400
#: The stored table's folder under the runs folder.
FOLDER = "ladders"


@dataclass(frozen=True)
class LadderProof:
    """One ladder to prove: each rung against the one below at two players."""

    game: str
    board: str | None
    games: int
    seed: int
    rungs: tuple[str, ...]
    #: The bot the top rung must beat by ``TOP_SHARE`` (the game's ladder file's, by default).
    reference: str | None = None

    @property
    def file_stem(self) -> str:
        return f"{self.game}-{self.board or 'default'}"


def read_ladder(entry: Any, where: str, light: bool = False) -> LadderProof:
    """A ``[[ladders]]`` table, validated (its rungs resolved to bot specs)."""
    from gardensim.core import registry
    from gardensim.sim.study import game_ladder, ladder_reference

    if not isinstance(entry, Mapping):
        raise ConfigError(f"{where} must be a table with at least a 'game'")
    unknown = [k for k in entry if k not in LADDER_KEYS]
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r}; allowed keys: "
                          f"{', '.join(LADDER_KEYS)}")
    game = entry.get("game")
    if not isinstance(game, str) or game not in registry.game_names():
        raise ConfigError(f"{where}: 'game' must be one of {', '.join(registry.game_names())}, "
                          f"got {game!r}")
    counts = {}
    for key, default in (("games", DEFAULT_GAMES), ("light_games", None), ("seed", 1)):
        value = entry.get(key, default)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < (0 if key == "seed" else 2)):
            raise ConfigError(f"{where}: {key!r} must be an integer "
                              f"{'>= 0' if key == 'seed' else '>= 2'}, got {value!r}")
        counts[key] = value
    board = entry.get("board")
    if board is not None and not isinstance(board, str):
        raise ConfigError(f"{where}: 'board' must be a board name, got {board!r}")
    rungs = entry.get("rungs")
    reference = entry.get("reference")
    if reference is not None and not isinstance(reference, str):
        raise ConfigError(f"{where}: 'reference' must be a bot spec, got {reference!r}")
    if rungs is None:
        rungs = game_ladder(game, 2)
        reference = reference or ladder_reference(game)
    elif not isinstance(rungs, list) or len(rungs) < 2 or not all(
            isinstance(r, str) for r in rungs):
        raise ConfigError(f"{where}: 'rungs' must list at least two bot specs, weakest first")
    try:
        registry.make_game(game, board, 2, {})
        specs = tuple(registry.make_bot(r).spec for r in rungs)
        reference = None if reference is None else registry.make_bot(reference).spec
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    games = counts["light_games"] if light and counts["light_games"] else counts["games"]
    return LadderProof(game, board, games, counts["seed"], specs, reference)


def prove(proof: LadderProof, runs_dir: str | Path, jobs: int | None = None,
          progress: bool = False, engine: str | None = None) -> pd.DataFrame:
    """The stored table of ``proof`` (played now unless ``runs_dir`` holds it already for the
    same configuration), on ``engine`` (default ``auto``)."""
    from gardensim.sim.play import DEFAULT_ENGINE
    from gardensim.tournament.ladder import prove_ladder

    folder = Path(runs_dir) / FOLDER
    table_path = folder / f"{proof.file_stem}.csv"
    config_path = folder / f"{proof.file_stem}.json"
    config = {**asdict(proof), "rungs": list(proof.rungs)}
    engine = engine or DEFAULT_ENGINE
    if engine != DEFAULT_ENGINE:  # the same games, but another cost column
        config["engine"] = engine
    if table_path.is_file() and config_path.is_file():
        try:
            if json.loads(config_path.read_text(encoding="utf-8")) == config:
                return pd.read_csv(table_path)
        except json.JSONDecodeError:
            pass  # a damaged record is played again, never trusted
    table = prove_ladder(proof.game, list(proof.rungs), games=proof.games, seed=proof.seed,
                         board=proof.board, jobs=jobs or 1, progress=progress,
                         reference=proof.reference, engine=engine)
    folder.mkdir(parents=True, exist_ok=True)
    # the table first, the record of its configuration last: an interrupted write is replayed
    tmp = table_path.with_suffix(".csv.tmp")
    table.to_csv(tmp, index=False)
    tmp.replace(table_path)
    config_path.write_text(json.dumps(config, indent=1), encoding="utf-8")
    return table


def step_sentence(row: Any) -> str:
    """What one step of the table (or the top rung against the reference bot) says, from its
    row alone."""
    from gardensim.tournament.ladder import REFERENCE, STEP_SHARE, TOP_SHARE

    cost = (f"; a game at {row.rung} costs {row.cpu_s_per_game:.3g} CPU-seconds"
            if math.isfinite(row.cpu_s_per_game) else "")
    top = getattr(row, "against", "") == REFERENCE
    if top:
        verdict = (f"the top rung reaches the target of {100 * TOP_SHARE:.0f}% against "
                   f"{row.below}, the strongest bot shipped before the ladder" if
                   row.step == "proved" else
                   f"short of the top rung's target ({100 * TOP_SHARE:.0f}% against {row.below}, "
                   "with its interval above 50%)")
    else:
        verdict = ("a proved step" if row.step == "proved" else
                   f"not a proved step (it needs at least {100 * STEP_SHARE:.0f}% with its "
                   "interval above 50%)")
    who = f"The top rung, {row.rung}," if top else row.rung
    return (f"{who} beats {row.below} in {100 * row.win_share:.1f}% of {row.games} games "
            f"on {row.deals} deals at {row.players} players (95% CI {100 * row.low:.1f}%–"
            f"{100 * row.high:.1f}%, clustered on deals), an Elo step of "
            f"{row.elo_step:+.0f}: {verdict}{cost}.")


__all__ = ["LadderProof", "prove", "read_ladder", "step_sentence"]
