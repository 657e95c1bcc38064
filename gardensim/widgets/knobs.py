"""A rule option's control, made from its declaration (``core.rules.Option``).

A control that restates an option's range drifts from the rules: a slider up to 9 for an option
the rules allow up to 12 hides designs, one beyond the rules offers values the engine refuses.
So the range, the choices (in the declaration's words), the tooltip (what the option means and
where the rulebook says it) and the label (the option's full name, never cut) all come from the
game's declared rule set.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from gardensim.core.rules import Option

#: Wide enough for the longest option name, so no label is cut ("private_si…").
KNOB_LABEL = {"description_width": "initial"}


def option_control(option: Option, value: Any) -> w.ValueWidget:
    """The control of ``option`` set to ``value``: a slider over its declared range, a
    dropdown of its choices, a checkbox, or (one number per seat) a text box."""
    common = dict(description=option.name, tooltip=f"{option.doc} ({option.source})",
                  style=KNOB_LABEL)
    if option.kind == "bool":
        return w.Checkbox(value=bool(value), indent=False, **common)
    if option.kind == "int" and option.low is not None and option.high is not None:
        return w.IntSlider(value=int(value), min=option.low, max=option.high,
                           continuous_update=False, **common)
    if option.kind == "choice":
        return w.Dropdown(options=[(option.say(c), c) for c in option.choices], value=value,
                          **common)
    return w.Text(value="" if value is None else str(value), continuous_update=False,
                  placeholder=f"{option.low}..{option.high}, one for all or one per seat"
                  if option.low is not None else "", **common)


__all__ = ["KNOB_LABEL", "option_control"]
