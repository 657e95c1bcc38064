"""The kernel plays the readable engine's games: the same seed gives the same game, move for
move, with the same game row and turn columns (timings aside), on every board side, at 2-4
players, at every value of every rule option, with random, greedy, epsilon-greedy and
two-sample greedy seats (``sim.conformance.check_fast_engine``)."""

from __future__ import annotations

import pytest

from gardensim.core import registry
from gardensim.games.pavilion.boards import BOARD_NAMES
from gardensim.games.pavilion.ruleset import RULES
from gardensim.sim.conformance import check_fast_engine

SEATS = ("random", "greedy", "greedy:epsilon=0.3", "greedy:samples=2")


def _lineup(players: int, first: int) -> list:
    return [registry.make_bot(SEATS[(first + s) % len(SEATS)]) for s in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", BOARD_NAMES)
def test_random_games_are_the_readable_engines(board: str, players: int) -> None:
    game = registry.make_game("pavilion", board, players, {})
    check_fast_engine(game, [[registry.make_bot("random")] * players], 7, range(24))


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", BOARD_NAMES)
def test_greedy_and_mixed_games_are_the_readable_engines(board: str, players: int) -> None:
    game = registry.make_game("pavilion", board, players, {})
    check_fast_engine(game, [_lineup(players, 1), _lineup(players, 0)], 3, range(2 * players))


def _non_defaults() -> list[tuple[str, dict]]:
    """Every value of every option other than its default, on a board that reads it."""
    cases = []
    for option in RULES.options:
        values = option.choices or ((True, False) if option.kind == "bool" else ())
        if option.kind == "seat":
            values = (*values, 0, 1, 2)
        for value in values:
            if value == option.default:
                continue
            board = "glazed-purple" if option.name == "purple_star_values" else "base"
            cases.append((board, {option.name: value}))
    return cases


@pytest.mark.parametrize(("board", "options"), _non_defaults(),
                         ids=[f"{k}={v}" for _, o in _non_defaults() for k, v in o.items()])
def test_every_option_value_plays_the_readable_engines_games(board: str, options: dict) -> None:
    game = registry.make_game("pavilion", board, 3, options)
    lineup = [registry.make_bot(s) for s in ("random", "greedy", "random")]
    check_fast_engine(game, [lineup], 5, range(12))


def test_three_hundred_random_and_thirty_greedy_games_in_a_row() -> None:
    game = registry.make_game("pavilion", "base", 2, {})
    check_fast_engine(game, [[registry.make_bot("random")] * 2], 1, range(300), telemetry=False)
    check_fast_engine(game, [[registry.make_bot("greedy")] * 2], 1, range(30), telemetry=False)


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_every_option_changed_at_once_plays_the_readable_engines_games(board: str) -> None:
    options = {"discard_floor": False, "no_token_start": "next", "bonus_shortfall": "forfeit",
               "first_player": 3}
    if board == "glazed-purple":
        options["purple_star_values"] = "bga"
    game = registry.make_game("pavilion", board, 4, options)
    check_fast_engine(game, [_lineup(4, 0)], 9, range(4))
