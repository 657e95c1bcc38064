"""The generic conformance check every game must pass (OpenSpiel's playthrough spirit).

It plays seeded random games through the protocol only and checks what bots and the runner rely
on: determinism, undo and clone exactness, commit equal to apply, notation round trips, honest
determinization and well-formed returns. Each game's test suite calls :func:`check_game`.
"""

from __future__ import annotations

import json
import random

from gardensim.core.protocol import TERMINAL, Game, GameState


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
    for seed in seeds:
        assert play_random_game(game, seed) == play_random_game(game, seed), "same seed, same game"
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
            if step % deep_every == 0:
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
