"""What a game's fast engine plays, declared, so that it never plays rules it was not given.

A fast engine (a compiled kernel) restates a game's rules and its bots for speed. Restated rules
can fall behind: an option added to the readable engine tomorrow would be played by the fast
engine as if absent. So a fast engine declares a :class:`Coverage`: the rule options and the
values it plays, the bots and bot parameters it has, and a check of its own limits (a board too
big for its bit masks). The generic play loop hands a line-up to the fast engine only when the
whole configuration is covered (:meth:`Coverage.refusal` is None); otherwise the readable
engine plays, and the run's manifest says which engine played each arm and why.

Anything not declared is played at its default only: an option or a bot parameter missing from
the coverage is refused at any other value, so a new option is safe by default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gardensim.core.rules import RuleSet


class _Every:
    """Every value an option or a parameter allows."""

    def __repr__(self) -> str:
        return "EVERY"


#: Coverage of every allowed value of an option or a bot parameter.
EVERY: Any = _Every()


@dataclass(frozen=True)
class Coverage:
    """What the fast engine ``engine`` plays.

    ``options``: option name -> :data:`EVERY` or the values played; an option not listed is
    played at its default only. ``bots``: bot name -> {parameter -> :data:`EVERY` or the
    values played}; a bot not listed is not played, a parameter not listed only at its
    default. ``limits``: a ``module:function`` path, ``(game) -> reason or None``, for what
    the engine cannot hold whatever the options (board size, say), which ``limits_text``
    says in words.
    """

    engine: str
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    limits: str | None = None
    limits_text: str = ""

    def option_refusal(self, rules: RuleSet, values: Mapping[str, Any],
                       players: int) -> str | None:
        """Why the rule options ``values`` (validated) are not all covered, or None."""
        for name, value in rules.non_defaults(values, players).items():
            played = self.options.get(name, ())
            if played is not EVERY and value not in played:
                what = (f"plays {name} at its default only" if not played else
                        f"plays {name} = {' or '.join(map(_show, played))} only")
                return f"option {name}={_show(value)} ({self.engine} {what})"
        return None

    def bot_refusal(self, bot: Any, known: type | None) -> str | None:
        """Why ``bot`` is not covered, or None; ``known`` is the class the bot registry has
        under the bot's name (another class of the same name is a different bot)."""
        name = getattr(bot, "name", type(bot).__name__)
        if name not in self.bots or known is None or type(bot) is not known:
            return f"bot {getattr(bot, 'spec', name)} ({self.engine} has no such bot)"
        params = self.bots[name]
        defaults = {k: default for k, (_, default) in known.param_types.items()}
        for key, value in bot.params.items():
            if value == defaults.get(key):
                continue
            played = params.get(key, ())
            if played is not EVERY and value not in played:
                return (f"bot {bot.spec}: {key}={_show(value)} ({self.engine} plays {key} "
                        f"at its default only)" if not played else
                        f"bot {bot.spec}: {key}={_show(value)} ({self.engine} plays {key} = "
                        f"{' or '.join(map(_show, played))} only)")
        return None


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, Sequence) and not isinstance(value, str):
        return ",".join(map(str, value))
    return str(value)
