"""What a seat may know (rulings 19), the JSON picture of a position, and determinization.

Public: the board, every supply, pile sizes, and each hand's split into single- and
double-coloured dominoes under Gazebo-style drawing (everyone sees which pile a player draws from
and what they place). Hidden: the types in other hands, the order and content of every pile
(including one's own private pile, rulings 17). Under Qin drawing there is one mixed pile, so only
hand sizes are public.
"""

from __future__ import annotations

import random
from typing import Any

from gardensim.games.gazebo.rules.dominoes import COLORS, TYPE_NAMES, type_of
from gardensim.games.gazebo.rules.fields import StateFields
from gardensim.games.gazebo.rules.geometry import PATIO_NAMES
from gardensim.games.gazebo.rules.rulings import OVER

EVENT_KEYS = {"create", "expand", "big"}
#: entries of ``state.events`` that are the gazebo ledger telemetry reads, not contract events
LEDGER = {"placed", "returned"}


def _hand_list(hand: list[int]) -> list[str]:
    return [TYPE_NAMES[t] for t in range(6) for _ in range(hand[t])]


class ObservationMixin(StateFields):
    """observation / to_dict / determinize for :class:`GazeboState`."""

    __slots__ = ()

    # ----- pictures -------------------------------------------------------------------
    def nook_list(self) -> list[dict[str, Any]]:
        """Nooks in reading order of their first cell; ``big`` means its two gazebos stand on
        it (rulings 21), so a nook that reached five squares in the move that ended the game,
        before its double was placed, is not big."""
        labels = self.geo.labels
        return [
            {
                "color": COLORS[nook.colour],
                "cells": [labels[c] for c in cells],
                "owner": nook.owner,
                "big": nook.gazebos == 2,
            }
            for cells, nook in sorted((sorted(nook.cells), nook) for nook in self.nooks.values())
        ]

    def patio_list(self) -> list[dict[str, Any]]:
        geo = self.geo
        patios = self.patios
        return [
            {
                "cell": geo.labels[c],
                "kind": PATIO_NAMES[geo.patio_kind[c]],
                "owner": patios[c].holder if patios[c].holder >= 0 else None,
            }
            for c in geo.patios
        ]

    def squares(self) -> dict[str, str]:
        labels = self.geo.labels
        return {labels[c]: COLORS[k] for c, k in enumerate(self.color) if k >= 0}

    def event_dicts(self, start: int = 0) -> list[dict[str, Any]]:
        """Contract form of the events logged since ``state.events[start]``."""
        return [self.event_dict(e) for e in self.events[start:] if e[0] not in LEDGER]

    def event_dict(self, event: tuple[Any, ...]) -> dict[str, Any]:
        """Contract form of one logged event tuple."""
        labels = self.geo.labels
        kind = event[0]
        if kind in EVENT_KEYS:
            cells = [labels[c] for c in sorted(event[2])]
            return {"type": kind, "player": event[1], "cells": cells}
        if kind == "absorb":
            return {
                "type": kind,
                "player": event[1],
                "cells": [labels[c] for c in sorted(event[2])],
                "from": list(event[3]),
            }
        if kind == "steal":
            return {"type": kind, "player": event[1], "cell": labels[event[2]], "from": event[3]}
        if kind == "win":
            return {"type": kind, "player": event[1], "winners": list(event[2]), "reason": event[3]}
        return {"type": kind, "player": event[1], "cell": labels[event[2]]}

    def summary(self) -> dict[str, Any]:
        """The replay object of the contract (moves filled in by whoever recorded them)."""
        over = self.phase == OVER
        return {
            "players": self.n,
            "to_move": None if over else self.player,
            "over": over,
            "winners": list(self.winners),
            "end_reason": self.end_reason,
            "supply": list(self.supply),
            "on_board": self.on_board(),
            "nooks": self.nook_list(),
            "patios": self.patio_list(),
            "moves": list(getattr(self, "records", None) or []),
        }

    def to_dict(self) -> dict[str, Any]:
        """The replay object plus every square and domino, and (under ``state``) the hidden
        parts, so two equal dicts mean two equal positions."""
        labels = self.geo.labels
        out = self.summary()
        out["squares"] = self.squares()
        out["dominoes"] = [[labels[a], labels[b]] for a, b in self.dominoes]
        out["state"] = {
            "phase": self.phase.label,
            "turn": self.turn,
            "placed_this_turn": self.placed_this_turn,
            "zen_credits": self.zen_credits,
            "passes": self.passes,
            "hands": [_hand_list(h) for h in self.hands],
            "general": list(self.general[self.gptr :]),
            "private": [
                list(pile[i:])
                for pile, i in zip(self.private, self.pptr, strict=True)
            ],
            "reserve": list(self.reserve[self.rptr :]),
        }
        return out

    # ----- observation ----------------------------------------------------------------
    def hand_counts(self) -> list[list[int]]:
        return [[h[0] + h[1] + h[2], h[3] + h[4] + h[5]] for h in self.hands]

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may know (rulings 19); ``player == -1`` sees everything."""
        labels = self.geo.labels
        qin = self.qin
        counts: list[list[int] | None] = list(self.hand_counts())
        if qin and player >= 0:
            counts = [c if s == player else None for s, c in enumerate(counts)]
        private = [len(pile) - i for pile, i in zip(self.private, self.pptr, strict=True)]
        general = len(self.general) - self.gptr
        over = self.phase == OVER
        obs: dict[str, Any] = {
            "board": self.geo.board.key,
            "players": self.n,
            "to_move": None if over else self.player,
            "turn": self.turn,
            "phase": self.phase.label,
            "squares": self.squares(),
            "dominoes": [[labels[a], labels[b]] for a, b in self.dominoes],
            "nooks": self.nook_list(),
            "patios": self.patio_list(),
            "supply": list(self.supply),
            "on_board": self.on_board(),
            "hand_counts": counts,
            "hand_sizes": [sum(h) for h in self.hands],
            "general_pile": 0 if qin else general,
            "private_piles": private,
            "reserve": len(self.reserve) - self.rptr,
            "pile": general if qin else 0,
            "zen_credits": self.zen_credits,
            "draw_system": self.game.options["draw"],
            "partnership": self.partnership,
            "winners": list(self.winners),
            "end_reason": self.end_reason,
        }
        if player >= 0:
            obs["hand"] = _hand_list(self.hands[player])
        else:
            obs["hands"] = [_hand_list(h) for h in self.hands]
        return obs

    # ----- determinization ------------------------------------------------------------
    def unseen(self, player: int) -> list[int]:
        """Counts per type of the dominoes ``player`` cannot see: the set minus the board minus
        their own hand (hand composition of others is handled by the caller)."""
        left = list(self.set_counts)
        color = self.color
        for a, b in self.dominoes:
            left[type_of(color[a], color[b])] -= 1
        for t, k in enumerate(self.hands[player]):
            left[t] -= k
        return left

    def determinize(self, player: int, rng: random.Random) -> Any:
        """A copy with every domino ``player`` cannot see redealt at random, consistent with
        ``observation(player)``: opponents keep their public single/double split, the general
        pile gets doubles and private piles and reserve get singles (Gazebo drawing), or one
        mixed pile (Qin). Only public facts and ``rng`` decide the result."""
        c = self.clone()
        left = self.unseen(player)
        others = [s for s in range(self.n) if s != player]
        if self.qin:
            pool = [t for t in range(6) for _ in range(left[t])]
            rng.shuffle(pool)
            for s in others:
                hand = [0] * 6
                for _ in range(sum(self.hands[s])):
                    hand[pool.pop()] += 1
                c.hands[s] = hand
            c.general, c.gptr = tuple(pool), 0
            return c
        singles = [t for t in range(3) for _ in range(left[t])]
        doubles = [t for t in range(3, 6) for _ in range(left[t])]
        rng.shuffle(singles)
        rng.shuffle(doubles)
        counts = self.hand_counts()
        for s in others:
            hand = [0] * 6
            for _ in range(counts[s][0]):
                hand[singles.pop()] += 1
            for _ in range(counts[s][1]):
                hand[doubles.pop()] += 1
            c.hands[s] = hand
        c.general, c.gptr = tuple(doubles), 0
        private = []
        for s in range(self.n):
            size = len(self.private[s]) - self.pptr[s]
            private.append(tuple(singles.pop() for _ in range(size)))
        c.private, c.pptr = private, [0] * self.n
        c.reserve, c.rptr = tuple(singles), 0
        return c
