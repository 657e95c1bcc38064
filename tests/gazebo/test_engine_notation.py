"""Move notation (contract "Notation") and the replay command (contract "Replay")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gardensim.cli import main
from gardensim.core.errors import IllegalMoveError
from gardensim.games.gazebo.rules.game import GazeboGame
from gardensim.games.gazebo.rules.geometry import DECLINE, DRAW_GENERAL, DRAW_PRIVATE, DRAW_RESERVE
from gardensim.games.gazebo.rules.notation import NotationError, parse_action, parse_placement
from gardensim.games.gazebo.rules.replay import ReplayError, replay

#: A 5x3 garden: flower start squares at A2 and E2.
TWO_STARTS = "name: Two starts\nplayers: 2-4\n---\n. . . . .\nf . . . f\n. . . . .\n"


@pytest.fixture
def two_starts(tmp_path: Path) -> str:
    path = tmp_path / "two.txt"
    path.write_text(TWO_STARTS)
    return str(path)


@pytest.fixture(scope="module")
def geo():
    return GazeboGame("aviary", 2).geometry


def test_same_placement_has_one_canonical_name(geo):
    code = parse_action(geo, "FG@F2E")
    assert parse_action(geo, "gf@g2w") == code
    assert geo.action_name(code) == "FG@F2E"
    south = parse_action(geo, "WG@F2S")
    assert parse_action(geo, "gw@f3n") == south and geo.action_name(south) == "WG@F2S"


def test_every_action_name_parses_back_to_its_code(geo):
    """The geometry names every action once, up front; each name must be the canonical one."""
    assert len(geo.names) == 9 * sum(pair is not None for pair in geo.slot_cells) + 4
    for code, name in geo.names.items():
        assert parse_action(geo, name) == code, name
    assert geo.action_name(-5) == "#-5"


def test_draw_and_decline_tokens(geo):
    assert parse_action(geo, "draw:general") == DRAW_GENERAL
    assert parse_action(geo, "DRAW:Private") == DRAW_PRIVATE
    assert parse_action(geo, "draw:reserve") == DRAW_RESERVE
    assert parse_action(geo, "-") == DECLINE


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("XY@C4E", "bad notation"),
        ("FG@C4", "bad notation"),
        ("FG-C4E", "bad notation"),
        ("draw:bag", "bad notation"),
        ("FG@Z4E", "off the board"),
        ("FG@M4E", "off the board"),  # the neighbour N4 is off the 13-column board
        ("FG@A1N", "off the board"),
        ("FG@C0E", "off the board"),
    ],
)
def test_notation_errors_name_the_reason(geo, token, reason):
    with pytest.raises(NotationError) as err:
        parse_placement(geo, token) if not token.startswith("draw") else parse_action(geo, token)
    assert err.value.reason == reason


def test_string_to_action_rejects_illegal_moves():
    state = GazeboGame("aviary", 2).new_initial_state(0)
    with pytest.raises(IllegalMoveError):
        state.string_to_action("draw:general")  # a placement is due
    with pytest.raises(IllegalMoveError):
        state.string_to_action("FF@A1E")  # far from terrain
    for action in state.legal_actions()[:20]:
        assert state.string_to_action(state.action_to_string(action).lower()) == action


def test_replay_reports_index_move_and_reason(two_starts):
    with pytest.raises(ReplayError) as err:
        replay(two_starts, 2, "FG@B2S FG@D2S fw@c2n")
    assert (err.value.index, err.value.move, err.value.reason) == (3, "fw@c2n", "absorb tie")
    assert str(err.value) == "move 3 fw@c2n: absorb tie"


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        ("FG@A2E", "cell occupied"),
        ("FG@B2S FG@B2E", "cell occupied"),
        ("FF@C1S", "not adjacent to terrain"),
        ("FG@Q2E", "off the board"),
        ("F@B2E", "bad notation"),
        ("-", "nothing to decline"),
    ],
)
def test_replay_reasons(two_starts, moves, reason):
    with pytest.raises(ReplayError) as err:
        replay(two_starts, 2, moves)
    assert err.value.reason == reason


def test_replay_not_an_open_cell(tmp_path):
    path = tmp_path / "patio.txt"
    path.write_text("name: Patio\nplayers: 2\n---\nf . P\n. . V\n# . .\n")
    for token in ("FG@B1E", "FG@B2E", "FG@A3E"):
        with pytest.raises(ReplayError, match="not an open cell"):
            replay(str(path), 2, token)


def test_replay_after_game_over(two_starts):
    with pytest.raises(ReplayError, match="move 2 FF@B1S: game over"):
        replay(two_starts, 2, "FG@B2S FF@B1S", options={"gazebos": 1})


def test_replay_cli_illegal_move_exit_status_and_one_line(two_starts, capsys):
    status = main(["gazebo", "replay", two_starts, "--players", "2", "--moves", "FG@B2S FG@B2E"])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err == "gardensim: error: move 2 FG@B2E: cell occupied\n"


def test_replay_cli_json_shape(two_starts, capsys):
    status = main(["gazebo", "replay", two_starts, "--moves", "FG@B2S", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0
    assert list(out) == ["players", "to_move", "over", "winners", "end_reason", "supply",
                         "on_board", "nooks", "patios", "moves"]
    assert out["players"] == 2 and out["to_move"] == 1 and out["supply"] == [23, 24]
    assert out["nooks"] == [{"color": "F", "cells": ["A2", "B2"], "owner": 0, "big": False}]
    assert out["moves"] == [{"move": "FG@B2S", "player": 0, "events": [
        {"type": "create", "player": 0, "cells": ["A2", "B2"]}]}]


def test_replay_cli_text_and_options(two_starts, capsys):
    status = main(["gazebo", "replay", two_starts, "--players", "4", "--partnership",
                   "--option", "gazebos=1", "--moves", "FG@B2S"])
    out = capsys.readouterr().out
    assert status == 0
    assert "game over (last-gazebo), winners: [0, 3]" in out
    assert main(["gazebo", "replay", two_starts, "--option", "colour=red"]) == 2
    assert "unknown gazebo option 'colour'" in capsys.readouterr().err
