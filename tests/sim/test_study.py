"""Study files and objects: the issue's file as written, clear errors, pairing and rotation."""

from __future__ import annotations

import pytest

import gardensim
from gardensim.core.errors import ConfigError
from gardensim.paths import STUDIES_DIR
from gardensim.sim.play import lineup_seating
from gardensim.sim.study import STUDY_KEYS, Study
from tests.sim.helpers import toy_study

ISSUE_STUDY = STUDIES_DIR / "aviary-2p-draw.toml"


def test_issue_study_file_reads_as_written():
    study = Study.from_file(ISSUE_STUDY)
    assert (study.name, study.game, study.board, study.players) == (
        "aviary-2p-draw", "gazebo", "aviary", 2)
    assert study.bots == ["greedy", "greedy"] and study.rotate
    assert (study.games, study.seed, study.options) == (2000, 1, {"gazebos": 24})
    assert [(a.name, a.options) for a in study.arms] == [
        ("gazebo-draw", {"draw": "gazebo"}), ("qin-draw", {"draw": "qin"})]


def test_issue_study_resolves_to_engine_games_per_arm():
    pytest.importorskip("gardensim.games.gazebo.rules.game")
    pytest.importorskip("gardensim.bots.greedy")
    arms = Study.from_file(ISSUE_STUDY).resolve()
    assert [a.config["options"] for a in arms] == [
        {"gazebos": 24, "draw": "gazebo"}, {"gazebos": 24, "draw": "qin"}]
    assert all(a.lineups == [["greedy", "greedy"]] for a in arms)


def test_study_is_exported_lazily_from_the_package():
    assert gardensim.Study is Study


def test_unknown_study_key_names_the_key_and_the_allowed_keys(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('name = "x"\ngame = "toy"\ngames = 3\nbots = ["random"]\nplayrs = 1\n')
    with pytest.raises(ConfigError) as err:
        Study.from_file(path)
    message = str(err.value)
    assert "'playrs'" in message and all(key in message for key in STUDY_KEYS)
    assert "\n" not in message


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("players", "two", "an integer 1..4"),
        ("players", 5, "an integer 1..4"),
        ("games", 0, "an integer >= 1"),
        ("seed", -1, "an integer 0.."),
        ("rotate", "yes", "true or false"),
        ("game", "chess", "one of"),
        ("bots", [], "a list of bot specs"),
    ],
)
def test_bad_value_names_the_key_and_what_is_allowed(key, value, expected):
    with pytest.raises(ConfigError, match=rf"study key '{key}' must be {expected}"):
        toy_study(**{key: value})


def test_missing_required_key_is_named():
    with pytest.raises(ConfigError, match="study key 'games' is missing"):
        Study.from_dict({"name": "x", "game": "toy", "bots": ["random"]})


def test_bots_must_fill_every_seat():
    with pytest.raises(ConfigError, match="a list of 3 bot specs"):
        toy_study(bots=["random", "random"]).resolve()


def test_unknown_bot_is_rejected_before_anything_runs(tmp_path):
    study = toy_study(arms=[{"name": "plain"}, {"name": "other", "bots": ["random"] * 2 + ["x"]}])
    with pytest.raises(ConfigError, match="arm 'other': unknown bot 'x'; known bots:"):
        gardensim.simulate(study, tmp_path / "run", progress=False)
    assert not (tmp_path / "run").exists()


GAZEBO_RAW = {"name": "g", "game": "gazebo", "players": 2, "bots": ["random"] * 2, "games": 2}


def test_a_games_old_top_level_keys_move_under_options_with_a_one_line_notice(capsys):
    study = Study.from_dict({**GAZEBO_RAW, "draw": "qin", "partnership": False})
    assert study.options == {"draw": "qin", "partnership": False}
    notes = capsys.readouterr().err.strip().splitlines()
    assert len(notes) == 2 and all("write it under [options]" in n for n in notes)
    assert "'draw' is a gazebo rule option" in notes[0]


def test_a_top_level_shorthand_must_agree_with_options():
    with pytest.raises(ConfigError, match="'draw' = 'qin' contradicts options.draw"):
        Study.from_dict({**GAZEBO_RAW, "draw": "qin", "options": {"draw": "gazebo"}})


def test_a_game_without_shorthands_refuses_them_as_unknown_keys():
    with pytest.raises(ConfigError, match="unknown study key 'draw'"):
        toy_study(draw="qin")


def test_arm_options_override_study_options():
    study = toy_study(options={"draw": "a", "hand_size": 3},
                      arms=[{"name": "x"}, {"name": "y", "draw": "b", "options": {"z": 1}}])
    assert [a.config["options"] for a in study.resolve()] == [
        {"draw": "a", "hand_size": 3}, {"draw": "b", "hand_size": 3, "z": 1}]


def test_arm_names_must_be_unique_and_present():
    with pytest.raises(ConfigError, match="arm name 'a' is used twice"):
        toy_study(arms=[{"name": "a"}, {"name": "a"}])
    with pytest.raises(ConfigError, match=r"'arms\[0\].name' must be a non-empty string"):
        toy_study(arms=[{"draw": "qin"}])


def test_study_round_trips_through_its_dict():
    study = toy_study(options={"draw": "qin"}, description="why")
    assert Study.from_dict(study.to_dict()) == study
    assert Study.from_dict(study.to_dict()).fingerprint() == study.fingerprint()


def test_study_without_arms_has_one_base_arm():
    study = toy_study(arms=[])
    assert study.arm_names == ["base"] and [a.name for a in study.resolve()] == ["base"]


def test_rotation_plays_every_deal_once_from_every_seat():
    lineup = ["a", "b", "c"]
    seatings = [lineup_seating([lineup], g) for g in range(6)]
    for deal in (0, 1):
        played = [seats for d, seats in seatings if d == deal]
        assert sorted(tuple(s).index("a") for s in played) == [0, 1, 2]


def test_pool_plays_every_lineup_in_every_rotation_on_each_deal():
    arm = toy_study(bots=None, pool=["random", "random:x=1", "random:x=2"], players=2)
    with pytest.raises(ConfigError, match="bot 'random' has no parameter 'x'"):
        arm.resolve()
    lineups = [["p", "q"], ["p", "r"], ["q", "r"]]
    deal_zero = [seats for d, seats in (lineup_seating(lineups, g) for g in range(12)) if d == 0]
    assert sorted(map(tuple, deal_zero)) == sorted(
        [("p", "q"), ("q", "p"), ("p", "r"), ("r", "p"), ("q", "r"), ("r", "q")])


def test_pool_needs_enough_different_bots():
    with pytest.raises(ConfigError, match="at least 3 different bot specs"):
        toy_study(bots=None, pool=["random", "random"]).resolve()


def test_without_rotation_seats_keep_the_lineup():
    assert [lineup_seating([["a", "b"]], g, rotate=False) for g in range(2)] == [
        (0, ["a", "b"]), (1, ["a", "b"])]


@pytest.mark.parametrize("name", ["aviary-2p-draw", "aviary-2p-handicap", "aviary-2p-ladder"])
def test_shipped_study_files_resolve(name):
    pytest.importorskip("gardensim.games.gazebo.rules.game")
    pytest.importorskip("gardensim.bots.greedy")
    arms = Study.from_file(STUDIES_DIR / f"{name}.toml").resolve()
    assert len(arms) == 2 and all(a.lineups for a in arms)
