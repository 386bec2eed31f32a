"""The rules panel's source: `/games/{name}/rules?lang=xx`, each game's rules document as a safe HTML fragment."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from podium.core.registry import game_names, get_game, get_spec
from podium.server import ServerConfig, create_app
from podium.server.renderers import rules_html, rules_language

BUILT_IN = [name for name in game_names() if get_spec(name).game.startswith("podium.games.")]  # podium's own games
HEADING = re.compile(r"^### ([A-Z]-\d+) ", re.MULTILINE)
ITEM = re.compile(r"^\*\*([A-Z]-\d+\.\d+)\*\* ", re.MULTILINE)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3", bot_delay=0))) as c:
        yield c


@pytest.mark.parametrize("game", BUILT_IN)
def test_each_game_serves_its_whole_rules_document_as_html(client: TestClient, game: str) -> None:
    answer = client.get(f"/games/{game}/rules")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.headers["content-language"] == "en"
    html = answer.text
    document = get_game(game).rules_text()
    numbers = HEADING.findall(document) + ITEM.findall(document)
    assert numbers
    for number in numbers:
        assert f">{number} " in html or f"<strong>{number}</strong>" in html, number
    assert html.count("<h3") == document.count("\n### ")
    assert "<table>" in html and '<div class="table-wrap">' in html  # the option table scrolls in its own box
    assert "<html" not in html and "<script" not in html  # a fragment for the panel


@pytest.mark.parametrize("lang", ["de", "", "xx-YY", "../../etc", "en-GB"])
def test_an_unknown_language_gets_the_english_document(client: TestClient, lang: str) -> None:
    answer = client.get(f"/games/{BUILT_IN[0]}/rules", params={"lang": lang})
    assert answer.status_code == 200
    assert answer.headers["content-language"] == "en"
    assert answer.text == client.get(f"/games/{BUILT_IN[0]}/rules").text


def test_language_tags_are_read_by_their_primary_subtag() -> None:
    assert rules_language("hu-HU") == "hu"
    assert rules_language("nb_NO") == "nb"
    assert rules_language("no") == "nb"  # Norwegian without a written form: bokmål
    assert rules_language("NB") == "nb"
    assert rules_language("fr") == "en"
    assert rules_language(None) == "en"


def test_an_unknown_game_is_not_found(client: TestClient) -> None:
    answer = client.get("/games/chess/rules")
    assert answer.status_code == 404
    assert answer.json()["error"]["code"] == "not_found"


def test_raw_html_and_script_links_in_a_document_stay_text() -> None:
    html = rules_html("# T\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [x](javascript:alert(1))")
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in html
    assert 'href="javascript' not in html


def test_a_link_into_the_source_keeps_its_text_and_a_web_address_opens_apart() -> None:
    html = rules_html("see [sports.md](../../docs/sports.md) and [the site](https://example.org/x)")
    assert "sports.md" in html and "docs/sports.md" not in html
    assert '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">the site</a>' in html


@pytest.mark.parametrize("lang", ["hu", "nb", "hu-HU", "nb-NO", "no"])
@pytest.mark.parametrize("game", BUILT_IN)
def test_the_rules_come_in_hungarian_and_norwegian(client: TestClient, game: str, lang: str) -> None:
    answer = client.get(f"/games/{game}/rules", params={"lang": lang})
    assert answer.status_code == 200
    served = answer.headers["content-language"]
    assert served == lang[:2].replace("no", "nb")
    html = answer.text
    english = client.get(f"/games/{game}/rules").text
    assert html != english
    document = get_game(game).rules_text()
    for number in HEADING.findall(document) + ITEM.findall(document):  # the same numbered rules, in the translation
        assert f">{number} " in html or f"<strong>{number}</strong>" in html, number
    heading = {"hu": "A szabályok", "nb": "Reglene"}[served]
    assert f"<h2>{heading}</h2>" in html


@pytest.mark.parametrize("name", [n for n in game_names() if get_spec(n).player_rules is not None])
def test_the_rules_panel_serves_them_on_request(client: TestClient, name: str) -> None:
    players = client.get(f"/games/{name}/rules?lang=hu&players=true")
    assert players.status_code == 200 and players.headers["content-language"] == "hu"
    assert not re.search(r"\b[A-Z]-\d", players.text)
    reference = client.get(f"/games/{name}/rules?lang=hu")
    assert re.search(r"\b[A-Z]-\d", reference.text)  # the numbered reference is still there
