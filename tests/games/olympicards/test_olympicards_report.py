"""Olympicards' figures in `podium report` (its `report` facet) agree with the games' results."""

from __future__ import annotations

from podium.core.contract import Event, Result
from podium.core.registry import get_game
from podium.games.olympicards.report import WORLD_RECORD, OlympicardsTally
from podium.games.olympicards.termination import OlympicardsTermination
from podium.report.collect import FairJob

GAMES = 8


def test_sport_cards_played_postponed_and_records_match_the_results() -> None:
    # O-3 (nine sports), O-4.2 (postponing), O-8 (world records)
    config = get_game("olympicards").config_type.from_assignments(["world_record=true"])
    totals = FairJob("olympicards", (config,), ("medium",) * 3, 2, GAMES).run(0, GAMES)
    variant = totals.variants[0]
    tally = variant.tally
    assert isinstance(tally, OlympicardsTally)
    means = variant.aggregate.detail_means()
    assert sum(tally.played.values()) == round(means["sports_played"] * GAMES)
    assert sum(tally.postponed.values()) == round(means["postponed"] * GAMES)
    assert sum(tally.records.values()) == round(means["world_records"] * GAMES)
    assert sum(tally.first_out.values()) == sum(tally.played.values())  # O-5.2: every sport has a first withdrawal
    assert set(tally.played) <= set(tally.sports)


def test_a_sport_decides_when_its_points_change_who_leads() -> None:
    # O-8: the most points win; a sport is decisive when the leaders without its points are others
    tally = OlympicardsTally(["Sprint", "Diving"], 2)
    told = [
        Event("sport", {"sport": "Sprint", "number": 1}),
        Event("medal", {"player": 0, "medal": "gold"}),
        Event("sport", {"sport": "Diving", "number": 2}),
        Event("world_record", {"player": 1, "sport": "Diving"}),
    ]
    game = get_game("olympicards")
    any_action = game.new_game(game.config_type(), 2, 0).legal_actions()[0]
    tally.observe(0, any_action, told)  # the tally reads the events only
    assert WORLD_RECORD == 2  # O-8: a sport card kept for a world record is worth 2 points
    result = Result.from_keys([4, 2], [(-4,), (-2,)], OlympicardsTermination.NINE_SPORTS)
    tally.finish(result, ["medium", "medium"])
    assert tally.decisive == {"Sprint": 1}
    assert tally.games_with == {"Sprint": 1, "Diving": 1}
    assert tally.gold_won == {"Sprint": 1}  # seat 0 took the Sprint's gold and won the game
