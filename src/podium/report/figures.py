"""Every figure of a report as one JSON document (`report.json`), from which the HTML page is drawn.

Where `podium simulate` or `podium tournament` gives a figure, the report takes it from the same function
(`aggregate_summary`, `tournament_json`), so the two agree to the last digit on the same seeds; the rest is computed
here and in `podium.report.stats` from the same exact aggregates.
"""

from __future__ import annotations

from typing import Any

from podium import __version__
from podium.api.report import Figure, Tally
from podium.core.config import GameConfig
from podium.core.registry import get_game
from podium.report.collect import FairTotals, LadderTotals, Paired, Variant
from podium.report.run import Collected, PlayerRuns
from podium.report.stats import (
    beyond,
    bradley_terry,
    distribution,
    mean_json,
    share_ci,
    skill_share,
    two_sample,
)
from podium.sim.results import aggregate_summary, tournament_json
from podium.sim.stats import WIN_UNIT, wilson
from podium.sim.tournament import Schedule, TournamentReport


def report_json(collected: Collected) -> dict[str, Any]:
    options = collected.options
    game = get_game(options.game)
    return {
        "kind": "report",
        "podium": __version__,
        "game": game.name,
        "title": game.title,
        "command": options.command(),
        "options": options.to_json(),
        "variants": [
            {"name": name, "rules": config.non_default(), "config": config.to_dict()}
            for name, config in zip(options.variant_names(), collected.configs, strict=True)
        ],
        "players": [player_json(collected, runs) for runs in collected.runs],
    }


def player_json(collected: Collected, runs: PlayerRuns) -> dict[str, Any]:
    options = collected.options
    variants = []
    for v, config in enumerate(collected.configs):
        plan, ladder, ladder_ran = runs.ladders[v]
        variant = runs.fair.variants[v]
        variants.append(
            {
                "name": options.variant_names()[v],
                "fairness": fairness(variant),
                "length": length(variant, options.seconds_per_decision),
                "skill": skill(collected, runs.players, config, plan, ladder, ladder_ran),
                "rules": rules_figures(variant.tally, ladder.tally),
                "simulation": simulation_summary(collected, runs, v),
                "tallies": {
                    "fair": None if variant.tally is None else variant.tally.to_json(),
                    "ladder": None if ladder.tally is None else ladder.tally.to_json(),
                },
            }
        )
    return {
        "players": runs.players,
        "seconds": runs.fair_ran["seconds"] + sum(ran["seconds"] for _, _, ran in runs.ladders),
        "variants": variants,
        "differences": [differences(runs.fair, variants, k) for k in range(1, len(variants))],
    }


def simulation_summary(collected: Collected, runs: PlayerRuns, v: int) -> dict[str, Any]:
    """`podium simulate`'s summary of this variant's fairness run (`aggregate_summary`), and its exact aggregate."""
    agg = runs.fair.variants[v].aggregate
    return {
        "bots": [collected.options.bot] * runs.players,
        "summary": aggregate_summary(agg),
        "aggregate": agg.to_json(),
    }


def fairness(variant: Variant) -> dict[str, Any]:
    """Win share and mean score by position in turn order, each with its 95% interval, and a verdict per position:
    beyond chance when the fair share 1/n lies outside the win share's interval."""
    agg = variant.aggregate
    n = agg.num_players
    fair = 1 / n
    positions: list[dict[str, Any]] = []
    for pos in range(n):
        wins = agg.order_win_units[pos] / WIN_UNIT
        low, high = wilson(wins, agg.games)
        score = variant.order_scores[pos]
        positions.append(
            {
                "position": pos,
                "win_share": wins / max(1, agg.games),
                "win_share_ci95": [low, high],
                "beyond_chance": beyond([low, high], fair),
                "mean_score": mean_json(score.total, score.squares, score.n),
            }
        )
    widest = max(p["win_share_ci95"][1] - p["win_share_ci95"][0] for p in positions)
    return {
        "games": agg.games,
        "fair_share": fair,
        "lower_is_better": agg.lower_is_better,
        "by_position": positions,
        "interval_width": widest,
    }


def length(variant: Variant, seconds_per_decision: float) -> dict[str, Any]:
    agg = variant.aggregate
    decisions = distribution(agg.length_hist)
    minutes = {key: float(decisions[key]) * seconds_per_decision / 60 for key in ("mean", "p50", "p90", "p99", "max")}
    return {
        "decisions": decisions,
        "turns": distribution(variant.turns),
        "minutes": minutes,
        "seconds_per_decision": seconds_per_decision,
        "reasons": dict(agg.reasons.most_common()),
        "detail_means": agg.detail_means(),
    }


