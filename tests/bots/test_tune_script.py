"""scripts/tune_greedy.py: the two weight sets of a match really play differently, and saving
weights keeps the file's comments.

The match test plays the real Gazebo evaluation, not a stand-in: a tuner whose bots ignore
their weights (as when they swapped a module function the evaluation never re-read) plays the
candidate's games exactly as the current set's and fails here."""

import importlib.util
from pathlib import Path

import pytest

from gardensim.games.gazebo.rules.evaluation import weights
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.sim.play import play_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tune():
    path = ROOT / "scripts" / "tune_greedy.py"
    spec = importlib.util.spec_from_file_location("tune_greedy", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_saving_weights_rewrites_numbers_and_keeps_comments(tune, tmp_path):
    path = tmp_path / "evaluation.toml"
    path.write_text("# header\nprogress = 6.0   # race\nsingles = 0.15 # piles\n")
    tune.write_weights(path, {"progress": 7.5, "singles": -0.125})
    assert path.read_text() == "# header\nprogress = 7.5   # race\nsingles = -0.125 # piles\n"


def _moves(tune, cand, cur, game_index):
    game = GazeboGame("aviary", 2)
    bots = [tune.weighted_greedy(cand), tune.weighted_greedy(cur)]
    return play_game(game, bots, 7, game_index, telemetry=False).game["moves"]


def test_a_candidate_with_other_weights_plays_other_moves(tune):
    current = weights()
    candidate = {**current, "progress": -current["progress"], "patios": -1.0}
    same = [_moves(tune, current, current, g) for g in range(2)]
    other = [_moves(tune, candidate, current, g) for g in range(2)]
    assert same == [_moves(tune, dict(current), current, g) for g in range(2)]
    assert other != same


def test_the_match_is_scored_for_the_candidate(tune):
    game = GazeboGame("aviary", 2)
    current = weights()
    hopeless = {**current, "progress": -current["progress"]}
    assert tune.match(game, hopeless, current, 4, 3) < 0.5
    assert tune.match(game, current, hopeless, 4, 3) > 0.5
