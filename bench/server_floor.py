"""The floor under `podium serve`: the least a server on uvicorn can do per action, for bench/server_load.py --floor.

    python bench/server_floor.py --port 8765 --frames 2     # what server_load.py --floor 2 starts

A raw ASGI application served by uvicorn with the flags of `podium serve` (uvloop, httptools, websockets-sansio,
64 KiB frames, pings every 20 s, no compression) that speaks just enough of docs/protocol.md for the load clients:
`POST /api/tables` and `/join` hand out a table id and tokens, a socket's hello gets a welcome and a sync, and each
action is answered at once with no game, database or JSON encoding behind it: with `--frames 2` the acting client's
own sync carries `"ack": true` and the other seat gets its sync (the protocol as it is); with `--frames 3` a separate
ack frame comes first (the protocol before the ack moved into the sync). The sync frames are the texts of a real
two-player Golf table (about 1.7 KB), with the version and the legal actions filled in. The server's CPU per action
under the same load is then what uvicorn, websockets and the event loop cost: the floor for podium's own figure.
"""

from __future__ import annotations

import argparse
import itertools
import json
from typing import Any

Scope = dict[str, Any]


def golf_sync_texts() -> tuple[str, str, str]:
    """A real Golf sync frame split around its version and legal actions: (head, tail) and the mover's legal list."""
    from podium.core.registry import get_game
    from podium.server.tables import PLAYING, Seat, Table

    game = get_game("golf")
    config = game.config_type.from_stored({})
    seats = [Seat(0, "human", None, "Ann", "x"), Seat(1, "human", None, "Bo", "y")]
    table = Table("floor", game, config, 2, 1, 0.0, seats, game.new_game(config, 2, 1), PLAYING)
    mover = table.state.current_player
    frame = json.loads(table.sync_text(mover))
    legal = json.dumps(frame["legal"], separators=(",", ":"))
    frame["version"], frame["legal"] = "@V@", "@L@"
    text = json.dumps(frame, separators=(",", ":"))
    head, rest = text.split('"@V@"')
    middle, tail = rest.split('"@L@"')
    return head, middle, tail + "\n" + legal


class FloorTable:
    def __init__(self, texts: tuple[str, str, str]) -> None:
        self.head, self.middle = texts[0], texts[1]
        self.tail, self.legal = texts[2].split("\n")
        self.version = 0
        self.to_move = 0
        self.sends: dict[int, Any] = {}

    def sync(self, seat: int, ack: bool = False) -> str:
        legal = self.legal if seat == self.to_move else "[]"
        text = f"{self.head}{self.version}{self.middle}{legal}{self.tail}"
        return text[:-1] + ',"ack":true}' if ack else text


def make_app(frames: int) -> Any:
    texts = golf_sync_texts()
    tables: dict[str, FloorTable] = {}
    ids = itertools.count()

    async def respond(send: Any, status: int, body: object) -> None:
        data = json.dumps(body).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": data})

    async def http(scope: Scope, receive: Any, send: Any) -> None:
        while (await receive()).get("more_body"):
            pass
        path = scope["path"]
        if path == "/api/games":
            await respond(send, 200, [])
        elif path == "/api/tables":
            table_id = str(next(ids))
            tables[table_id] = FloorTable(texts)
            await respond(send, 201, {"table": {"id": table_id}, "seat": 0, "token": "t0"})
        elif path.endswith("/join"):
            await respond(send, 201, {"table": {"id": path.split("/")[3]}, "seat": 1, "token": "t1"})
        else:
            await respond(send, 404, {})

    async def socket(scope: Scope, receive: Any, send: Any) -> None:
        table = tables[scope["path"].rsplit("/", 1)[1]]
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        seat = int(json.loads((await receive())["text"])["token"][1])
        table.sends[seat] = send
        await send({"type": "websocket.send", "text": f'{{"type":"welcome","seat":{seat}}}'})
        await send({"type": "websocket.send", "text": table.sync(seat)})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                table.sends.pop(seat, None)
                return
            if json.loads(message["text"])["type"] == "ping":
                await send({"type": "websocket.send", "text": '{"type":"pong"}'})
                continue
            table.version += 1
            table.to_move = 1 - table.to_move
            if frames == 3:
                await send({"type": "websocket.send", "text": f'{{"type":"ack","version":{table.version}}}'})
            for other, other_send in list(table.sends.items()):
                await other_send({"type": "websocket.send", "text": table.sync(other, frames == 2 and other == seat)})

    async def app(scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
        elif scope["type"] == "http":
            await http(scope, receive, send)
        else:
            await socket(scope, receive, send)

    return app


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--frames", type=int, choices=[2, 3], default=2, help="frames sent per action")
    args = parser.parse_args()
    # the flags of podium serve (src/podium/cli/serve.py)
    uvicorn.run(
        make_app(args.frames),
        host="127.0.0.1",
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        ws_ping_interval=20,
        ws_per_message_deflate=False,
    )


if __name__ == "__main__":
    main()
