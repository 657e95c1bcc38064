"""Reading frames: several runs combine into one pair of frames without mixing games."""

from gardensim.analysis.frames import combine, complete_deals
from gardensim.analysis.shape import lead_history
from gardensim.games.gazebo.spec import SPEC as GAZEBO
from tests.analysis.synth import logit_games, race_run


def test_runs_of_different_player_counts_keep_their_games_apart():
    two, three = race_run(players=2, deals=5), race_run(players=3, deals=4)
    games, turns = combine([two, three])
    assert len(games) == len(two.games) + len(three.games)
    assert sorted(turns["players"].unique()) == [2, 3]
    assert str(games["arm"].dtype) == "category"
    history = lead_history(turns, GAZEBO.columns)
    assert len(history) == len(games)


def test_a_partial_last_deal_is_dropped():
    games = logit_games(players=3, deals=4, lineup=["greedy"] * 3)
    assert len(complete_deals(games.iloc[:-1])) == 9
    assert len(complete_deals(games)) == 12


def test_the_package_exports_every_question():
    import gardensim.analysis as analysis

    for name in analysis.__all__:
        assert callable(getattr(analysis, name)), name


def test_two_studies_with_the_same_arms_and_players_stay_apart():
    from types import SimpleNamespace

    from gardensim.analysis.arms import compare_arms
    from gardensim.analysis.luck import skill_expression

    mirror = SimpleNamespace(games=logit_games(players=2, deals=40, arms=["a", "b"], seed=1),
                             turns=None, study={"name": "mirror"})
    mixed = SimpleNamespace(
        games=logit_games(players=2, deals=40, arms=["a", "b"], lineup=["greedy", "random"],
                          strength={"greedy": 1.0}, seed=2),
        turns=None, study={"name": "mixed"})
    games, _ = combine([mirror, mixed])
    assert sorted(games["arm"].unique()) == ["mirror/a", "mirror/b", "mixed/a", "mixed/b"]
    pairs = [(r.baseline, r.arm) for r in compare_arms(games)]
    assert pairs == [("mirror/a", "mirror/b"), ("mixed/a", "mixed/b")]
    assert [r.arm for r in skill_expression(games, boot=10)] == ["mixed/a", "mixed/b"]
