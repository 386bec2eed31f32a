"""The conformance suite's checks catch what they are for (issue 12, point 7), shown on broken copies of Kuhn poker
(the plugin game, loaded through its entry point): a field that both `clone` and `to_dict` forget, a private card
event given to everybody, a public event showing a card no view shows, a ranking against the scores, a view
that grows a key, and a prepared sampler that deals otherwise than `determinize`. The game itself passes them all
(tests/test_conformance.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

import pytest

from podium.core.config import GameConfig
from podium.core.contract import Event, JsonDict, Result, State, View
from podium.core.registry import get_game
from podium.core.rng import Rng
from podium.testing.conformance import ConformanceError, check_random_game

GAME = get_game("kuhn")
KuhnGame = type(GAME)
KuhnState: Any = type(GAME.new_game())  # Any: the plugin's own class, known here only through the entry point


def broken_game(state_class: type[State], *, sampled: bool = False) -> Any:
    """Kuhn poker whose states are `state_class` (a subclass of the plugin's state with one fault); with `sampled`,
    `determinize` gives such states too (else the sound ones, so that only the check under test can fail)."""

    class BrokenGame(KuhnGame):  # type: ignore[valid-type, misc]
        def new_game(self, config: GameConfig | None = None, num_players: int = 2, seed: int = 0) -> State:
            return state_class.from_dict(super().new_game(config, num_players, seed).to_dict())

        def state_from_dict(self, data: Mapping[str, Any]) -> State:
            return state_class.from_dict(data)

        def determinize(self, view: View, rng: Rng) -> State:
            state: State = super().determinize(view, rng)
            return state_class.from_dict(state.to_dict()) if sampled else state

    return BrokenGame()


def failure(game: Any, options: dict[str, Any], num_players: int = 2, games: int = 40) -> str:
    """The first conformance failure over `games` seeds (the test fails if there is none)."""
    for seed in range(games):
        try:
            check_random_game(game, game.config(options), num_players, seed)
        except ConformanceError as exc:
            return str(exc)
    raise AssertionError(f"no conformance failure in {games} games")


def test_the_sound_game_passes() -> None:
    for seed in range(40):
        check_random_game(broken_game(KuhnState), GAME.config(hands=5), 3, seed)


class ForgetsShowdowns(KuhnState):  # type: ignore[misc]
    """Neither `clone` nor `to_dict` keeps the count of showdowns: both round-trips still agree with themselves."""

    def clone(self) -> Self:
        twin = super().clone()
        twin._showdowns = 0
        return twin

    def shuffle_hidden(self, player: int | None, rng: Rng) -> Self:
        twin: Self = super().shuffle_hidden(player, rng)
        twin._showdowns = self._showdowns  # written on its own, it keeps the count
        return twin

    def to_dict(self) -> JsonDict:
        data: JsonDict = super().to_dict()
        del data["showdowns"]
        return data

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> Self:
        restored: Self = super()._from_dict({**data, "showdowns": 0})
        return restored


def test_a_field_missing_from_both_clone_and_to_dict_is_caught_by_playing_on() -> None:
    message = failure(broken_game(ForgetsShowdowns), {"hands": 5})
    assert "another view than the original" in message
    assert "the clone made at ply" in message or "the state restored from to_dict" in message


class BroadcastsCards(KuhnState):  # type: ignore[misc]
    """Tells everybody the card each seat is dealt."""

    def apply(self, action: Any) -> list[Event]:
        events: list[Event] = super().apply(action)
        return [Event(e.kind, e.data) if e.kind == "card" else e for e in events]


def test_a_private_event_given_to_everybody_is_caught() -> None:
    message = failure(broken_game(BroadcastsCards), {"hands": 5})
    assert "tell seat" in message or "tell the spectator" in message
    assert "more than its view shows" in message and "'kind': 'card'" in message


class ShowsTheDeck(KuhnState):  # type: ignore[misc]
    """A public event names the card left in the deck, which no view shows (K-2.1)."""

    def apply(self, action: Any) -> list[Event]:
        events: list[Event] = super().apply(action)
        return [*events, Event("deck", {"card": "JQKA"[self._deck[0]]})]


def test_a_public_event_with_a_card_no_view_shows_is_caught() -> None:
    message = failure(broken_game(ShowsTheDeck), {})
    assert "more than its view shows" in message and "'kind': 'deck'" in message


class FewestChipsWin(KuhnState):  # type: ignore[misc]
    """Ranks the seats by fewest chips although more chips are better (lower_is_better false)."""

    def result(self) -> Result:
        chips = super().result().scores
        return Result.from_keys(chips, chips, "hands_played")


class MostChipsButLowerIsBetter(KuhnState):  # type: ignore[misc]
    """Ranks by most chips but says that lower scores are better."""

    def result(self) -> Result:
        chips = super().result().scores
        return Result.from_keys(chips, [-c for c in chips], "hands_played", lower_is_better=True)


@pytest.mark.parametrize("state_class", [FewestChipsWin, MostChipsButLowerIsBetter])
def test_a_ranking_against_the_scores_is_caught(state_class: type[State]) -> None:
    message = failure(broken_game(state_class), {"hands": 3})
    assert "is better), but has place" in message


class WinnerKeyAtTheEnd(KuhnState):  # type: ignore[misc]
    """Adds `winner` to the view once the match is over."""

    def view(self, player: int | None) -> View:
        view: View = super().view(player)
        if self.is_over:
            view["winner"] = self.result().winners[0]
        return view


def test_a_view_that_grows_a_key_is_caught() -> None:
    message = failure(broken_game(WinnerKeyAtTheEnd, sampled=True), {})
    assert "has other top-level keys than earlier: +winner" in message


def test_a_determinizer_that_deals_otherwise_than_determinize_is_caught() -> None:
    class OwnSampler(KuhnGame):  # type: ignore[valid-type, misc]
        """Its prepared sampler draws one number before dealing, so its worlds differ from `determinize`'s."""

        def determinizer(self, view: View) -> Any:
            def sample(rng: Rng) -> State:
                rng.next_u64()
                return self.determinize(view, rng)

            return sample

    message = failure(OwnSampler(), {"hands": 5})
    assert "deals otherwise than determinize" in message
