from dataclasses import dataclass

import pytest

from podium.core.config import GameConfig, option
from podium.core.errors import ConfigError


@dataclass(frozen=True)
class SampleConfig(GameConfig):
    game_name = "sample"
    mode: str = option("a", doc="the mode", choices=("a", "b"))
    rounds: int = option(9, doc="rounds", minimum=1, maximum=99)
    strict: bool = option(False, doc="strict")

    def __post_init__(self) -> None:
        if self.mode == "b" and self.strict:
            raise ConfigError("option 'strict' cannot be true when mode is 'b'")


def test_defaults_and_typed_values() -> None:
    assert SampleConfig.from_options() == SampleConfig()
    config = SampleConfig.from_options({"mode": "b"}, rounds=3)
    assert (config.mode, config.rounds, config.strict) == ("b", 3, False)


def test_strings_from_the_command_line_are_coerced() -> None:
    config = SampleConfig.from_assignments(["rounds=4", "strict=yes", "mode = a"])
    assert (config.mode, config.rounds, config.strict) == ("a", 4, True)


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"colour": "red"}, "unknown rule option 'colour' for sample; options are: mode, rounds, strict"),
        ({"mode": "c"}, "allowed: a | b"),
        ({"rounds": "nine"}, "allowed: integer 1..99"),
        ({"rounds": 0}, "allowed: integer 1..99"),
        ({"rounds": True}, "allowed: integer 1..99"),
        ({"strict": "maybe"}, "allowed: true | false"),
        ({"mode": "b", "strict": True}, "cannot be true when mode is 'b'"),
    ],
)
def test_bad_options_name_what_is_allowed(options: dict[str, object], fragment: str) -> None:
    with pytest.raises(ConfigError) as info:
        SampleConfig.from_options(options)
    assert fragment in str(info.value)


def test_assignment_without_equals_is_rejected() -> None:
    with pytest.raises(ConfigError, match="KEY=VALUE"):
        SampleConfig.from_assignments(["rounds"])


def test_to_dict_round_trips_and_lists_options() -> None:
    config = SampleConfig(mode="b", rounds=2)
    assert SampleConfig.from_options(config.to_dict()) == config
    assert config.non_default() == {"mode": "b", "rounds": 2}
    assert [o.name for o in SampleConfig.options()] == ["mode", "rounds", "strict"]


@dataclass(frozen=True)
class GrownConfig(GameConfig):
    game_name = "grown"
    rounds: int = option(9, doc="rounds", minimum=1)
    limit: int = option(100, doc="added later; 0 = none", minimum=0, legacy=0)


def test_a_stored_config_without_a_newer_option_gets_its_legacy_value() -> None:
    # A record or saved table lists every option of its time: an option added since then is absent and must mean
    # what the game meant when it was played (its legacy value), not today's default.
    assert GrownConfig.from_stored({"rounds": 3}) == GrownConfig(rounds=3, limit=0)
    assert GrownConfig.from_stored({"rounds": 3, "limit": 50}) == GrownConfig(rounds=3, limit=50)
    assert GrownConfig.from_options({"rounds": 3}) == GrownConfig(rounds=3, limit=100)  # user input: the default
    assert SampleConfig.from_stored({"mode": "b"}) == SampleConfig(mode="b")  # options without a legacy value
    with pytest.raises(ConfigError, match="allowed: integer >= 0"):
        GrownConfig.from_stored({"limit": -1})


def test_a_config_class_that_is_no_dataclass_is_named_as_such() -> None:
    # GameConfig is a mixin: a game that forgets @dataclass learns it from the first use, not from a confusing error.
    class Forgotten(GameConfig):
        game_name = "forgotten"

    with pytest.raises(TypeError, match="not a dataclass: a game's config is a frozen dataclass of option"):
        Forgotten.from_options()
    with pytest.raises(TypeError, match="not a dataclass"):
        Forgotten.options()
