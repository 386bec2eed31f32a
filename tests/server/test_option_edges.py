"""REST: every rule option of every game, at and past its edges, with the fewest and the most players, is answered
201 or 400 (never 500), and a refused table leaves nothing behind (issue 28: Olympicards `first_player` 6 with 2
players was checked against the game's largest table and answered 500 with a traceback)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from podium.core.chance import TOOL_OPTIONS
from podium.core.registry import game_names, get_game
from podium.server import ServerConfig, create_app

# Values a client can send for any option: the types JSON has, numbers around every bound, and strings.
COMMON: list[Any] = [None, True, False, 0, -1, 1, 2, 3, 4, 5, 6, 7, 99, 100, 101, 10**4, 10**5, 10**6, 2**63, -(2**63)]
COMMON += [0.5, 1e308, "", " ", "none", "0", "1", "x", "x" * 50, [], [1], {}, {"A": 1}, "default", "test"]


def edge_values(game: str, option: str) -> list[Any]:
    config_type = get_game(game).config_type
    field = config_type.__dataclass_fields__[option]
    values = list(COMMON)
    for bound in (field.metadata.get("minimum"), field.metadata.get("maximum")):
        if bound is not None:
            values += [bound - 1, bound, bound + 1]
    values += list(field.metadata.get("choices") or ())
    return values


CASES = [
    (game, players, option.name)
    for game in game_names()
    for players in sorted({get_game(game).min_players, get_game(game).max_players})
    for option in get_game(game).config_type.options()
    if option.name not in TOOL_OPTIONS
]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("edges") / "db.sqlite3"
    with TestClient(
        create_app(ServerConfig(db_path=db, bot_delay=0, rate_limits=False)), raise_server_exceptions=False
    ) as c:
        yield c


@pytest.mark.parametrize(("game", "players", "option"), CASES)
def test_every_option_at_its_edges_is_made_or_refused_never_a_server_error(
    client: TestClient, game: str, players: int, option: str
) -> None:
    for value in edge_values(game, option):
        body = {"game": game, "players": players, "options": {option: value}, "name": "Ann"}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code in (201, 400), (value, answer.status_code, answer.text)
        if answer.status_code == 400:
            assert answer.json()["error"]["code"] == "bad_request" and option in answer.json()["error"]["message"]


def test_first_player_is_checked_against_the_tables_players(tmp_path: Path) -> None:
    with TestClient(create_app(ServerConfig(db_path=tmp_path / "db.sqlite3")), raise_server_exceptions=False) as c:
        check_first_player(c)


def check_first_player(client: TestClient) -> None:
    for game in game_names():
        if "first_player" not in {o.name for o in get_game(game).config_type.options()}:
            continue
        low = get_game(game).min_players
        before = len(client.get("/api/tables").json())
        answer = client.post("/api/tables", json={"game": game, "players": low, "options": {"first_player": low}})
        assert answer.status_code == 400, answer.text
        assert "first_player" in answer.json()["error"]["message"]
        assert len(client.get("/api/tables").json()) == before  # nothing was made
        made = client.post("/api/tables", json={"game": game, "players": low, "options": {"first_player": low - 1}})
        assert made.status_code == 201, made.text
