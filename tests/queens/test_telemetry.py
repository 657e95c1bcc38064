"""Telemetry: turn rows and game rows carry exactly the declared columns, and their figures
agree with the game (docs/queens.md)."""

from __future__ import annotations

import random

from gardensim.games.queens import QueensGame
from gardensim.games.queens.telemetry import GAME_COLUMNS, TURN_COLUMNS


def play_with_rows(players: int, seed: int):
    game = QueensGame(players=players)
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    rows = []
    while not st.is_terminal():
        mark, turn, actions = st.mark(), st.turn, []
        while not st.is_terminal() and st.turn == turn:
            a = st.random_action(rng)
            actions.append(a)
            st.apply_action(a)
        rows.append((mark[0], st.turn_row(mark, actions)))
    return st, rows


def test_turn_rows_have_the_declared_columns_and_add_up() -> None:
    st, rows = play_with_rows(3, 2)
    assert all(set(r) == set(TURN_COLUMNS) for _, r in rows)
    kinds = {r["kind"] for _, r in rows}
    assert {"take", "place", "pass"} <= kinds
    for p in range(3):
        mine = [r for seat, r in rows if seat == p]
        forced = st.ledger[p][13] - sum(r["kind"] == "pass" for r in mine)
        assert forced >= 0  # a seat with no move but pass passes outside its own turn rows
        paid = sum(r["points_paid"] for r in mine)
        unseen = st.ledger[p][6] + st.ledger[p][7] + st.ledger[p][8] - paid
        assert unseen == 0 or (forced and unseen <= st.ledger[p][7])
        assert sum(r["jokers_gained"] for r in mine) == st.ledger[p][9]
    takes = [r for _, r in rows if r["kind"] == "take"]
    assert all(r["tiles_taken"] + r["expansions_taken"] >= 1 for r in takes)


def test_game_row_breakdown_adds_up_to_the_score() -> None:
    st, _ = play_with_rows(2, 5)
    row = st.game_row()
    assert set(row) == set(GAME_COLUMNS)
    for s in range(2):
        gains = sum(row[f"{f}_{s}"] for f in ("round_scoring", "pavilion_points", "end_groups",
                                              "size_bonuses", "jokers"))
        losses = sum(row[f"{f}_{s}"] for f in ("leftovers", "buys", "first_pass_penalty",
                                               "discards"))
        assert row[f"score_{s}"] == st.rules.start_score + gains - losses
    assert row["score_3"] is None and row["end_reason"] == "rounds"
