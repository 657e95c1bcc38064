"""Runs stored before manifests named the engine were played by the readable engine; runs
that named it among their rules are reused as they are."""

import json

import gardensim


def test_a_run_stored_without_an_engine_entry_is_reused_as_readable_engine_play(tmp_path):
    study = dict(name="old-run", game="gazebo", board="aviary", players=2,
                 bots=["random", "random"], games=4, seed=5)
    first = gardensim.simulate(study, out=tmp_path / "run", jobs=1, progress=False)
    path = tmp_path / "run" / "manifest.json"
    manifest = json.loads(path.read_text())
    assert manifest.pop("engines") == {"base": ["gazebo-fast"]}
    path.write_text(json.dumps(manifest))
    again = gardensim.simulate(study, out=tmp_path / "run", jobs=1, progress=False)
    assert again.reused
    assert again.games["moves"].equals(first.games["moves"])


def test_a_run_that_named_its_engine_among_the_rules_is_reused(tmp_path):
    study = dict(name="rules-engine", game="gazebo", board="aviary", players=2,
                 bots=["random", "random"], games=4, seed=5, engine="python")
    first = gardensim.simulate(study, out=tmp_path / "run", jobs=1, progress=False)
    path = tmp_path / "run" / "manifest.json"
    manifest = json.loads(path.read_text())
    for arm, rules in manifest["rules"].items():
        rules["engine"] = manifest["engines"][arm]
    del manifest["engines"]
    path.write_text(json.dumps(manifest))
    again = gardensim.simulate({**study, "engine": "auto"}, out=tmp_path / "run", jobs=1,
                               progress=False)
    assert again.reused
    assert again.manifest["engines"] == {"base": ["python"]}  # the kernel played no game
    assert again.games["moves"].equals(first.games["moves"])
