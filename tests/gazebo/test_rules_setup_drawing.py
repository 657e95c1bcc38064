"""Components, setup, drawing systems and hidden information, through ``GazeboGame``
(rulebook "Components", "Setup", "Gameplay" refill; rulings 11, 12, 16-19).

Boards: ``game_special``::              ``game_vase``::

      A B C D E F                           A B C D E F
    1 . . . . . .                         1 . . . . . .
    2 . f Z E . .    Z zen, E pedestal    2 . f V w . .     V vase
    3 . . g Z . .                         3 . . g . . .
    4 . . . . . .                         4 . . . . . .
    5 . . . . . w                         5 . . . . . .

and ``open_field`` (26x13, open, three start squares in the middle) for whole games.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from gardensim.games.gazebo.rules.game import GazeboGame

from .rules_helpers import board_path, kind

DOUBLES = {"FG", "FW", "GW"}
SINGLES = {"FF", "GG", "WW"}


def size(pile: Any) -> int:
    """A pile as the observation shows it: a size, or (for the all-seeing view) its contents."""
    return pile if isinstance(pile, int) else len(pile)


def actions(state: Any) -> dict[str, int]:
    return {state.action_to_string(a): a for a in state.legal_actions()}


STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def covered(text: str) -> set[str]:
    """The two cells a placement ``XY@C5E`` covers (contract notation)."""
    m = re.fullmatch(r"[FGW]{2}@([A-Z])(\d+)([NESW])", text)
    assert m, text
    col, row = ord(m.group(1)) - ord("A"), int(m.group(2))
    dc, dr = STEP[m.group(3)]
    return {f"{m.group(1)}{row}", f"{chr(ord('A') + col + dc)}{row + dr}"}


def placement(state: Any, covers: set[str], avoid: set[str] = frozenset()) -> str:
    """The first legal placement covering ``covers`` and none of ``avoid``: a placement chosen by
    where it goes, whatever dominoes the seeded hand holds and however the engine spells it."""
    found = [
        s for s in actions(state)
        if "@" in s and covers <= covered(s) and not covered(s) & avoid
    ]
    assert found, (covers, sorted(actions(state)))
    return found[0]


def play(state: Any, text: str) -> None:
    state.apply_action(state.string_to_action(text))


def hands(state: Any) -> list[list[str]]:
    return state.observation(-1)["hands"]


def game(board: str = "aviary", players: int = 2, **options: Any) -> GazeboGame:
    shipped = {"aviary", "butterfly", "jungle", "botanical", "qin"}
    path = board if board in shipped else board_path(board)
    return GazeboGame(board=path, players=players, options=options)


# ----- setup (rulebook "Setup", rulings 16-17)


@pytest.mark.parametrize(("players", "gazebos"), [(2, 24), (3, 19), (4, 15)])
def test_rule_gazebos_per_player_follow_the_table(players: int, gazebos: int) -> None:
    seen = game(players=players).new_initial_state(0).observation(0)
    assert seen["supply"] == [gazebos] * players
    assert seen["on_board"] == [0] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_five_private_singles_each_and_the_rest_is_the_reserve(players: int) -> None:
    """Rulebook: "Each player takes five of these ... The remaining single-colored dominoes are
    kept aside as a reserve." (27 singles, rulings 16-17)."""
    seen = game(players=players).new_initial_state(0).observation(0)
    assert seen["private_piles"] == [5] * players
    assert seen["reserve"] == 27 - 5 * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rule_each_player_starts_with_three_doubles_from_the_general_pile(players: int) -> None:
    """Rulebook: "Each player draws three of these [double-colored dominoes] into their hand"."""
    state = game(players=players).new_initial_state(5)
    for hand in hands(state):
        assert len(hand) == 3 and {kind(d) for d in hand} <= DOUBLES, hand
    seen = state.observation(0)
    assert seen["hand_counts"] == [[0, 3]] * players
    assert seen["general_pile"] == 54 - 3 * players


