"""The bot registry: specs with options, presets per game, and the errors a user sees."""

from __future__ import annotations

import pytest

from podium.agents.base import Budget, agent_description, agent_names, make_agent, parse_spec, resolve_preset
from podium.agents.ismcts import ISMCTS
from podium.agents.random_agent import RandomAgent
from podium.core.errors import PodiumError
from podium.core.registry import get_game


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
    golf = get_game("golf")
    bot = make_agent("ismcts:iterations=50:c=0.3", golf, 1, 7)
    assert isinstance(bot, ISMCTS)
    assert bot.budget == Budget(50, None) and bot.c == 0.3 and bot.seat == 1
    keyword = make_agent("ismcts", golf, 0, 7, seconds=0.25)
    assert isinstance(keyword, ISMCTS) and keyword.budget == Budget(None, 0.25)
    # Keyword options override the spec's.
    both = make_agent("ismcts:iterations=50", golf, 0, 7, iterations=80)
    assert isinstance(both, ISMCTS) and both.budget.iterations == 80


def test_the_four_argument_form_still_works() -> None:
    golf = get_game("golf")
    assert isinstance(make_agent("random", golf, 0, 3), RandomAgent)
    assert isinstance(make_agent("random", golf, 0), RandomAgent)


def test_errors_name_what_is_allowed() -> None:
    golf = get_game("golf")
    with pytest.raises(PodiumError, match=r"no option 'depthh'.*iterations"):
        make_agent("ismcts:depthh=2", golf, 0, 1)
    with pytest.raises(PodiumError, match=r"unknown bot 'nobody'.*heuristic"):
        make_agent("nobody", golf, 0, 1)
    with pytest.raises(PodiumError, match="noise"):
        make_agent("heuristic:noise=2", golf, 0, 1)
    with pytest.raises(PodiumError, match=r"ismcts option 'iterations' must be an integer ≥ 1, not '0'"):
        make_agent("ismcts:iterations=0", golf, 0, 1)
    with pytest.raises(PodiumError, match="playout"):
        make_agent("ismcts:playout=psychic", golf, 0, 1)


@pytest.mark.parametrize("game_name", ["golf", "olympicards", "athletic"])
def test_presets_map_onto_concrete_bots(game_name: str) -> None:
    game = get_game(game_name)
    names = agent_names(game_name)
    for level in ("easy", "medium", "hard"):
        assert level in names
        spec = resolve_preset(level, game_name)
        assert parse_spec(spec)[0] in names
        assert spec in agent_description(level)
        bot = make_agent(level, game, 0, 1)
        assert bot.name == parse_spec(spec)[0]
    assert resolve_preset("medium", game_name) == "heuristic"
    hard = make_agent("hard", game, 0, 1)
    assert isinstance(hard, ISMCTS)
    # Athletic Games' hard bot searches whole turns (docs/bots.md); the others search single steps.
    assert (hard.macro is not None) == (game_name == "athletic")
    # A preset's options tune the bot it stands for.
    tuned = make_agent("hard:iterations=10", game, 0, 1)
    assert isinstance(tuned, ISMCTS) and tuned.budget.iterations == 10


def test_every_bot_is_described() -> None:
    for name in agent_names():
        assert agent_description(name)
    assert "iterations" in agent_description("ismcts")


def test_playouts_are_chosen_per_game() -> None:
    athletic, golf = get_game("athletic"), get_game("golf")
    bot = make_agent("ismcts:playout=plan", athletic, 0, 1)
    assert isinstance(bot, ISMCTS) and bot.playout.name == "plan"
    assert make_agent("ismcts", golf, 0, 1).playout.name == "fast"  # type: ignore[attr-defined]
    assert make_agent("ismcts:playout=random", golf, 0, 1).playout.name == "random"  # type: ignore[attr-defined]
    with pytest.raises(PodiumError, match="no playout 'plan' for golf"):
        make_agent("ismcts:playout=plan", golf, 0, 1)
