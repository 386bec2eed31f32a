"""Athletic Games' figures in `podium report` (its `report` facet) agree with the games' results."""

from __future__ import annotations

from podium.core.registry import get_game
from podium.games.athletic.report import AthleticLadderTally, AthleticTally
from podium.report.collect import FairJob, LadderJob
from podium.sim.tournament import TournamentJob, schedule

GAMES = 6


def test_medals_turns_and_reshuffles_match_the_results() -> None:
    # A-5.1 (a medal for an emptied hand), A-6 (reshuffles): counted from the events, checked against the result
    config = get_game("athletic").config_type()
    totals = FairJob("athletic", (config,), ("medium", "medium"), 3, GAMES).run(0, GAMES)
    variant = totals.variants[0]
    tally = variant.tally
    assert isinstance(tally, AthleticTally)
    means = variant.aggregate.detail_means()
    assert sum(tally.medals.values()) == round(means["medals_total"] * GAMES)
    assert sum(tally.turns.values()) == round(means["turns"] * GAMES)
    assert sum(tally.reshuffles.values()) == GAMES


def test_the_ladder_counts_cards_placed_per_bot() -> None:
    # the cards a turn placed, told by its turn_end event, per bot of the round-robin
    config = get_game("athletic").config_type()
    plan = schedule(("medium", "solver"), 2, 4, 1)
    job = LadderJob(TournamentJob("athletic", config, ("medium", "solver"), plan, plan.games), "athletic", plan.games)
    totals = job.run(0, plan.games)
    tally = totals.tally
    assert isinstance(tally, AthleticLadderTally)
    assert set(tally.turns) == {"medium", "solver"}
    placed = totals.aggregate.by_seat.detail_means()["cards_placed"] * plan.games
    assert sum(tally.placed.values()) == round(placed)
