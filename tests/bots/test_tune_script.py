"""scripts/tune_greedy.py: weights are swapped per seat and saved without losing comments."""

import importlib.util
import random
from pathlib import Path

import pytest

from gardensim.core.protocol import GameState

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


def test_a_seat_decides_with_its_own_weights_and_restores_the_shared_ones(tune):
    class Evaluation:
        @staticmethod
        def weights():
            return {"w": 1.0}

    class Probe:
        """Action 1 is worth +w, action 0 is worth -w."""

        current_player = 0
        last = None

        def legal_actions(self):
            return [0, 1]

        def determinize(self, player, rng):
            return self

        def apply_action(self, action):
            self.last = action

        def undo(self):
            self.last = None

        def is_terminal(self):
            return False

        def evaluate(self, player):
            return Evaluation.weights()["w"] * (1 if self.last == 1 else -1)

        value = GameState.value
        action_values = GameState.action_values

    likes_one = tune.WeightedGreedy(Evaluation, {"w": 2.0}, "candidate")
    likes_zero = tune.WeightedGreedy(Evaluation, {"w": -2.0}, "current")
    assert likes_one.choose_action(Probe(), random.Random(0)) == 1
    assert likes_zero.choose_action(Probe(), random.Random(0)) == 0
    assert Evaluation.weights() == {"w": 1.0} and likes_one.spec == "candidate"
