"""The browser client in the players' languages (issue 14): a browser that speaks Hungarian or Norwegian gets the
lobby and every game's table in its language, with no English message left on the page, a turn of each game
included; the language menu switches, and the choice outlives a reload."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from e2e_support import click_and_wait, create_table, is_over, no_horizontal_overflow, shoot, wait_my_turn
from i18n_support import DICTIONARIES, FIND, english_patterns, untranslated
from websockets.sync.client import connect

SHELL = json.loads(DICTIONARIES[0].read_text(encoding="utf-8"))
LOCALES = {"hu": "hu-HU", "nb": "nb-NO"}


def lobby(page: Any, game: str = "golf") -> None:
    page.goto(f"/?game={game}")
    page.wait_for_selector("body[data-ready=true]")


# The server's text of a move is the game's notation in English ("play 7r 2", "swap 3", "play 3r 5r"); the page
# says moves in the player's words, so no text on it (a button, a log line "Ada: …") may be one.
NOTATION = re.compile(
    r"(?:.*: )?(?:(?:play|fill) \d+[a-z] \d|move \d \d|end"  # Athletic Games
    r"|draw|take|discard|knock|pass|(?:swap|peek|flip) \d"  # Golf
    r"|withdraw|accept|postpone|play (?:\d[a-z] ?)+)"  # Olympicards
)


def check(page: Any, lang: str, when: str) -> None:
    found = untranslated(page, lang)
    texts = page.locator("#app button, #app li, #app p").evaluate_all("els => els.map(e => e.innerText.trim())")
    # a game without a renderer of its own (Kuhn) has only the server's notation to say its moves with
    if page.evaluate("document.body.dataset.renderer") != "generic":
        found += [f"notation: {text}" for text in texts if NOTATION.fullmatch(text)]
    assert not found, f"{when}: English on a {lang} page: {found}"


def fits(page: Any, what: str) -> None:
    """Longer words than English never make the page scroll sideways, on a desktop or a phone."""
    for width in (1280, 390, 320):
        page.set_viewport_size({"width": width, "height": 900})
        assert no_horizontal_overflow(page), f"{what} is wider than {width} px"
    page.set_viewport_size({"width": 1280, "height": 900})


def golf_turn(page: Any, lang: str) -> None:
    # G-3.3: look at two of your cards (each a move), then draw from the stock and discard it (G-4.1)
    for _ in range(2):
        click_and_wait(page, ".golf-player.me button.card.target")
    wait_my_turn(page)
    check(page, lang, "golf, after the peeks")
    click_and_wait(page, '[data-key="btn-draw"]')
    check(page, lang, "golf, a card drawn")
    click_and_wait(page, '[data-key="btn-discard"]')


def athletic_turn(page: Any, lang: str) -> None:
    # A-4: place a card if one fits (select it, then a pile), ask for a hint, end the turn (A-5)
    playable = page.locator(".me .hand button.card.playable")
    if playable.count():
        playable.first.click()
        check(page, lang, "athletic, a card selected")
        click_and_wait(page, ".athletic-pile button.card.target")
    page.click('[data-key="hint"]')
    page.wait_for_selector(".hint-box")
    check(page, lang, "athletic, the hint")
    click_and_wait(page, '[data-key="end"]')


def olympicards_turn(page: Any, lang: str) -> None:
    # O-4.2: the start player plays the sport; then withdraws from it at once (O-5.2), taking the first award (O-6)
    click_and_wait(page, '[data-key="accept"]')
    wait_my_turn(page)
    check(page, lang, "olympicards, the sport accepted")
    if not is_over(page) and page.locator('[data-key="withdraw"]').count():
        click_and_wait(page, '[data-key="withdraw"]')


TURNS: dict[str, Callable[[Any, str], None]] = {
    "golf": golf_turn,
    "athletic": athletic_turn,
    "olympicards": olympicards_turn,
}


@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("game", sorted(TURNS))
def test_a_turn_of_each_game_in_hungarian_and_norwegian(new_page: Callable[..., Any], game: str, lang: str) -> None:
    page = new_page(locale=LOCALES[lang])
    lobby(page, game)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.inner_text("h1") == SHELL[lang]["lobby.heading"]
    check(page, lang, "the lobby")
    page.click("#options-box summary")  # the rule options: their names and explanations come from the game
    check(page, lang, "the lobby's rule options")
    if game == "golf":
        shoot(page, f"lobby-{lang}", docs=True)
        fits(page, f"the lobby in {lang}")
    create_table(page, game, name="Ada", seats=["bot:random"])
    wait_my_turn(page)
    check(page, lang, f"{game}, the first turn")
    TURNS[game](page, lang)
    wait_my_turn(page)
    assert page.locator("#log-list li").count() >= 2  # the moves and events of the turn, said in the language
    check(page, lang, f"{game}, after a turn")
    shoot(page, f"{game}-{lang}", docs=True)
    fits(page, f"{game} in {lang}")


@pytest.mark.parametrize(
    ("locale", "lang"),
    [("hu-HU", "hu"), ("nb-NO", "nb"), ("no", "nb"), ("nn-NO", "nb"), ("en-GB", "en"), ("de-DE", "en")],
)
def test_the_language_comes_from_the_browser(new_page: Callable[..., Any], locale: str, lang: str) -> None:
    page = new_page(locale=locale)
    lobby(page)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.inner_text("h1") == SHELL[lang]["lobby.heading"]
    assert page.input_value("#lang") == lang


def test_the_language_menu_switches_and_the_choice_is_remembered(new_page: Callable[..., Any]) -> None:
    page = new_page()  # an English browser
    lobby(page)
    assert page.inner_text("#create") == SHELL["en"]["lobby.create"]
    page.select_option("#lang", "nb")  # the page is drawn again in Norwegian
    page.wait_for_function("document.documentElement.lang === 'nb'")
    page.wait_for_selector("body[data-ready=true]")
    assert page.inner_text("#create") == SHELL["nb"]["lobby.create"]
    check(page, "nb", "the lobby after the switch")
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("document.documentElement.lang") == "nb"
    assert page.inner_text("h1") == SHELL["nb"]["lobby.heading"]
    # every page of the site follows the choice, and it can be switched back
    create_table(page, "golf", name="Kari", seats=["bot:random"])
    assert page.inner_text("#legal-title") == SHELL["nb"]["table.legal"]
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.wait_for_selector("#conn[data-status=connected]")
    assert page.inner_text("#legal-title") == SHELL["en"]["table.legal"]


def test_a_server_error_is_said_in_the_players_language(new_page: Callable[..., Any]) -> None:
    page = new_page(locale="hu-HU")
    page.goto("/t/no-such-table")
    page.wait_for_selector("#notice .error")
    # the REST answer (404 not_found) or the socket's refusal (unauthorized), said from its code in Hungarian
    said = page.inner_text("#notice .error")
    assert said in (SHELL["hu"]["error.not_found"],) or said.startswith(SHELL["hu"]["table.cannot_watch"].split("{")[0])
    assert SHELL["hu"]["table.back"] in page.inner_text("#notice")
    check(page, "hu", "an unknown table")


def test_the_check_finds_english_on_a_page(new_page: Callable[..., Any]) -> None:
    # the check of the tests above is not blind: on an English page it finds the English messages a Hungarian page
    # must not show
    page = new_page()
    lobby(page)
    found = page.evaluate(FIND, english_patterns("hu"))
    assert SHELL["en"]["lobby.heading"] in found and SHELL["en"]["lobby.create"] in found
    assert f"aria-label: {SHELL['en']['shell.lobby_link']}" in found
    # and a move in the server's notation, alone or in a log line
    assert NOTATION.fullmatch("Ada (te): play 7r 2") and NOTATION.fullmatch("swap 3")
    assert NOTATION.fullmatch("play 3r 5r") and not NOTATION.fullmatch("Passz")
    assert not NOTATION.fullmatch("Ada (te): piros 7 a(z) 2. kupacra")


# kuhn: the test plugin game without a renderer of its own, drawn by the shell's generic renderer
FAST = {"golf": {"rounds": 1}, "athletic": {"medals_to_win": 1}, "olympicards": {}, "kuhn": {"hands": 1}}


@pytest.mark.parametrize("lang", sorted(LOCALES))
@pytest.mark.parametrize("game", sorted(FAST))
def test_a_finished_game_watched_in_hungarian_and_norwegian(
    new_page: Callable[..., Any], server: Any, game: str, lang: str
) -> None:
    # two bots play a short game; a spectator's page shows the end: the result, the ranking, why it ended
    page = new_page(locale=LOCALES[lang])
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    made = page.request.post("/api/tables", data={"game": game, "players": 2, "seats": seats, "options": FAST[game]})
    assert made.status == 201, made.text()
    # Bots play only while someone watches (issue 28): a socket watches the game to its end before the page opens.
    table_id = made.json()["table"]["id"]
    with connect(server.url.replace("http", "ws", 1) + f"/ws/tables/{table_id}", proxy=None, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "spectator": True}))
        while "result" not in json.loads(ws.recv(timeout=60)):
            pass
    page.goto(f"/t/{table_id}")
    page.wait_for_selector(".result-panel", timeout=60_000)
    assert page.inner_text(".result-panel h2") == SHELL[lang]["result.title"]
    check(page, lang, f"{game}, the end seen by a spectator")
    fits(page, f"the end of {game} in {lang}")
