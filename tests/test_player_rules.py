"""Each game's rules in a player's words (`GameSpec.player_rules`, issue 29): one per language, no rule numbers, no
terminal commands or option syntax, places and seats counted from 1; served by the rules panel with `players=true`
(tests/server/test_rules_route.py),
while `podium rules GAME --full` keeps the numbered reference."""

from __future__ import annotations

import re

import pytest

from podium.core.registry import game_names, get_game, get_spec, player_rules_text

WITH = [name for name in game_names() if get_spec(name).player_rules is not None]
LANGUAGES = ("en", "hu", "nb")
DEVELOPERS = re.compile(r"`|--\w|\bpodium\b|\b[A-Z]-\d|\bslots? 0\b|\bseats? 0\b|JSON|=")


def test_the_built_in_games_have_player_rules() -> None:
    assert {n for n in game_names() if get_spec(n).game.startswith("podium.games.")} <= set(WITH)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", WITH)
def test_player_rules_speak_to_players(name: str, lang: str) -> None:
    found = player_rules_text(name, lang)
    assert found is not None
    text, served = found
    assert served == lang, "every built-in game has each language"
    assert text.startswith(f"# {get_game(name).title}\n")
    assert not DEVELOPERS.findall(text), DEVELOPERS.findall(text)
    english, _ = player_rules_text(name) or ("", "")
    headings = [line.count("#") for line in text.splitlines() if line.startswith("#")]
    assert headings == [line.count("#") for line in english.splitlines() if line.startswith("#")]
    if lang != "en":
        assert not {p for p in english.split("\n\n")[1:] if len(p) > 60} & set(text.split("\n\n")), "left in English"


def test_a_language_without_a_translation_falls_back_to_english() -> None:
    for name in WITH:
        assert player_rules_text(name, "de") == player_rules_text(name, "en")
        assert player_rules_text(name, "../x") == player_rules_text(name, "en")  # never a path


def test_a_game_without_them_gets_its_reference() -> None:
    for name in set(game_names()) - set(WITH):
        assert player_rules_text(name) is None
