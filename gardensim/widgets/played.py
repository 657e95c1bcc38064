"""A game a person played against bots, kept as a replayable record (issue 44, item 4).

A record holds what a stored study game holds (``sim.api.stored_game``): the game's
configuration (``options`` as chosen, which rebuild the game; ``rules``, every option with its
default filled in, for reading), the deal seed and every action in the game's notation.
Re-playing those moves through the rules from the seed reaches the very final position, which
the record also keeps (``final``, the state's ``to_dict()``), so :func:`check_record` can prove
the replay. Records are JSON files under ``<runs>/played/``, beside the cached study runs
(``widgets.cache.runs_root``), named after a hash of their content: the same game stored twice
is one file.

Nothing here names a game: the registry builds the engine from the record's configuration.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gardensim.core.errors import ConfigError, FileAccessError, os_error_text
from gardensim.widgets.cache import runs_root

if TYPE_CHECKING:
    from gardensim.core.protocol import GameState

#: Marks a file as a played-game record; ``version`` changes when the layout does.
RECORD_FORMAT = "gardensim-played-game"
RECORD_VERSION = 1
PLAYED_DIR = "played"
#: Keys every record has (``check_record`` refuses a file without them).
RECORD_KEYS = ("format", "version", "game", "board", "players", "options", "master_seed",
               "deal", "seed", "seats", "moves", "returns", "final")
#: What a record calls the seat a person played, where a study names a bot spec.
HUMAN = "human"


def normalised(data: Any) -> Any:
    """``data`` as it reads back from JSON (tuples become lists, keys strings), so a live
    state's ``to_dict()`` compares equal to a stored one."""
    return json.loads(json.dumps(data))


def record_path(record: Mapping[str, Any], root: str | Path | None = None) -> Path:
    """Where ``record`` is stored: ``<runs>/played/<game>-<board>-<n>p-<hash>.json``."""
    text = json.dumps(dict(record), sort_keys=True)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-",
                  f"{record['game']}-{record['board'] or 'default'}-{record['players']}p")
    return runs_root(root) / PLAYED_DIR / f"{slug.strip('-')}-{digest}.json"


def store_record(record: Mapping[str, Any], root: str | Path | None = None) -> Path:
    """Write ``record`` (see :func:`record_path`) and return its path."""
    path = record_path(record, root)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(dict(record), indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise FileAccessError(os_error_text(exc, path)) from None
    return path


def played_records(root: str | Path | None = None) -> list[Path]:
    """Every stored record under ``<runs>/played/``, oldest name first."""
    folder = runs_root(root) / PLAYED_DIR
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def load_record(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """A record from its file (or as given), refused in one line when it is not one."""
    if isinstance(source, Mapping):
        record = dict(source)
        where = "record"
    else:
        where = str(source)
        try:
            record = json.loads(Path(source).read_text(encoding="utf-8"))
        except OSError as exc:
            raise FileAccessError(os_error_text(exc, source)) from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{where}: not a played-game record ({exc})") from None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise ConfigError(f"{where}: not a played-game record (no format {RECORD_FORMAT!r})")
    if record.get("version") != RECORD_VERSION:
        raise ConfigError(f"{where}: record version {record.get('version')!r}; this gardensim "
                          f"reads version {RECORD_VERSION}")
    missing = [key for key in RECORD_KEYS if key not in record]
    if missing:
        raise ConfigError(f"{where}: the record lacks {missing[0]!r}")
    return record


def replay_record(source: str | Path | Mapping[str, Any]) -> GameState:
    """The final state of a record, rebuilt move by move through the rules from its seed
    (every move checked for legality, so an edited record stops at its first bad move)."""
    from gardensim.core import registry
    from gardensim.core.errors import IllegalMoveError

    record = load_record(source)
    game = registry.make_game(record["game"], record["board"], record["players"],
                              record["options"])
    state = game.new_initial_state(int(record["seed"]))
    for index, move in enumerate(record["moves"], start=1):
        try:
            state.play(move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {index} {move}: {exc}") from None
    return state


def check_record(source: str | Path | Mapping[str, Any]) -> GameState:
    """Replay a record and require the position it stored: the replayed state, or a
    ConfigError saying the record and the rules disagree."""
    record = load_record(source)
    state = replay_record(record)
    if normalised(state.to_dict()) != record["final"]:
        raise ConfigError("the record's moves replay to another position than the one it "
                          "stored (the rules changed since it was played, or it was edited)")
    if normalised(state.returns()) != record["returns"]:
        raise ConfigError("the record's moves replay to another result than the one it stored")
    return state
