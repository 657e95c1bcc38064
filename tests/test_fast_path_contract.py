"""The fast-path contract (core.fastpath): a fast engine plays only the configurations its
coverage declares; anything else plays in the readable engine, visibly, or is refused when the
fast engine is asked for by name. Shown on a toy game whose "fast engine" is the readable loop
with a counter, so which engine played is seen, not guessed."""

from __future__ import annotations

import dataclasses
import json

import pytest

import gardensim
from gardensim.core import registry
from gardensim.core.errors import ConfigError
from gardensim.core.fastpath import EVERY, Coverage
from gardensim.core.rules import Option, RuleSet
from gardensim.core.spec import GameSpec
from gardensim.sim.conformance import check_fast_engine
from gardensim.sim.play import choose_engine, play_game
from tests.support.toygame import ToyGame

RULES = RuleSet("fasttoy", (
    Option("draw", "choice", "normal", "which deck order", "toy rules",
           choices=("normal", "other")),
    Option("bonus", "int", 0, "points for a first card", "toy rules", low=0, high=3),
))
COVERAGE = Coverage(engine="fasttoy-fast", options={"draw": EVERY},
                    bots={"random": {}, "greedy": {"epsilon": EVERY}})
#: game indices the toy fast engine played
PLAYED: list[int] = []


class FastToyGame(ToyGame):
    name = "fasttoy"

    def __init__(self, board=None, players=2, options=None):
        rules = registry.game_spec("fasttoy").rules
        from gardensim.core.spec import load

        super().__init__(board, players, load(rules).validate(options, players))


def fast_player(game, bots):
    def play(master_seed, game_index, deal, telemetry):
        PLAYED.append(game_index)
        return play_game(game, bots, master_seed, game_index, deal, telemetry, "python")
    return play


@pytest.fixture
def fasttoy():
    PLAYED.clear()
    spec = registry.register_game(GameSpec(
        name="fasttoy", title="Fast toy", game=f"{__name__}:FastToyGame",
        rules=f"{__name__}:RULES", fast_engine=f"{__name__}:fast_player",
        fast_coverage=f"{__name__}:COVERAGE"))
    yield spec
    registry.unregister_game("fasttoy")


def bots(*specs):
    return [registry.make_bot(s) for s in specs]


def test_a_covered_configuration_plays_in_the_fast_engine(fasttoy):
    game = registry.make_game("fasttoy", None, 2, {"draw": "other"})
    assert choose_engine(game, bots("random", "greedy:epsilon=0.5")).name == "fasttoy-fast"
    play_game(game, bots("random", "random"), 3, 7)
    assert PLAYED == [7]


def test_an_option_the_fast_engine_does_not_declare_falls_back_to_the_readable_engine(fasttoy):
    at_default = registry.make_game("fasttoy", None, 2, {"bonus": 0})
    assert choose_engine(at_default, bots("random", "random")).name == "fasttoy-fast"
    changed = registry.make_game("fasttoy", None, 2, {"bonus": 2})
    choice = choose_engine(changed, bots("random", "random"))
    assert choice.name == "python"
    assert choice.reason == ("fasttoy-fast cannot play this: option bonus=2 (fasttoy-fast "
                             "plays bonus at its default only)")
    play_game(changed, bots("random", "random"), 3, 7)
    assert PLAYED == []


def test_an_option_added_to_a_copy_of_the_declaration_falls_back(fasttoy, monkeypatch):
    """A rule option added to the readable engine tomorrow and not to the fast engine is
    played by the readable engine, never by the fast one as if absent."""
    grown = dataclasses.replace(RULES, options=(*RULES.options, Option(
        "patios_double", "bool", False, "a new rule", "tomorrow")))
    monkeypatch.setattr(f"{__name__}.RULES", grown)
    game = registry.make_game("fasttoy", None, 2, {"patios_double": True})
    choice = choose_engine(game, bots("random", "random"))
    assert choice.name == "python" and "option patios_double=true" in choice.reason
    new_game = registry.make_game("fasttoy", None, 2, {"patios_double": False})
    assert choose_engine(new_game, bots("random", "random")).name == "fasttoy-fast"


def test_a_bot_or_bot_parameter_the_fast_engine_lacks_falls_back(fasttoy):
    game = registry.make_game("fasttoy", None, 2, {})
    sampled = choose_engine(game, bots("random", "greedy:samples=2"))
    assert sampled.name == "python" and "greedy:samples=2: samples=2" in sampled.reason
    searched = choose_engine(game, bots("mcts:iters=5", "random"))
    assert searched.name == "python" and "has no such bot" in searched.reason


def test_asking_for_the_fast_engine_where_it_cannot_play_is_a_one_line_error(fasttoy):
    game = registry.make_game("fasttoy", None, 2, {"bonus": 1})
    with pytest.raises(ConfigError, match=r"^--engine fast: fasttoy-fast cannot play this: "
                                          r"option bonus=1 .*$"):
        choose_engine(game, bots("random", "random"), "fast")
    plain = registry.make_game("toy", None, 2, {})
    with pytest.raises(ConfigError, match="toy has no fast engine"):
        choose_engine(plain, bots("random", "random"), "fast")


def test_the_manifest_names_the_engine_of_each_arm_and_why(fasttoy, tmp_path):
    study = {"name": "contract", "game": "fasttoy", "players": 2, "bots": ["random", "random"],
             "games": 4, "seed": 2, "arms": [{"name": "covered"}, {"name": "new", "bonus": 3}]}
    run = gardensim.simulate(study, tmp_path / "run", jobs=1, progress=False)
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["engines"] == {"covered": ["fasttoy-fast"], "new": ["python"]}
    assert manifest["engine_reasons"] == {"new": [
        "fasttoy-fast cannot play this: option bonus=3 (fasttoy-fast plays bonus at its "
        "default only)"]}
    assert sorted(PLAYED) == [0, 1, 2, 3] and len(run.games) == 8


def test_a_study_asking_for_the_fast_engine_it_cannot_have_writes_nothing(fasttoy, tmp_path):
    study = {"name": "contract", "game": "fasttoy", "players": 2, "bots": ["random", "random"],
             "games": 4, "seed": 2, "engine": "fast", "arms": [{"name": "new", "bonus": 3}]}
    with pytest.raises(ConfigError, match="arm 'new': --engine fast: fasttoy-fast cannot"):
        gardensim.simulate(study, tmp_path / "run", jobs=1, progress=False)
    assert not (tmp_path / "run").exists()


def test_the_conformance_check_passes_a_faithful_fast_engine_and_catches_a_wrong_one(
        fasttoy, monkeypatch):
    game = registry.make_game("fasttoy", None, 3, {"draw": "other"})
    check_fast_engine(game, [bots("random", "greedy", "random")], 5, range(6))

    def unfaithful(game, bots):
        def play(master_seed, game_index, deal, telemetry):
            return play_game(game, bots, master_seed + 1, game_index, deal, telemetry, "python")
        return play

    monkeypatch.setattr(f"{__name__}.fast_player", unfaithful)
    monkeypatch.setattr("gardensim.sim.play._FAST_ENGINES", {})
    with pytest.raises(AssertionError, match="game 0"):
        check_fast_engine(game, [bots("random", "greedy", "random")], 5, range(6))
