"""The bot interface, after scikit-learn: constructors store parameters, nothing else.

A bot is stateless between decisions. The runner hands it the state and a seeded generator for
that game and seat, so a bot's choices depend only on what it may observe and on that generator.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from gardensim.core.errors import ConfigError
from gardensim.core.protocol import Action, Game, GameState
from gardensim.core.values import FALSE_WORDS, TRUE_WORDS


def _convert(kind: type, text: str) -> Any:
    """Spec-string text -> parameter value; ``bool("false")`` would be True, hence the table."""
    if kind is bool:
        low = text.lower()
        if low in TRUE_WORDS | FALSE_WORDS:
            return low in TRUE_WORDS
        raise ValueError(text)
    return kind(text)


class Bot(ABC):
    """Base class. Subclasses declare ``name`` and ``param_types`` (name -> (type, default)).

    Subclasses that restrict values (ranges, choices) override :meth:`check_params`, which
    raises :class:`ConfigError`; it runs once in the constructor so a bad spec fails before play.
    """

    name: ClassVar[str]
    param_types: ClassVar[Mapping[str, tuple[type, Any]]] = {}

    def __init__(self, **params: Any) -> None:
        unknown = set(params) - set(self.param_types)
        if unknown:
            raise ConfigError(
                f"bot {self.name!r} has no parameter {sorted(unknown)[0]!r}; "
                f"valid: {', '.join(self.param_types) or '(none)'}"
            )
        self.params = {k: params.get(k, default) for k, (_, default) in self.param_types.items()}
        self.check_params()

    def check_params(self) -> None:
        """Reject out-of-range values with a :class:`ConfigError` naming the parameter."""
        return None

    @classmethod
    def from_params(cls, raw: Mapping[str, str]) -> Bot:
        """Build from spec-string parameters (all strings), converting and validating them."""
        params: dict[str, Any] = {}
        for key, text in raw.items():
            if key not in cls.param_types:
                raise ConfigError(
                    f"bot {cls.name!r} has no parameter {key!r}; "
                    f"valid: {', '.join(cls.param_types) or '(none)'}"
                )
            kind = cls.param_types[key][0]
            try:
                params[key] = _convert(kind, text)
            except ValueError:
                raise ConfigError(
                    f"bot {cls.name!r}: parameter {key}={text!r} is not a {kind.__name__}"
                ) from None
        return cls(**params)

    @property
    def spec(self) -> str:
        """Canonical spec string: only parameters that differ from their defaults."""
        changed = [
            f"{k}={_format(v)}" for k, v in self.params.items() if v != self.param_types[k][1]
        ]
        return self.name + (":" + ",".join(changed) if changed else "")

    def check_game(self, game: Game) -> None:
        """Reject, before anything plays, parameters ``game`` cannot take: evaluation weights
        (a ``weights`` parameter) naming a term the game's evaluation lacks. Terms are the
        game's to know, so a fresh state of it is asked (``GameState.use_weights``)."""
        weights = getattr(self, "weights", None)
        if weights:
            game.new_initial_state(0).use_weights(weights)

    @abstractmethod
    def choose_action(self, state: GameState, rng: random.Random) -> Action:
        """Pick a legal action for ``state.current_player`` using only what that seat may know."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec}>"


def _format(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)

