"""The kernel plays the readable engine's games: the same seed gives the same game, move for
move, with the same game row and turn columns (timings aside), checked game by game with
``check_fast_engine`` over both sides, 2-4 players, every rule option at a value other than
its default, and random, greedy, epsilon-greedy and two-sample greedy seats."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gardensim.core import registry
from gardensim.games.queens.chance import seed_state
from gardensim.games.queens.kernel.reseed import hashed_seed
from gardensim.sim.conformance import check_fast_engine

LINEUPS = {"random": ("random",), "greedy": ("greedy", "random"),
           "greedy-variants": ("greedy:epsilon=0.2", "greedy:samples=2")}
#: every rule option at a value other than its default (both where there are two)
OPTIONS = [{"first_player": "random"}, {"first_player": 1}, {"pass_discard_cost": "value"},
           {"joker_rewards": "one"}, {"start_score": 3}, {"start_jokers": 0},
           {"start_jokers": 12}, {"tiles_per_refill": 2}, {"tiles_per_refill": 12},
           {"buy_face_down_cost": 0}, {"buy_threshold": 20}, {"first_pass_penalty": 4},
           {"pavilion_round_points": 3}, {"storage_tiles": 4}, {"storage_expansions": 1},
           {"storage_expansions": 6}, {"min_group": 2}, {"joker_value": 3}]


def _bots(lineup: tuple[str, ...], players: int) -> list:
    return [registry.make_bot(lineup[s % len(lineup)]) for s in range(players)]


def test_the_compiled_reseeding_is_the_games_hash() -> None:
    """Determinization reseeds the bag from ``getrandbits(64)`` through BLAKE2b
    (``chance.seed_state``); the kernel's restatement against hashlib's."""
    rng = random.Random(5)
    for value in [0, 1, 9, 10, 2**64 - 1] + [rng.getrandbits(64) for _ in range(300)]:
        assert int(hashed_seed(np.uint64(value))) == seed_state(value)


@pytest.mark.parametrize("board", ["standard", "variant"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lineup", list(LINEUPS))
def test_the_kernel_plays_the_readable_engines_games(board: str, players: int,
                                                     lineup: str) -> None:
    game = registry.make_game("queens", board, players, {})
    games = 12 if lineup == "random" else 2 * players
    check_fast_engine(game, [_bots(LINEUPS[lineup], players)], master_seed=3,
                      games=range(games))


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}"
                                                                    for k, v in o.items()))
def test_every_option_value_plays_the_same_games(options: dict) -> None:
    players = 3 if "first_player" in options else 2
    game = registry.make_game("queens", "standard", players, options)
    check_fast_engine(game, [_bots(LINEUPS["random"], players)], master_seed=5,
                      games=range(6))
    check_fast_engine(game, [_bots(LINEUPS["greedy"], players)], master_seed=5,
                      games=range(players))
