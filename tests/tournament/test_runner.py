"""Tournament results depend only on the seeds, not on the number of workers."""

from gardensim.tournament import run_tournament


def _outcomes(result):
    return [(g.table, g.game, g.deal, g.members, g.shares, g.turns) for g in result.games]


def test_one_worker_and_two_workers_give_identical_results():
    bots = ["random", "greedy", "mcts:iters=5"]
    one = run_tournament("toy", bots, games=24, seed=11, jobs=1, n_boot=30)
    two = run_tournament("toy", bots, games=24, seed=11, jobs=2, n_boot=30)
    assert _outcomes(one) == _outcomes(two)
    strip = [{k: v for k, v in b.items() if not k.startswith("decision")} for b in one.bots]
    assert strip == [{k: v for k, v in b.items() if not k.startswith("decision")}
                     for b in two.bots]


def test_another_seed_gives_other_games():
    a = run_tournament("toy", ["random", "greedy"], games=10, seed=1, n_boot=10)
    b = run_tournament("toy", ["random", "greedy"], games=10, seed=2, n_boot=10)
    assert _outcomes(a) != _outcomes(b)


def test_per_bot_games_and_win_shares_add_up():
    result = run_tournament("toy", ["random", "greedy", "mcts:iters=5"], players=3, games=12,
                            seed=4, n_boot=10)
    assert len(result.games) == 12
    assert [b["games"] for b in result.bots] == [12, 12, 12]
    assert abs(sum(b["win_rate"] for b in result.bots) - 1) < 1e-9
    assert abs(sum(result.seats) - 1) < 1e-9
    for b in result.bots:
        lo, hi = b["ci95"]
        assert lo <= b["win_rate"] <= hi
        assert b["rating_ci95"][0] <= b["rating"] <= b["rating_ci95"][1]
        assert b["decisions"] > 0 and b["decision_s"] >= 0
    # Toy turns are one action each, and every action is one timed decision of its seat.
    assert sum(b["decisions"] for b in result.bots) == sum(g.turns for g in result.games)
