"""Golf's figures in `podium report` (its `report` facet) agree with what the rules recorded in each game's result."""

from __future__ import annotations

from podium.core.registry import get_game
from podium.games.golf.report import GolfTally
from podium.report.collect import FairJob
from podium.report.figures import figure_json

GAMES = 12


def run(rules: list[str], players: int = 2) -> FairJob:
    config = get_game("golf").config_type.from_assignments(rules)
    return FairJob("golf", (config,), ("random",) * players, 5, GAMES)


def test_round_ends_and_knocks_match_the_results() -> None:
    # G-4.2, G-5, G-5.2, G-5.3: every round ends once, for one of the four reasons the result counts
    totals = run(["round_turn_limit=6"]).run(0, GAMES)
    variant = totals.variants[0]
    tally = variant.tally
    assert isinstance(tally, GolfTally)
    means = variant.aggregate.detail_means()
    for end, key in (("knock", "knock_ends"), ("stock", "stock_ends"), ("turn_limit", "turn_limit_ends")):
        assert tally.ends[end] == round(means[key] * GAMES)
    rounds = sum(tally.ends.values())
    assert rounds == round(means["rounds"] * GAMES) == sum(tally.round_turns.values())
    # G-4.2, G-5.1: a knock closes the round after the others' last turns, which the stock (G-5.2) or the turn
    # limit (G-5.3) may end first: rounds with a knock are at least those the knock ended
    assert tally.ends["knock"] <= sum(tally.knocks.values()) <= rounds
    assert sum(v * c for v, c in tally.round_turns.items()) == round(means["turns"] * GAMES)  # G-4.1


def test_six_card_pairs_count_every_hand_of_every_round() -> None:
    # G-8.4: columns of equal rank; every hand is counted once per round
    totals = run(["variant=six"], players=3).run(0, GAMES)
    tally = totals.variants[0].tally
    assert isinstance(tally, GolfTally)
    rounds = sum(tally.ends.values())
    assert sum(tally.pairs.values()) == 3 * rounds
    keys = [f["key"] for f in map(figure_json, tally.figures())]
    assert keys == ["golf.ends", "golf.went_out", "golf.round_turns", "golf.pairs"]


def test_tallies_of_chunks_merge_to_the_whole() -> None:
    job = run([])
    whole = job.run(0, GAMES).variants[0].tally
    parts = job.run(0, 5).merge(job.run(5, GAMES)).variants[0].tally
    assert whole is not None and parts is not None
    assert whole.to_json() == parts.to_json()
