"""`--plot`: every histogram of a panel is drawn on one binning, so that equal distributions look equal."""

from __future__ import annotations

from collections import Counter

import pytest

from podium.core.registry import get_game
from podium.sim.plot import Bins, draw
from podium.sim.runner import simulate
from podium.sim.stats import Aggregate

pytest.importorskip("matplotlib")


def _edges(axes: object) -> list[list[float]]:
    return [list(patch.get_data().edges) for patch in axes.patches]  # type: ignore[attr-defined]


def test_the_seats_score_histograms_share_their_bins() -> None:
    game = get_game("kuhn")  # the plugin game (tests/plugin_game), a match of several hands
    report = simulate(game, game.config(hands=5), ["random"] * 3, 40, seed=11)
    hists = report.aggregate.score_hist
    # The seats' score ranges differ (so a binning per seat would differ too) …
    assert len({(min(h), max(h)) for h in hists}) > 1
    scores, lengths, _ = draw("t", [("", report.aggregate)]).axes
    edges = _edges(scores)
    assert len(edges) == 3
    # … but all three are drawn on the same edges, covering every seat's scores.
    assert edges[0] == edges[1] == edges[2]
    assert edges[0][0] < min(min(h) for h in hists) and edges[0][-1] > max(max(h) for h in hists)
    assert len(_edges(lengths)) == 1


def test_compared_variants_share_their_bins_too() -> None:
    a, b = Aggregate(2), Aggregate(2)
    a.score_hist = [Counter({0: 1, 100: 1}), Counter({40: 2})]
    b.score_hist = [Counter({10: 2}), Counter({200: 1, 5: 1})]
    a.length_hist, b.length_hist = Counter({30: 2}), Counter({90: 1, 10: 1})
    a.games = b.games = 2
    scores, lengths, _ = draw("t", [("A", a), ("B", b)]).axes
    assert len({tuple(e) for e in _edges(scores)}) == 1 and len(_edges(scores)) == 4
    assert len({tuple(e) for e in _edges(lengths)}) == 1 and len(_edges(lengths)) == 2


def test_bins_group_values_evenly_and_keep_every_game() -> None:
    hist = Counter({v: 1 for v in range(-5, 95)})  # 100 values
    bins = Bins.covering([hist, Counter({3: 4})], bins=40)
    assert (bins.low, bins.width, bins.count) == (-5, 3, 34)
    assert bins.edges()[0] == -5.5 and bins.edges()[-1] == -5.5 + 34 * 3
    assert sum(bins.shares(hist, 100)) == pytest.approx(1.0)
    assert bins.shares(Counter({3: 4}), 4)[(3 + 5) // 3] == 1.0
    few = Bins.covering([Counter({1: 1, 4: 1})])
    assert few.width == 1 and few.edges() == [0.5, 1.5, 2.5, 3.5, 4.5]


def test_the_plot_counts_seats_from_1() -> None:
    # The legend and the axis a person reads count seats from 1, as every screen does; the JSON results count from 0.
    a = Aggregate(3)
    a.score_hist = [Counter({1: 1}), Counter({2: 1}), Counter({3: 1})]
    a.length_hist, a.games = Counter({10: 1}), 1
    scores, _, wins = draw("t", [("", a)]).axes
    assert [text.get_text() for text in scores.get_legend().get_texts()] == ["seat 1", "seat 2", "seat 3"]
    assert [label.get_text() for label in wins.get_xticklabels()] == ["1", "2", "3"]
    assert "1 = moved first" in " ".join(text.get_text() for text in wins.get_legend().get_texts())
