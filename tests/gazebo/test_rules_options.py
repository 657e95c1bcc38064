"""Rule options (rulings marked (option), issue 2, contract "Game and options") and the replay
command line.

Every option is validated: an unknown name is refused with the list of valid names, a bad value
with the option's name. The ``replay`` CLI prints the contract's object with ``--json`` and turns an
illegal move into one stderr line and exit status 2.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gardensim.cli import main
from gardensim.core.errors import ConfigError
from gardensim.games.gazebo.rules.game import GazeboGame

from .rules_helpers import board_path, cells, dumps, events, nook_with, play

OPTION_NAMES = [
    "draw",
    "partnership",
    "gazebos",
    "hand_size",
    "private_singles",
    "raised_steal_needs_two",
    "no_move_ends_game",
    "big_nook",
]


def new_game(players: int = 2, **options: object) -> GazeboGame:
    return GazeboGame(board="aviary", players=players, options=options)


def test_rule_default_garden_is_the_aviary() -> None:
    """Rulebook: "For your first game, we recommend the Aviary garden side" (contract default)."""
    assert GazeboGame().board_name == "aviary"


def test_options_default_to_the_rules() -> None:
    """Defaults: Gazebo drawing, no partnership, 24 gazebos for two, hand of 3, 5 private singles,
    raised steals as rulings 9, no move ends the game."""
    options = new_game().options
    assert options["draw"] == "gazebo"
    assert options["partnership"] is False
    assert options["hand_size"] == 3
    assert options["private_singles"] == 5
    assert options["raised_steal_needs_two"] is False
    assert options["no_move_ends_game"] is True
    assert options["big_nook"] == 5


def test_unknown_option_is_refused_with_the_valid_names() -> None:
    with pytest.raises(ConfigError) as info:
        new_game(colour="blue")
    message = str(info.value)
    assert "colour" in message
    for name in OPTION_NAMES:
        assert name in message


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("draw", "chess"),
        ("hand_size", 0),
        ("hand_size", 7),
        ("private_singles", 10),
        ("gazebos", "5,5,5"),
        ("gazebos", 0),
        ("raised_steal_needs_two", "maybe"),
        ("no_move_ends_game", "sometimes"),
    ],
)
def test_bad_option_value_is_refused_naming_the_option(name: str, value: object) -> None:
    with pytest.raises(ConfigError, match=name):
        new_game(**{name: value})


def test_private_singles_cannot_exceed_the_27_singles() -> None:
    """Contract: players x private_singles <= 27 (rulings 16: 27 single-coloured dominoes)."""
    with pytest.raises(ConfigError, match="private_singles"):
        new_game(players=4, private_singles=7)
    state = new_game(players=3, private_singles=9).new_initial_state(0)
    assert state.observation(0)["reserve"] == 0


@pytest.mark.parametrize(("text", "value"), [("yes", True), ("on", True), ("1", True),
                                             ("no", False), ("off", False), ("0", False)])
def test_boolean_options_accept_the_usual_words(text: str, value: bool) -> None:
    assert new_game(no_move_ends_game=text).options["no_move_ends_game"] is value


def test_gazebos_option_takes_one_count_per_seat_for_handicaps() -> None:
    state = new_game(players=3, gazebos="10,12,14").new_initial_state(0)
    assert state.observation(0)["supply"] == [10, 12, 14]
    assert new_game(gazebos=[7, 9]).new_initial_state(0).observation(1)["supply"] == [7, 9]


def test_gazebos_option_single_number_applies_to_every_seat() -> None:
    assert new_game(players=4, gazebos=11).new_initial_state(0).observation(0)["supply"] == [11] * 4


def test_hand_size_option_sets_the_starting_hand_and_the_refill() -> None:
    state = new_game(hand_size=5).new_initial_state(0)
    assert [len(h) for h in state.observation(-1)["hands"]] == [5, 5]
    state.apply_action(state.legal_actions()[0])
    while state.current_player == 0:
        draws = [a for a in state.legal_actions() if state.action_to_string(a).startswith("draw:")]
        assert draws, [state.action_to_string(a) for a in state.legal_actions()]
        state.apply_action(draws[0])
    assert len(state.observation(-1)["hands"][0]) == 5


def test_private_singles_option_sets_the_private_piles_and_the_reserve() -> None:
    seen = new_game(players=3, private_singles=2).new_initial_state(0).observation(0)
    assert seen["private_piles"] == [2, 2, 2]
    assert seen["reserve"] == 27 - 6


def test_replay_applies_options() -> None:
    result = play("purple", 2, ["GG@B3S"], options={"gazebos": "1,3"})
    assert (result["over"], result["winners"]) == (True, [0])


def test_replay_refuses_an_unknown_option() -> None:
    with pytest.raises(ConfigError, match="colour"):
        play("purple", 2, ["GG@B3S"], options={"colour": "blue"})


# ----- the replay command line (contract "Replay")


def test_cli_replay_json_prints_the_contract_object(capsys: pytest.CaptureFixture[str]) -> None:
    board = board_path("purple")
    status = main(["gazebo", "replay", board, "--players", "2", "--moves", "GF@B3E", "--json"])
    assert status == 0
    result = json.loads(capsys.readouterr().out)
    assert result["players"] == 2 and result["to_move"] == 1 and result["over"] is False
    assert result["nooks"] == [
        {"color": "G", "cells": cells("B2 B3"), "owner": 0, "big": False},
        {"color": "F", "cells": cells("C2 C3"), "owner": 0, "big": False},
    ]
    assert result["supply"] == [22, 24]
    assert result["moves"][0]["move"] == "GF@B3E"


def test_cli_replay_takes_a_shipped_board_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    """Contract: BOARD is a name from data/boards/ or a path; with no moves every patio is free."""
    assert main(["gazebo", "replay", "aviary", "--players", "3", "--moves", "", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["players"], result["to_move"], result["supply"]) == (3, 0, [19, 19, 19])
    assert result["patios"] and all(p["owner"] is None for p in result["patios"])
    assert {p["kind"] for p in result["patios"]} == {"regular", "fancy"}


def test_cli_illegal_move_exits_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    board = board_path("placement")
    moves = "GW@C2E FW@C4S fw@c2w"
    status = main(["gazebo", "replay", board, "--players", "2", "--moves", moves, "--json"])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.splitlines() == ["gardensim: error: move 3 fw@c2w: cell occupied"]


def test_cli_options_and_partnership_reach_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "gazebo", "replay", board_path("expand"), "--players", "4", "--partnership",
        "--option", "gazebos=1,9,9,9", "--moves", "GG@B3S", "--json",
    ]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["end_reason"], result["winners"]) == ("last-gazebo", [0, 3])


def test_cli_unknown_option_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["gazebo", "replay", board_path("purple"), "--option", "colour=blue", "--moves", ""]
    assert main(argv) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and "colour" in err[0]


def test_cli_installed_command_runs_the_replay() -> None:
    """The console script itself (subprocess): exit status 2 and one stderr line."""
    exe = Path(sys.executable).with_name("gardensim")
    proc = subprocess.run(
        [str(exe), "gazebo", "replay", board_path("placement"), "--moves", "FW@A1E"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip() == "gardensim: error: move 1 FW@A1E: not adjacent to terrain"


def test_cli_replay_of_a_stored_games_moves_with_its_seed_is_the_stored_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A stored game's own moves string stopped at its first draw token (the sandbox has no
    piles); with its deal seed it replays to the position ``--run RUN --game N`` rebuilds."""
    import gardensim

    run = gardensim.simulate(
        {"name": "round-trip", "game": "gazebo", "board": "aviary", "players": 2,
         "bots": ["random", "greedy"], "games": 2, "seed": 3,
         "arms": [{"name": "gazebo"}, {"name": "qin", "draw": "qin"}]},
        tmp_path / "run", jobs=1, progress=False,
    )
    assert all("draw:" in m for m in run.games.loc[run.games["arm"] == "gazebo", "moves"])
    for row in run.games.itertuples():
        options = ["--option", "draw=qin"] if row.arm == "qin" else []
        assert main(["gazebo", "replay", "aviary", "--players", "2", *options, "--seed",
                     str(row.seed), "--moves", row.moves, "--json"]) == 0
        replayed = json.loads(capsys.readouterr().out)
        assert main(["gazebo", "replay", "--run", str(run.path), "--arm", row.arm, "--game",
                     str(row.game), "--json"]) == 0
        assert replayed == json.loads(capsys.readouterr().out) and replayed["over"]
    first = run.games["moves"].iloc[0]
    assert main(["gazebo", "replay", "aviary", "--moves", first]) == 2
    assert "cannot draw now (a sandbox has no piles; a stored game's moves replay with --seed" \
        in capsys.readouterr().err


# ----- option big_nook: the squares from which a nook is big (rulings 4, 7), a designed number

BUILDS = ["GG@B3S", dumps(1)[0], "FW@C3E", dumps(2)[1], "GF@B1E", dumps(3)[2]]


def test_option_big_nook_six_leaves_a_five_square_nook_with_one_gazebo() -> None:
    """With big_nook=6 the rulebook's five-square foliage nook (test_rules_nooks) stays small;
    one more square makes it big and it takes its second gazebo (rulings 7)."""
    five = play("expand", 2, [*BUILDS, "GW@A2S"], options={"big_nook": 6})
    assert [e["type"] for e in events(five, 7)] == ["expand"]
    assert not nook_with(five, "A2")["big"] and five["supply"] == [22, 24]
    six = play("expand", 2, [*BUILDS, "GW@A2S", dumps(4)[3], "GG@A4S"], options={"big_nook": 6})
    assert [e["type"] for e in events(six, 9)] == ["expand", "big"]
    assert nook_with(six, "A4")["big"] and six["supply"] == [21, 24]
