"""The report's statistics beyond `podium.sim.stats` (whose Wilson intervals and mean intervals it reuses).

- Ratings: Bradley–Terry strengths fitted to the ladder's pairwise meetings (a meeting: two bots in one game; the
  one placed better wins it, a tie counts half each), by Hunter's MM iterations, on the Elo scale
  (400·log10 of the strength, mean 0). One half-win is added each way to every pair that met, so that a bot that
  never lost keeps a finite rating. 95% intervals from the Fisher information (its pseudo-inverse: ratings are
  relative, their mean fixed at 0). The meetings of one game with three or more seats are not independent, so
  these intervals are somewhat too narrow there; with two seats they are the usual ones.
- Skill share: the share of meetings in which the bot higher on the ladder (random < easy < medium < hard) placed
  better, ties counted half; 50% means the ladder's order shows no effect (luck alone), 100% that the stronger bot
  always wins. Its interval is Wilson's over the meetings (the same caveat for three or more seats).
- Differences between variants: paired by seed (a mean of per-game differences with its normal 95% interval)
  wherever the report has the games in pairs; a difference of two skill shares uses the two-sample normal
  interval, which ignores that the ladders share their deals and so errs on the wide side.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from podium.sim.stats import Z95, mean_ci, wilson

ELO = 400 / math.log(10)


def bradley_terry(wins: Sequence[Sequence[float]], meetings: Sequence[Sequence[int]]) -> list[tuple[float, float]]:
    """Per bot: (rating, half-width of its 95% interval) on the Elo scale; `wins[i][j]` is how often i beat j (ties
    half), `meetings[i][j]` how often they met."""
    k = len(wins)
    w = [[wins[i][j] + (0.5 if meetings[i][j] else 0.0) for j in range(k)] for i in range(k)]
    n = [[meetings[i][j] + (1 if meetings[i][j] else 0) for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            denominator = sum(n[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i and n[i][j])
            new.append(sum(w[i]) / denominator if denominator else strength[i])
        scale = math.exp(sum(math.log(s) for s in new) / k)
        new = [s / scale for s in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    theta = [math.log(s) for s in strength]
    info = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            if i != j and n[i][j]:
                p = strength[i] / (strength[i] + strength[j])
                info[i, j] = -n[i][j] * p * (1 - p)
        info[i, i] = -info[i].sum()
    ones = np.full((k, k), 1.0 / k)
    cov = np.linalg.inv(info + ones) - ones
    return [(ELO * theta[i], Z95 * ELO * math.sqrt(max(0.0, float(cov[i, i])))) for i in range(k)]


def skill_share(beat_halves: Sequence[Sequence[int]], meetings: Sequence[Sequence[int]], k: int) -> tuple[float, int]:
    """(wins of the stronger bot, meetings) over every pair of the ladder, its `k` bots listed first, weakest first
    (the bots after them are not on the ladder's order)."""
    won = 0.0
    met = 0
    for weak in range(k):
        for strong in range(weak + 1, k):
            won += beat_halves[strong][weak] / 2
            met += meetings[strong][weak]
    return won, met


def share_ci(successes: float, trials: int) -> dict[str, Any]:
    low, high = wilson(successes, trials)
    return {"share": successes / trials if trials else 0.0, "ci95": [low, high], "n": trials}


def mean_json(total: int, squares: int, n: int) -> dict[str, Any]:
    mean, half = mean_ci(total, squares, n)
    return {"mean": mean, "ci95": [mean - half, mean + half]}


def two_sample(a: float, n_a: int, b: float, n_b: int) -> dict[str, Any]:
    """b − a of two shares, with the two-sample normal 95% interval."""
    half = Z95 * math.sqrt(a * (1 - a) / max(1, n_a) + b * (1 - b) / max(1, n_b))
    d = b - a
    return {"mean": d, "ci95": [d - half, d + half], "beyond_chance": abs(d) > half}


def distribution(hist: Counter[int]) -> dict[str, Any]:
    """Mean (with its 95% interval), median, 90th and 99th percentiles and the extremes of a histogram."""
    n = sum(hist.values())
    total = sum(v * c for v, c in hist.items())
    squares = sum(v * v * c for v, c in hist.items())
    out = mean_json(total, squares, n)
    values = sorted(hist)
    for name, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99)):
        out[name] = quantile(hist, values, n, q)
    out["min"] = values[0] if values else 0
    out["max"] = values[-1] if values else 0
    out["hist"] = {str(v): hist[v] for v in values}
    return out


def quantile(hist: Counter[int], values: Sequence[int], n: int, q: float) -> int:
    """The smallest value with at least a share q of the games at or below it."""
    seen = 0
    for value in values:
        seen += hist[value]
        if seen >= q * n:
            return value
    return values[-1] if values else 0


def beyond(ci: Sequence[float], value: float) -> bool:
    """Whether `value` lies outside the interval: the difference from it is beyond chance (at 95%)."""
    return value < ci[0] or value > ci[1]
