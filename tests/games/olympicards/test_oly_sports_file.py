"""Sports files (O-9: sport cards are data): the built-in sets, a user file, and the files the loader rejects."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from podium.core.errors import ConfigError
from podium.core.rng import Rng
from podium.games.olympicards import GAME, Config, load_sports, parse_sports
from podium.games.olympicards.sports import BUILTIN_SETS, builtin_path

DEFAULT_TEXT = builtin_path("default").read_text(encoding="utf-8")


def nine(*extra: str, first: str = "") -> str:
    """Nine valid sports as TOML; `first` replaces the first table's body, `extra` lines are added to it."""
    body = first or 'name = "Sprint"\nmin_cards = 1\nmax_cards = 1'
    tables = ["[[sport]]\n" + body + "".join("\n" + line for line in extra)]
    tables += [f'[[sport]]\nname = "Sport {i}"\nmin_cards = 1\nmax_cards = 1' for i in range(2, 10)]
    return "\n\n".join(tables) + "\n"


@pytest.mark.parametrize("name", sorted(BUILTIN_SETS))
def test_builtin_sets_load(name: str) -> None:
    # O-9
    sset = load_sports(name)
    assert len(sset.sports) == 9
    assert all(sport.describe() for sport in sset.sports)


def test_user_file_plays_a_game(tmp_path: Path) -> None:
    # O-9: a user's own sports file, given as a path.
    path = tmp_path / "mine.toml"
    path.write_text(
        DEFAULT_TEXT.replace('name = "Sprint"', 'name = "Relay race"').replace(
            'name = "Diving"\nmin_cards = 1\nmax_cards = 1', 'name = "Pole vault"\nmin_cards = 1\nmax_cards = 2'
        ),
        encoding="utf-8",
    )
    config = GAME.config({"sports": str(path)})
    assert isinstance(config, Config)
    names = [s.name for s in config.sport_set.sports]
    assert "Relay race" in names and "Pole vault" in names
    assert "Relay race" in GAME.rules_summary(config)
    state = GAME.new_game(config, 3, 4)
    rng = Rng(1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    assert state.result().details["sports_played"] == 9


def test_text_is_optional_and_generated() -> None:
    # O-9: the one-line text defaults to a description generated from the keys.
    sset = parse_sports(nine('shape = "any"', first='name = "Pairs"\nmin_cards = 2\nmax_cards = 2'))
    assert sset.sports[0].describe() == "exactly 2 cards"
    sset = load_sports("test")
    assert "lower than the last play by anyone" in sset.sports[0].describe()


def test_action_space_follows_the_largest_play(tmp_path: Path) -> None:
    # O-5: the fixed action space covers the largest play of the set.
    assert GAME.num_actions(Config()) == 3 + 45 + 1035 + 16170
    path = tmp_path / "big.toml"
    path.write_text(nine(first='name = "Decathlon"\nmin_cards = 4\nmax_cards = 4'), encoding="utf-8")
    assert GAME.num_actions(Config(sports=str(path))) > 200_000


INVALID = [
    # (what, text, expected sport, expected field)
    ("unknown key", nine("colour = 3"), "Sprint", "colour"),
    ("unknown shape", nine('shape = "triangle"'), "Sprint", "shape"),
    ("unknown measure", nine('measure = "product"'), "Sprint", "measure"),
    ("unknown progression", nine('progression = "sideways"'), "Sprint", "progression"),
    ("unknown relation", nine("flip = true", 'target_relation = "near"'), "Sprint", "target_relation"),
    ("min > max", nine(first='name = "Sprint"\nmin_cards = 3\nmax_cards = 2'), "Sprint", "min_cards"),
    ("min < 1", nine(first='name = "Sprint"\nmin_cards = 0\nmax_cards = 2'), "Sprint", "min_cards"),
    ("max too big", nine(first='name = "Sprint"\nmin_cards = 1\nmax_cards = 5'), "Sprint", "max_cards"),
    ("missing max", nine(first='name = "Sprint"\nmin_cards = 1'), "Sprint", "max_cards"),
    ("wrong type", nine(first='name = "Sprint"\nmin_cards = "one"\nmax_cards = 1'), "Sprint", "min_cards"),
    ("star not bool", nine('star = "yes"'), "Sprint", "star"),
    ("flip without relation", nine("flip = true"), "Sprint", "target_relation"),
    ("relation without flip", nine('target_relation = "higher"'), "Sprint", "target_relation"),
    ("missing name", nine(first="min_cards = 1\nmax_cards = 1"), "#1", "name"),
    (
        "lane colour needs one colour",
        nine(first='name = "Sprint"\nmin_cards = 1\nmax_cards = 2\nprogression = "lane_colour"'),
        "Sprint",
        "shape",
    ),
    ("duplicate name", nine().replace('"Sport 5"', '"sprint"'), "sprint", "name"),
]


@pytest.mark.parametrize(("what", "text", "sport", "field"), INVALID, ids=[case[0] for case in INVALID])
def test_invalid_sports_file_is_rejected_naming_file_sport_and_field(
    tmp_path: Path, what: str, text: str, sport: str, field: str
) -> None:
    # O-9: malformed or inconsistent files are rejected at load time.
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        Config(sports=str(path))
    message = str(info.value)
    assert str(path) in message
    assert sport in message
    assert f"'{field}'" in message


@pytest.mark.parametrize("count", [8, 10])
def test_not_nine_sports(tmp_path: Path, count: int) -> None:
    # O-9: a set has exactly nine sports.
    tables = [f'[[sport]]\nname = "S{i}"\nmin_cards = 1\nmax_cards = 1' for i in range(count)]
    path = tmp_path / "count.toml"
    path.write_text("\n".join(tables), encoding="utf-8")
    with pytest.raises(
        ConfigError, match=rf"{re.escape(str(path))}: a set has exactly 9 sports, this file has {count}"
    ):
        Config(sports=str(path))


def test_other_file_problems(tmp_path: Path) -> None:
    # O-9: not TOML, unknown top-level keys, missing files.
    bad = tmp_path / "bad.toml"
    bad.write_text("[[sport]\nname=", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        Config(sports=str(bad))
    bad.write_text("rules = 1\n" + nine(), encoding="utf-8")
    with pytest.raises(ConfigError, match="unknown top-level key 'rules'"):
        Config(sports=str(bad))
    with pytest.raises(ConfigError, match=r"not found.*default, test"):
        Config(sports=str(tmp_path / "missing.toml"))
    with pytest.raises(ConfigError, match="sports"):
        GAME.config({"sports": ""})


def test_edited_file_is_reloaded(tmp_path: Path) -> None:
    # The loader caches by path and modification time, so an edited file is read again.
    path = tmp_path / "edit.toml"
    path.write_text(nine(), encoding="utf-8")
    assert load_sports(str(path)).sports[0].name == "Sprint"
    path.write_text(nine().replace('"Sprint"', '"Dash"'), encoding="utf-8")
    import os

    os.utime(path, ns=(1, 10**18))
    assert load_sports(str(path)).sports[0].name == "Dash"
