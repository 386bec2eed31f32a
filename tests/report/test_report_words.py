"""The words of each game's report figures (its `report_words.json`, read by `podium.api.report.messages_file`):
every language has exactly English's keys, with the same {placeholders}, and none is empty."""

from __future__ import annotations

import re

import pytest

from podium.api.report import LANGUAGES
from podium.core.registry import game_names
from podium.report.run import rules_report_words

PLACEHOLDER = re.compile(r"\{(\w+)\}")
WITH_WORDS = [name for name in game_names() if rules_report_words(name) is not None]


def test_the_games_with_a_report_facet_are_found() -> None:
    assert WITH_WORDS  # the scan finds some (a broken lookup would find none and pass)


@pytest.mark.parametrize("game", WITH_WORDS)
def test_every_language_has_englishs_keys_and_placeholders(game: str) -> None:
    words = rules_report_words(game)
    assert words is not None and set(words) == set(LANGUAGES)
    english = words["en"]
    for lang in LANGUAGES:
        assert set(words[lang]) == set(english), f"{game}: {lang}"
        for key, text in words[lang].items():
            assert text.strip(), f"{game}: {lang} {key} is empty"
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), f"{game}: {lang} {key}"
