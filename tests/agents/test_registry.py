"""The bot registry: specs with options, presets per game, and the errors a user sees; on the plugin game (Kuhn poker,
tests/plugin_game) and on every installed game."""

from __future__ import annotations

import pytest

from podium.agents.base import Budget, agent_description, agent_names, make_agent, parse_spec, resolve_preset
from podium.agents.ismcts import ISMCTS
from podium.agents.random_agent import RandomAgent
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game, get_spec

PLUGIN = get_game("kuhn")  # tests/plugin_game, installed by the test setup
WITH_HEURISTIC = [name for name in game_names() if get_spec(name).heuristic]


def test_spec_parsing() -> None:
    assert parse_spec("ismcts") == ("ismcts", {})
    assert parse_spec(" ISMCTS:iterations=500:c=0.5:playout=random ") == (
        "ismcts",
        {"iterations": 500, "c": 0.5, "playout": "random"},
    )
    assert parse_spec("heuristic:noise=0") == ("heuristic", {"noise": 0})
    with pytest.raises(PodiumError, match="name:key=value"):
        parse_spec("ismcts:iterations")


def test_options_from_spec_and_keywords() -> None:
    game = PLUGIN
    bot = make_agent("ismcts:iterations=50:c=0.3", game, 1, 7)
    assert isinstance(bot, ISMCTS)
    assert bot.budget == Budget(50, None) and bot.c == 0.3 and bot.seat == 1
    keyword = make_agent("ismcts", game, 0, 7, seconds=0.25)
    assert isinstance(keyword, ISMCTS) and keyword.budget == Budget(None, 0.25)
    # Keyword options override the spec's.
    both = make_agent("ismcts:iterations=50", game, 0, 7, iterations=80)
    assert isinstance(both, ISMCTS) and both.budget.iterations == 80


def test_the_four_argument_form_still_works() -> None:
    game = PLUGIN
    assert isinstance(make_agent("random", game, 0, 3), RandomAgent)
    assert isinstance(make_agent("random", game, 0), RandomAgent)


def test_errors_name_what_is_allowed() -> None:
    game = PLUGIN
    with pytest.raises(PodiumError, match=r"no option 'depthh'.*iterations"):
        make_agent("ismcts:depthh=2", game, 0, 1)
    with pytest.raises(PodiumError, match=r"unknown bot 'nobody' for kuhn; bots are: ismcts, random"):
        make_agent("nobody", game, 0, 1)
    with pytest.raises(PodiumError, match=r"unknown bot 'heuristic:noise=2' for kuhn"):
        make_agent("heuristic:noise=2", game, 0, 1)  # a game without a heuristic has no such bot
    with pytest.raises(PodiumError, match=r"ismcts option 'iterations' must be an integer ≥ 1, not '0'"):
        make_agent("ismcts:iterations=0", game, 0, 1)
    with pytest.raises(PodiumError, match="playout"):
        make_agent("ismcts:playout=psychic", game, 0, 1)


@pytest.mark.parametrize("game_name", WITH_HEURISTIC)
def test_a_heuristics_options_are_checked(game_name: str) -> None:
    game = get_game(game_name)
    with pytest.raises(PodiumError, match=r"unknown bot 'nobody'.*heuristic"):
        make_agent("nobody", game, 0, 1)
    with pytest.raises(PodiumError, match="noise"):
        make_agent("heuristic:noise=2", game, 0, 1)


@pytest.mark.parametrize("game_name", game_names())
def test_presets_map_onto_concrete_bots(game_name: str) -> None:
    game = get_game(game_name)
    spec = get_spec(game_name)
    names = agent_names(game_name)
    for level in ("easy", "medium", "hard"):
        assert level in names
        preset = resolve_preset(level, game_name)
        assert parse_spec(preset)[0] in names
        assert preset in agent_description(level)
        bot = make_agent(level, game, 0, 1)
        assert bot.name == parse_spec(preset)[0]
    # a game's notes say what each level stands for; without them: random, ISMCTS 100 and 300 iterations
    medium = spec.notes["medium"].spec if "medium" in spec.notes else "ismcts:iterations=100"
    assert resolve_preset("medium", game_name) == medium
    hard = make_agent("hard", game, 0, 1)
    assert isinstance(hard, ISMCTS)
    # A game with candidate turns has its hard bot search whole turns (docs/bots.md); the others single steps.
    assert (hard.macro is not None) == (spec.default_macros is not None)
    # A preset's options tune the bot it stands for.
    tuned = make_agent("hard:iterations=10", game, 0, 1)
    assert isinstance(tuned, ISMCTS) and tuned.budget.iterations == 10


def test_every_bot_is_described() -> None:
    for name in agent_names():
        assert agent_description(name)
    assert "iterations" in agent_description("ismcts")


@pytest.mark.parametrize("game_name", game_names())
def test_playouts_are_chosen_per_game(game_name: str) -> None:
    game = get_game(game_name)
    spec = get_spec(game_name)
    default = make_agent("ismcts", game, 0, 1)
    assert isinstance(default, ISMCTS) and default.playout.name == (spec.default_playout or "random")  # type: ignore[attr-defined]
    for name in spec.playouts:
        bot = make_agent(f"ismcts:playout={name}", game, 0, 1)
        assert isinstance(bot, ISMCTS) and bot.playout.name == name  # type: ignore[attr-defined]
    assert make_agent("ismcts:playout=random", game, 0, 1).playout.name == "random"  # type: ignore[attr-defined]
    others = sorted({name for other in game_names() for name in get_spec(other).playouts} - set(spec.playouts))
    for name in [*others, "psychic"]:
        with pytest.raises(PodiumError, match=f"no playout '{name}' for {game_name}"):
            make_agent(f"ismcts:playout={name}", game, 0, 1)
