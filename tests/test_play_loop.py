"""The shared play loop: seat rotation, determinism and row shape, on the toy game."""

from gardensim.core import registry
from gardensim.sim.play import play_game, seating


def test_seating_rotates_the_lineup_over_each_deal():
    lineup = ["a", "b", "c"]
    assert [seating(lineup, g) for g in range(4)] == [
        (0, ["a", "b", "c"]),
        (0, ["b", "c", "a"]),
        (0, ["c", "a", "b"]),
        (1, ["a", "b", "c"]),
    ]


def test_same_seed_same_game_and_rows():
    game = registry.make_game("toy", players=3)
    bots = [registry.make_bot("random") for _ in range(3)]
    a = play_game(game, bots, master_seed=7, game_index=4)
    b = play_game(game, bots, master_seed=7, game_index=4)
    strip = lambda rows: repr([{k: v for k, v in r.items() if "decision" not in k} for r in rows])  # noqa: E731
    assert strip([a.game]) == strip([b.game])
    assert strip(a.turn_rows) == strip(b.turn_rows)
    assert a.game["bot_3"] is None and abs(sum(a.game[f"win_{s}"] for s in range(3)) - 1) < 1e-9
    assert len(a.turn_rows) == a.game["turns"] == len(a.game["moves"].split())
    c = play_game(game, bots, master_seed=8, game_index=4)
    assert c.game["moves"] != a.game["moves"] or c.game["seed"] != a.game["seed"]
