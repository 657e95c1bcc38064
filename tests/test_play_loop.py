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


def test_turns_counts_every_turn_played_even_the_one_a_last_gazebo_ends():
    """The games frame's ``turns`` is the turns played (docs/telemetry.md): a game won by a
    last gazebo ends within that turn, and the turns frame has a row for it, in both
    engines."""
    from gardensim.core import registry
    from gardensim.sim.play import play_game

    game = registry.make_game("gazebo", "aviary", 2, {"gazebos": 4})
    bots = [registry.make_bot("greedy")] * 2
    ended_on_a_gazebo = 0
    for index in range(6):
        for engine in ("python", "auto"):
            record = play_game(game, bots, 3, index, engine=engine)
            assert record.game["turns"] == len(record.turn_rows), (index, engine)
            ended_on_a_gazebo += record.game["end_reason"] == "last-gazebo"
    assert ended_on_a_gazebo > 0
