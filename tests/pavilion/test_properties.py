"""Property tests over seeded random games, every board side and player count (issue 6 proof).

On all 500 games per configuration, at every step: the 132 tiles are all accounted for (bag,
tower, factories, centre, supply, pools, corners, boards), no pile goes negative, every
placement leaves its star legal (fixed colours respected; single-coloured or all different),
and every seat's score equals an independent recount (run points, token and discard penalties,
final scoring from the raw data files; ``recount.py``). On a few games per configuration, at every
step: the legal placements and payments equal an independent oracle, the bonus tiles taken equal
the structures surrounded, and ``play`` rejects illegal action codes.
"""

from __future__ import annotations

import random

import pytest

from gardensim.core.errors import IllegalMoveError
from gardensim.games.pavilion import notation as nt
from gardensim.games.pavilion.game import PavilionGame
from gardensim.games.pavilion.phases import BONUS, DRAFT, KEEP, PAY, PLACE
from gardensim.games.pavilion.state import PavilionState
from tests.pavilion import recount
from tests.pavilion.support import BOARDS, raw_board

GAMES = 500
HEAVY_GAMES = 10
CONFIGS = [(board, players) for board in BOARDS for players in (2, 3, 4)]


def tiles_in_play(st: PavilionState) -> int:
    piles = [st.bag, st.tower, st.centre, *st.factories, *st.pools, *st.corners]
    assert min(map(min, piles)) >= 0, "a pile went negative"
    on_boards = sum(len(b) - b.count(-1) for b in st.boards)
    return sum(map(sum, piles)) + on_boards + len(st.supply) - st.supply.count(-1)


def star_is_legal(raw: dict, board: list[int], star: int) -> bool:
    tiles = board[6 * star : 6 * star + 6]
    rule = raw["stars"][star]
    present = [c for c in tiles if c >= 0]
    if rule["rule"] == "fixed":
        empty = [-1] * 6
        return all(recount.star_accepts(rule, empty, k, c) for k, c in enumerate(tiles) if c >= 0)
    distinct = len(set(present)) == len(present)
    if rule["rule"] == "multicolour":
        return distinct
    return distinct or len(set(present)) == 1


def predicted_scores(st: PavilionState, action: int, raw: dict) -> list[int]:
    """Scores after ``action``, before any final scoring, from the spec alone."""
    scores = list(st.scores)
    p = st.player
    floored = st.game.options["discard_floor"]
    pool = st.pools[p]
    if st.phase == DRAFT:
        source, c = divmod(action - nt.DRAFT_BASE, 6)
        src = st.centre if source == 0 else st.factories[source - 1]
        if source == 0 and st.token < 0:
            scores[p] = recount.after_penalty(scores[p], recount.tiles_taken(src, c, st.wild), True)
    elif st.phase == PLACE and action != nt.PASS:
        i, c = divmod(action - nt.PLACE_BASE, 6)
        board = list(st.boards[p])
        board[i] = c
        scores[p] += recount.run_length(board, i)
    elif action == nt.PASS and st.round == 6:
        scores[p] = recount.after_penalty(scores[p], sum(pool), floored)
    elif st.phase == KEEP and action == nt.DISCARD:
        scores[p] = recount.after_penalty(scores[p], sum(pool), floored)
    elif st.phase == KEEP and st.keep_left == 1:
        scores[p] = recount.after_penalty(scores[p], sum(pool) - 1, floored)
    return scores


