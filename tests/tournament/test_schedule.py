"""Who meets whom, and that every deal is played from every seat by every line-up."""

from collections import defaultdict

import pytest

from gardensim.core.errors import ConfigError
from gardensim.tournament import make_tables, run_tournament
from gardensim.tournament.schedule import batches, games_per_table


def test_two_players_play_every_pairing_and_four_bots_at_three_seats_every_triple():
    assert [t.members for t in make_tables(3, 2)] == [(0, 1), (0, 2), (1, 2)]
    assert [t.members for t in make_tables(4, 3)] == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]


def test_too_few_bots_for_the_table_is_a_config_error():
    with pytest.raises(ConfigError, match="4-player tables need at least 4 different bots"):
        make_tables(3, 4)


def test_games_round_up_to_whole_seat_rotations():
    assert games_per_table(400, 2) == 400
    assert games_per_table(10, 3) == 12
    with pytest.raises(ConfigError, match="at least 1"):
        games_per_table(0, 2)


def test_batches_cover_every_game_once():
    tables = make_tables(3, 2)
    items = batches(tables, 23, 5)
    covered = sorted((t.index, g) for t, a, b in items for g in range(a, b))
    assert covered == [(t.index, g) for t in tables for g in range(23)]


@pytest.mark.parametrize("players, bots", [(2, ["random", "greedy", "mcts:iters=5"]),
                                           (3, ["random", "greedy", "mcts:iters=5"])])
def test_each_deal_is_played_from_every_seat_by_every_table(players, bots):
    result = run_tournament("toy", bots, players=players, games=4 * players, seed=2, n_boot=10)
    seats = defaultdict(set)
    seeds_by_table = defaultdict(set)
    for g in result.games:
        for s, m in enumerate(g.members):
            seats[(g.table, g.deal, m)].add(s)
        seeds_by_table[g.table].add(g.deal)
    assert all(v == set(range(players)) for v in seats.values())
    assert len(set(map(frozenset, seeds_by_table.values()))) == 1, "tables share their deals"


def test_the_same_bot_twice_is_refused():
    with pytest.raises(ConfigError, match="names 'greedy' twice"):
        run_tournament("toy", ["greedy", "greedy:epsilon=0.0"], games=2)
