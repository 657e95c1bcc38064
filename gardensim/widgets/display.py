"""Turning results into what widgets show: PNG bytes for figures, escaped HTML for text.

Figures go into ``ipywidgets.Image`` as PNG rather than through IPython's display hooks: the
analysis figures are built without pyplot (no inline backend is registered), and an image
widget's ``value`` is something a test can compare before and after a change.
"""

from __future__ import annotations

import html
import io
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import ipywidgets
    import pandas as pd
    from matplotlib.figure import Figure

DPI = 100


def picture() -> ipywidgets.Image:
    """An empty PNG image widget shown at its natural size (a flex box would otherwise stretch
    a small figure to the full width and blur it)."""
    import ipywidgets as w

    return w.Image(format="png", layout=w.Layout(align_self="flex-start", max_width="100%",
                                                 height="auto"))


def figure_png(fig: Figure, dpi: int = DPI) -> bytes:
    """PNG bytes of a matplotlib figure made without pyplot."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight", pad_inches=0.1)
    return buffer.getvalue()


def paragraphs(sentences: list[str]) -> str:
    """Sentences as HTML paragraphs, escaped."""
    return "".join(f"<p>{html.escape(s)}</p>" for s in sentences)


def message(text: str, kind: str = "info") -> str:
    """A one-line status: ``info`` (grey), ``error`` (red) or ``done`` (green)."""
    colour = {"info": "#555", "error": "#b00020", "done": "#1b5e20"}[kind]
    return f'<span style="color:{colour}">{html.escape(text)}</span>'


def table_html(frame: pd.DataFrame, digits: int = 3) -> str:
    """A small DataFrame as an HTML table, numbers rounded for reading."""
    return frame.to_html(index=False, float_format=lambda x: f"{x:.{digits}g}", border=0,
                         classes="gardensim-table")


def interval(value: float, ci: tuple[float, float] | Any, share: bool = False) -> str:
    """``0.52 (0.47–0.57)`` or, for shares, ``52.0% (47.0–57.0%)``."""
    lo, hi = ci
    if share:
        return f"{100 * value:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%)"
    return f"{value:.2f} ({lo:.2f}–{hi:.2f})"
