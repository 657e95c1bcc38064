"""Phase 1 of Summer Pavilion: taking tiles from the factories and the centre (spec 3).

A take names a source and a colour. Taking a non-wild colour takes every tile of it plus exactly
one wild tile when the source holds any; a wild tile can be taken alone only from a source that
holds nothing else. Leftovers of a factory slide to the centre; the first take from the centre
also takes the start-player token and costs one point per tile taken (never below the floor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gardensim.games.pavilion.notation import COLOURS, DRAFT_BASE
from gardensim.games.pavilion.scoring import TOKEN_LOSS, lose_points
from gardensim.games.pavilion.snapshots import writable

if TYPE_CHECKING:
    from gardensim.games.pavilion.state import PavilionState


def sources(st: PavilionState) -> list[list[int]]:
    """Tile counts of source 0 (the centre) and 1..F (the factories)."""
    return [st.centre, *st.factories]


def drafting_over(st: PavilionState) -> bool:
    """Phase 1 ends once every factory and the centre are empty (spec 3)."""
    return not any(st.centre) and not any(any(f) for f in st.factories)


def legal_drafts(st: PavilionState) -> list[int]:
    wild = st.wild
    out = []
    for s, src in enumerate(sources(st)):
        base = DRAFT_BASE + s * COLOURS
        found = False
        for c in range(COLOURS):
            if src[c] and c != wild:
                out.append(base + c)
                found = True
        if not found and src[wild]:
            out.append(base + wild)
    return out


def apply_draft(st: PavilionState, source: int, colour: int) -> int:
    """Move the taken tiles to the player's pool; returns the number taken."""
    p = st.player
    pool = writable(st.pools, p)
    if source:
        src = writable(st.factories, source - 1)
    else:
        src = st.centre
    wild = st.wild
    taken = 1 if colour == wild else src[colour]
    pool[colour] += taken
    src[colour] -= taken
    if colour != wild and src[wild]:
        src[wild] -= 1
        pool[wild] += 1
        taken += 1
    if source:
        centre = st.centre
        for c in range(COLOURS):
            centre[c] += src[c]
            src[c] = 0
    elif st.token < 0:
        st.token = p
        before = st.scores[p]
        st.scores[p] = lose_points(before, taken, st.side.rules.score_floor)
        writable(st.ledger, p)[TOKEN_LOSS] += before - st.scores[p]
    return taken
