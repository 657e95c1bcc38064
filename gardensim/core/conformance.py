"""The generic conformance check every game must pass (OpenSpiel's playthrough spirit).

It plays seeded random games through the protocol only and checks what bots and the runner rely
on: determinism, undo and clone exactness, commit equal to apply, notation round trips (with no
spaces, since move lists are space-separated), honest determinization (it ignores what the
player cannot see), heuristic values in [0, 1] and well-formed returns. Every optional
capability the game declares (:func:`gardensim.core.protocol.capabilities`) is checked against
the default it replaces: ``action_values`` equals apply–value–undo, ``turn_table`` equals
``turn_row`` turn by turn, and telemetry rows have exactly the declared columns. Each game's test
suite calls :func:`check_game`.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

from gardensim.core.protocol import TERMINAL, Game, GameState, capabilities


def _snapshot(state: GameState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True, default=str)


def play_random_game(game: Game, seed: int, max_actions: int = 100_000) -> list[int]:
    """Actions of one random game (random agent seeded with ``seed``)."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        a = state.random_action(rng)
        actions.append(a)
        state.apply_action(a)
        if len(actions) > max_actions:
            raise AssertionError("game did not end")
    return actions


def check_game(game: Game, seeds: range | list[int] = range(5), deep_every: int = 7) -> None:
    """Raise AssertionError on the first protocol violation found in random games.

    Every ``deep_every``-th position gets the expensive checks (undo of every legal action,
    clone independence, determinization).
    """
    declared = capabilities(game.new_initial_state(0))
    for seed in seeds:
        assert play_random_game(game, seed) == play_random_game(game, seed), "same seed, same game"
        _check_clone_plays_on(game, seed)
        state = game.new_initial_state(seed)
        committed = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        played = []
        while not state.is_terminal():
            p = state.current_player
            assert 0 <= p < game.num_players, f"bad current player {p}"
            legal = state.legal_actions()
            assert legal, "a live state must offer at least one action"
            assert len(set(legal)) == len(legal), "duplicate legal actions"
            a = state.random_action(rng)
            assert a in legal, "random_action must be legal"
            text = state.action_to_string(a)
            assert state.string_to_action(text) == a, f"notation round trip failed for {text}"
            assert " " not in text, f"notation {text!r} holds a space"
            if step % deep_every == 0:
                _check_deep(state, legal, p, step, declared)
                before = _snapshot(state)
                for b in legal:
                    state.apply_action(b)
                    state.undo()
                    assert _snapshot(state) == before, f"undo of {state.action_to_string(b)}"
                twin = state.clone()
                twin.apply_action(a)
                assert _snapshot(state) == before, "clone shares state with its original"
                det = state.determinize(p, random.Random(step))
                assert det.observation(p) == state.observation(p), "determinize changed the view"
                assert sorted(det.legal_actions()) == sorted(legal), "determinize changed moves"
                assert det.current_player == p
                assert _snapshot(committed) == before, "commit differs from apply_action"
                for b in legal[:3]:
                    committed.apply_action(b)
                    committed.undo()
                    assert _snapshot(committed) == before, "undo after commit"
            state.apply_action(a)
            committed.commit(a)
            played.append(a)
            step += 1
        assert state.actions_to_strings(played) == list(map(state.action_to_string, played))
        assert _snapshot(committed) == _snapshot(state), "commit differs from apply_action"
        assert state.current_player == TERMINAL
        r = state.returns()
        assert len(r) == game.num_players and abs(sum(r) - 1) < 1e-9, f"returns {r}"
        assert all(v >= 0 for v in r)
        if "game_row" in declared:
            assert set(state.game_row()) == set(game.game_columns), "game_row keys"
    if "turn_row" in declared:
        _check_turn_rows(game, next(iter(seeds)), "turn_table" in declared)


def _check_deep(state: GameState, legal: list[int], p: int, step: int, declared: set[str]) -> None:
    """Capabilities and promises checked at a sampled position: heuristic range, one-ply
    values, and determinization that depends only on what ``p`` sees."""
    before = _snapshot(state)
    for seat in range(state.game.num_players):
        value = state.evaluate(seat)
        assert 0.0 <= value <= 1.0, f"evaluate({seat}) = {value} is outside [0, 1]"
    if "action_values" in declared:
        fast = state.action_values(p, legal)
        assert _snapshot(state) == before, "action_values changed the state"
        slow = GameState.action_values(state, p, legal)
        assert len(fast) == len(slow) and all(
            math.isclose(f, s, rel_tol=1e-9, abs_tol=1e-12) for f, s in zip(fast, slow, strict=True)
        ), "action_values differs from apply, value, undo"
    other = state.determinize(p, random.Random(10_000 + step))
    twice = other.determinize(p, random.Random(step))
    once = state.determinize(p, random.Random(step))
    assert _every_view(twice) == _every_view(once), "determinize reads what the player cannot see"


def _every_view(state: GameState) -> str:
    """What every seat would see, hidden hands included (the snapshot may hide them)."""
    views = [state.observation(q) for q in range(state.game.num_players)]
    return json.dumps([_snapshot(state), views], sort_keys=True, default=str)


def _check_clone_plays_on(game: Game, seed: int) -> None:
    """A clone taken mid-game, chance generator included, plays on exactly as its original."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(7):
        if state.is_terminal():
            return
        state.apply_action(state.random_action(rng))
    twin = state.clone()
    for copy in (state, twin):
        moves = random.Random(seed + 1)
        while not copy.is_terminal():
            copy.apply_action(copy.random_action(moves))
    assert _snapshot(twin) == _snapshot(state), "a clone plays on differently from its original"
    assert twin.returns() == state.returns(), "a clone ends with other returns"


def _same(a: Any, b: Any) -> bool:
    missing = (a is None or (isinstance(a, float) and math.isnan(a)),
               b is None or (isinstance(b, float) and math.isnan(b)))
    return all(missing) or (not any(missing) and a == b)


def _check_turn_rows(game: Game, seed: int, batched: bool) -> None:
    """Telemetry rows have exactly the declared turn columns; batched turn columns equal the
    per-turn rows."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    marks, actions, rows = [], [], []
    while not state.is_terminal():
        turn, played = state.turn, []
        marks.append(state.mark())
        while True:
            played.append(state.random_action(rng))
            state.apply_action(played[-1])
            if state.is_terminal() or state.turn != turn:
                break
        actions.append(played)
        rows.append(state.turn_row(marks[-1], played))
        assert set(rows[-1]) == set(game.turn_columns), "turn_row keys"
    if not batched:
        return
    marks.append(state.mark())
    table = state.turn_table(marks, actions)
    assert set(table) == set(game.turn_columns), "turn_table columns"
    for column, values in table.items():
        assert len(values) == len(rows), f"turn_table column {column} has a value per turn"
        for t, (value, row) in enumerate(zip(values, rows, strict=True)):
            assert _same(value, row[column]), f"turn_table differs from turn_row: {column}[{t}]"
