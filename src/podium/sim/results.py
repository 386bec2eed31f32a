"""Results as JSON (`--out FILE`): what was run, a readable summary, and the exact aggregate.

Every document has `kind` ("simulation", "comparison" or "tournament"), `podium` (the version), `game`, `config`
(every rule option), `rules` (the options that differ from the defaults), `bots`, `seed`, `games`, `backend`,
`workers`, `seconds` and a `summary` in plain numbers (means, shares, 95% intervals). `aggregate` holds the exact
sums, counts and histograms the summary was computed from (`podium.sim.stats.Aggregate.from_json` reads a
simulation's back): two runs of the same games have equal `aggregate`s whatever the backend or the number of workers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from podium import __version__
from podium.core.config import GameConfig
from podium.core.errors import PodiumError
from podium.sim.compare import CompareReport
from podium.sim.runner import SimulationReport
from podium.sim.stats import Aggregate
from podium.sim.tournament import TournamentReport


def _header(kind: str, game: str, config: GameConfig, report: Any) -> dict[str, Any]:
    return {
        "kind": kind,
        "podium": __version__,
        "game": game,
        "config": config.to_dict(),
        "rules": config.non_default(),
        "bots": list(report.bots),
        "seed": report.seed,
        "games": report.games,
        "backend": report.backend,
        "workers": report.workers,
        "seconds": report.seconds,
    }


def aggregate_summary(agg: Aggregate) -> dict[str, Any]:
    seats = []
    for seat in range(agg.num_players):
        mean, half = agg.score_cis()[seat]
        low, high = agg.win_cis()[seat]
        seats.append(
            {
                "seat": seat,
                "mean_score": mean,
                "mean_score_ci95": [mean - half, mean + half],
                "win_share": agg.win_shares()[seat],
                "win_share_ci95": [low, high],
                "mean_place": agg.mean_ranks()[seat],
            }
        )
    order = [
        {"position": pos, "win_share": share, "win_share_ci95": list(ci)}
        for pos, (share, ci) in enumerate(zip(agg.order_win_shares(), agg.order_win_cis(), strict=True))
    ]
    return {
        "games": agg.games,
        "lower_is_better": agg.lower_is_better,
        "seats": seats,
        "turn_order": order,
        "mean_actions": agg.mean_plies(),
        "reasons": dict(agg.reasons.most_common()),
        "detail_means": agg.detail_means(),
        "detail_counts": {k: dict(c.most_common()) for k, c in agg.detail_counts().items()},
    }


def simulation_json(report: SimulationReport) -> dict[str, Any]:
    out = _header("simulation", report.game, report.config, report)
    out["players"] = len(report.bots)
    out["games_per_second"] = report.games_per_second()
    out["actions_per_second"] = report.actions_per_second()
    out["summary"] = aggregate_summary(report.aggregate)
    out["aggregate"] = report.aggregate.to_json()
    return out


def compare_json(report: CompareReport) -> dict[str, Any]:
    out = _header("comparison", report.game, report.config_a, report)
    del out["config"], out["rules"]
    agg = report.aggregate
    out["players"] = len(report.bots)
    out["variants"] = {
        "a": {"config": report.config_a.to_dict(), "rules": report.config_a.non_default()},
        "b": {"config": report.config_b.to_dict(), "rules": report.config_b.non_default()},
    }
    length, half = agg.length_difference()
    out["summary"] = {
        "a": aggregate_summary(agg.a),
        "b": aggregate_summary(agg.b),
        "score_difference_b_minus_a": [
            {"seat": seat, "mean": mean, "ci95": [mean - half, mean + half]}
            for seat, (mean, half) in enumerate(agg.score_differences())
        ],
        "actions_difference_b_minus_a": {"mean": length, "ci95": [length - half, length + half]},
        "winners_changed": agg.winners_changed,
    }
    out["aggregate"] = agg.to_json()
    return out


def tournament_json(report: TournamentReport) -> dict[str, Any]:
    out = _header("tournament", report.game, report.config, report)
    agg = report.aggregate
    out["players"] = report.players
    out["deals"] = report.plan.deals
    out["seating"] = report.plan.mode
    out["seatings"] = [list(s) for s in report.plan.seatings]
    bots = []
    for b in report.ranking():
        mean, half = agg.mean_score(b)
        bots.append(
            {
                "bot": report.bots[b],
                "seats_played": agg.seats[b],
                "win_rate": agg.win_rate(b),
                "win_rate_ci95": list(agg.win_ci(b)),
                "mean_score": mean,
                "mean_score_ci95": [mean - half, mean + half],
                "mean_place": agg.mean_rank(b),
                "detail_means": agg.detail_means(b),
                "games_by_seat": list(agg.seat_counts[b]),
            }
        )
    head = {
        report.bots[a]: {report.bots[b]: agg.head_to_head(a, b) for b in range(len(report.bots)) if b != a}
        for a in range(len(report.bots))
    }
    out["summary"] = {"bots": bots, "head_to_head": head, "by_seat": aggregate_summary(agg.by_seat)}
    out["aggregate"] = agg.to_json()
    return out


def check_output(path: Path) -> None:
    """Refuse, before a long run, an output path that cannot be written."""
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise PodiumError(f"cannot write {str(path)!r}: it is a directory")
    if not parent.is_dir():
        raise PodiumError(f"cannot write {str(path)!r}: no such directory {str(parent)!r}")


def write_json(path: Path, data: dict[str, Any]) -> None:
    try:
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise PodiumError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