def test_rule_the_start_player_is_seat_0_and_play_goes_clockwise() -> None:
    """Rulebook: the start player takes the first turn, "then play continues in a clockwise
    direction": a seat's turn (placement and refill) passes to the next seat."""
    state = game(players=3).new_initial_state(2)
    order = []
    while len(order) < 4:
        if not order or order[-1] != state.current_player:
            order.append(state.current_player)
        state.apply_action(state.legal_actions()[0])
    assert order == [0, 1, 2, 0]


# ----- drawing (rulebook "At the end of your turn, refill your hand", rulings 11)


def test_rule_refill_draw_is_the_players_choice_of_general_or_private_pile() -> None:
    state = game("purple").new_initial_state(1)
    play(state, placement(state, set()))
    assert state.observation(0)["phase"] == "draw"
    assert set(actions(state)) == {"draw:general", "draw:private"}


def test_rule_drawing_from_the_private_pile_gives_a_single() -> None:
    state = game("purple").new_initial_state(1)
    play(state, placement(state, set()))
    play(state, "draw:private")
    seen = state.observation(0)
    assert seen["hand_counts"][0] == [1, 2]
    assert seen["private_piles"][0] == 4
    assert state.current_player == 1
    assert {kind(d) for d in hands(state)[0]} & SINGLES


def test_rule_drawing_from_the_general_pile_gives_a_double() -> None:
    state = game("purple").new_initial_state(1)
    pile = state.observation(0)["general_pile"]
    play(state, placement(state, set()))
    play(state, "draw:general")
    seen = state.observation(0)
    assert seen["hand_counts"][0] == [0, 3]
    assert seen["general_pile"] == pile - 1


def test_ruling_11_an_empty_pile_cannot_be_chosen_so_the_draw_is_automatic() -> None:
    """Rulings 11 and the contract: with no private singles only the general pile remains, a
    forced choice applied automatically; the hand is back to three and the turn has passed."""
    state = game("purple", private_singles=0).new_initial_state(1)
    play(state, placement(state, set()))
    assert state.current_player == 1
    assert len(hands(state)[0]) == 3


# ----- zen spaces and the reserve (rulings 12)


def test_rule_covering_a_zen_space_allows_a_draw_from_the_reserve() -> None:
    state = game("game_special").new_initial_state(3)
    play(state, placement(state, {"C1", "C2"}))
    seen = state.observation(0)
    assert seen["zen_credits"] == 1
    assert set(actions(state)) == {"draw:general", "draw:private", "draw:reserve"}
    reserve = seen["reserve"]
    play(state, "draw:reserve")
    after = state.observation(0)
    assert after["reserve"] == reserve - 1
    assert after["hand_counts"][0] == [1, 2]


def test_ruling_12_no_reserve_draw_once_the_reserve_is_empty() -> None:
    """Rulings 12: "while the reserve lasts": three players with nine private singles each leave
    no reserve."""
    state = game("game_special", players=3, private_singles=9).new_initial_state(3)
    play(state, placement(state, {"C1", "C2"}))
    assert "draw:reserve" not in actions(state)


def test_rule_no_reserve_draw_without_covering_a_zen_space() -> None:
    state = game("game_special").new_initial_state(3)
    play(state, placement(state, set(), avoid={"C2", "D2", "D3"}))
    assert "draw:reserve" not in actions(state)


def test_rule_covering_two_zen_spaces_in_one_turn_allows_two_reserve_draws() -> None:
    """Rulebook: "If you cover two Zen spaces in one turn, you may draw up to two dominoes from the
    reserve." The pedestal D2 grants a second domino, which covers the zen space D3."""
    state = game("game_special").new_initial_state(4)
    play(state, placement(state, {"C2", "D2"}))  # zen C2 + pedestal D2
    assert state.observation(0)["phase"] == "extra"
    assert "-" in actions(state)
    play(state, placement(state, {"D3", "D4"}))  # zen D3
    assert state.observation(0)["zen_credits"] == 2
    play(state, "draw:reserve")
    assert state.current_player == 0
    play(state, "draw:reserve")
    seen = state.observation(0)
    assert seen["reserve"] == 27 - 10 - 2
    assert seen["hand_counts"][0] == [2, 1]
    assert state.current_player == 1


