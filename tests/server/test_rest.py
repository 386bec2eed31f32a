"""REST: games, create, join, list, record, rematch, and the structured errors of bad inputs."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from podium.core.record import Record
from podium.core.registry import game_names, get_game
from podium.server import ServerConfig, create_app
from podium.server.pages import PAGES_DIR
from server_support import error, live_server, play_to_end, table_body, wait_finished

PLUGIN = "kuhn"  # the plugin game of tests/plugin_game, installed by the test setup
JSON = {"content-type": "application/json"}  # a body the server reads (issue 28: only JSON changes state)
FOUR = next(name for name in game_names() if get_game(name).max_players >= 4)  # a game that seats four


@pytest.fixture
def client(database: Path | str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_path=database, bot_delay=0))) as c:
        yield c


def body(game: str = PLUGIN, seats: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    return table_body(game, seats or ["human", "random"], **extra)


def test_games_list_options_and_bots(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(games) == set(game_names())  # podium's games and any game installed as a plugin
    for name, listed in games.items():
        game = get_game(name)
        assert (listed["min_players"], listed["max_players"]) == (game.min_players, game.max_players)
        options = {o.name: o.default for o in game.config_type.options() if o.name != "chance"}
        assert {o["name"]: o["default"] for o in listed["options"]} == options
        assert all({"name", "default", "allowed", "doc"} <= set(o) for o in listed["options"])
        assert "random" in [b["name"] for b in listed["bots"]]
        assert listed["hint"] is True  # every game has a hint: hard's (issue 29)


def test_create_returns_a_seat_token_that_the_table_never_shows(client: TestClient) -> None:
    made = client.post("/api/tables", json=body(options={"hands": 2}))
    assert made.status_code == 201
    data = made.json()
    assert data["seat"] == 0 and len(data["token"]) >= 32
    table = data["table"]
    assert table["status"] == "playing" and table["version"] == 0 and table["options"]["hands"] == 2
    assert [s["kind"] for s in table["seats"]] == ["human", "bot"]
    assert table["seats"][0]["name"] == "Ann" and table["seats"][1]["bot"] == "random"
    shown = client.get(f"/api/tables/{table['id']}").text
    assert data["token"] not in shown and "seed" not in shown and "token" not in shown


def test_creator_may_choose_a_seat_and_the_game_waits_for_every_human(client: TestClient) -> None:
    data = client.post("/api/tables", json=body(seats=["human", "human", "random"], seat=1)).json()
    assert data["seat"] == 1 and data["table"]["status"] == "waiting"
    table_id = data["table"]["id"]
    assert [t["id"] for t in client.get("/api/tables").json()] == [table_id]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
    assert joined.status_code == 200
    assert joined.json()["seat"] == 0 and joined.json()["table"]["status"] == "playing"
    assert joined.json()["token"] != data["token"]
    assert client.get("/api/tables").json() == []  # full tables are not open
    error(client.post(f"/api/tables/{table_id}/join", json={"name": "Cy"}), 409, "table_full")


def test_join_errors(client: TestClient) -> None:
    data = client.post("/api/tables", json=body(FOUR, seats=["human", "human", "human", "random"])).json()
    table_id = data["table"]["id"]
    error(client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 0}), 409, "seat_taken")
    error(client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 3}), 400, "bad_request")
    error(client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 9}), 400, "bad_request")
    error(client.post(f"/api/tables/{table_id}/join", json={"name": "x" * 25}), 400, "bad_request")
    error(client.post(f"/api/tables/{table_id}/join", json={"name": "a\u0000b"}), 400, "bad_request")
    error(client.post(f"/api/tables/{table_id}/join", json={"nick": "Bo"}), 400, "bad_request")
    error(client.post("/api/tables/nosuchtable/join", json={"name": "Bo"}), 404, "not_found")
    assert client.post(f"/api/tables/{table_id}/join", json={"name": "Bo", "seat": 2}).json()["seat"] == 2
    assert client.post(f"/api/tables/{table_id}/join").json()["table"]["seats"][1]["name"] == "Player 2"


def test_names_have_at_most_24_characters_on_create_and_join(client: TestClient) -> None:
    # 24 fits beside the cards on a phone; the lobby's and the join form's maxlength is the same (issue 14, defect 5)
    message = "'name' must have 1 to 24 characters"
    too_long = client.post("/api/tables", json=body(seats=["human"] * 2, name="x" * 25))
    assert message in error(too_long, 400, "bad_request")
    assert client.get("/api/tables").json() == []  # the refused create made no table
    data = client.post("/api/tables", json=body(seats=["human"] * 2, name="w" * 24)).json()
    table_id = data["table"]["id"]
    assert data["table"]["seats"][0]["name"] == "w" * 24
    long_join = client.post(f"/api/tables/{table_id}/join", json={"name": "  " + "y" * 12 + "   " + "z" * 12})
    assert message in error(long_join, 400, "bad_request")  # 12 + 1 + 12 = 25 once the spaces are one
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "  " + "y" * 11 + "   " + "z" * 12})
    assert joined.json()["table"]["seats"][1]["name"] == "y" * 11 + " " + "z" * 12


@pytest.mark.parametrize(
    ("payload", "fragment"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": 3}, "'game'"),
        ({"players": 1}, "players"),
        ({"players": "two"}, "'players'"),
        ({"options": {"hands": 0}}, "hands"),
        ({"options": {"colour": "red"}}, "unknown rule option"),
        ({"options": []}, "'options'"),
        ({"seats": [{"kind": "human"}]}, "'seats'"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep-blue"}]}, "unknown bot"),
        ({"seats": [{"kind": "human"}, {"kind": "alien"}]}, "seat 1"),
        ({"seat": 1}, "bot seat"),
        ({"name": ""}, "'name'"),
        ({"extra": 1}, "unknown field"),
    ],
)
def test_create_rejects_bad_input_with_a_clear_message(
    client: TestClient, payload: dict[str, Any], fragment: str
) -> None:
    data = body()
    data.update(payload)
    assert fragment in error(client.post("/api/tables", json=data), 400, "bad_request")


def test_bodies_that_are_not_json_or_too_large(client: TestClient) -> None:
    error(client.post("/api/tables", content=b"{not json", headers=JSON), 400, "bad_request")
    error(client.post("/api/tables", content=b"[1, 2]", headers=JSON), 400, "bad_request")
    error(client.post("/api/tables", content=b"x" * 20000, headers=JSON), 413, "too_large")
    error(client.get("/api/tables/nope"), 404, "not_found")
    error(client.get("/api/nothing"), 404, "not_found")


def test_deeply_nested_bodies_get_a_structured_error(client: TestClient) -> None:
    table_id = client.post("/api/tables", json=body()).json()["table"]["id"]
    deep = b"[" * 5000 + b"]" * 5000  # deeper than json.loads can parse: a RecursionError, once a 500
    assert "not JSON" in error(client.post("/api/tables", content=deep, headers=JSON), 400, "bad_request")
    assert "not JSON" in error(
        client.post(f"/api/tables/{table_id}/join", content=deep, headers=JSON), 400, "bad_request"
    )
    # Parsable, but deep enough to make validation recurse: refused by depth.
    nested = '{"game": "kuhn", "options": {"hands": ' + "[" * 900 + "]" * 900 + "}}"
    assert "32 levels" in error(client.post("/api/tables", content=nested.encode(), headers=JSON), 400, "bad_request")
    shallow = body(options={"hands": 1})
    assert client.post("/api/tables", json=shallow).status_code == 201


def test_record_after_the_end_replays_exactly(client: TestClient) -> None:
    data = client.post("/api/tables", json=body(seats=["random", "random"], options={"hands": 2})).json()
    assert data["seat"] is None and data["token"] is None  # a table of bots only: everyone watches
    table_id = data["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # bots play while someone watches
        ws.send_json({"type": "hello", "spectator": True})
        table = wait_finished(client, table_id)  # type: ignore[arg-type]
    assert table["result"]["winners"]
    response = client.get(f"/api/tables/{table_id}/record")
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/x-ndjson")
    record = Record.loads(response.text)
    assert record.game == PLUGIN and record.players == ["random", "random"]
    assert len(record.moves) == table["version"]
    assert record.check().is_over


def test_record_before_the_end_is_refused(client: TestClient) -> None:
    table_id = client.post("/api/tables", json=body()).json()["table"]["id"]
    error(client.get(f"/api/tables/{table_id}/record"), 409, "not_finished")


def test_rematch(database: Path | str) -> None:
    with live_server(database) as server, server.http() as client:
        data = client.post("/api/tables", json=body(seats=["human", "human"], options={"hands": 2})).json()
        old = data["table"]["id"]
        other = client.post(f"/api/tables/{old}/join", json={"name": "Bo"}).json()
        error(client.post(f"/api/tables/{old}/rematch"), 401, "unauthorized")
        bad = {"Authorization": "Bearer nope"}
        error(client.post(f"/api/tables/{old}/rematch", headers=bad), 401, "unauthorized")
        auth = {"Authorization": f"Bearer {data['token']}"}
        error(client.post(f"/api/tables/{old}/rematch", headers=auth), 409, "not_finished")
        sockets = {}
        for seat, token in ((0, data["token"]), (1, other["token"])):
            sockets[seat] = server.ws(old)
            sockets[seat].hello(token)
        play_to_end(sockets, [], random.Random(5))
        for s in sockets.values():
            s.close()
        first = client.post(f"/api/tables/{old}/rematch", headers=auth)
        assert first.status_code == 201
        new = first.json()
        assert new["seat"] == 0 and new["table"]["rematch_of"] == old and new["table"]["options"]["hands"] == 2
        assert client.get(f"/api/tables/{old}").json()["rematch"] == new["table"]["id"]
        second = client.post(f"/api/tables/{old}/rematch", headers={"Authorization": f"Bearer {other['token']}"})
        assert second.status_code in (200, 201)
        assert second.json()["table"]["id"] == new["table"]["id"] and second.json()["seat"] == 1
        assert second.json()["table"]["status"] == "playing"
        assert [s["name"] for s in second.json()["table"]["seats"]] == ["Ann", "Bo"]


def test_rematch_is_idempotent_per_player_even_after_a_restart(database: Path | str) -> None:
    db = database
    with live_server(db) as server, server.http() as client:
        data = client.post("/api/tables", json=body(seats=["human", "human"], options={"hands": 2})).json()
        old = data["table"]["id"]
        other = client.post(f"/api/tables/{old}/join", json={"name": "Bo"}).json()
        sockets = {}
        for seat, token in ((0, data["token"]), (1, other["token"])):
            sockets[seat] = server.ws(old)
            sockets[seat].hello(token)
        play_to_end(sockets, [], random.Random(7))
        for s in sockets.values():
            s.close()
        ann = {"Authorization": f"Bearer {data['token']}"}
        bo = {"Authorization": f"Bearer {other['token']}"}
        first = client.post(f"/api/tables/{old}/rematch", headers=ann).json()
        again = client.post(f"/api/tables/{old}/rematch", headers=ann)  # a double click: once took Bo's seat
        assert again.status_code in (200, 201)
        assert (again.json()["table"]["id"], again.json()["seat"], again.json()["token"]) == (
            first["table"]["id"],
            0,
            first["token"],
        )
        assert [s["taken"] for s in again.json()["table"]["seats"]] == [True, False]
        joined = client.post(f"/api/tables/{old}/rematch", headers=bo).json()
        assert joined["table"]["id"] == first["table"]["id"] and joined["seat"] == 1
        assert joined["table"]["status"] == "playing"
        bo_again = client.post(f"/api/tables/{old}/rematch", headers=bo).json()
        assert (bo_again["table"]["id"], bo_again["seat"], bo_again["token"]) == (
            joined["table"]["id"],
            1,
            joined["token"],
        )
    with live_server(db) as server, server.http() as client:
        for headers, answer in ((ann, first), (bo, joined)):
            after = client.post(f"/api/tables/{old}/rematch", headers=headers).json()
            assert (after["table"]["id"], after["seat"], after["token"]) == (
                answer["table"]["id"],
                answer["seat"],
                answer["token"],
            )
        for seat, token in ((0, first["token"]), (1, joined["token"])):  # both tokens still play their seats
            s = server.ws(first["table"]["id"])
            s.hello(token)
            assert s.seat == seat
            s.close()


def test_each_page_is_the_shared_frame_around_its_own_body(client: TestClient) -> None:
    for path, name in (("/", "lobby"), ("/t/some-table", "table"), ("/review/some-table", "review")):
        html = client.get(path).text
        assert html.startswith("<!doctype html>\n") and html.endswith("</body>\n</html>\n")
        assert f'data-i18n="{name}.doc_title"' in html and f'src="/static/js/{name}.js"' in html
        assert html.count("<body") == 1 and html.count('href="/static/css/podium.css"') == 1
        assert (PAGES_DIR / f"{name}.html").read_text(encoding="utf-8") in html


def test_pages_are_served_from_the_web_client(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and lobby.headers["content-type"].startswith("text/html")
    page = client.get("/t/some-table")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert lobby.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/../../server/db.py").status_code == 404
