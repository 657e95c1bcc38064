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

from gardensim.games.gazebo.dominoes import COLORS, TYPE_NAMES, type_of
from gardensim.games.gazebo.geometry import PATIO_NAMES

PHASES = ("place", "extra", "draw", "over")
EVENT_KEYS = {"create", "expand", "big"}


def _hand_list(hand: list[int]) -> list[str]:
    return [TYPE_NAMES[t] for t in range(6) for _ in range(hand[t])]


class ObservationMixin:
    """observation / to_dict / determinize for :class:`GazeboState`."""

    __slots__ = ()

    # ----- pictures -------------------------------------------------------------------
    def nook_list(self) -> list[dict[str, Any]]:
        """Nooks in reading order of their first cell; ``big`` means its two gazebos stand on
        it (rulings 21), so a nook that reached five squares in the move that ended the game,
        before its double was placed, is not big."""
        labels = self.geo.labels  # type: ignore[attr-defined]
        out = []
        for owner, col, cells, gazebos, *_ in self.nooks.values():  # type: ignore[attr-defined]
            ordered = sorted(cells)
            out.append(
                {
                    "color": COLORS[col],
                    "cells": [labels[c] for c in ordered],
                    "owner": owner,
                    "big": gazebos == 2,
                    "_first": ordered[0],
                }
            )
        out.sort(key=lambda d: d["_first"])
        for d in out:
            del d["_first"]
        return out

    def patio_list(self) -> list[dict[str, Any]]:
        geo = self.geo  # type: ignore[attr-defined]
        owners = self.patio_owner  # type: ignore[attr-defined]
        return [
            {
                "cell": geo.labels[c],
                "kind": PATIO_NAMES[geo.patio_kind[c]],
                "owner": owners[c] if owners[c] >= 0 else None,
            }
            for c in geo.patios
        ]

    def squares(self) -> dict[str, str]:
        labels = self.geo.labels  # type: ignore[attr-defined]
        return {labels[c]: COLORS[k] for c, k in enumerate(self.color) if k >= 0}  # type: ignore

    def event_dict(self, event: tuple) -> dict[str, Any]:
        """Contract form of one logged event tuple."""
        labels = self.geo.labels  # type: ignore[attr-defined]
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
        over = self.phase == 3  # type: ignore[attr-defined]
        return {
            "players": self.n,  # type: ignore[attr-defined]
            "to_move": None if over else self.player,  # type: ignore[attr-defined]
            "over": over,
            "winners": list(self.winners),  # type: ignore[attr-defined]
            "end_reason": self.end_reason,  # type: ignore[attr-defined]
            "supply": list(self.supply),  # type: ignore[attr-defined]
            "on_board": self.on_board(),  # type: ignore[attr-defined]
            "nooks": self.nook_list(),
            "patios": self.patio_list(),
            "moves": list(getattr(self, "records", None) or []),
        }

    def to_dict(self) -> dict[str, Any]:
        """The replay object plus every square and domino, and (under ``state``) the hidden
        parts, so two equal dicts mean two equal positions."""
        labels = self.geo.labels  # type: ignore[attr-defined]
        out = self.summary()
        out["squares"] = self.squares()
        out["dominoes"] = [[labels[a], labels[b]] for a, b in self.dominoes]  # type: ignore
        out["state"] = {
            "phase": PHASES[self.phase],  # type: ignore[attr-defined]
            "turn": self.turn,  # type: ignore[attr-defined]
            "placed_this_turn": self.placed_this_turn,  # type: ignore[attr-defined]
            "zen_credits": self.zen_credits,  # type: ignore[attr-defined]
            "passes": self.passes,  # type: ignore[attr-defined]
            "hands": [_hand_list(h) for h in self.hands],  # type: ignore[attr-defined]
            "general": list(self.general[self.gptr :]),  # type: ignore[attr-defined]
            "private": [
                list(pile[i:])
                for pile, i in zip(self.private, self.pptr, strict=True)  # type: ignore
            ],
            "reserve": list(self.reserve[self.rptr :]),  # type: ignore[attr-defined]
        }
        return out

    # ----- observation ----------------------------------------------------------------
    def hand_counts(self) -> list[list[int]]:
        return [[h[0] + h[1] + h[2], h[3] + h[4] + h[5]] for h in self.hands]  # type: ignore

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may know (rulings 19); ``player == -1`` sees everything."""
        labels = self.geo.labels  # type: ignore[attr-defined]
        qin = self.qin  # type: ignore[attr-defined]
        counts = self.hand_counts()
        if qin and player >= 0:
            counts = [c if s == player else None for s, c in enumerate(counts)]  # type: ignore
        private = [len(pile) - i for pile, i in zip(self.private, self.pptr, strict=True)]  # type: ignore
        general = len(self.general) - self.gptr  # type: ignore[attr-defined]
        over = self.phase == 3  # type: ignore[attr-defined]
        obs: dict[str, Any] = {
            "board": self.geo.board.key,  # type: ignore[attr-defined]
            "players": self.n,  # type: ignore[attr-defined]
            "to_move": None if over else self.player,  # type: ignore[attr-defined]
            "turn": self.turn,  # type: ignore[attr-defined]
            "phase": PHASES[self.phase],  # type: ignore[attr-defined]
            "squares": self.squares(),
            "dominoes": [[labels[a], labels[b]] for a, b in self.dominoes],  # type: ignore
            "nooks": self.nook_list(),
            "patios": self.patio_list(),
            "supply": list(self.supply),  # type: ignore[attr-defined]
            "on_board": self.on_board(),  # type: ignore[attr-defined]
            "hand_counts": counts,
            "hand_sizes": [sum(h) for h in self.hands],  # type: ignore[attr-defined]
            "general_pile": 0 if qin else general,
            "private_piles": private,
            "reserve": len(self.reserve) - self.rptr,  # type: ignore[attr-defined]
            "pile": general if qin else 0,
            "zen_credits": self.zen_credits,  # type: ignore[attr-defined]
            "draw_system": self.game.options["draw"],  # type: ignore[attr-defined]
            "partnership": self.partnership,  # type: ignore[attr-defined]
            "winners": list(self.winners),  # type: ignore[attr-defined]
            "end_reason": self.end_reason,  # type: ignore[attr-defined]
        }
        if player >= 0:
            obs["hand"] = _hand_list(self.hands[player])  # type: ignore[attr-defined]
        else:
            obs["hands"] = [_hand_list(h) for h in self.hands]  # type: ignore[attr-defined]
        return obs

    # ----- determinization ------------------------------------------------------------
    def unseen(self, player: int) -> list[int]:
        """Counts per type of the dominoes ``player`` cannot see: the set minus the board minus
        their own hand (hand composition of others is handled by the caller)."""
        left = list(self.set_counts)  # type: ignore[attr-defined]
        color = self.color  # type: ignore[attr-defined]
        for a, b in self.dominoes:  # type: ignore[attr-defined]
            left[type_of(color[a], color[b])] -= 1
        for t, k in enumerate(self.hands[player]):  # type: ignore[attr-defined]
            left[t] -= k
        return left

    def determinize(self, player: int, rng: random.Random) -> Any:
        """A copy with every domino ``player`` cannot see redealt at random, consistent with
        ``observation(player)``: opponents keep their public single/double split, the general
        pile gets doubles and private piles and reserve get singles (Gazebo drawing), or one
        mixed pile (Qin). Only public facts and ``rng`` decide the result."""
        c = self.clone()  # type: ignore[attr-defined]
        left = self.unseen(player)
        others = [s for s in range(self.n) if s != player]  # type: ignore[attr-defined]
        if self.qin:  # type: ignore[attr-defined]
            pool = [t for t in range(6) for _ in range(left[t])]
            rng.shuffle(pool)
            for s in others:
                hand = [0] * 6
                for _ in range(sum(self.hands[s])):  # type: ignore[attr-defined]
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
        for s in range(self.n):  # type: ignore[attr-defined]
            size = len(self.private[s]) - self.pptr[s]  # type: ignore[attr-defined]
            private.append(tuple(singles.pop() for _ in range(size)))
        c.private, c.pptr = private, [0] * self.n  # type: ignore[attr-defined]
        c.reserve, c.rptr = tuple(singles), 0
        return c
