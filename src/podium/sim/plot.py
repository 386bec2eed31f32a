"""`--plot FILE`: a simulation's distributions as a picture (matplotlib, drawn off-screen with Agg).

Three panels: the score distribution of each seat, the game-length histogram (actions per game), and each seat's
win share with its 95% interval (plus the share by position in turn order). A comparison draws both variants in the
same panels. All the histograms of a panel share one binning (`Bins`). matplotlib is optional
(`pip install 'podium[plot]'`): without it `--plot` says how to install it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from podium.api.tui import seat_label, seat_number
from podium.core.errors import PodiumError
from podium.sim.stats import Aggregate

PLOT_INSTALL = "--plot needs the matplotlib package: pip install 'podium[plot]' (or pip install matplotlib)"


def check_plot(path: Path) -> None:
    """Before a run: matplotlib is there and can write `path`'s file type."""
    _, canvas_type = _figure_types()
    kinds = canvas_type.get_supported_filetypes()
    kind = path.suffix.lstrip(".").lower()
    if kind not in kinds:
        raise PodiumError(f"--plot {str(path)!r}: the file name must end in one of .{', .'.join(sorted(kinds))}")


def _figure_types() -> tuple[Any, Any]:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise PodiumError(PLOT_INSTALL) from None
    return Figure, FigureCanvasAgg


@dataclass(frozen=True, slots=True)
class Bins:
    """Equal-width bins of integer values: bin k holds `low + k*width` … `low + (k+1)*width - 1`. Histograms drawn
    in one panel share one `Bins`, so that equal distributions look equal (with a bin width per histogram, two seats
    of equal bots would each get their own grouping and look different)."""

    low: int
    width: int
    count: int

    @classmethod
    def covering(cls, hists: Iterable[Counter[int]], bins: int = 40) -> Bins:
        """At most `bins` bins over every value of `hists`; one bin per value when there are few values."""
        values = [value for hist in hists for value in hist]
        if not values:
            return cls(0, 1, 0)
        low, high = min(values), max(values)
        width = max(1, -(-(high - low + 1) // bins))
        return cls(low, width, (high - low) // width + 1)

    def edges(self) -> list[float]:
        """The bin edges (half-way between integers)."""
        return [self.low - 0.5 + k * self.width for k in range(self.count + 1)]

    def shares(self, hist: Counter[int], games: int) -> list[float]:
        """The histogram as shares of `games` per bin."""
        grouped: Counter[int] = Counter()
        for value, count in hist.items():
            grouped[(value - self.low) // self.width] += count
        return [grouped[k] / max(1, games) for k in range(self.count)]


def score_bins(runs: Sequence[tuple[str, Aggregate]]) -> Bins:
    """The one binning of every seat's scores in every run."""
    return Bins.covering(hist for _, agg in runs for hist in agg.score_hist)


def length_bins(runs: Sequence[tuple[str, Aggregate]]) -> Bins:
    return Bins.covering(agg.length_hist for _, agg in runs)


def plot_runs(path: Path, title: str, runs: Sequence[tuple[str, Aggregate]]) -> None:
    """Draw one or more labelled aggregates (a simulation, or the two variants of a comparison) into `path`."""
    fig = draw(title, runs)
    try:
        fig.savefig(path, dpi=100)
    except OSError as exc:
        raise PodiumError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    except ValueError as exc:  # matplotlib's word for an unknown file type
        raise PodiumError(f"cannot write {str(path)!r}: {exc}") from None


def draw(title: str, runs: Sequence[tuple[str, Aggregate]]) -> Any:
    """The figure of `plot_runs` (a matplotlib `Figure`): scores, game lengths, win shares."""
    figure_type, canvas_type = _figure_types()
    fig = figure_type(figsize=(15, 4.8), layout="constrained")
    canvas_type(fig)
    scores, lengths, wins = fig.subplots(1, 3)
    many = len(runs) > 1
    by_score, by_length = score_bins(runs), length_bins(runs)
    for label, agg in runs:
        prefix = f"{label}: " if many else ""
        for seat in range(agg.num_players):
            shares = by_score.shares(agg.score_hist[seat], agg.games)
            scores.stairs(shares, by_score.edges(), label=prefix + seat_label(seat), alpha=0.85)
        lengths.stairs(by_length.shares(agg.length_hist, agg.games), by_length.edges(), label=label if many else None)
    lower = any(agg.lower_is_better for _, agg in runs)
    scores.set_title("score distribution per seat" + (" (lower is better)" if lower else ""))
    scores.set_xlabel("score")
    scores.set_ylabel(f"share of games (per bin of {by_score.width})" if by_score.width > 1 else "share of games")
    scores.legend(fontsize="small")
    lengths.set_title("game length")
    lengths.set_xlabel("actions per game")
    lengths.set_ylabel(f"share of games (per bin of {by_length.width})" if by_length.width > 1 else "share of games")
    if many:
        lengths.legend(fontsize="small")

    width = 0.8 / (2 * len(runs))
    for r, (label, agg) in enumerate(runs):
        for kind, (shares, cis) in enumerate(
            ((agg.win_shares(), agg.win_cis()), (agg.order_win_shares(), agg.order_win_cis()))
        ):
            offset = (2 * r + kind) * width - 0.4 + width / 2
            xs = [i + offset for i in range(agg.num_players)]
            errors = [[s - lo for s, (lo, _) in zip(shares, cis, strict=True)],
                      [hi - s for s, (_, hi) in zip(shares, cis, strict=True)]]  # fmt: skip
            name = "by seat" if kind == 0 else "by turn order (1 = moved first)"
            wins.bar(xs, shares, width, yerr=errors, capsize=3, label=f"{label}: {name}" if many else name)
    players = max(agg.num_players for _, agg in runs)
    wins.axhline(1 / players, color="grey", linewidth=0.8, linestyle="--")
    # Seats and positions as players count them, from 1 (the JSON results keep 0-based seats).
    wins.set_xticks(range(players), [str(seat_number(i)) for i in range(players)])
    wins.set_title("win share, 95% interval")
    wins.set_xlabel("seat / position in turn order (a shared win counts as a fraction)")
    wins.set_ylabel("win share")
    wins.legend(fontsize="small")
    fig.suptitle(title)
    return fig