def check_heavy(st: PavilionState, raw: dict, rng: random.Random) -> None:
    p = st.player
    legal = st.legal_actions()
    if st.phase == PLACE:
        engine = {divmod(a - nt.PLACE_BASE, 6) for a in legal if a != nt.PASS}
        assert engine == recount.legal_placements(raw, st.pools[p], st.boards[p], st.wild)
        assert nt.PASS in legal
    elif st.phase == PAY:
        space = st.paying
        c = st.boards[p][space]
        due = raw["stars"][space // 6]["costs"][space % 6] - 1
        pool = st.pools[p]
        # spec 4.2: w wilds with max(0, N - #X) <= w <= min(#W, N - 1), #X counting the placed tile
        low, high = max(0, due + 1 - (pool[c] + 1)), min(pool[st.wild], due)
        assert sorted(a - nt.PAY_BASE for a in legal) == list(range(low, high + 1))
        assert high > low, "a forced payment must not be asked"
    elif st.phase == KEEP:
        # spec 4.5: up to 4 kept, any of the tiles held, and stopping (discarding) at any time
        held = {nt.keep(c) for c in range(6) if st.pools[p][c]}
        assert set(legal) == held | {nt.DISCARD}
        assert 1 <= st.keep_left <= min(4 - sum(st.corners[p]), sum(st.pools[p]))
        assert st.round < 6
    illegal = rng.randrange(nt.ACTION_COUNT)
    if illegal not in legal:
        with pytest.raises(IllegalMoveError):
            st.play(illegal)


def play_checked(game: PavilionGame, raw: dict, seed: int, heavy: bool) -> PavilionState:
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    total = game.side.rules.total_tiles
    owed_expected = None
    while not st.is_terminal():
        if heavy:
            check_heavy(st, raw, rng)
        action = st.random_action(rng)
        p, phase = st.player, st.phase
        scores = predicted_scores(st, action, raw)
        if phase == DRAFT:
            source, c = divmod(action - nt.DRAFT_BASE, 6)
            src = st.centre if source == 0 else st.factories[source - 1]
            pool_after = sum(st.pools[p]) + recount.tiles_taken(src, c, st.wild)
        if heavy and phase == PLACE and action != nt.PASS:
            before = recount.surrounded(raw, st.boards[p])
        st.apply_action(action)
        if phase == DRAFT:
            assert sum(st.pools[p]) == pool_after, "a take moved the wrong tiles"
        if phase == PLACE and action != nt.PASS:
            space = (action - nt.PLACE_BASE) // 6
            assert star_is_legal(raw, st.boards[p], space // 6), "illegal placement accepted"
            if heavy:
                after = recount.surrounded(raw, st.boards[p])
                bonus = {"pillar": 1, "statue": 2, "window": 3, "fountain": 1}
                owed = sum(bonus[k] * (len(after[k]) - len(before[k])) for k in after)
                available = sum(1 for c in st.supply if c >= 0)
                if available < owed and game.options["bonus_shortfall"] == "forfeit":
                    owed = 0
                owed_expected = [min(owed, available), 0]
        if heavy and owed_expected is not None:
            if phase == BONUS:
                owed_expected[1] += 1
            if st.player != p or st.phase not in (PAY, BONUS) or st.is_terminal():
                assert owed_expected[1] == owed_expected[0], "bonus tiles differ from structures"
                owed_expected = None
        assert tiles_in_play(st) == total, f"seed {seed}: tiles lost"
        if st.is_terminal():
            bga = game.options["purple_star_values"] == "bga"
            finals = [recount.final_bonus(raw, b, bga) for b in st.boards]
            scores = [s + f for s, f in zip(scores, finals, strict=True)]
        assert st.scores == scores, f"seed {seed}: scores differ from the recount"
    return st


@pytest.mark.parametrize(("board", "players"), CONFIGS)
def test_random_games_keep_every_tile_and_match_a_score_recount(board: str, players: int) -> None:
    game = PavilionGame(board, players)
    raw = raw_board(board)
    for seed in range(GAMES):
        play_checked(game, raw, seed, heavy=False)


@pytest.mark.parametrize(("board", "players"), CONFIGS)
def test_random_games_offer_exactly_the_legal_placements_and_bonuses(
    board: str, players: int
) -> None:
    game = PavilionGame(board, players)
    raw = raw_board(board)
    for seed in range(10_000, 10_000 + HEAVY_GAMES):
        play_checked(game, raw, seed, heavy=True)


VARIANT = {"discard_floor": False, "no_token_start": "next", "bonus_shortfall": "forfeit",
           "purple_star_values": "bga", "first_player": 2}


@pytest.mark.parametrize("board", BOARDS)
def test_random_games_with_every_option_changed(board: str) -> None:
    options = dict(VARIANT)
    if board != "glazed-purple":
        del options["purple_star_values"]  # only the purple board reads it (an idle option)
    game = PavilionGame(board, 3, options)
    raw = raw_board(board)
    for seed in range(100):
        play_checked(game, raw, seed, heavy=seed < 2)