def test_ruling_12_zen_credits_last_only_for_the_turn() -> None:
    """Rulings 12: "each zen space covered *this turn*". Board ``special``: one domino covers the
    zen spaces C4 D4 (two credits, one draw); the spare credit is gone on seat 0's next turn."""
    special = {"C2", "D2", "C4", "D4"}
    state = game("special").new_initial_state(5)
    play(state, placement(state, {"C4", "D4"}))
    assert state.observation(0)["zen_credits"] == 2
    play(state, "draw:reserve")
    assert state.current_player == 1
    play(state, placement(state, set(), avoid=special))
    play(state, "draw:general")
    assert state.current_player == 0
    play(state, placement(state, set(), avoid=special))
    assert "draw:reserve" not in actions(state)


def test_ruling_18_zen_spaces_give_nothing_under_qin_drawing() -> None:
    state = game("game_special", draw="qin").new_initial_state(3)
    pile = state.observation(0)["pile"]
    play(state, placement(state, {"C1", "C2"}))
    assert state.current_player == 1, "the only draw (the pile) is forced and automatic"
    assert state.observation(0)["pile"] == pile - 1


# ----- vases and the second domino in a real game (rulings 11, 13)


def test_rule_vase_second_domino_then_draw_two() -> None:
    """Rulebook: "A vase allows you to play a second domino on your turn, then draw two new
    dominoes at the end of your turn"."""
    state = game("game_vase").new_initial_state(7)
    vase_moves = []
    for text, action in actions(state).items():
        state.apply_action(action)
        if state.observation(0)["phase"] == "extra":
            vase_moves.append(text)
        state.undo()
    assert vase_moves, "a start square of every colour borders the vase"
    play(state, vase_moves[0])
    play(state, sorted(s for s in actions(state) if s != "-")[0])
    assert len(hands(state)[0]) == 1
    draws = 0
    while state.current_player == 0:
        play(state, "draw:general")
        draws += 1
    assert draws == 2
    assert len(hands(state)[0]) == 3


def test_rule_vase_second_domino_needs_a_domino_in_hand() -> None:
    """Rulings 13: the second domino comes from the hand. With a hand of one (option
    `hand_size`), nothing is left to play, so declining is the only choice -- a forced choice,
    applied automatically (contract) -- and the turn goes on to the refill. Every domino has a
    placement that triggers the vase: each colour has a start square bordering it."""
    state = game("game_vase", hand_size=1).new_initial_state(7)
    vase_moves = []
    for text, action in actions(state).items():
        state.apply_action(action)
        if state.observation(0)["phase"] != "draw" or state.current_player != 0:
            vase_moves.append((text, state.observation(0)["phase"]))
        state.undo()
    assert vase_moves == []


# ----- drawing systems (rulings 18) and components (rulings 16)


@pytest.mark.parametrize(("draw", "total"), [("qin", 81), ("qin-classic", 72)])
def test_ruling_18_qin_drawing_uses_one_pile_and_a_hand_of_three(draw: str, total: int) -> None:
    state = game(draw=draw, players=3).new_initial_state(0)
    seen = state.observation(0)
    assert seen["draw_system"] == draw
    assert seen["pile"] == total - 9
    assert [len(h) for h in hands(state)] == [3, 3, 3]


@pytest.mark.parametrize("draw", ["qin", "qin-classic"])
def test_ruling_18_qin_drawing_never_offers_a_draw_choice(draw: str) -> None:
    """Rulings 18: one pile, no private piles, no reserve -- so a refill is never a decision
    (contract: forced choices are not actions), even after covering the Aviary's zen spaces."""
    state = game(draw=draw).new_initial_state(21)
    rng = random.Random(21)
    seen: set[str] = set()
    while not state.is_terminal():
        options = actions(state)
        seen.update(options)
        state.apply_action(options[rng.choice(sorted(options))])
    assert not any(text.startswith("draw:") for text in seen)
    assert sum(state.observation(0)["private_piles"]) == 0
    assert state.observation(0)["reserve"] == 0