def skill(
    collected: Collected,
    players: int,
    config: GameConfig,
    plan: Schedule,
    ladder: LadderTotals,
    ran: dict[str, Any],
) -> dict[str, Any]:
    """The ladder's round-robin: `podium tournament`'s summary, the win matrix, ratings and the skill share."""
    options = collected.options
    agg = ladder.aggregate
    bots = list(agg.bots)
    report = TournamentReport(options.game, bots, players, plan, agg, config, **ran)
    k = len(bots)
    wins = [[agg.beat_halves[i][j] / 2 for j in range(k)] for i in range(k)]
    ratings = bradley_terry(wins, agg.meetings)
    won, met = skill_share(agg.beat_halves, agg.meetings, len(options.ladder))
    share = share_ci(won, met)
    share["interval_width"] = share["ci95"][1] - share["ci95"][0]
    return {
        "games": agg.games,
        "deals": plan.deals,
        "seatings": len(plan.seatings),
        "bots": bots,
        "win_matrix": [[agg.head_to_head(i, j) for j in range(k)] for i in range(k)],
        "meetings": [list(row) for row in agg.meetings],
        "win_rates": [share_ci(agg.win_units[b] / WIN_UNIT, agg.seats[b]) for b in range(k)],
        "ratings": [
            {"bot": bot, "elo": r, "ci95": [r - half, r + half]} for bot, (r, half) in zip(bots, ratings, strict=True)
        ],
        "skill_share": share,
        "tournament": tournament_json(report)["summary"],
    }


def rules_figures(fair: Tally | None, ladder: Tally | None) -> list[dict[str, Any]]:
    figures = [*(fair.figures() if fair is not None else []), *(ladder.figures() if ladder is not None else [])]
    return [figure_json(f) for f in figures]


def figure_json(figure: Figure) -> dict[str, Any]:
    series = []
    for s in figure.series:
        entry: dict[str, Any] = {"name": s.name, "values": list(s.values)}
        if s.trials is not None:
            entry["trials"] = list(s.trials)
            entry["shares"] = [v / t if t else 0.0 for v, t in zip(s.values, s.trials, strict=True)]
            entry["ci95"] = [list(wilson(v, t)) for v, t in zip(s.values, s.trials, strict=True)]
        series.append(entry)
    return {
        "key": figure.key,
        "labels": list(figure.labels),
        "series": series,
        "axis": figure.axis,
        "label_axis": figure.label_axis,
        "note": figure.note,
        "params": dict(figure.params),
        "flags": dict(figure.flags),
    }


def differences(fair: FairTotals, variants: list[dict[str, Any]], k: int) -> dict[str, Any]:
    """Variant k against the first, paired on the same seeds (the skill share: two-sample, see `stats`)."""
    paired: Paired = fair.paired[k - 1]
    base, other = variants[0], variants[k]
    order = []
    for pos, m in enumerate(paired.order_wins):
        d = mean_json(m.total, m.squares, m.n)
        d = {key: [x / WIN_UNIT for x in val] if isinstance(val, list) else val / WIN_UNIT for key, val in d.items()}
        order.append({"position": pos, **d, "beyond_chance": beyond(d["ci95"], 0.0)})
    scores = []
    for seat, m in enumerate(paired.scores):
        d = mean_json(m.total, m.squares, m.n)
        scores.append({"seat": seat, **d, "beyond_chance": beyond(d["ci95"], 0.0)})
    plies = mean_json(paired.plies.total, paired.plies.squares, paired.plies.n)
    turns = mean_json(paired.turns.total, paired.turns.squares, paired.turns.n)
    a, b = base["skill"]["skill_share"], other["skill"]["skill_share"]
    return {
        "variant": other["name"],
        "against": base["name"],
        "win_share_by_position": order,
        "score_by_seat": scores,
        "decisions": {**plies, "beyond_chance": beyond(plies["ci95"], 0.0)},
        "turns": {**turns, "beyond_chance": beyond(turns["ci95"], 0.0)},
        "skill_share": two_sample(a["share"], a["n"], b["share"], b["n"]),
        "winners_changed": paired.winners_changed,
        "games": paired.plies.n,
    }
