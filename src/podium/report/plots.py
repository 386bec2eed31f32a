"""The report's plots as inline SVG (matplotlib, drawn off-screen): text is drawn as paths and element ids are
salted with a fixed string, so the page needs no font or network and the same figures give the same bytes."""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from podium.core.errors import PodiumError
from podium.sim.plot import Bins

INSTALL = "podium report draws its plots with matplotlib: pip install 'podium[plot]' (or pip install matplotlib)"
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")


def check_matplotlib() -> None:
    """Before a run: matplotlib is there (a report without its plots would be half a report)."""
    _figure()


def _figure(width: float = 7.5, height: float = 3.4) -> Any:
    try:
        import matplotlib
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise PodiumError(INSTALL) from None
    matplotlib.rcParams["svg.hashsalt"] = "podium-report"
    matplotlib.rcParams["svg.fonttype"] = "path"
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def svg(fig: Any) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    # the RDF metadata names no one's work; without it the page holds no URL but the SVG's namespace names
    start, end = text.find("<metadata>"), text.find("</metadata>")
    return text[:start] + text[end + len("</metadata>") :] if 0 <= start < end else text


@dataclass(frozen=True)
class Bars:
    """One series of a bar chart: a name, a value per label and, optionally, each value's 95% interval."""

    name: str
    values: Sequence[float]
    intervals: Sequence[Sequence[float]] | None = None


def bar_chart(
    title: str,
    labels: Sequence[str],
    series: Sequence[Bars],
    axis: str,
    *,
    line: float | None = None,
    percent: bool = False,
    label_axis: str | None = None,
) -> str:
    fig = _figure()
    ax = fig.subplots()
    width = 0.8 / max(1, len(series))
    scale = 100.0 if percent else 1.0
    for s, bars in enumerate(series):
        xs = [i - 0.4 + width * (s + 0.5) for i in range(len(labels))]
        values = [v * scale for v in bars.values]
        errors = None
        if bars.intervals is not None:
            errors = [
                [max(0.0, v - lo * scale) for v, (lo, _) in zip(values, bars.intervals, strict=True)],
                [max(0.0, hi * scale - v) for v, (_, hi) in zip(values, bars.intervals, strict=True)],
            ]
        ax.bar(xs, values, width, yerr=errors, capsize=3, label=bars.name or None, color=COLOURS[s % len(COLOURS)])
    if line is not None:
        ax.axhline(line * scale, color="grey", linewidth=0.9, linestyle="--")
    ax.set_xticks(range(len(labels)), labels, rotation=30 if max(map(len, labels), default=0) > 8 else 0)
    ax.set_title(title, fontsize="medium")
    ax.set_ylabel(axis)
    if label_axis:
        ax.set_xlabel(label_axis)
    if any(b.name for b in series):
        ax.legend(fontsize="small")
    return svg(fig)


def histograms(title: str, series: Sequence[tuple[str, Counter[int]]], axis: str, share_axis: str) -> str:
    """Distributions sharing one binning (`podium.sim.plot.Bins`), as shares of games."""
    fig = _figure()
    ax = fig.subplots()
    bins = Bins.covering(hist for _, hist in series)
    for s, (name, hist) in enumerate(series):
        games = sum(hist.values())
        ax.stairs(bins.shares(hist, games), bins.edges(), label=name or None, color=COLOURS[s % len(COLOURS)])
    ax.set_title(title, fontsize="medium")
    ax.set_xlabel(axis)
    ax.set_ylabel(share_axis)
    if any(name for name, _ in series):
        ax.legend(fontsize="small")
    return svg(fig)


def matrix(title: str, bots: Sequence[str], cells: Sequence[Sequence[float | None]], row: str, column: str) -> str:
    """A heat map of the win matrix: cell (i, j) is how often row bot i placed better than column bot j."""
    fig = _figure(5.2, 4.2)
    ax = fig.subplots()
    grid = [[float("nan") if c is None else c * 100 for c in r] for r in cells]
    image = ax.imshow(grid, vmin=0, vmax=100, cmap="RdBu")
    for i, r in enumerate(cells):
        for j, c in enumerate(r):
            if c is not None:
                ax.text(j, i, f"{c:.0%}", ha="center", va="center", fontsize="small")
    ax.set_xticks(range(len(bots)), bots)
    ax.set_yticks(range(len(bots)), bots)
    ax.set_xlabel(column)
    ax.set_ylabel(row)
    ax.set_title(title, fontsize="medium")
    fig.colorbar(image, ax=ax, shrink=0.8)
    return svg(fig)
