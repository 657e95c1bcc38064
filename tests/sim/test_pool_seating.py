"""Pool studies take every cyclic order of a line-up in turn over the deals (issue 19, item 7);
every other study keeps exactly the games it played before."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pytest

from gardensim.sim.api import simulate
from gardensim.sim.play import cyclic_orders, lineup_seating
from gardensim.sim.study import Study
from gardensim.tournament.schedule import table_seating


def rows_hash(games: Any) -> str:
    """SHA-256 of what makes a game: arm, index, deal, seed, seats, wins and every move."""
    seats = [c for c in games if c.startswith(("bot_", "win_"))]
    text = games[["arm", "game", "deal", "seed", *seats, "moves"]].astype(str).to_csv(index=False)
    return hashlib.sha256(text.encode()).hexdigest()


#: Study -> hash of its games as played by the code before balanced pool seating (commit
#: f3ae74a): the studies whose seating must not change.
UNCHANGED = [
    (dict(name="fixed-3p", game="toy", players=3, bots=["greedy", "random", "random"],
          games=24, seed=11,
          arms=[{"name": "plain"},
                {"name": "other-bots", "bots": ["random", "mcts:iters=5", "greedy"]}]),
     "303c57be5b79bddfb83e5d039417143b88f65dae3c01e3923570778e841a87e6"),
    (dict(name="fixed-3p-norot", game="toy", players=3, bots=["greedy", "random", "random"],
          games=6, seed=11, rotate=False),
     "70cce9fea5d4fcfa2c6e02862db766556a2e582d3aa32eb7d86d7da3598df912"),
    (dict(name="fixed-2p-pool", game="toy", players=2, pool=["random", "greedy", "mcts:iters=5"],
          games=12, seed=4),
     "8c3d6a4bd9b1e12d041e31449bfa78671d2f403abad5a4099e268ff3e041ae24"),
    (dict(name="fixed-3p-pool", game="toy", players=3,
          pool=["random", "greedy", "mcts:iters=5", "mcts:iters=6"], games=8, seed=4,
          rotate=False),
     "cdbe49d73ad5452c97eb371586cb76d2a69a67318b72d6825fe0c364f324b888"),
]


@pytest.mark.parametrize("raw, expected", UNCHANGED, ids=[r["name"] for r, _ in UNCHANGED])
def test_bots_studies_two_player_pools_and_unrotated_pools_keep_their_games(raw, expected):
    """Only pools of 3-4 rotated seats have more than one cyclic order to take in turn."""
    run = simulate(Study.from_dict(raw), progress=False, jobs=1)
    assert rows_hash(run.games) == expected


POOL = ["random", "greedy", "mcts:iters=5", "mcts:iters=6"]


def pool_study(players: int, games: int, **overrides: Any) -> Study:
    raw: dict[str, Any] = dict(name="pool", game="toy", players=players, pool=POOL[:players + 1],
                               games=games, seed=3, telemetry=False)
    return Study.from_dict({**raw, **overrides})


@pytest.mark.parametrize("players", [3, 4])
def test_pool_lineups_take_every_cyclic_order_so_each_bot_follows_each_other_equally(players):
    """A line-up at 3-4 seats kept in one order would always seat the same bot after the
    weakest one; over (n - 1)! deals each follows each other equally often."""
    arm, = pool_study(players, 1).resolve()
    assert arm.cyclic
    lineups = arm.lineups
    cycle = len(lineups) * players * len(cyclic_orders(lineups[0]))
    after: dict[tuple[str, ...], Counter] = {tuple(sorted(lu)): Counter() for lu in lineups}
    for g in range(cycle):
        _, seats = lineup_seating(lineups, g, cyclic=True)
        after[tuple(sorted(seats))].update(
            (seats[s], seats[(s + 1) % players]) for s in range(players))
    for counts in after.values():
        assert len(counts) == players * (players - 1) and len(set(counts.values())) == 1


def test_pool_seating_of_one_lineup_is_the_tournament_table_seating():
    for g in range(24):
        assert lineup_seating([(7, 8, 9, 10)], g, cyclic=True) == table_seating((7, 8, 9, 10), g)


def test_a_three_player_pool_run_plays_every_deal_from_every_seat_in_both_orders():
    run = simulate(pool_study(3, 4 * 3 * 2), progress=False, jobs=1)
    games = run.games
    seats = games[["bot_0", "bot_1", "bot_2"]].astype(str).to_numpy()
    for rows in games.groupby("deal").indices.values():
        by_lineup: dict[frozenset, list[str]] = {}
        for i in rows:
            by_lineup.setdefault(frozenset(seats[i]), []).append(seats[i][0])
        assert len(by_lineup) == 4
        assert all(sorted(first) == sorted(lu) for lu, first in by_lineup.items()), (
            "each line-up plays the deal once from every seat")
    orders = {tuple(row) for row in seats if row[0] == "random"}
    assert ("random", "greedy", "mcts:iters=5") in orders
    assert ("random", "mcts:iters=5", "greedy") in orders


def test_pool_games_are_the_same_for_any_worker_count():
    study = pool_study(3, 24)
    one = simulate(study, progress=False, jobs=1, batch_size=5)
    two = simulate(study, progress=False, jobs=2, batch_size=3)
    assert rows_hash(one.games) == rows_hash(two.games)


def test_resuming_a_pool_run_started_with_one_order_per_lineup_is_refused(tmp_path):
    """Mixing the two seatings in one run would unbalance it; the manifest says which it has."""
    import json

    from gardensim.core.errors import ConfigError
    from gardensim.sim.api import resume

    simulate(pool_study(3, 12), out=tmp_path / "run", progress=False, jobs=1)
    path = tmp_path / "run" / "manifest.json"
    manifest = json.loads(path.read_text())
    assert "cyclic order" in manifest["rules"]["base"]["seating"]
    del manifest["rules"]["base"]["seating"]
    manifest["status"] = "interrupted"
    path.write_text(json.dumps(manifest))
    with pytest.raises(ConfigError, match="seating"):
        resume(tmp_path / "run", progress=False, jobs=1)
