"""podium.jax.make (docs/rl.md, "Batch environments in JAX"): every game whose spec declares a `jax` facet is a
pgx.Env with the game's own observation size, action count and players; a game without one, a wrong player count
and a rule option its batch engine does not play are refused with errors that say so. (Each game's own tests hold its
engine to the reference engine: tests/games/<game>/test_<game>_jax.py.)"""

from __future__ import annotations

import pytest

pytest.importorskip("jax", reason="the jax extra is not installed (pip install -e '.[jax]')")
pytest.importorskip("pgx", reason="the jax extra is not installed (pip install -e '.[jax]')")

import pgx

import podium.jax
from podium.core.errors import ConfigError, PlayerCountError, PodiumError
from podium.core.registry import game_names, get_game, get_spec, load_instance

GAMES = podium.jax.supported_games()


def test_some_game_has_a_batch_engine() -> None:
    assert GAMES
    assert set(GAMES) <= set(game_names())


@pytest.mark.parametrize("game", GAMES)
def test_make_gives_a_pgx_env_of_the_games_encoding(game: str) -> None:
    from podium.api.encoding import Encoding

    found = get_game(game)
    encoding: Encoding = load_instance(get_spec(game).encoding or "", Encoding, where=game)
    for players in (found.min_players, found.max_players):
        env = podium.jax.make(game, players=players)
        assert isinstance(env, pgx.Env)
        assert env.num_players == players
        assert env.id and env.version
        config = found.config({})
        assert env.num_actions == encoding.num_actions(config)
        assert env.observation_shape == (encoding.encoder(config, players).size,)


def test_a_game_without_the_facet_is_refused() -> None:
    without = [name for name in game_names() if get_spec(name).jax is None]
    if not without:
        pytest.skip("every installed game has a batch engine")
    with pytest.raises(PodiumError, match="no `jax` facet") as caught:
        podium.jax.make(without[0])
    assert all(name in str(caught.value) for name in GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_bad_players_and_rules_are_refused(game: str) -> None:
    found = get_game(game)
    with pytest.raises(PlayerCountError):
        podium.jax.make(game, players=found.max_players + 1)
    with pytest.raises(PodiumError, match="rules must be a dict"):
        podium.jax.make(game, rules="variant=six")  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        podium.jax.make(game, rules={"no_such_option": 1})
    if "chance" in found.config({}).to_dict() or hasattr(found.config({}), "chance"):
        # explicit chance deals card by card, which a batch engine dealing whole decks from its key does not do
        with pytest.raises(ConfigError, match="chance"):
            podium.jax.make(game, rules={"chance": True})
