"""Golden playthroughs of Gazebo: seeded bot games written out move by move with their events.

Each configuration (board, players, rule options) plays a few games between fixed line-ups of
bots through the real play loop (``sim.play.play_game``; the bots' look-ahead, undo and
determinization all take part) and writes, per move, the seat, the number of legal actions, the
move and every event it caused; then every turn's telemetry, the game row and the final
position. Any change to rules, move generation or order, event order, evaluation, bots' choices
or telemetry shows up as a diff of ``tests/gazebo/golden/*.txt``.

Both engines write the same files (OpenSpiel's playthrough consistency): ``engine="python"``
takes the moves, legal counts and events from the readable engine; ``engine="fast"`` takes the
moves from the compiled kernel's play, the legal counts and events from stepping the kernel's own
position, the turn columns and game row from the kernel's telemetry. The final position is the
readable engine's replay of the moves in both (the kernel has no such picture of itself).

Regenerate after an intended change with ``GARDENSIM_REGEN_GOLDEN=1 .venv/bin/python -m pytest
-p no:xdist tests/gazebo/test_golden.py`` (or ``.venv/bin/python -m tests.gazebo.golden_games``)
and review the diff.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gardensim.core import registry
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.replay import play_token, replay_actions
from gardensim.sim.play import play_game

GOLDEN = Path(__file__).parent / "golden"
MASTER_SEED = 20
#: per-turn columns left out: wall-clock times differ from run to run
UNTIMED = ("decision_s",)


@dataclass(frozen=True)
class Config:
    """One rules configuration and the bot line-ups that play it, one game each."""

    name: str
    board: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    lineups: tuple[tuple[str, ...], ...] = ()


CONFIGS = (
    Config("aviary-2p", "aviary", 2, {}, (
        ("random", "random"), ("random", "random"), ("greedy", "random"),
        ("greedy", "greedy:samples=2"), ("mcts:iters=6", "greedy"),
    )),
    Config("botanical-3p", "botanical", 3, {}, (
        ("random",) * 3, ("greedy", "random", "greedy:samples=2"), ("greedy",) * 3,
        ("mcts:iters=8", "greedy", "random"),
    )),
    Config("butterfly-4p-partnership", "butterfly", 4, {"partnership": True}, (
        ("random",) * 4, ("greedy", "random", "random", "greedy"), ("greedy",) * 4,
        ("mcts:iters=4", "greedy", "random", "greedy:samples=2"),
    )),
    Config("jungle-2p-qin", "jungle", 2, {"draw": "qin"}, (
        ("random", "random"), ("greedy", "greedy"), ("mcts:iters=6", "random"),
    )),
    Config("qin-3p-qin-classic", "qin", 3, {"draw": "qin-classic"}, (
        ("random",) * 3, ("greedy", "greedy", "random"),
    )),
    Config("aviary-4p-options", "aviary", 4,
           {"no_move_ends_game": False, "hand_size": 2}, (
               ("random",) * 4, ("greedy", "random", "greedy", "random"),
           )),
    Config("jungle-3p-vases", "jungle", 3, {}, (
        ("random",) * 3, ("greedy", "greedy:samples=2", "mcts:iters=4"),
    )),
)


def _events(event: dict[str, Any]) -> str:
    return json.dumps(event, separators=(",", ":"))


def _readable_moves(game: GazeboGame, record: Any) -> tuple[list[tuple[Any, ...]], Any]:
    """(seat, legal count, token, events) per move, from replaying the game's moves on a
    logging readable state, and that state."""
    state = replay_actions(game, record.game["seed"], "")
    legal: list[int] = []
    for token in record.game["moves"].split():
        legal.append(len(state.legal_actions()))
        play_token(state, len(state.records) + 1, token)
    return [(m["player"], count, m["move"], m["events"])
            for count, m in zip(legal, state.records, strict=True)], state


def _kernel_moves(game: GazeboGame, bots: list[Any], game_index: int) -> list[tuple[Any, ...]]:
    """(seat, legal count, token, events) per move of the kernel's own play of the game,
    stepped on the kernel's position."""
    from gardensim.core import seeding
    from gardensim.games.gazebo.kernel import KernelGame, kernel_bot
    from gardensim.games.gazebo.kernel.layout import PLAYER
    from gardensim.games.gazebo.kernel.telemetry import notation

    kernel = KernelGame(game)
    seed = seeding.game_seed(MASTER_SEED, game_index)
    streams = [seeding.bot_seed(MASTER_SEED, game_index, s) for s in range(len(bots))]
    record = kernel.play(seed, [kernel_bot(b, game) for b in bots], streams=streams)
    events = kernel.move_events(record)
    names = notation(game.geometry)
    S = kernel.deal(seed)
    kernel.begin(S)
    out = []
    for action, move_events in zip(record.actions, events, strict=True):
        out.append((int(S[PLAYER]), len(kernel.legal_actions(S)), names[action], move_events))
        kernel.apply(S, action)
    return out


def playthrough(config: Config, game_index: int, engine: str = "python") -> list[str]:
    """The lines of one game: header, one line per move, one per turn, the final position."""
    game = GazeboGame(config.board, config.players, config.options)
    lineup = config.lineups[game_index]
    bots = [registry.make_bot(spec) for spec in lineup]
    record = play_game(game, bots, MASTER_SEED, game_index, engine=engine)
    seed = record.game["seed"]
    moves, state = _readable_moves(game, record)
    if engine != "python":
        moves = _kernel_moves(game, bots, game_index)
    lines = [f"## game {game_index}: seed {seed}, seats {' '.join(lineup)}"]
    for player, count, token, events in moves:
        text = " ".join(_events(e) for e in events)
        line = f"{player} {count} {token}"
        lines.append(f"{line} | {text}" if text else line)
    for turn in record.turn_rows:  # Python values, whatever arrays an engine built
        cells = [f"{c}={v}" for c, v in turn.items()
                 if v not in (None, 0, "") and c not in ("game", "bot", *UNTIMED)]
        lines.append("turn " + " ".join(cells))
    row = {k: v for k, v in record.game.items() if not k.startswith("decision_s")}
    lines.append("game " + json.dumps(row, sort_keys=True, default=str))
    final = state.to_dict()
    final.pop("moves")
    lines.append("final " + json.dumps(final, sort_keys=True))
    return lines


def golden_text(config: Config, engine: str = "python") -> str:
    opts = json.dumps(config.options, sort_keys=True)
    lines = [f"# gazebo {config.board} {config.players}p options {opts} master seed {MASTER_SEED}",
             "# per move: seat, legal actions, move | events; per turn: non-zero telemetry; "
             "then the game row and the final position"]
    for g in range(len(config.lineups)):
        lines.extend(playthrough(config, g, engine))
    return "\n".join(lines) + "\n"


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for config in CONFIGS:
        (GOLDEN / f"{config.name}.txt").write_text(golden_text(config))


if __name__ == "__main__":
    regenerate()
