"""The defects a first-time player met in the browser (issue 29, point 1): the lobby's stray `null`, a log that spoke
to everyone in the second person, a refusal without the server's reason, seat rows beyond the game's range, an empty
felt under "There is no such table", rule numbers and English card letters in the player's UI, and the benchmark
bots in the lobby's bot menus."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from e2e_support import click_and_wait, create_table, shoot, wait_my_turn, wait_synced

GAMES = ("golf", "athletic", "olympicards")
LOCALES = {"en": "en-US", "hu": "hu-HU", "nb": "nb-NO"}
RULE_NUMBER = re.compile(r"\b[AGO]-\d")


def lobby(new_page: Callable[..., Any], lang: str = "en", game: str = "golf") -> Any:
    page = new_page(locale=LOCALES[lang])
    page.goto(f"/?game={game}")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector(".game-wins .wins-text")
    return page


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_the_lobby_shows_no_null_and_no_rule_numbers(lang: str, new_page: Callable[..., Any]) -> None:
    page = lobby(new_page, lang)
    page.click("#options-box summary")
    for game in GAMES:
        page.select_option("#game", game)
        page.wait_for_function("g => document.querySelector('#game').value === g", arg=game)
        page.wait_for_timeout(200)  # the intro is drawn after the game's dictionary has come
        text = page.inner_text("main")
        assert not re.search(r"\bnull\b", text), text  # a replaceChildren(null) once drew the word
        assert not RULE_NUMBER.search(text), RULE_NUMBER.search(text)  # rule numbers are for `podium rules --full`
        assert "(s)" not in text


def test_the_log_names_the_actor_in_the_third_person_for_others(new_page: Callable[..., Any]) -> None:
    alice = new_page()
    url = create_table(alice, "golf", name="Alice", seats=["bot:medium"], options={"peek": "choose"})
    watcher = new_page()
    watcher.goto(url)
    wait_synced(watcher)
    wait_my_turn(alice)
    click_and_wait(alice, '#legal button.legal[data-action="peek 2"]')
    wait_my_turn(alice)  # the second peek, then the bot peeks at its two
    click_and_wait(alice, '#legal button.legal[data-action="peek 3"]')
    wait_my_turn(alice)
    mine = alice.inner_text("#log-list")
    assert "You peek at your card 2" in mine
    assert re.search(r"medium bot peeks at card \d", mine), mine
    assert "Peek at your card" not in mine
    watcher.wait_for_function("() => document.querySelector('#log-list').innerText.includes('peeks at card 3')")
    theirs = watcher.inner_text("#log-list")
    assert "Alice peeks at card 2" in theirs and "Alice peeks at card 3" in theirs
    assert not re.search(r"\byour?\b", theirs, re.IGNORECASE), theirs  # nothing speaks to the spectator as a player


def test_a_refused_option_shows_the_servers_reason(new_page: Callable[..., Any]) -> None:
    page = lobby(new_page)
    page.fill("#your-name", "Rita")
    page.click("#options-box summary")
    page.fill("#opt-values", "nonsense")
    page.click("#create")
    page.wait_for_function("document.querySelector('#create-error').textContent.length > 0")
    said = page.inner_text("#create-error")
    assert "nonsense" in said and "RANK=VALUE" in said, said  # the option, the value and what is allowed


@pytest.mark.parametrize(("game", "most"), [("golf", 5), ("olympicards", 7)])
def test_players_beyond_the_games_range_are_clamped(game: str, most: int, new_page: Callable[..., Any]) -> None:
    page = lobby(new_page, game=game)
    page.fill("#players", "9")
    page.dispatch_event("#players", "input")
    assert page.locator(".seat-row").count() == most
    assert page.input_value("#players") == str(most)
    page.fill("#players", "1")
    page.dispatch_event("#players", "input")
    assert page.locator(".seat-row").count() == 2


def test_an_unknown_table_draws_no_felt(new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto("/t/no-such-table")
    page.wait_for_selector("#conn[data-status=closed]")
    page.wait_for_selector("body[data-status=unavailable]")
    assert "There is no such table" in page.inner_text("#notice") or "Cannot watch" in page.inner_text("#notice")
    assert not page.locator("#board").is_visible()
    assert not page.locator("#side").is_visible()


def test_benchmark_bots_are_not_offered_to_players(new_page: Callable[..., Any]) -> None:
    page = lobby(new_page)
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    offered = page.locator("#seat-1 option").evaluate_all("els => els.map(e => e.value)")
    assert "bot:medium" in offered and "bot:hard" in offered
    assert not [v for v in offered if v in ("bot:counting-v0", "bot:heuristic-v1")], offered


@pytest.mark.parametrize(
    ("game", "lang", "letters"),
    [
        ("athletic", "hu", {"P", "Z", "K", "S", "N", "L"}),
        ("athletic", "nb", {"R", "Gr", "B", "Gu", "O", "L"}),
        ("olympicards", "hu", {"P", "Z", "K", "S", "F"}),
        ("olympicards", "nb", {"R", "Gr", "B", "Gu", "S"}),
    ],
)
def test_card_letters_are_in_the_players_language(
    game: str, lang: str, letters: set[str], new_page: Callable[..., Any]
) -> None:
    page = new_page(locale=LOCALES[lang])
    create_table(page, game, name="Ilona", seats=["bot:random"])
    page.wait_for_selector(".card .letter")
    shown = set(page.locator(".card .letter").all_inner_texts())
    assert shown and shown <= letters, shown
    text = page.inner_text("main")
    assert not RULE_NUMBER.search(text), RULE_NUMBER.search(text)
    shoot(page, f"words-{game}-{lang}")
