"""Olympicards rules O-1 … O-8 (the sport cards of O-9 are in test_oly_sport_rules.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from oly_helpers import act, build, cards, medals, table, texts, viewed

from podium.core.errors import ConfigError, GameNotOver, IllegalAction
from podium.core.rng import Rng
from podium.games.olympicards import GAME, Config
from podium.games.olympicards.cards import full_deck
from podium.games.olympicards.phase import OlympicardsPhase


def kinds_of(text: str) -> list[int]:
    return sorted(cards(text))


# ---------------------------------------------------------------- O-1 / O-2 / O-3


def test_deck_has_ninety_cards_five_colours_two_copies() -> None:
    # O-1
    deck = full_deck()
    assert len(deck) == 90
    assert set(Counter(deck).values()) == {2}
    state = GAME.new_game(Config(), 4, 3)
    assert Counter(state.all_cards()) == Counter(deck)


@pytest.mark.parametrize("n", [2, 3, 5, 7])
def test_setup_deals_six_cards_and_seat_zero_starts(n: int) -> None:
    # O-2
    state = GAME.new_game(Config(), n, 11)
    assert [state.hand_size(p) for p in range(n)] == [6] * n
    assert table(state)["draw_size"] == 90 - 6 * n
    assert table(state)["start_player"] == 0
    assert state.current_player == 0
    assert state.sports_left + 1 == 9  # one sport card is turned over


def test_first_player_option() -> None:
    # O-2
    state = GAME.new_game(Config(first_player=2), 4, 1)
    assert table(state)["start_player"] == 2 and state.current_player == 2
    with pytest.raises(ConfigError, match="first_player"):
        GAME.new_game(Config(first_player=5), 3, 1)


def test_a_game_is_nine_sports() -> None:
    # O-3
    rng = Rng(5)
    for n in (2, 4, 7):
        state = GAME.new_game(Config(), n, n)
        sports_seen = []
        while not state.is_over:
            legal = state.legal_actions()
            events = state.apply(legal[rng.randbelow(len(legal))])
            sports_seen += [e.data["sport"] for e in events if e.kind == "sport"]
        assert len(sports_seen) == 9 and len(set(sports_seen)) == 9
        assert state.result().details["sports_played"] == 9
    with pytest.raises(GameNotOver):
        GAME.new_game(Config(), 3, 0).result()


# ---------------------------------------------------------------- O-4 sport cards


def test_start_player_decides_about_a_turned_card() -> None:
    # O-4.2
    state = build(3, "Sprint", phase="decide", start=1)
    assert state.current_player == 1
    assert texts(state) == ["accept", "postpone"]
    with pytest.raises(IllegalAction, match="accept, postpone"):
        act(state, "withdraw")
    act(state, "accept")
    assert state.current_sport is not None and state.current_sport.name == "Sprint"
    assert state.current_player == 1 and table(state)["round"] == 1


def test_postpone_puts_card_face_up_under_pile_and_next_must_be_played() -> None:
    # O-4.2
    pile = [("Diving", False), ("Hurdles", False), ("Archery", False)]
    state = build(3, "Sprint", phase="decide", pile=pile)
    events = act(state, "postpone")
    sport = state.current_sport
    assert sport is not None and sport.name == "Diving"
    assert state.phase is OlympicardsPhase.PLAY  # played at once: no second postponement
    assert [e.kind for e in events][:2] == ["postpone", "sport_turned"]
    assert viewed(state, 0)["sport_pile"] == [None, None, "Sprint"]


def test_postponing_twice_piles_up_in_order_and_face_up_cards_must_be_played() -> None:
    # O-4.2, O-4.3
    pile = [("Hurdles", False), ("Diving", False), ("Marathon", False), ("Archery", False)]
    state = build(3, "Sprint", phase="decide", pile=pile)
    act(state, "postpone")  # Sprint under the pile, Hurdles is played
    assert state.current_sport is not None and state.current_sport.name == "Hurdles"
    for _ in range(3):
        act(state, "withdraw")
    # Diving is turned over: a new decision, postponed again.
    assert state.phase is OlympicardsPhase.DECIDE
    assert state.current_sport is not None and state.current_sport.name == "Diving"
    act(state, "postpone")
    assert state.current_sport is not None and state.current_sport.name == "Marathon"
    assert viewed(state, None)["sport_pile"] == [None, "Sprint", "Diving"]
    for _ in range(3):
        act(state, "withdraw")
    assert state.current_sport is not None and state.current_sport.name == "Archery"
    assert state.phase is OlympicardsPhase.DECIDE
    act(state, "accept")
    for _ in range(3):
        act(state, "withdraw")
    # O-4.1 / O-4.3: the postponed cards come back in order, face up, and are played without a decision.
    assert state.current_sport is not None and state.current_sport.name == "Sprint"
    assert state.phase is OlympicardsPhase.PLAY
    for _ in range(3):
        act(state, "withdraw")
    assert state.current_sport is not None and state.current_sport.name == "Diving"
    assert state.phase is OlympicardsPhase.PLAY
    assert table(state)["postponed"] == 2


def test_last_sport_card_is_played_without_a_decision() -> None:
    # O-4.2 (decision: postponing the only card left would turn it over again)
    done = ["Marathon", "Hurdles", "Long jump", "Weightlifting", "Archery", "Swimming", "Gymnastics"]
    state = build(3, "Sprint", pile=[("Diving", False)], done=done)
    for _ in range(3):
        act(state, "withdraw")
    assert state.current_sport is not None and state.current_sport.name == "Diving"
    assert state.phase is OlympicardsPhase.PLAY


# ---------------------------------------------------------------- O-5 play and withdraw


def test_two_copies_of_a_card_are_one_choice_and_withdraw_is_always_legal() -> None:
    # O-5
    state = build(3, "Sprint", {0: "7r 7r 3b"})
    assert texts(state) == ["withdraw", "play 7r", "play 3b"]  # by id: colour, then value


def test_no_legal_play_leaves_only_withdraw() -> None:
    # O-5.2
    state = build(3, "Sprint", {0: "2r 3b"}, last=(2, "9g"), plays={2: ["9g"]}, order=[0, 1, 2])
    assert texts(state) == ["withdraw"]
    with pytest.raises(IllegalAction, match="not higher"):
        act(state, "play 3b")


def test_never_more_cards_than_the_sport_allows() -> None:
    # O-5.1
    state = build(3, "Long jump", {0: "1r 2r 3r"})
    assert "play 1r 2r 3r" not in texts(state)
    with pytest.raises(IllegalAction, match="1 to 2 cards"):
        act(state, "play 1r 2r 3r")
    with pytest.raises(IllegalAction, match="do not hold"):
        act(state, "play 9k")


def test_withdrawn_player_takes_no_further_part_and_rounds_go_clockwise_from_start() -> None:
    # O-5: rounds start with the start player, clockwise; withdrawn players are skipped. O-5 (decision): the holder
    # of the start card at the start of a round begins it, or the next player still in after a withdrawn holder.
    state = build(4, "Marathon", {0: "1r 2r", 1: "1g 2g", 2: "1b 2b", 3: "1y 2y"}, start=2, order=[2, 3, 0, 1])
    seen = []
    for text in ("play 1b", "play 1y", "withdraw", "play 1g"):
        seen.append(state.current_player)
        act(state, text)
    assert seen == [2, 3, 0, 1]
    # Seat 0 withdrew first and took the start card: the next round starts with the first player still in after it.
    assert table(state)["start_player"] == 0
    assert table(state)["round_order"] == [1, 2, 3]
    assert table(state)["round"] == 2


def test_a_round_starts_after_a_withdrawn_holder_with_the_next_player_still_in() -> None:
    # O-5 (decision): every round starts with whoever holds the start card at that moment; the first withdrawer
    # (seat 4) took it (O-6), and as it has withdrawn, round 2 starts with the next player clockwise from it who
    # has not: seat 0 withdrew too, so seat 1, not the sport's first player (seat 3).
    hands = {0: "1r 2r", 1: "1g 2r", 2: "1b 2g", 3: "1y 2b", 4: "1k 2k"}  # Marathon: change colour
    state = build(5, "Marathon", hands, start=3, order=[3, 4, 0, 1, 2])
    movers = []
    for text in ("play 1y", "withdraw", "withdraw", "play 1g", "play 1b"):
        movers.append(state.current_player)
        act(state, text)
    assert movers == [3, 4, 0, 1, 2]
    assert table(state)["start_player"] == 4 and table(state)["round"] == 2
    assert table(state)["round_order"] == [1, 2, 3] and state.current_player == 1
    act(state, "play 2r")
    assert state.current_player == 2


def test_last_remaining_player_may_go_on_playing() -> None:
    # O-5: the last remaining player may play on as long as they can and want to, then withdraws.
    state = build(3, "Hurdles", {0: "1r", 1: "1g", 2: "2b 5b 7b"})
    act(state, "withdraw")
    act(state, "withdraw")
    assert state.current_player == 2
    act(state, "play 2b")  # ends round 1; from now on rounds are seat 2 alone
    assert table(state)["round_order"] == [2]
    assert state.current_player == 2
    act(state, "play 5b")
    assert texts(state) == ["withdraw", "play 7b"]
    act(state, "play 7b")
    assert texts(state) == ["withdraw"]
    events = act(state, "withdraw")
    assert any(e.kind == "medal" and e.data == {"player": 2, "medal": "gold"} for e in events)
    assert any(e.kind == "sport_over" for e in events)


def test_targets_are_flipped_each_round_and_discarded_after_it() -> None:
    # O-5: a flip sport turns the top draw card at the start of each round; it goes to the discard after the round.
    state = build(3, "Archery", {0: "5r 1k", 1: "5g 1k", 2: "5b 2k"}, target="5y", draw_top="9k 8k")
    assert viewed(state, 0)["target"] == "5y"
    act(state, "play 5r")
    act(state, "play 5g")
    act(state, "play 5b")
    assert table(state)["round"] == 2
    assert viewed(state, 0)["target"] == "9k"
    assert viewed(state, 0)["discard"][-1] == "5y"
    assert texts(state) == ["withdraw", "play 1k"]


def test_target_that_makes_everyone_withdraw() -> None:
    # O-5 / O-9 Diving: nothing beats a 9, so every player can only withdraw and the sport ends.
    state = build(3, "Diving", {0: "1r 8r", 1: "9g 5g", 2: "7b"}, target="9y")
    for seat in (0, 1, 2):
        assert state.current_player == seat
        assert texts(state) == ["withdraw"]
        act(state, "withdraw")
    assert table(state)["sports_done"][-1] == "Diving"
    assert "9y" in viewed(state, None)["discard"]


def test_without_any_card_to_flip_the_target_is_waived() -> None:
    # O-5 (decision): no card in the draw pile nor in the discard -> no target this round, the relation is waived.
    state = build(3, "Diving", {0: "1r 2r", 1: "1g"}, phase="decide", draw="", spare_to=2)
    assert table(state)["draw"] == [] and table(state)["discard"] == []
    act(state, "accept")
    assert viewed(state, 0)["target"] is None
    assert texts(state) == ["withdraw", "play 1r", "play 2r"]


# ---------------------------------------------------------------- O-6 awards


AWARD_ROWS = {
    # players: [(cards, medal or None, start card)] for the 1st, 2nd, ... withdrawer
    3: [(3, "bronze", True), (1, "silver", False), (0, "gold", False)],
    4: [(3, None, True), (2, "bronze", False), (1, "silver", False), (0, "gold", False)],
    5: [(3, None, True), (2, None, False), (1, "bronze", False), (0, "silver", False), (0, "gold", False)],
    6: [
        (3, None, True),
        (2, None, False),
        (1, None, False),
        (0, "bronze", False),
        (0, "silver", False),
        (0, "gold", False),
    ],
    7: [
        (3, None, True),
        (2, None, False),
        (1, None, False),
        (0, None, False),
        (0, "bronze", False),
        (0, "silver", False),
        (0, "gold", False),
    ],
}


@pytest.mark.parametrize("n", sorted(AWARD_ROWS))
def test_award_table_row(n: int) -> None:
    # O-6: every entry of the row, given at once on withdrawal; the last withdrawal ends the sport.
    state = build(n, "Sprint", {p: f"{p + 1}r" for p in range(n)}, start=1, order=[(1 + i) % n for i in range(n)])
    view0 = viewed(state, 0)
    assert view0["next_award"]["cards"] == 3
    withdrawers = [(1 + i) % n for i in range(n)]
    for i, seat in enumerate(withdrawers):
        cards_expected, medal, start_card = AWARD_ROWS[n][i]
        assert state.current_player == seat
        assert state.next_award() == (
            cards_expected,
            {"gold": 0, "silver": 1, "bronze": 2, None: -1}[medal],
            start_card,
        )
        before = state.hand_size(seat)
        medals_before = medals(state, seat)
        events = act(state, "withdraw")
        assert state.hand_size(seat) == before + cards_expected
        gained = [m - b for m, b in zip(medals(state, seat), medals_before, strict=True)]
        expected = [0, 0, 0]
        if medal is not None:
            expected[["gold", "silver", "bronze"].index(medal)] = 1
        assert gained == expected
        if start_card:
            assert table(state)["start_player"] == seat
            assert any(e.kind == "start_card" for e in events)
    assert viewed(state, None)["sports_done"] == ["Sprint"]
    assert sum(sum(medals(state, p)) for p in range(n)) == 3  # gold, silver and bronze once each


def test_withdrawing_is_the_only_way_to_new_cards() -> None:
    # O-6: playing never draws cards.
    state = build(3, "Sprint", {0: "1r 2r", 1: "3r", 2: "4r"})
    act(state, "play 1r")
    assert state.hand_size(0) == 1


# ---------------------------------------------------------------- O-7 two players


def test_two_player_sport_with_all_three_withdrawals() -> None:
    # O-7.1 - O-7.3
    state = build(2, "Marathon", {0: "1r 2g 3b 4y", 1: "1k 2k"}, start=0)
    before = [state.hand_size(p) for p in range(2)]
    act(state, "play 1r")  # seat 0
    events = act(state, "withdraw")  # seat 1: 1st withdrawal
    assert state.hand_size(1) == before[1] + 1
    assert medals(state, 0) == [0, 0, 1]  # the other player takes bronze
    assert table(state)["start_player"] == 1  # the start card goes to the first withdrawer
    assert any(e.kind == "start_card" for e in events)
    # The withdrawer is not out: the other player moves, then the withdrawer may play again.
    assert state.current_player == 0 and table(state)["withdrawals"] == [1]
    act(state, "play 2g")
    assert state.current_player == 1
    assert any(a.startswith("play") for a in texts(state))
    act(state, "withdraw")  # 2nd withdrawal, by seat 1 again
    assert state.hand_size(1) == before[1] + 3
    assert medals(state, 0) == [0, 1, 1]
    assert state.current_player == 0
    events = act(state, "withdraw")  # 3rd withdrawal, by seat 0: it takes 3 cards, seat 1 takes gold
    assert state.hand_size(0) == 2 + 3
    assert medals(state, 1) == [1, 0, 0]
    assert any(e.kind == "sport_over" for e in events)
    assert table(state)["start_player"] == 1


def test_two_players_alternate_strictly() -> None:
    # O-7: after a withdrawal the other player takes a turn.
    state = build(2, "Sprint", {0: "1r 2r 3r", 1: "4g 5g 6g"}, start=0)
    movers = []
    for text in ("play 1r", "withdraw", "play 2r", "play 4g", "withdraw"):
        movers.append(state.current_player)
        act(state, text)
    assert movers == [0, 1, 0, 1, 0]


# ---------------------------------------------------------------- O-8 scoring


ALL_BUT_SPRINT = ["Marathon", "Hurdles", "Long jump", "Weightlifting", "Archery", "Swimming", "Gymnastics", "Diving"]


def test_points_after_the_ninth_sport() -> None:
    # O-8: gold 4, silver 2, bronze 1; the game ends after the ninth sport.
    state = build(
        3,
        "Sprint",
        {0: "1r", 1: "1g 2g", 2: "3g 4g 5g 6g"},
        pile=[],
        done=ALL_BUT_SPRINT,
        medals={0: [2, 0, 0], 1: [1, 1, 2], 2: [0, 1, 3]},
        start=2,
        order=[2, 0, 1],
    )
    # Seat 2 withdraws 1st: +3 cards, bronze; seat 0 2nd: +1 card, silver; seat 1 last: gold.
    for _ in range(3):
        act(state, "withdraw")
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    result = state.result()
    assert result.scores == (10, 12, 6)
    assert result.winners == (1,) and result.ranking == (2, 1, 3)
    assert result.reason == "nine_sports"
    assert result.details["decided_by"] == "points"
    assert result.details["gold_1"] == 2


def test_tie_on_points_goes_to_most_cards_in_hand_then_shared() -> None:
    # O-8: a tie goes to the tied player with the most cards in hand; if still tied, they share the win.
    state = build(
        3,
        None,
        {0: "1r", 1: "1g 2g", 2: "3g"},
        phase="over",
        pile=[],
        done=["Sprint", *ALL_BUT_SPRINT],
        medals={0: [2, 1, 1], 1: [2, 1, 1], 2: [1, 0, 0]},
    )
    result = state.result()
    assert result.scores == (11, 11, 4)
    assert result.winners == (1,) and result.ranking == (2, 1, 3)
    assert result.details["decided_by"] == "cards_in_hand"
    shared = build(
        3,
        None,
        {0: "1r 2r", 1: "1g 2g", 2: "3g"},
        phase="over",
        pile=[],
        done=["Sprint", *ALL_BUT_SPRINT],
        medals={0: [2, 1, 1], 1: [2, 1, 1], 2: [1, 0, 0]},
    )
    result = shared.result()
    assert result.winners == (0, 1) and result.ranking == (1, 1, 3)
    assert result.details["decided_by"] == "shared"


def test_world_record_gold_with_empty_hand_in_a_star_sport() -> None:
    # O-8 world record: Sprint has a star; the gold taker has no card in hand.
    state = build(3, "Sprint", {0: "1r", 1: "1g", 2: "9b"}, options={"world_record": True})
    act(state, "withdraw")
    act(state, "withdraw")
    act(state, "play 9b")
    events = act(state, "withdraw")
    assert any(e.kind == "world_record" for e in events)
    assert table(state)["world_records"][2] == ["Sprint"]
    assert state.points(2) == 4 + 2
    assert viewed(state, None)["world_records"][2] == ["Sprint"]


def test_no_world_record_without_the_option_or_star_or_with_cards_left() -> None:
    # O-8: the option is off by default; non-star sports and non-empty hands set no record.
    for options, sport, hand2 in (
        ({}, "Sprint", "9b"),
        ({"world_record": True}, "Hurdles", "9b"),
        ({"world_record": True}, "Sprint", "9b 1b"),
    ):
        state = build(3, sport, {0: "1r", 1: "1g", 2: hand2}, options=options)
        act(state, "withdraw")
        act(state, "withdraw")
        act(state, "play 9b")
        events = act(state, "withdraw")
        assert not any(e.kind == "world_record" for e in events)
        assert table(state)["world_records"][2] == []


def test_world_record_for_two_players_goes_to_the_gold_taker() -> None:
    # O-7 + O-8: in a two-player sport the gold goes to the player who did not make the 3rd withdrawal.
    state = build(
        2, "Gymnastics", {0: "1r 2r", 1: "5g 5b"}, options={"world_record": True}, withdrawals=[0, 0], order=[1, 0]
    )
    act(state, "play 5b 5g")  # seat 1 empties its hand
    events = act(state, "withdraw")  # seat 0: 3rd withdrawal
    assert medals(state, 1)[0] == 1
    assert any(e.kind == "world_record" and e.data["player"] == 1 for e in events)


def test_empty_draw_pile_reshuffles_the_discard() -> None:
    # O-8 decision: the discard is shuffled into a new draw pile; if still not enough, take what there is.
    state = build(3, "Sprint", {0: "1r", 1: "2r", 2: "3r"}, draw="4r", discard="5r 6r", spare_to=2)
    assert viewed(state, None)["draw_size"] == 1
    events = act(state, "withdraw")  # 1st withdrawal: 3 cards, but only 1 + 2 exist
    kinds = [e.kind for e in events]
    assert kinds.index("reshuffle") < kinds.index("draw")
    assert state.hand_size(0) == 1 + 3
    assert table(state)["draw"] == [] and table(state)["discard"] == []
    assert sorted(state.hand(0)) == kinds_of("1r 4r 5r 6r")
    drew = [e for e in events if e.kind == "drew"]
    assert drew[0].visible_to == frozenset({0})
    events = act(state, "withdraw")  # 2nd: 1 card, nothing is left anywhere
    assert state.hand_size(1) == 1
    assert [e.data["count"] for e in events if e.kind == "draw"] == [0]
