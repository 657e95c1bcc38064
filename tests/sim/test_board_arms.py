"""Arms that change the board: one garden (or Summer Pavilion side) against another, paired."""

from __future__ import annotations

import tomllib

import pytest

import gardensim
from gardensim.cli import main
from gardensim.core.errors import ConfigError
from gardensim.core.registry import make_game
from gardensim.report.builder import to_toml
from gardensim.sim.study import Study

BOARDS = ["base", "glazed-orange", "glazed-purple"]


def pavilion_study(**overrides):
    raw = {"name": "boards", "game": "pavilion", "players": 2, "bots": ["random", "random"],
           "games": 4, "seed": 3, "options": {"first_player": 0},
           "arms": [{"name": b, "board": b} for b in BOARDS]}
    raw.update(overrides)
    return Study.from_dict(raw)


def test_an_arm_board_replaces_the_study_board_and_keeps_the_options():
    study = pavilion_study(board="base-grey", arms=[{"name": "grey"},
                                                    {"name": "purple", "board": "glazed-purple"}])
    configs = [a.config for a in study.resolve()]
    assert [c["board"] for c in configs] == ["base-grey", "glazed-purple"]
    assert all(c["options"] == {"first_player": 0} for c in configs)
    assert study.arms[1].options == {}  # board is not taken for a rule option


def test_a_study_with_board_arms_round_trips_through_dict_and_toml():
    study = pavilion_study()
    assert Study.from_dict(study.to_dict()) == study
    assert Study.from_dict(tomllib.loads(to_toml(study.to_dict()))) == study
    plain = pavilion_study(arms=[{"name": "a"}, {"name": "b", "first_player": 1}])
    assert all("board" not in arm for arm in plain.to_dict()["arms"])  # old fingerprints hold


def test_an_unknown_arm_board_names_the_key_the_arm_and_the_boards():
    study = pavilion_study(arms=[{"name": "base", "board": "base"},
                                 {"name": "pink", "board": "glazed-pink"}])
    with pytest.raises(ConfigError) as err:
        study.resolve()
    message = str(err.value)
    assert message.startswith("study key 'arms[1].board' ('pink'): unknown pavilion board")
    assert "base, base-grey, glazed-orange, glazed-purple" in message and "\n" not in message


def test_an_arm_board_that_is_not_a_name_is_rejected_when_read():
    with pytest.raises(ConfigError, match=r"'arms\[0\].board' must be a board name or file"):
        pavilion_study(arms=[{"name": "x", "board": 3}])


def test_an_unknown_gazebo_garden_in_an_arm_is_one_line_and_exit_2(tmp_path, capsys):
    path = tmp_path / "gardens.toml"
    path.write_text('name = "g"\ngame = "gazebo"\nplayers = 2\nbots = ["random", "random"]\n'
                    'games = 2\n[[arms]]\nname = "aviary"\nboard = "aviary"\n'
                    '[[arms]]\nname = "rose"\nboard = "rose-garden"\n')
    assert main(["simulate", str(path), "--out", str(tmp_path / "run"), "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "'arms[1].board'" in err[0] and "known boards: aviary, botanical" in err[0]
    assert not (tmp_path / "run").exists()


def test_board_arms_play_the_same_deal_seeds_and_open_on_the_same_tiles(tmp_path):
    """What "paired" means across boards: same deal seed, seating and bot generators; all
    sides use the same 132 tiles, so the opening factories and supply are identical, and only
    later draws can part as play does."""
    run = gardensim.simulate(pavilion_study(), tmp_path / "run", jobs=1, progress=False)
    games = run.games
    seeds = [games[games["arm"] == b].sort_values("game")["seed"].tolist() for b in BOARDS]
    assert seeds[0] == seeds[1] == seeds[2]
    assert [run.manifest["arms"][b]["board"] for b in BOARDS] == BOARDS
    openings = []
    for board in BOARDS:
        config = run.manifest["arms"][board]
        state = make_game(config["game"], config["board"], 2, config["options"]) \
            .new_initial_state(seeds[0][0])
        openings.append((state.factories, state.supply, state.bag))
    assert openings[0] == openings[1] == openings[2]
    scores = {b: games[games["arm"] == b]["score_0"].tolist() for b in BOARDS}
    assert scores["base"] != scores["glazed-purple"]  # the board did change the games


def test_gazebo_gardens_deal_the_same_hands_and_piles_from_one_seed():
    states = [make_game("gazebo", garden, 3, {}).new_initial_state(99).to_dict()["state"]
              for garden in ("aviary", "butterfly", "jungle")]
    piles = [{k: s[k] for k in ("hands", "general", "private", "reserve")} for s in states]
    assert piles[0] == piles[1] == piles[2]
