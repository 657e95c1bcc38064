"""Who meets whom, and that every deal is played from every seat by every line-up."""

from collections import Counter, defaultdict

import pytest

from gardensim.core.errors import ConfigError
from gardensim.sim.play import seating
from gardensim.tournament import make_tables, run_tournament
from gardensim.tournament.schedule import batches, games_per_table, table_seating


def test_two_players_play_every_pairing_and_four_bots_at_three_seats_every_triple():
    assert [t.members for t in make_tables(3, 2)] == [(0, 1), (0, 2), (1, 2)]
    assert [t.members for t in make_tables(4, 3)] == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]


def test_too_few_bots_for_the_table_is_a_config_error():
    with pytest.raises(ConfigError, match="4-player tables need at least 4 different bots"):
        make_tables(3, 4)


def test_games_round_up_to_whole_cycles_of_seats_and_orders():
    assert games_per_table(400, 2) == 400
    assert games_per_table(10, 3) == 12
    assert games_per_table(13, 3) == 18
    assert games_per_table(60, 4) == 72
    with pytest.raises(ConfigError, match="at least 1"):
        games_per_table(0, 2)


def test_two_player_seating_is_plain_rotation():
    for g in range(12):
        assert table_seating((3, 5), g) == seating((3, 5), g)


@pytest.mark.parametrize("players", [3, 4])
def test_over_a_cycle_every_bot_sits_after_every_other_equally_often_and_in_every_seat(players):
    members = tuple(range(10, 10 + players))
    games = games_per_table(1, players)
    after: Counter = Counter()
    seats: Counter = Counter()
    for g in range(games):
        deal, order = table_seating(members, g)
        assert deal == g // players
        assert sorted(order) == list(members)
        after.update((order[s], order[(s + 1) % players]) for s in range(players))
        seats.update(enumerate(order))
    assert len(after) == players * (players - 1)
    assert len(set(after.values())) == 1, "some bot follows another more often"
    assert len(set(seats.values())) == 1 and len(seats) == players * players
    for deal in range(games // players):  # each deal from every seat
        rows = [table_seating(members, deal * players + r)[1] for r in range(players)]
        assert all(sorted(column) == list(members) for column in zip(*rows, strict=True))


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
