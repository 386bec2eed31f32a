"""G-2 values, G-6 scoring over several rounds, G-8.4 column pairs, G-8.5 six_scoring."""

from __future__ import annotations

from golf_helpers import cards, play, position, random_playout, viewed

from podium.games.golf import GAME
from podium.games.golf.config import SIX_VALUES, STANDARD_VALUES
from podium.games.golf.scoring import card_values, hand_sum, round_scores, round_winners

STD = card_values(STANDARD_VALUES)
SIX = card_values(SIX_VALUES)


def test_g2_standard_values() -> None:
    # G-2: Ace 1, 2..10 pip value, Jack 10, Queen 10, King 0; suits do not matter.
    assert hand_sum(cards("Ac", "2d", "9h", "Ts"), STD, six=False) == 22
    assert hand_sum(cards("Jc", "Qd", "Kh", "Ks"), STD, six=False) == 20
    assert [STD[c] for c in cards("7c", "7d", "7h", "7s")] == [7] * 4


def test_g2_explicit_values_mapping_is_used_in_play() -> None:
    # G-2: an explicit mapping of the 13 ranks to integers.
    values = "A=1,2=2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=11,Q=12,K=-1"
    hands = [["Jc", "Qc", "Kc", "Ac"], ["2d", "3d", "4d", "5d"]]
    state = position(hands, stock_top=["6s"], stock_size=1, discard=["Kh"], rounds=1, values=values)
    events = play(state, "draw", "discard")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["sums"] == [23, 14] and end.data["scores"] == [9, 0]
    assert state.view(0)["values"]["K"] == -1


def test_g6_round_score_is_sum_minus_winner_sum() -> None:
    # G-6
    assert round_scores([10, 26, 39], relative=True) == [0, 16, 29]
    assert round_scores([7, 3, 3], relative=True) == [4, 0, 0]
    # G-8.5 six_scoring = "total": each round's own sum.
    assert round_scores([7, -3, 3], relative=False) == [7, -3, 3]


def test_g5_lowest_sum_wins_the_round_and_ties_share_it() -> None:
    # G-5
    assert round_winners([10, 26, 39]) == [0]
    assert round_winners([7, 3, 3]) == [1, 2]
    assert round_winners([7, -3, 3]) == [1]


def test_g6_totals_add_up_over_rounds_and_the_lowest_total_wins() -> None:
    # G-6: round scores add up; the game has `rounds` rounds; the lowest total wins.
    hands = [["Ac", "2c", "3c", "4c"], ["5d", "6d", "7d", "8d"]]
    state = position(hands, stock_top=["Ks"], stock_size=1, rounds=2)
    play(state, "draw", "discard")
    assert state.round == 2 and viewed(state, None)["scores"] == [0, 16]
    # Round 2 (of 2) from a position carrying those totals: seat 1 wins it (6 against 34).
    hands = [["Tc", "Jc", "Qc", "4c"], ["Ad", "2d", "3d", "Kd"]]
    state = position(hands, stock_top=["Ks"], stock_size=1, round=2, rounds=2, totals=[0, 16], current=1)
    play(state, "draw", "discard")
    result = state.result()
    assert state.is_over and result.scores == (28, 16) and result.winners == (1,) and result.ranking == (2, 1)
    assert result.lower_is_better and result.reason == "rounds_complete"


def test_g6_tied_totals_share_the_win() -> None:
    hands = [["Tc", "Jc", "Qc", "4c"], ["Ad", "2d", "3d", "Kd"]]
    state = position(hands, stock_top=["Ks"], stock_size=1, round=3, rounds=3, totals=[0, 28])
    play(state, "draw", "discard")
    assert state.result().scores == (28, 28) and state.result().winners == (0, 1)


def test_g6_random_games_play_all_rounds_and_totals_are_the_sums_of_round_scores() -> None:
    for variant, seed in (("four", 1), ("six", 2), ("four", 3), ("six", 4)):
        config = GAME.config(variant=variant, rounds=4)
        state = GAME.new_game(config, 3, seed)
        random_playout(state, seed)
        view = state.view(None)
        rows = view["round_scores"]
        assert len(rows) == 4 and all(min(row) == 0 for row in rows)
        assert list(state.result().scores) == [sum(col) for col in zip(*rows, strict=True)]
        details = state.result().details
        assert details["rounds"] == 4
        assert details["knock_ends"] + details["stock_ends"] + details["all_face_up_ends"] == 4


def test_g8_4_six_card_column_pairs_score_zero() -> None:
    # G-8: 2 rows × 3 columns, slots 0..2 the top row and 3..5 the bottom row, so the column pairs are slots 0/3,
    # 1/4 and 2/5 (1/4, 2/5, 3/6 as players count them). G-8.4: equal ranks in one column score 0 together; in a
    # row or across a diagonal they count in full.
    assert hand_sum(cards("7c", "3d", "9h", "7d", "4d", "Ks"), SIX, six=True) == 3 + 9 + 4
    assert hand_sum(cards("7c", "7d", "9h", "5d", "4d", "Ks"), SIX, six=True) == 7 + 7 + 9 + 5 + 4
    assert hand_sum(cards("7c", "5d", "9h", "3d", "7d", "Ks"), SIX, six=True) == 7 + 5 + 9 + 3 + 7
    assert hand_sum(cards("Kc", "5d", "9h", "3d", "7d", "9s"), SIX, six=True) == 5 + 3 + 7
    assert "a column is slots 1 and 4, 2 and 5, or 3 and 6" in GAME.rules_summary(GAME.config(variant="six"))
    assert hand_sum(cards("Qc", "Jd", "Th", "Qs", "Jh", "Tc"), SIX, six=True) == 0


def test_g8_4_a_column_pair_of_twos_scores_zero_not_minus_four() -> None:
    # G-8.4: "a pair of 2s too"; a single 2 counts -2 with the "six" values.
    assert hand_sum(cards("2c", "5d", "6h", "2d", "Kd", "Ks"), SIX, six=True) == 11
    assert hand_sum(cards("2c", "5d", "6h", "3d", "2h", "Ks"), SIX, six=True) == -2 + 5 + 6 + 3 - 2
    # ... also with another value table: the pair rule belongs to six-card Golf, not to the values.
    assert hand_sum(cards("2c", "5d", "6h", "2d", "Kd", "Ks"), STD, six=True) == 11


def test_g8_5_six_scoring_total_adds_each_round_sum() -> None:
    # G-8.5: six_scoring = "total": each round's own sum is added (no subtraction of the winner's sum).
    hands = [["2c", "5d", "6h", "2d", "Kd", "Ks"], ["Ac", "Ad", "3h", "4d", "5h", "6s"]]
    up = [[2, 2, 2, 2, 2, 0], [2, 2, 0, 0, 0, 0]]
    for scoring, expected in (("total", [11, 20]), ("relative", [0, 9])):
        state = position(hands, known=up, stock_top=["9s"], stock_size=1, rounds=1, variant="six",
                         six_scoring=scoring)  # fmt: skip
        events = play(state, "draw", "discard")
        end = next(e for e in events if e.kind == "round_end")
        assert end.data["sums"] == [11, 20] and end.data["scores"] == expected
