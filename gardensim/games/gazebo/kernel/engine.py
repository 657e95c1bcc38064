"""The rules of Gazebo compiled with numba: the turn flow and ``apply_action``
(``state.py``), with legality in ``legality.py`` and event resolution in ``events.py``.

Together a restatement of the readable engine (``games/gazebo/rules/events.py``, ``legality.py``,
``state.py``, ``rules.py``) over the flat position of ``layout.py``, in the same order of
resolution (rulings 14, 22), with the same action codes, so a game played here replays move by
move there (the tests do exactly that). Of the readable engine's incremental indexes this one
keeps only the open slots (a bit set in the position that ``place`` updates); halos and contact
are scanned around the few cells a placement touches. Nooks are ids into per-nook arrays; their
cells are the cells labelled with the id, their patios and vases bit masks.

The rules allocate nothing (their scratch is the board tables' ``work`` row) and the small
steps are inlined into their callers (``inline="always"``): numba counts references to every
array a call passes or slices, an atomic operation each, which costs more than a small step.

Every function takes the position ``S`` and the board tables ``T`` (``layout.board_tables``)
and, where events happen, the event log ``ev``/``evc`` (written only when ``S[LOG]`` is set,
so look-ahead copies log nothing).
"""

from __future__ import annotations

from numba import njit

from gardensim.games.gazebo.kernel.events import finish, log_event, place
from gardensim.games.gazebo.kernel.layout import (
    DRAW,
    EV_DRAW,
    EXTRA,
    GLEN,
    GPTR,
    HAND_SIZE,
    LOG,
    MOVE_ENDS,
    NPL,
    O_GENERAL,
    O_HANDS,
    O_PLENS,
    O_PPTR,
    O_PRIVATE,
    O_RESERVE,
    O_TALLY,
    OVER,
    PASSES,
    PHASE,
    PLACE,
    PLACED,
    PLAYER,
    PLEN,
    QIN,
    RLEN,
    RPTR,
    TURN,
    ZEN,
)
from gardensim.games.gazebo.kernel.legality import (
    DECLINE,
    DRAW_GENERAL,
    hand_total,
    has_legal_placement,
    legal_actions,
    max_actions,
    random_action,
    slot_takes_a_domino,
    type_of,
)

__all__ = ["apply_action", "begin", "copy_state", "legal_actions", "max_actions", "random_action"]


@njit(cache=True)
def copy_state(dst, src) -> None:
    """``dst[:] = src`` as a plain loop: numba's slice assignment costs ten times more, and
    every look-ahead copies a position."""
    for i in range(src.shape[0]):
        dst[i] = src[i]


# ----- the turn --------------------------------------------------------------------------
@njit(cache=True, inline="always")
def draw(S, ev, source: int) -> None:
    """Draw one domino from pile ``source`` (0 general, 1 private, 2 reserve)."""
    p = S[PLAYER]
    if source == 0:
        t = S[S[O_GENERAL] + S[GPTR]]
        S[GPTR] += 1
    elif source == 1:
        i = S[O_PPTR] + p
        t = S[S[O_PRIVATE] + p * S[PLEN] + S[i]]
        S[i] += 1
    else:
        t = S[S[O_RESERVE] + S[RPTR]]
        S[RPTR] += 1
        S[ZEN] -= 1
    S[S[O_HANDS] + 6 * p + t] += 1
    if t < 3:
        S[S[O_TALLY] + 3 * p] += 1
    if S[LOG]:
        log_event(S, ev, EV_DRAW, p, source, t)


@njit(cache=True)
def start_turn(S, T, ev) -> None:
    """Rulings 14: no domino or no legal placement ends the game (or, with the option off,
    passes; a full round of passes ends it)."""
    while True:
        p = S[PLAYER]
        if hand_total(S, p) == 0:
            reason = 2
        elif not slot_takes_a_domino(S, T):
            reason = 3
        else:
            S[PHASE] = PLACE
            return
        if S[MOVE_ENDS]:
            finish(S, ev, reason, -1)
            return
        S[PASSES] += 1
        if S[PASSES] >= S[NPL]:
            finish(S, ev, 4, -1)
            return
        S[PLAYER] = (p + 1) % S[NPL]
        S[TURN] += 1


@njit(cache=True, inline="always")
def end_turn(S, T, ev) -> None:
    S[ZEN] = 0
    S[PLACED] = 0
    S[PLAYER] = (S[PLAYER] + 1) % S[NPL]
    S[TURN] += 1
    start_turn(S, T, ev)


@njit(cache=True, inline="always")
def refill(S, T, ev) -> None:
    """Draw until the hand is full (rulings 11); a choice between piles waits for the player
    (phase DRAW), a single possibility is applied at once."""
    p = S[PLAYER]
    while hand_total(S, p) < S[HAND_SIZE]:
        general = S[GPTR] < S[GLEN]
        if S[QIN]:
            if not general:
                break
            source = 0
        else:
            private = S[S[O_PPTR] + p] < S[S[O_PLENS] + p]
            reserve = S[ZEN] > 0 and S[RPTR] < S[RLEN]
            if int(general) + int(private) + int(reserve) > 1:
                S[PHASE] = DRAW
                return
            if general:
                source = 0
            elif private:
                source = 1
            elif reserve:
                source = 2
            else:
                break
        draw(S, ev, source)
    end_turn(S, T, ev)


@njit(cache=True)
def apply_action(S, T, ev, evc, action: int) -> None:
    """Play a legal ``action`` (``state.GazeboState._apply``). Every way out of a turn
    ends in the one ``refill`` (each inlined copy is compiled anew)."""
    if action >= DRAW_GENERAL:
        if action != DECLINE:
            draw(S, ev, action - DRAW_GENERAL)
    else:
        s = action // 9
        xy = action % 9
        x = xy // 3
        y = xy % 3
        p = S[PLAYER]
        S[S[O_HANDS] + 6 * p + type_of(x, y)] -= 1
        S[PASSES] = 0
        S[PLACED] += 1
        extra = place(S, T, ev, evc, s, x, y)
        if S[PHASE] == OVER:
            return
        if extra and S[PLACED] == 1 and has_legal_placement(S, T):
            S[PHASE] = EXTRA
            return
    refill(S, T, ev)


@njit(cache=True)
def begin(S, T, ev) -> None:
    """The first turn's start (``GazeboState.__init__`` ends with it)."""
    start_turn(S, T, ev)

