"""The play loop shared by studies, tournaments and benchmarks.

One game is fully determined by the game configuration, the bots, the master seed and the game
index: the deal comes from ``seeding.game_seed(master, deal)`` and each seat's bot generator from
``seeding.bot_rng(master, game_index, seat)``. Seats rotate over deals: game ``g`` of an
``n``-seat line-up plays deal ``g // n`` with the line-up rotated by ``g % n``, so every deal is
played once from every seat (duplicate play). Pools and tournaments at three or more seats also
take the line-up's cyclic orders in turn over the deals (:func:`cyclic_orders`).

A game's row is a plain dict and its turns come as columns; the runner turns both into
DataFrames (see ``docs/telemetry.md``).
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any, TypeVar

from gardensim.core import seeding
from gardensim.core.protocol import MAX_SEATS, Game

T = TypeVar("T")


def cyclic_orders(members: Sequence[T]) -> list[tuple[T, ...]]:
    """Every order of ``members`` round a table, each starting with the first member.

    At three or more seats the order matters as much as the seat: the bot that moves right
    after a weak one inherits the openings it leaves (``docs/mcts-multiplayer.md``), so a
    line-up kept in one order would favour whoever sits after the weakest bot.
    """
    first, *rest = members
    return [(first, *p) for p in permutations(rest)]


def seating(lineup: Sequence[str], game_index: int) -> tuple[int, list[str]]:
    """(deal index, bot spec per seat) of game ``game_index`` for a rotating ``lineup``."""
    return lineup_seating([lineup], game_index)


def lineup_seating(
    lineups: Sequence[Sequence[T]], game_index: int, rotate: bool = True, cyclic: bool = False
) -> tuple[int, list[T]]:
    """(deal index, bot per seat) of game ``game_index`` when several line-ups share deals.

    Every deal is played by each line-up in turn and, with ``rotate``, by each rotation of it
    over the seats, so seat and line-up effects are paired on the same deals (duplicate play).
    With ``cyclic`` (and ``rotate``) deal ``d`` seats each line-up in its cyclic order
    ``d % (n - 1)!``, so over ``(n - 1)!`` deals every bot sits right after every other bot
    equally often.
    """
    n = len(lineups[0])
    block = len(lineups) * (n if rotate else 1)
    deal, r = divmod(game_index, block)
    if not rotate:
        return deal, list(lineups[r])
    lineup, rot = lineups[r // n], r % n
    if cyclic:
        orders = cyclic_orders(lineup)
        lineup = orders[deal % len(orders)]
    return deal, [lineup[(s + rot) % n] for s in range(n)]


@dataclass
class GameRecord:
    """What one played game leaves behind: its row and, with telemetry, its turns as columns
    (column name -> one value per turn, runner columns first; a list, or a numpy or Arrow
    array where a compiled engine counted; a fast engine's mapping may build them only when
    read, or join a batch of games at once, see ``frames.columns_to_table``)."""

    game: dict[str, Any]
    turns: Mapping[str, Any] = field(default_factory=dict)

    @property
    def turn_rows(self) -> list[dict[str, Any]]:
        """The turns as one dict per turn of Python values (for reading; the runner keeps
        columns)."""
        names = list(self.turns)
        columns = [v.tolist() if hasattr(v, "tolist") else v for v in self.turns.values()]
        return [dict(zip(names, values, strict=True))
                for values in zip(*columns, strict=True)]


def _columns(rows: Sequence[dict[str, Any]]) -> dict[str, list[Any]]:
    """Per-turn dicts transposed to columns (games without batched turn columns)."""
    names = list(rows[0]) if rows else []
    return {c: [row.get(c) for row in rows] for c in names}


#: Engine choices of a study or command: ``auto`` plays in a game's fast engine whenever it
#: covers the whole configuration (``core.fastpath``), ``python`` always in the readable engine,
#: ``fast`` in the fast engine or not at all (a configuration it does not cover is an error).
ENGINES = ("auto", "python", "fast")
PYTHON_ENGINE = "python"
FAST_ENGINE = "fast"
#: A fast engine plays the very games the readable one would (same deal, same generator calls),
#: so it is the default (docs/decisions.md, "The compiled engine plays by default").
DEFAULT_ENGINE = "auto"


@dataclass(frozen=True)
class EngineChoice:
    """Which engine plays a configuration and, when the game's fast engine does not, why
    (None: the game has no fast engine)."""

    name: str
    reason: str | None = None


_CHOICES: weakref.WeakKeyDictionary[Game, dict[tuple[Any, ...], EngineChoice]] = (
    weakref.WeakKeyDictionary())
_FAST_ENGINES: dict[str, Any] = {}


def choose_engine(game: Game, bots: Sequence[Any], engine: str = DEFAULT_ENGINE) -> EngineChoice:
    """The engine that plays ``bots`` on ``game`` under the study's ``engine`` setting.

    The fast engine plays only what its coverage declares (rule options and their values, bots
    and their parameters, its own limits); anything else falls back to the readable engine
    with the reason, or, with ``engine="fast"``, is a ConfigError naming it."""
    if engine == PYTHON_ENGINE:
        return EngineChoice(PYTHON_ENGINE)
    known = _CHOICES.setdefault(game, {})
    key = tuple((type(bot), getattr(bot, "spec", id(bot))) for bot in bots)
    choice = known.get(key)
    if choice is None:
        choice = known[key] = _choose(game, bots)
    if engine == FAST_ENGINE and choice.name == PYTHON_ENGINE:
        from gardensim.core.errors import ConfigError

        raise ConfigError(f"--engine fast: {choice.reason or game.name + ' has no fast engine'}")
    return choice


def _choose(game: Game, bots: Sequence[Any]) -> EngineChoice:
    from gardensim.core import registry
    from gardensim.core.errors import ConfigError
    from gardensim.core.spec import load

    try:
        spec = registry.game_spec(game.name)
    except ConfigError:  # a game registered without a spec
        return EngineChoice(PYTHON_ENGINE)
    if not spec.fast_engine or not spec.fast_coverage or not spec.rules:
        return EngineChoice(PYTHON_ENGINE)
    coverage = load(spec.fast_coverage)
    reason = coverage.option_refusal(load(spec.rules), game.options, game.num_players)
    if reason is None and coverage.limits:
        reason = load(coverage.limits)(game)
    for bot in bots:
        if reason is not None:
            break
        try:
            known = registry.bot_class(getattr(bot, "name", ""))
        except ConfigError:  # a bot of the caller's own, not in the registry
            known = None
        reason = coverage.bot_refusal(bot, known)
    if reason is not None:
        return EngineChoice(PYTHON_ENGINE, f"{coverage.engine} cannot play this: {reason}")
    return EngineChoice(coverage.engine)


def fast_player(game: Game, bots: Sequence[Any]) -> Any:
    """The game's fast engine for this line-up (``GameSpec.fast_engine``) when its coverage
    holds the whole configuration, else None."""
    if choose_engine(game, bots).name == PYTHON_ENGINE:
        return None
    found = _FAST_ENGINES.get(game.name)
    if found is None:
        from gardensim.core import registry
        from gardensim.core.spec import load

        found = _FAST_ENGINES[game.name] = load(registry.game_spec(game.name).fast_engine)
    return found(game, bots)


def engine_name(game: Game, bots: Sequence[Any], engine: str = DEFAULT_ENGINE) -> str:
    """Which engine plays this line-up: the fast engine's name, or ``python``."""
    return choose_engine(game, bots, engine).name