def test_ruling_18_qin_hands_mix_singles_and_doubles() -> None:
    """All tiles are in one face-down pile, so starting hands hold singles too (over ten seeds
    the chance that no hand holds one is below 1e-18)."""
    singles = 0
    for seed in range(10):
        state = game(draw="qin").new_initial_state(seed)
        singles += sum(kind(d) in SINGLES for h in hands(state) for d in h)
    assert singles > 0


def whole_game(draw: str, seed: int) -> Any:
    state = game("open_field", gazebos=96, draw=draw).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def placed_and_held(state: Any) -> Counter[str]:
    final = state.to_dict()
    squares = final["squares"]
    counts = Counter(kind(squares[c] for c in pair) for pair in final["dominoes"])
    counts.update(kind(d) for hand in hands(state) for d in hand)
    return counts


@pytest.mark.parametrize(("draw", "each"), [("qin", None), ("qin-classic", 12)])
def test_ruling_16_and_18_every_domino_of_the_set_comes_out_of_the_pile(
    draw: str, each: int | None
) -> None:
    """Rulings 16: Gazebo's 81 (18 of each double, 9 of each single); rulings 18: Qin's own 72
    (12 of each kind). Played out until a player has no domino, the pile is empty, so the placed
    dominoes and the hands are the whole set."""
    state = whole_game(draw, 11)
    assert state.to_dict()["end_reason"] == "no-domino"
    expected = (
        {k: 18 for k in DOUBLES} | {k: 9 for k in SINGLES}
        if each is None
        else {k: each for k in DOUBLES | SINGLES}
    )
    assert placed_and_held(state) == Counter(expected)


def test_ruling_16_and_17_gazebo_drawing_spends_all_54_doubles_and_no_reserve() -> None:
    """Under Gazebo drawing the doubles (18 of each) all come out of the general pile; the
    singles come only from the private piles (5 each), the reserve (27 - 10) stays untouched on a
    board without zen spaces."""
    state = whole_game("gazebo", 12)
    seen = state.observation(0)
    assert state.to_dict()["end_reason"] == "no-domino"
    counts = placed_and_held(state)
    assert {k: counts[k] for k in DOUBLES} == {k: 18 for k in DOUBLES}
    singles_out = sum(counts[k] for k in SINGLES)
    assert singles_out + sum(seen["private_piles"]) == 10
    assert seen["reserve"] == 17


# ----- hidden information (rulings 19)


def test_ruling_19_a_player_sees_only_their_own_hand() -> None:
    state = game(players=3).new_initial_state(9)
    everything = hands(state)
    for p in range(3):
        seen = state.observation(p)
        assert seen["hand"] == everything[p]
        assert "hands" not in seen
    assert state.observation(-1)["hands"] == everything


def test_ruling_19_piles_are_seen_as_sizes_only() -> None:
    """Rulings 17/19: the private pile's order is unknown even to its owner; every pile shows as
    a size."""
    seen = game(players=3).new_initial_state(9).observation(1)
    assert isinstance(seen["general_pile"], int)
    assert isinstance(seen["reserve"], int)
    assert all(isinstance(n, int) for n in seen["private_piles"])


def test_ruling_19_hand_counts_of_every_seat_are_public() -> None:
    state = game(players=3).new_initial_state(9)
    counts = [
        [sum(kind(d) in SINGLES for d in h), sum(kind(d) in DOUBLES for d in h)]
        for h in hands(state)
    ]
    assert state.observation(2)["hand_counts"] == counts


@pytest.mark.parametrize("draw", ["gazebo", "qin", "qin-classic"])
def test_ruling_19_determinize_keeps_everything_the_player_sees(draw: str) -> None:
    """A determinized state resamples only what the player cannot see (rulings 19)."""
    state = game(players=3, draw=draw).new_initial_state(9)
    play(state, placement(state, set()))
    for p in range(3):
        sample = state.determinize(p, random.Random(4))
        assert sample.observation(p) == state.observation(p)
