"""What a first-time player meets in the browser (issue 14, for players): the rules one click away at the table and in
the lobby, in their language; Olympicards' hidden hands as card backs and an end screen without an empty sport card;
Athletic's small cards under the piles labelled; Golf played from memory (G-4)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from e2e_support import (
    click_and_wait,
    create_table,
    legal,
    no_horizontal_overflow,
    shoot,
    wait_my_turn,
    wait_synced,
)

GAMES = {"athletic": "A", "golf": "G", "olympicards": "O"}


def open_rules(page: Any, selector: str = ".topbar .rules-open") -> str:
    page.click(selector)
    page.wait_for_selector("#rules-dialog[open][data-loaded=true]")
    return str(page.inner_text("#rules-body"))


def dialog_open(page: Any) -> bool:
    return bool(
        page.evaluate("!!document.querySelector('#rules-dialog') && document.querySelector('#rules-dialog').open")
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_are_one_click_away_at_the_table_and_close_with_escape(
    game: str, new_page: Callable[..., Any]
) -> None:
    page = new_page(width=320, height=640)
    create_table(page, game, name="Rita", seats=["bot:random"])
    text = open_rules(page)
    letter = GAMES[game]
    # the player's rules (GameSpec.player_rules): no rule numbers, no commands; the numbered reference is for
    # `podium rules --full` and the docs
    assert not re.findall(rf"\b{letter}-\d+(?:\.\d+)?\b", text), text[:300]
    assert "--rule" not in text and "podium " not in text
    assert "How to play" in text  # the document's own section for a newcomer
    assert "How to play" in page.inner_text("#rules-title")
    assert no_horizontal_overflow(page)  # the panel, its option table included, fits a 320 px phone
    # the panel scrolls inside itself: its last rule option can be reached
    assert page.evaluate(
        "document.querySelector('#rules-body').scrollHeight > document.querySelector('#rules-body').clientHeight"
    )
    shoot(page, f"rules-panel-{game}", docs=True)
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#rules-dialog').open")
    # and it opens again, at once (the document is kept), and closes with its button
    open_rules(page)
    page.click("#rules-dialog .rules-close")
    assert not dialog_open(page)


def test_the_lobby_says_what_wins_and_opens_the_rules(new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]")
    lines = {}
    for game in GAMES:
        page.select_option("#game", game)
        page.wait_for_function(
            "g => document.querySelector('#game').value === g && !!document.querySelector('.game-wins .wins-text')",
            arg=game,
        )
        page.wait_for_function(
            "old => document.querySelector('.game-wins .wins-text').textContent !== old", arg=lines.get("last", "")
        )
        lines[game] = lines["last"] = page.inner_text(".game-wins .wins-text")
        assert "win" in lines[game].lower(), lines[game]
    assert len({lines[g] for g in GAMES}) == 3  # each game its own line
    page.select_option("#game", "olympicards")
    page.wait_for_function("() => document.querySelector('.game-wins .wins-text').textContent.includes('sport')")
    text = open_rules(page, ".game-wins .rules-open")
    assert "Who gets what" in text and "Olympicards" in page.inner_text("#rules-title")  # the player's rules
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#rules-dialog').open")


@pytest.mark.parametrize(
    ("lang", "heading", "button"), [("hu", "Hogyan kell játszani?", "Szabályok"), ("nb", "Slik spiller du", "Regler")]
)
def test_the_rules_panel_speaks_the_players_language(
    lang: str, heading: str, button: str, new_page: Callable[..., Any]
) -> None:
    page = new_page(width=390, height=700)
    page.add_init_script(f"localStorage.setItem('podium.lang', '{lang}')")
    create_table(page, "golf", name="Rita", seats=["bot:random"])
    assert page.inner_text(".topbar .rules-open").strip() == button
    text = open_rules(page)
    assert heading in text and "G-4.1" not in text  # the player's rules in the player's language, without numbers
    assert "How to play" not in text  # not the English document
    assert page.get_attribute("#rules-body", "lang") == lang
    assert no_horizontal_overflow(page)
    shoot(page, f"rules-panel-golf-{lang}", docs=True)
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#rules-dialog').open")


def test_olympicards_shows_hidden_hands_as_card_backs(new_page: Callable[..., Any]) -> None:
    page = new_page(width=320, height=800)
    create_table(page, "olympicards", name="Olga", seats=["bot:random", "bot:random", "bot:random"])
    page.wait_for_selector(".hand-backs")
    backs = page.locator(".oly-players .hand-backs")
    assert backs.count() == 3  # the three opponents; your own hand is face up below
    for i in range(3):
        fan = backs.nth(i)
        count = int(fan.get_attribute("data-cards") or "-1")
        assert count == 6  # O-2: six cards each
        assert fan.locator(".fan-back").count() == count
        assert fan.get_attribute("aria-label") == "6 cards in hand"
    assert "cards in hand" not in page.inner_text("#board")  # backs, not text
    assert no_horizontal_overflow(page)
    shoot(page, "olympicards-backs-phone", docs=True)


def test_olympicards_end_screen_has_no_empty_sport_card(new_page: Callable[..., Any]) -> None:
    page = new_page(width=320, height=800)
    created = page.request.post(
        "/api/tables", data={"game": "olympicards", "players": 3, "seats": [{"kind": "bot", "bot": "random"}] * 3}
    )
    assert created.status == 201, created.text()
    page.goto(f"/t/{created.json()['table']['id']}")
    page.wait_for_selector(".result-panel", timeout=60_000)
    page.wait_for_selector("body[data-status=finished]")
    assert page.locator(".sport-card").count() == 0
    assert "No sport" not in page.inner_text("#board")
    assert page.locator(".hand.revealed").count() == 3  # O-8: the hands left, shown at the end
    assert no_horizontal_overflow(page)


def test_athletic_labels_the_cards_under_the_piles(new_page: Callable[..., Any]) -> None:
    page = new_page(width=390, height=800)
    create_table(page, "athletic", name="Ada", seats=["bot:heuristic", "bot:heuristic"])
    for _ in range(8):  # a few turns, until some pile has a card under its top (the bots play everything they can)
        wait_my_turn(page)
        if page.locator(".under-label").count():
            break
        plays = [a for a in legal(page) if a.startswith("play")]
        click_and_wait(page, f'#legal button[data-action="{(plays or ["end"])[0]}"]')
    pile = page.locator(".athletic-pile:has(.under-label)").first
    assert pile.locator(".under-label").inner_text().strip() == "under it"
    under = pile.locator(".under-cards .card")
    assert under.count() >= 1
    label = pile.locator(".under").get_attribute("aria-label") or ""
    assert label.startswith("under the top card, newest first:"), label
    legend = page.inner_text(".under-legend")
    assert "beneath its top card" in legend and "A-3" not in legend  # no rule numbers in the player UI (issue 29)
    assert no_horizontal_overflow(page)


def shown(card: str) -> str:
    """A Golf card as the page writes it in the log: "Td" -> "10♦"."""
    rank = {"T": "10"}.get(card[0], card[0])
    return rank + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[card[1]]


def my_golf_cards(page: Any) -> list[str]:
    return list(
        page.evaluate("[...document.querySelectorAll('.golf-player.me .golf-hand .card')].map(c => c.dataset.card)")
    )


def test_golf_from_memory_shows_a_seen_card_only_at_that_moment(new_page: Callable[..., Any]) -> None:
    # G-4: with Golf's rule option memory, a peeked card is shown at the moment of the peek, then as a back (the
    # server leaves it out of the view from then on: tests/games/golf/test_golf_memory_option_server.py).
    page = new_page(width=390, height=800)
    page.goto("/?game=golf")
    page.wait_for_selector("body[data-ready=true]")
    page.click("#options-box summary")  # a rule option of Golf's, among the others
    page.wait_for_selector("#opt-memory")
    page.fill("#your-name", "Mia")
    page.select_option("#seat-1", "bot:random")
    page.check("#opt-memory")
    page.click("#create")
    page.wait_for_url("**/t/**")
    wait_synced(page)
    assert page.evaluate(
        "fetch(location.pathname.replace('/t/', '/api/tables/')).then(r => r.json()).then(t => t.options.memory)"
    )
    wait_my_turn(page)
    assert my_golf_cards(page) == ["", "", "", ""]
    click_and_wait(page, '#legal button[data-action="peek 1"]')  # G-3.3
    first = my_golf_cards(page)
    assert first[0] and first[1:] == ["", "", ""]  # the moment you look at it
    wait_my_turn(page)
    click_and_wait(page, '#legal button[data-action="peek 2"]')
    second = my_golf_cards(page)
    assert second[0] == "" and second[1] and second[2:] == ["", ""]  # the first is now a back
    remembered = page.locator(".golf-player.me .card.back .badge")
    assert remembered.first.inner_text() == "remember"
    wait_my_turn(page)
    click_and_wait(page, '#legal button[data-action="draw"]')
    assert my_golf_cards(page) == ["", "", "", ""]  # your next action: both are to be remembered
    log = page.inner_text("#log-list")
    assert "you looked at your card 1" in log and "you looked at your card 2" in log
    assert shown(first[0]) not in log and shown(second[1]) not in log  # the log never names them
    assert page.locator(".golf-player.me .known-total").count() == 0
    # G-4.1: the card you held and put down face down shows until your next action (the view no longer has it)
    held = page.evaluate("document.querySelector('.pile.drawn .card').dataset.card")
    assert held
    click_and_wait(page, '#legal button[data-action="swap 3"]')
    assert my_golf_cards(page) == ["", "", held, ""]
    # a reload does not bring them back
    page.reload()
    wait_synced(page)
    assert my_golf_cards(page) == ["", "", "", ""]


def test_golf_without_memory_keeps_showing_what_you_have_seen(new_page: Callable[..., Any]) -> None:
    # G-4: by default the page shows a player's own cards that they have fairly seen.
    page = new_page()
    create_table(page, "golf", name="Mia", seats=["bot:random"])
    wait_my_turn(page)
    click_and_wait(page, '#legal button[data-action="peek 1"]')
    wait_my_turn(page)
    click_and_wait(page, '#legal button[data-action="peek 2"]')
    wait_my_turn(page)
    click_and_wait(page, '#legal button[data-action="draw"]')
    cards = my_golf_cards(page)
    assert cards[0] and cards[1]


def test_the_lobby_offers_memory_only_for_a_game_that_has_it(new_page: Callable[..., Any]) -> None:
    # memory is Golf's own rule option: the lobby shows it as it shows any game's options
    page = new_page()
    page.goto("/?game=golf")
    page.wait_for_selector("body[data-ready=true]")
    page.click("#options-box summary")
    page.wait_for_selector("#opt-memory")
    assert "G-4" not in page.inner_text("#opt-memory-doc")  # no rule numbers in the player UI (issue 29)
    page.select_option("#game", "athletic")
    page.wait_for_function(
        "() => !!document.querySelector('.game-wins .wins-text') && !document.querySelector('#opt-memory')"
    )
    assert page.locator("#opt-memory").count() == 0
