"""The generic protocol check (gardensim.core.conformance.check_game) for every player count,
both sides and changed options; determinism; honest determinization (issue 22.3)."""

from __future__ import annotations

import json
import random

import pytest

from gardensim.core.conformance import check_game
from gardensim.games.queens import QueensGame
from gardensim.games.queens.garden import FACE_DOWN


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game(players: int) -> None:
    check_game(QueensGame(players=players), seeds=range(3))


def test_check_game_on_the_variant_side_with_every_option_changed() -> None:
    options = {"first_player": "random", "pass_discard_cost": "value", "joker_rewards": "one"}
    check_game(QueensGame("variant", 3, options), seeds=range(2))


def replay(game: QueensGame, seed: int) -> str:
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    lines = [json.dumps(st.to_dict(), sort_keys=True)]
    while not st.is_terminal():
        a = st.random_action(rng)
        lines += [st.action_to_string(a)]
        st.apply_action(a)
        lines.append(json.dumps(st.to_dict(), sort_keys=True))
    return "\n".join(lines)


def test_same_seed_same_game_byte_for_byte() -> None:
    game = QueensGame(players=3)
    assert replay(game, 7).encode() == replay(game, 7).encode()
    assert replay(game, 7) != replay(game, 8)


def midgame(seed: int, steps: int = 40):
    st = QueensGame(players=2).new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        st.apply_action(st.random_action(rng))
    return st


def test_determinize_keeps_every_view_and_resamples_the_hidden_expansions() -> None:
    st = midgame(5)
    samples = [st.determinize(0, random.Random(k)) for k in range(8)]
    assert all(s.observation(p) == st.observation(p) for s in samples for p in (0, 1))
    assert len({(s.future, s.stack, s.supply) for s in samples}) > 1
    assert len({s.rng for s in samples}) == 8
    for s in samples:
        assert s.expansion_ids() == list(range(36)) and s.tile_count() == 108


def permute_hidden(st, rng: random.Random):
    """The same observation with the hidden expansions dealt differently."""
    twin = st.clone()
    unknown = [e for e in range(36) if not st.revealed >> e & 1]
    shuffled = unknown[:]
    rng.shuffle(shuffled)
    swap = dict(zip(unknown, shuffled, strict=True))
    twin.future = tuple(tuple(swap.get(e, e) for e in s) for s in st.future)
    twin.stack = tuple(swap.get(e, e) for e in st.stack)
    twin.display = tuple((swap.get(e, e) if t else e, t) for e, t in st.display)
    twin.supply = tuple(swap.get(e, e) for e in st.supply)
    twin.areas = [[FACE_DOWN + swap.get(a - FACE_DOWN, a - FACE_DOWN) if a >= FACE_DOWN else a
                   for a in areas] for areas in st.areas]
    twin.rng = st.rng ^ 12345
    return twin


def test_determinize_is_honest_it_reads_only_the_observation() -> None:
    for seed in range(4):
        st = midgame(seed, 30 + seed * 7)
        other = permute_hidden(st, random.Random(seed))
        assert other.observation(0) == st.observation(0)
        assert other.to_dict() != st.to_dict()
        a = st.determinize(0, random.Random(99)).to_dict()
        b = other.determinize(0, random.Random(99)).to_dict()
        assert a == b


def test_clone_copies_the_chance_generator() -> None:
    st = midgame(3, 20)
    twin = st.clone()
    rng1, rng2 = random.Random(1), random.Random(1)
    while not st.is_terminal():
        a = st.random_action(rng1)
        assert a == twin.random_action(rng2)
        st.apply_action(a)
        twin.apply_action(a)
    assert st.to_dict() == twin.to_dict()
