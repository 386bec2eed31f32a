"""The game log survives (issue 29, point 4): after a reload, a language switch (which no longer reloads the page)
and on a second device, the whole log is there, rebuilt from the server's record as each receiver may see it; an
opponent's and a spectator's rebuilt log name no card hidden from them."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from e2e_support import click_and_wait, create_table, join_table, wait_my_turn, wait_synced
from i18n_support import untranslated

CARD = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]")


def log_text(page: Any) -> str:
    return str(page.inner_text("#log-list"))


def moves_and_events(page: Any) -> list[str]:
    """The log's lines of the game itself (not the page's own notes such as "the game starts")."""
    return list(page.locator("#log-list li.move, #log-list li.event").all_inner_texts())


def wait_log(page: Any, text: str) -> None:
    page.wait_for_function("t => document.querySelector('#log-list').innerText.includes(t)", arg=text)


def peeked_table(new_page: Callable[..., Any]) -> tuple[Any, Any, str]:
    """Alice and Bob at Golf; Alice has peeked at her cards 1 and 2 (G-3.3, option peek=choose)."""
    alice = new_page()
    url = create_table(alice, "golf", name="Alice", seats=["human"], options={"peek": "choose"})
    bob = new_page()
    join_table(bob, url, "Bob")
    wait_my_turn(alice)
    for slot in (1, 2):
        click_and_wait(alice, f'#legal button.legal[data-action="peek {slot}"]')
    wait_log(alice, "your card 2 is")
    return alice, bob, url


def test_the_log_survives_a_reload_and_a_second_device(new_page: Callable[..., Any]) -> None:
    alice, _bob, url = peeked_table(new_page)
    before = moves_and_events(alice)
    assert "You peek at your card 1" in before and any("your card 1 is" in line for line in before)
    alice.reload()
    wait_synced(alice)
    wait_log(alice, "your card 2 is")
    assert moves_and_events(alice) == before
    assert "synced at move" not in log_text(alice)

    # the same seat on a second device: its token carried over, as a player's own link would
    table_id = url.rsplit("/", 1)[1]
    stored = alice.evaluate("id => localStorage.getItem('podium.seat.' + id)", table_id)
    other = new_page(width=390, height=844)
    other.goto("/")
    other.evaluate("([id, seat]) => localStorage.setItem('podium.seat.' + id, seat)", [table_id, stored])
    other.goto(url)
    wait_synced(other)
    wait_log(other, "your card 2 is")
    assert moves_and_events(other) == before


def test_an_opponents_and_a_spectators_rebuilt_log_hold_no_hidden_card(new_page: Callable[..., Any]) -> None:
    alice, bob, url = peeked_table(new_page)
    seen = set(CARD.findall(log_text(alice)))
    assert len(seen) == 2  # the two cards Alice looked at, hers alone (G-3.3)
    watcher = new_page()
    watcher.goto(url)
    wait_synced(watcher)
    bob.reload()
    wait_synced(bob)
    for page, name in ((bob, "Bob"), (watcher, "a spectator")):
        wait_log(page, "Alice peeks at card 2")
        text = log_text(page)
        assert not seen & set(CARD.findall(text)), f"{name}'s log names Alice's hidden cards: {text}"
        assert "your card" not in text


def test_a_language_switch_keeps_the_page_and_says_the_log_again(new_page: Callable[..., Any]) -> None:
    page = new_page()
    create_table(page, "athletic", name="Ada", seats=["bot:random"], options={"first_player": 1})
    wait_my_turn(page)  # the bot has played its first turn: the log has its moves
    wait_log(page, "random bot")
    version = page.evaluate("document.body.dataset.version")
    page.evaluate("window.keptAcrossTheSwitch = 29")
    page.select_option("#lang", "hu")
    page.wait_for_function("document.documentElement.lang === 'hu'")
    wait_log(page, "véletlen robot")  # the same log, said in Hungarian
    assert page.evaluate("window.keptAcrossTheSwitch") == 29  # no reload
    assert page.evaluate("document.body.dataset.version") == version
    assert page.locator("#conn").get_attribute("data-status") == "connected"
    assert "random bot" not in log_text(page)
    assert not untranslated(page, "hu"), untranslated(page, "hu")
    assert set(page.locator(".card .letter").all_inner_texts()) <= {"P", "Z", "K", "S", "N", "L"}
    page.reload()  # and the choice is remembered
    wait_synced(page)
    assert page.evaluate("document.documentElement.lang") == "hu"
    wait_log(page, "véletlen robot")


def test_the_lobby_switches_language_and_keeps_what_was_chosen(new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto("/?game=golf")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    page.select_option("#seat-2", "bot:hard")
    page.click("#options-box summary")
    page.fill("#opt-rounds", "4")
    page.select_option("#lang", "nb")
    page.wait_for_function("document.documentElement.lang === 'nb'")
    page.wait_for_function("!document.querySelector('.game-wins .wins-text').textContent.includes('lowest')")
    assert page.input_value("#players") == "3" and page.input_value("#seat-2") == "bot:hard"
    assert page.input_value("#opt-rounds") == "4"
    assert not untranslated(page, "nb"), untranslated(page, "nb")
