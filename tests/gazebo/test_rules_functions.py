"""rules.py decides what the rulings say; a few direct cases beside the differential test
(test_reference.py), which checks them in play."""

from __future__ import annotations

import pytest

from gardensim.games.gazebo.rules.fields import draw_entry
from gardensim.games.gazebo.rules.geometry import DRAW_GENERAL, DRAW_RESERVE
from gardensim.games.gazebo.rules.records import Nook
from gardensim.games.gazebo.rules.ruleset import RULES
from gardensim.games.gazebo.rules.rulings import Phase, absorb_fault, gazebos_kept, winners

EMPTY: frozenset[int] = frozenset()
BIG = RULES.option("big_nook").default  # the rulebook's five squares


def nook(owner: int, size: int) -> Nook:
    return Nook(owner, 0, tuple(range(size)), 2 if size >= BIG else 1, EMPTY, EMPTY, 0)


@pytest.mark.parametrize("nooks, fault", [
    ([nook(0, 3), nook(1, 2)], None),
    ([nook(0, 2), nook(1, 2)], "absorb tie"),
    ([nook(0, 2), nook(0, 2), nook(1, 3)], None),  # one owner's nooks add up (rulings 6)
    ([nook(0, 5), nook(1, 2)], None),
    ([nook(0, 5), nook(1, 3), nook(1, 3)], "absorbs a big nook"),
    ([nook(0, 5), nook(1, 5)], "joins two big nooks"),
    ([nook(0, 5), nook(0, 6)], "joins two big nooks"),
])
def test_absorb_faults_follow_rulings_6_and_23(nooks, fault):
    assert absorb_fault(nooks, BIG) == fault


def test_the_absorb_winner_keeps_one_gazebo_or_two_when_big():
    assert gazebos_kept(held=2, size=4, big=BIG) == 1
    assert gazebos_kept(held=3, size=7, big=BIG) == 2
    assert gazebos_kept(held=1, size=6, big=BIG) == 1  # the double comes in the big-nook step
    assert gazebos_kept(held=3, size=7, big=8) == 1  # option big_nook=8: seven is small


def test_winners_follow_rulings_14_and_15():
    assert winners([0, 3], [24, 24], 0, False) == (0,)
    assert winners([4, 4, 6], [19, 19, 19], None, False) == (0, 1)
    assert winners([0, 2, 1, 1], [15] * 4, 0, True) == (0, 3)
    assert winners([2, 0, 1, 1], [15] * 4, 1, True) == (1, 2)  # tie: the last player's side
    assert winners([2, 2, 1, 1], [15] * 4, None, True) == (0, 1, 2, 3)


def test_phases_have_the_contract_names():
    assert [p.label for p in Phase] == ["place", "extra", "draw", "over"]


def test_a_draw_log_entry_reads_back():
    for source in range(DRAW_GENERAL, DRAW_RESERVE + 1):
        for seat in range(4):
            for t in range(6):
                assert draw_entry(source + (seat << 2) + (t << 4)) == (source, seat, t)