def play_games(
    game: Game,
    items: Sequence[tuple[int, int, Sequence[Any]]],
    master_seed: int,
    telemetry: bool = True,
    engine: str = DEFAULT_ENGINE,
) -> list[GameRecord]:
    """Play ``items`` (game index, deal index, bots by seat): what :func:`play_game` gives for
    each, in order. When the game's fast engine covers every line-up and plays batches (its
    players have ``many``), they are played in one call: a compiled engine then pays the
    call, and the cache misses of starting cold, once per batch rather than per game."""
    if engine != PYTHON_ENGINE and items:
        players = [fast_player(game, bots) for _, _, bots in items]
        many = getattr(players[0], "many", None)
        if many is not None and all(player is not None for player in players):
            return many(master_seed, [(index, deal, player) for (index, deal, _), player
                                      in zip(items, players, strict=True)], telemetry)
    return [play_game(game, bots, master_seed, index, deal, telemetry, engine)
            for index, deal, bots in items]


def play_game(
    game: Game,
    bots: Sequence[Any],
    master_seed: int,
    game_index: int,
    deal_index: int | None = None,
    telemetry: bool = True,
    engine: str = DEFAULT_ENGINE,
) -> GameRecord:
    """Play one game; ``bots[s]`` sits in seat ``s``.

    With ``engine="auto"`` (the default) the game's fast engine plays when it covers every bot:
    the same game, row and turn columns but the timings (:func:`fast_player`); ``"python"``
    forces the loop below.

    ``deal_index`` defaults to ``game_index``. Decision times are measured but never influence
    play, so rows are identical across machines except for the timing columns. With telemetry a
    game whose state has ``batched_turns`` only takes a :meth:`mark` per turn here and builds
    its turn columns once at the end; others give a :meth:`turn_row` per turn.
    """
    deal = game_index if deal_index is None else deal_index
    if engine != PYTHON_ENGINE:
        fast = fast_player(game, bots)
        if fast is not None:
            return fast(master_seed, game_index, deal, telemetry)  # type: ignore[no-any-return]
    seed = seeding.game_seed(master_seed, deal)
    state = game.new_initial_state(seed)
    rngs = [seeding.bot_rng(master_seed, game_index, s) for s in range(game.num_players)]
    played: list[int] = []
    batched = telemetry and state.batched_turns
    marks: list[Any] = []
    turn_actions: list[list[int]] = []
    turn_rows: list[dict[str, Any]] = []
    turn_index: list[int] = []
    turn_seat: list[int] = []
    turn_spent: list[float] = []
    decision = [0.0] * game.num_players
    decisions = [0] * game.num_players
    # turns played, the last one counted even when the game ends within it (a state's turn
    # counter moves on only when a turn is over)
    played_turns = 0
    specs = [bot.spec for bot in bots]
    # bound methods in locals: this loop is the hot path of every study and benchmark
    choosers = [bot.choose_action for bot in bots]
    clock, is_terminal, apply = time.perf_counter, state.is_terminal, state.commit
    record = played.append

    while not is_terminal():
        seat = state.current_player
        turn = state.turn
        if telemetry:
            mark = state.mark()
            if batched:
                marks.append(mark)
        start = len(played)
        choose, rng = choosers[seat], rngs[seat]
        spent = 0.0
        while True:
            t0 = clock()
            action = choose(state, rng)
            spent += clock() - t0
            record(action)
            apply(action)
            if is_terminal() or state.turn != turn:
                break
        decision[seat] += spent
        decisions[seat] += 1
        played_turns += 1
        if telemetry:
            actions = played[start:]
            turn_index.append(turn)
            turn_seat.append(seat)
            turn_spent.append(spent)
            if batched:
                turn_actions.append(actions)
            else:
                turn_rows.append(state.turn_row(mark, actions))

    returns = state.returns()
    row: dict[str, Any] = {
        "game": game_index,
        "deal": deal,
        "seed": seed,
        "players": game.num_players,
        "turns": played_turns,
        "moves": " ".join(state.actions_to_strings(played)),
    }
    for s in range(MAX_SEATS):
        present = s < game.num_players
        row[f"bot_{s}"] = specs[s] if present else None
        row[f"win_{s}"] = returns[s] if present else float("nan")
        row[f"decision_s_{s}"] = decision[s] / max(decisions[s], 1) if present else float("nan")
    row["winners"] = ",".join(str(s) for s, r in enumerate(returns) if r > 0)
    row.update(state.game_row())
    if not telemetry:
        return GameRecord(game=row)
    if batched:
        marks.append(state.mark())
        own = state.turn_table(marks, turn_actions)
    else:
        own = _columns(turn_rows)
    turns = {
        "game": [game_index] * len(turn_index),
        "turn": turn_index,
        "seat": turn_seat,
        "bot": [specs[s] for s in turn_seat],
        "decision_s": turn_spent,
        **own,
    }
    return GameRecord(game=row, turns=turns)
