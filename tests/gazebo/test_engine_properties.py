"""Invariants of the Gazebo engine over 1,000+ seeded random games (issue 2, "Proof").

After every action the incremental state is compared with an independent, slow recomputation
from the squares alone: same-colour groups by flood fill, the gazebos each group must carry
(rulings 4), patio counts (rulings 8-10), placement slots (rulings 3), and the conservation of
gazebos and dominoes.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gardensim.games.gazebo.rules.dominoes import type_of
from gardensim.games.gazebo.rules.fields import BIG, HELD, SMALL, THREAT
from gardensim.games.gazebo.rules.game import GazeboGame

#: (board, players, draw, partnership, games): spread over every garden, player count,
#: drawing system and the partnership mode; 1,040 games in all.
CONFIGS = [
    ("aviary", 2, "gazebo", False, 160),
    ("aviary", 3, "qin", False, 60),
    ("aviary", 4, "gazebo", True, 60),
    ("butterfly", 2, "gazebo", False, 100),
    ("butterfly", 4, "qin-classic", False, 60),
    ("botanical", 2, "qin", False, 80),
    ("botanical", 3, "gazebo", False, 80),
    ("jungle", 2, "gazebo", False, 100),
    ("jungle", 4, "gazebo", True, 60),
    ("qin", 2, "qin-classic", False, 100),
    ("qin", 3, "qin", False, 60),
    ("qin", 4, "gazebo", False, 60),
    ("botanical", 2, "gazebo", False, 60),  # played with the options below flipped
]
FLIPPED = {"no_move_ends_game": False, "raised_steal_needs_two": True, "hand_size": 2}


def groups_of(board, color: list[int]) -> list[list[int]]:
    """Edge-connected same-colour groups of terrain squares, by flood fill."""
    seen = [False] * len(color)
    out = []
    for start, col in enumerate(color):
        if col < 0 or seen[start]:
            continue
        seen[start] = True
        stack, group = [start], []
        while stack:
            c = stack.pop()
            group.append(c)
            for m in board.neighbours[c]:
                if not seen[m] and color[m] == col:
                    seen[m] = True
                    stack.append(m)
        out.append(sorted(group))
    return out


def check_invariants(state) -> None:
    board = state.geo.board
    color = state.color
    live = not state.is_terminal()
    every_group = groups_of(board, color)
    groups = [g for g in every_group if len(g) >= 2]
    # rulings 4: every group of 2+ is exactly one nook with one owner and the right gazebos
    # (a game won by a last gazebo stops resolving at once, rulings 14, so only live states)
    if live:
        assert len(groups) == len(state.nooks)
    gazebos_of_group = {}
    for g in groups if live else []:
        ids = {state.nook_of[c] for c in g}
        assert len(ids) == 1 and -1 not in ids, f"group {g} is not one nook: {ids}"
        (k,) = ids
        nook = state.nooks[k]
        owner, col, cells, gaz = nook.owner, nook.colour, nook.cells, nook.gazebos
        assert sorted(cells) == g and col == color[g[0]]
        assert 0 <= owner < state.n
        assert gaz == (2 if len(g) >= 5 else 1)
        gazebos_of_group[k] = (owner, 2 if len(g) >= 5 else 1)
    for g in every_group if live else []:
        if len(g) == 1:
            assert state.nook_of[g[0]] == -1, "a lone square has no owner (rulings 2)"
    # gazebos conserved per seat: supply + nooks + patios = start
    on_nooks = Counter()
    for nook in state.nooks.values():
        on_nooks[nook.owner] += nook.gazebos
    on_patios = Counter()
    for c in board.patios:
        if state.patios[c].holder >= 0:
            on_patios[state.patios[c].holder] += state.patios[c].gazebos
        else:
            assert state.patios[c].gazebos == 0
    for s in range(state.n):
        assert state.supply[s] >= 0
        assert state.supply[s] + on_nooks[s] + on_patios[s] == state.start_gazebos[s]
    # rulings 8-10: no patio is left where a claim or steal is due
    if live:
        for c, kind in board.patios.items():
            counts = Counter()
            for k in {state.nook_of[m] for m in board.neighbours[c]} - {-1}:
                owner, value = gazebos_of_group[k]
                counts[owner] += value
            if not counts:
                continue
            best = max(counts.values())
            leaders = [s for s, v in counts.items() if v == best]
            owner = state.patios[c].holder
            if len(leaders) > 1:
                continue
            needs_two = kind == "raised" and (owner < 0 or state.raised_two)
            if needs_two and best < 2:
                continue
            assert leaders[0] == owner, f"patio {board.label(c)} is due to {leaders[0]}"
        check_aggregates(state, groups, gazebos_of_group)
    check_piles(state)
    # rulings 3: the kept slots are exactly the free adjacent pairs next to terrain
    free = [board.cells[c] in ".ZE" and color[c] < 0 for c in range(len(color))]
    near = set()
    for c, col in enumerate(color):
        if col >= 0:
            near.update(board.neighbours[c])
    expected = set()
    for a in near:
        if free[a]:
            for b in board.neighbours[a]:
                if free[b]:
                    expected.add(state.geo.slot_of(a, b))
    assert set(state.slots) == expected


def check_aggregates(state, groups, gazebos_of_group) -> None:
    """The counters the evaluation reads (telemetry.HELD/BIG/SMALL/THREAT) against a recount."""
    board = state.geo.board
    held, big, small, threat = Counter(), Counter(), Counter(), Counter()
    for g in groups:
        owner = state.nooks[state.nook_of[g[0]]].owner
        (big if len(g) >= 5 else small)[owner] += 1
    for c in board.patios:
        owner = state.patios[c].holder
        if owner < 0:
            continue
        held[owner] += 1
        counts = Counter()
        for k in {state.nook_of[m] for m in board.neighbours[c]} - {-1}:
            seat, value = gazebos_of_group[k]
            counts[seat] += value
        mine = counts.pop(owner, 0)
        threat[owner] += max(counts.values(), default=0) >= mine
    for s in range(state.n):
        assert state.standing[HELD + s] == held[s] and state.standing[THREAT + s] == threat[s]
        assert state.standing[BIG + s] == big[s] and state.standing[SMALL + s] == small[s]


def check_piles(state) -> None:
    """Dominoes conserved: piles + hands + board = the set."""
    color = state.color
    seen = Counter()
    for a, b in state.dominoes:
        seen[type_of(color[a], color[b])] += 1
    for hand in state.hands:
        for t, k in enumerate(hand):
            seen[t] += k
    for t in state.general[state.gptr :]:
        seen[t] += 1
    for pile, i in zip(state.private, state.pptr, strict=True):
        for t in pile[i:]:
            seen[t] += 1
    for t in state.reserve[state.rptr :]:
        seen[t] += 1
    assert [seen[t] for t in range(6)] == list(state.set_counts)


def play_checked(game: GazeboGame, seed: int) -> None:
    """A random game checked after every action; a draw leaves the board alone, so after a
    draw only the piles are rechecked."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    check_invariants(state)
    while not state.is_terminal():
        placed = len(state.dominoes)
        state.apply_action(state.random_action(rng))
        if len(state.dominoes) != placed or state.is_terminal():
            check_invariants(state)
        else:
            check_piles(state)
    assert abs(sum(state.returns()) - 1) < 1e-9


@pytest.mark.parametrize(("board", "players", "draw", "partnership", "games"), CONFIGS)
def test_invariants_hold_after_every_action(board, players, draw, partnership, games):
    options = {"draw": draw, "partnership": partnership}
    if games == 60 and board == "botanical" and players == 2:
        options.update(FLIPPED)
    game = GazeboGame(board, players, options)
    for seed in range(games):
        play_checked(game, 1000 * players + seed)


def test_configs_cover_at_least_a_thousand_games():
    assert sum(c[-1] for c in CONFIGS) >= 1000
    assert {c[0] for c in CONFIGS} == {"aviary", "butterfly", "botanical", "jungle", "qin"}
    assert {c[2] for c in CONFIGS} == {"gazebo", "qin", "qin-classic"}
    assert {c[1] for c in CONFIGS} == {2, 3, 4} and any(c[3] for c in CONFIGS)
