"""The ``mcts`` bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

After Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (2012). The tree
belongs to the bot's information set, not to one state: nodes are keyed by the action sequence
from the root, whoever took the actions. Each iteration

1. samples a determinization of the root from the bot's observation (honest: the true hidden
   parts are never read), with its own fresh chance generator, so draws inside the tree come out
   differently from one iteration to the next;
2. descends while every legal action of the sampled state already has a child, choosing by UCB1
   where a child's exploration term uses its *availability* count (how often it was legal when
   its parent was visited) instead of the parent's visits;
3. expands one untried legal action: the untried action with the best one-ply evaluation when
   ``expand=greedy`` (useful when there are hundreds of placements), else a random one. With
   ``widen`` > 0 (progressive widening) a node visited ``v`` times only considers its
   ``1 + widen * sqrt(v)`` best actions by one-ply evaluation, so the search goes deep on the
   few moves worth it instead of trying every placement once;
4. simulates with the rollout policy (``random``, or epsilon-``greedy`` one-ply play) to the end,
   or, with ``depth`` > 0, up to a fixed horizon ``depth`` turns after the decision (a turn may
   hold several actions: a placement and its draws; the tree does not grow past it either) and
   then scores every seat with ``evaluate``. A fixed horizon keeps leaf values comparable: an
   evaluation taken right after my move is not comparable with one taken after the reply; ``none``
   skips the simulation and scores the new leaf with ``evaluate`` at once (the tree alone looks
   ahead, the heuristic judges). The default horizon depends on the player count (below);
5. backpropagates each seat's reward (win share from ``returns``, or the evaluation) to the nodes
   where that seat chose the action, so 2-4 players and partnerships need nothing special.

The default ``depth=-1`` (:func:`horizon_turns`) is 2 turns at two players and, at 3-4 players,
one round plus one turn: every rival has replied once and the bot's own next turn is played too,
so the leaf is judged after the bot has answered them. A fixed 2 turns at 3-4 players would let
only the next seat reply: the search would spend its look-ahead holding that seat back and hand
the game to the seat after it (``docs/mcts-multiplayer.md``; Summer Pavilion behaves the same,
``docs/pavilion.md``). At two players the same rule is ``depth=3``, stronger and slower; it stays
opt-in because the budget ladder and every 2-player strength figure were measured at 2 turns
(``docs/decisions.md``, "Bots"; figures in ``benchmarks/results/strength.md``).

Draw decisions are actions, so the search weighs them like placements, with the pile contents
resampled per iteration. The move played is the root child with the most visits (ties: first in
legal-action order), so with ``iters`` and the runner's seeded generator the same seed gives the
same choice; ``seconds`` trades that reproducibility for a wall-clock budget.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, ClassVar

from gardensim.bots.base import Bot
from gardensim.bots.greedy import action_scores, greedy_step, own_sample
from gardensim.bots.spec import parse_weights
from gardensim.core.errors import ConfigError
from gardensim.core.protocol import Action, GameState

ROLLOUTS = ("random", "greedy", "none")
EXPANSIONS = ("random", "greedy")
AUTO = -1  #: ``depth`` meaning the default horizon of :func:`horizon_turns`


def horizon_turns(players: int) -> int:
    """The default search horizon in turns: 2 at two players, one round plus one turn
    (``players + 1``) at three and four (module docstring)."""
    return 2 if players == 2 else players + 1


class _Node:
    """Statistics of one action sequence; ``seat`` chose the action that leads here."""

    __slots__ = ("seat", "children", "visits", "reward", "avail", "order")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.order: list[Action] | None = None


class MCTSBot(Bot):
    """ISMCTS with budget ``iters`` (or ``seconds`` > 0), UCB constant ``c``, ``rollout``
    policy (``random``/``greedy`` with ``epsilon``/``none``), rollout ``depth`` cut-off
    in turns (0 = play out, -1 = :func:`horizon_turns`), ``expand`` order
    (``random``/``greedy``), progressive widening ``widen`` (0 = off) and evaluation
    ``weights`` for its samples (as the greedy bot's, ``bots/greedy.py``)."""

    name = "mcts"
    param_types: ClassVar[dict[str, tuple[type, Any]]] = {
        "iters": (int, 80),
        "seconds": (float, 0.0),
        "c": (float, 0.1),
        "rollout": (str, "greedy"),
        "epsilon": (float, 0.0),
        "depth": (int, AUTO),
        "expand": (str, "random"),
        "widen": (float, 2.0),
        "weights": (str, ""),
    }

    def check_params(self) -> None:
        p = self.params
        self.weights = parse_weights(p["weights"])
        if p["rollout"] not in ROLLOUTS:
            raise ConfigError(f"bot 'mcts': rollout={p['rollout']!r}; valid: {', '.join(ROLLOUTS)}")
        if p["expand"] not in EXPANSIONS:
            raise ConfigError(f"bot 'mcts': expand={p['expand']!r}; valid: {', '.join(EXPANSIONS)}")
        if p["iters"] < 1:
            raise ConfigError(f"bot 'mcts': iters={p['iters']} must be >= 1")
        if p["seconds"] < 0 or p["c"] < 0 or p["widen"] < 0:
            raise ConfigError("bot 'mcts': seconds, c and widen must be >= 0")
        if p["depth"] < AUTO:
            raise ConfigError(
                f"bot 'mcts': depth={p['depth']} must be >= 0, or -1 for the default horizon"
            )
        if not 0.0 <= p["epsilon"] <= 1.0:
            raise ConfigError(f"bot 'mcts': epsilon={p['epsilon']} not in [0, 1]")

    def choose_action(self, state: GameState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        me = state.current_player
        root = _Node(me)
        depth = self.params["depth"]
        if depth == AUTO:
            depth = horizon_turns(state.game.num_players)
        horizon = state.turn + depth if depth else None
        seconds = self.params["seconds"]
        if seconds > 0:
            deadline = time.perf_counter() + seconds
            while time.perf_counter() < deadline:
                self._iterate(root, own_sample(state, me, rng, self.weights), rng, horizon)
        else:
            for _ in range(self.params["iters"]):
                self._iterate(root, own_sample(state, me, rng, self.weights), rng, horizon)
        visits = [root.children[a].visits if a in root.children else -1 for a in actions]
        return actions[visits.index(max(visits))]

    def _iterate(
        self, root: _Node, sample: GameState, rng: random.Random, horizon: int | None
    ) -> None:
        path = self._select_and_expand(root, sample, rng, horizon)
        rewards = self._simulate(sample, rng, horizon)
        root.visits += 1
        for node in path:
            node.visits += 1
            node.reward += rewards[node.seat]

    def _select_and_expand(
        self, node: _Node, sample: GameState, rng: random.Random, horizon: int | None
    ) -> list[_Node]:
        """Walk down by UCB while the node is fully expanded for this sample; expand one.
        Stops at the horizon: the tree never grows past it."""
        path: list[_Node] = []
        c = self.params["c"]
        widen = self.params["widen"]
        while not sample.is_terminal():
            if horizon is not None and sample.turn >= horizon:
                return path
            legal = sample.legal_actions()
            seat = sample.current_player
            children = node.children
            if widen > 0 and len(legal) > 1:
                allowed = 1 + int(widen * math.sqrt(node.visits))
                open_ = set(legal)
                legal = [a for a in self._order(node, sample, legal) if a in open_][:allowed]
            known = [a for a in legal if a in children]
            for a in known:
                children[a].avail += 1
            if len(known) < len(legal):
                action = self._untried(node, sample, legal, rng)
                child = children[action] = _Node(seat)
                sample.commit(action)
                path.append(child)
                return path
            best, best_score = known[0], -math.inf
            for a in known:
                ch = children[a]
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            node = children[best]
            sample.commit(best)
            path.append(node)
        return path

    @staticmethod
    def _order(node: _Node, sample: GameState, legal: list[Action]) -> list[Action]:
        """The node's actions, best one-ply evaluation first (ranked once, on the sample that
        first needs it; actions legal only in later samples follow in their legal order)."""
        if node.order is None:
            scores = action_scores(sample, sample.current_player, legal)
            ranked = sorted(zip(scores, range(len(legal)), strict=True),
                            key=lambda t: (-t[0], t[1]))
            node.order = [legal[i] for _, i in ranked]
        elif len(node.order) < len(legal) or not set(legal) <= set(node.order):
            seen = set(node.order)
            node.order += [a for a in legal if a not in seen]
        return node.order

    def _untried(
        self, node: _Node, sample: GameState, legal: list[Action], rng: random.Random
    ) -> Action:
        untried = [a for a in legal if a not in node.children]
        if len(untried) == 1:
            return untried[0]
        if self.params["expand"] == "random" and self.params["widen"] <= 0:
            return rng.choice(untried)
        open_ = set(untried)
        for a in self._order(node, sample, legal):
            if a in open_:
                return a
        return rng.choice(untried)

    def _simulate(
        self, sample: GameState, rng: random.Random, horizon: int | None
    ) -> list[float]:
        """Play on from ``sample``; win shares at the end, else every seat's evaluation."""
        if self.params["rollout"] == "none":
            return self._leaf_values(sample)
        greedy = self.params["rollout"] == "greedy"
        epsilon = self.params["epsilon"]
        while not sample.is_terminal():
            if horizon is not None and sample.turn >= horizon:
                return self._leaf_values(sample)
            if greedy:
                action = greedy_step(sample, rng, epsilon)
            else:
                action = sample.random_action(rng)
            sample.commit(action)
        return sample.returns()

    @staticmethod
    def _leaf_values(sample: GameState) -> list[float]:
        """Each seat's value of a leaf: win shares if the game is over, else its evaluation."""
        if sample.is_terminal():
            return sample.returns()
        return [sample.evaluate(s) for s in range(sample.game.num_players)]
