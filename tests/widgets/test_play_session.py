"""The play session driven directly: a person's move, the bots' answer, undo, the stored record,
and its replay through the rules (generic, and Gazebo's own ``gazebo replay --seed``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gardensim.core.errors import ConfigError, GardensimError, IllegalMoveError
from gardensim.widgets.played import (
    check_record,
    load_record,
    normalised,
    played_records,
    replay_record,
)
from gardensim.widgets.session import PlaySession

GAMES = ["gazebo", "pavilion", "queens"]


def replayed_from_seed(session: PlaySession) -> dict:
    """The session's position rebuilt from its deal seed and move list, not through undo."""
    state = session.engine.new_initial_state(session.deal_seed)
    for move in session.moves:
        state.play(move)
    return normalised(state.to_dict())


def finish(session: PlaySession) -> None:
    """The person always plays their last legal move (any fixed choice would do)."""
    while not session.over:
        session.play(session.legal_moves()[-1])


def test_a_bot_in_seat_0_opens_before_the_person_moves() -> None:
    session = PlaySession("gazebo", "aviary", human=1, bots="greedy", seed=3)
    assert session.history and not any(m.by_human for m in session.history)
    assert {m.seat for m in session.history} == {0}
    assert session.humans_turn and session.legal_moves()


def test_the_bots_answer_a_move_until_it_is_the_persons_turn_again() -> None:
    session = PlaySession("gazebo", "aviary", human=0, bots="greedy", seed=3)
    assert session.history == []
    move = session.legal_moves()[0]
    replies = session.play(move)
    assert session.history[0].text == move and session.history[0].by_human
    assert replies == [] and session.humans_turn  # a Gazebo turn: a placement, then a draw
    replies = session.play(session.legal_moves()[0])
    assert replies and all(not m.by_human and m.seat == 1 for m in replies)
    assert session.humans_turn or session.over
    assert normalised(session.state.to_dict()) == replayed_from_seed(session)


def test_a_move_that_is_not_legal_or_not_the_persons_is_refused() -> None:
    session = PlaySession("gazebo", "aviary", human=0, bots="greedy", seed=3)
    with pytest.raises(IllegalMoveError):
        session.play("GG@A1N")
    with pytest.raises(IllegalMoveError):
        session.play(10**9)
    assert session.history == []


def test_undo_takes_back_the_persons_move_and_the_replies_to_it() -> None:
    session = PlaySession("queens", human=0, bots="greedy", seed=5)
    before = normalised(session.state.to_dict())
    legal_before = session.legal_moves()
    assert session.undo() == 0  # nothing of the person's to take back yet
    first = session.play(legal_before[0])
    session.play(session.legal_moves()[0])
    after_one = (len(session.history), normalised(session.state.to_dict()))
    session.play(session.legal_moves()[0])
    assert session.undo() > 1
    assert (len(session.history), normalised(session.state.to_dict())) == after_one
    session.undo()
    session.undo()
    assert session.history == [] and normalised(session.state.to_dict()) == before
    assert session.legal_moves() == legal_before
    assert session.play(legal_before[0]) == first, "the same move gets the same answer"


def test_a_session_is_reproducible_from_its_seed() -> None:
    one, two = (PlaySession("pavilion", human=1, bots="greedy:epsilon=0.3", seed=9)
                for _ in range(2))
    for session in (one, two):
        for _ in range(5):
            session.play(session.legal_moves()[0])
    assert one.history == two.history
    other = PlaySession("pavilion", human=1, bots="greedy:epsilon=0.3", seed=9, deal=1)
    other.play(other.legal_moves()[0])
    assert other.deal_seed != one.deal_seed


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_is_stored_and_replays_to_the_same_final_state(
    game: str, tmp_path: Path
) -> None:
    session = PlaySession(game, human=1, bots="greedy", seed=2)
    finish(session)
    assert session.result().startswith("game over")
    path = session.store(tmp_path)
    assert played_records(tmp_path) == [path]
    assert session.store(tmp_path) == path, "the same game is stored once"
    record = load_record(path)
    assert record["seats"] == ["greedy", "human"] and record["over"]
    replayed = check_record(path)
    assert normalised(replayed.to_dict()) == normalised(session.state.to_dict())
    assert replayed.returns() == session.state.returns() and sum(replayed.returns()) == 1


def test_a_stored_gazebo_game_replays_with_gazebo_replay_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gardensim.cli import main

    session = PlaySession("gazebo", "aviary", human=0, bots="greedy", seed=4)
    finish(session)
    record = load_record(session.store(tmp_path))
    code = main(["gazebo", "replay", record["board"], "--players", str(record["players"]),
                 "--seed", str(record["seed"]), "--moves", " ".join(record["moves"]), "--json"])
    assert code == 0
    replayed = json.loads(capsys.readouterr().out)
    final = record["final"]
    assert replayed["over"] and replayed["winners"] == final["winners"]
    for key in ("supply", "on_board", "nooks", "patios", "end_reason"):
        assert replayed[key] == final[key], key


def test_an_edited_record_is_refused(tmp_path: Path) -> None:
    session = PlaySession("gazebo", "aviary", human=0, bots="greedy", seed=4)
    finish(session)
    record = session.record()
    with pytest.raises(ConfigError, match="another position"):
        check_record({**record, "final": {**record["final"], "supply": [0, 0]}})
    with pytest.raises(IllegalMoveError, match="^move 1 "):
        replay_record({**record, "moves": ["GG@A1N", *record["moves"][1:]]})
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    with pytest.raises(ConfigError, match="not a played-game record"):
        load_record(bad)


@pytest.mark.parametrize(("kwargs", "problem"), [
    ({"human": 2}, "human seat 2"),
    ({"bots": ["greedy"] * 3}, "give one spec or 2"),
    ({"bots": "nobot"}, "unknown bot"),
    ({"seed": -1}, "non-negative"),
])
def test_a_bad_session_setting_is_one_clear_error(kwargs: dict, problem: str) -> None:
    with pytest.raises(GardensimError, match=problem):
        PlaySession("gazebo", "aviary", **kwargs)
