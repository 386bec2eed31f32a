"""The small parts: seat tokens, the rate limiter, what the database stores, and the JSON of frames and messages."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from podium.server import ServerConfig, create_app
from podium.server.config import RateLimit
from podium.server.protocol import load_json
from podium.server.ratelimit import ClientLimits, RateLimiter
from podium.server.tables import dumps
from podium.server.tokens import find_seat, hash_token, new_token


def test_tokens_are_random_and_found_by_hash_only() -> None:
    tokens = [new_token() for _ in range(3)]
    assert len(set(tokens)) == 3 and all(len(t) >= 32 for t in tokens)
    hashes = [hash_token(tokens[0]), None, hash_token(tokens[2])]
    assert find_seat(tokens[0], hashes) == 0
    assert find_seat(tokens[2], hashes) == 2
    assert find_seat(tokens[1], hashes) is None  # a seat without a token matches nothing
    assert find_seat("", hashes) is None
    assert find_seat(hashes[0] or "", hashes) is None  # the hash itself is no token


def test_rate_limiter_allows_bursts_then_the_sustained_rate_and_counts_strikes() -> None:
    now = [0.0]
    limiter = RateLimiter(rate=20, burst=40, strikes=3, clock=lambda: now[0])
    assert all(limiter.allow() for _ in range(40))
    assert not limiter.allow() and not limiter.abusive
    now[0] += 0.5  # 10 more messages allowed
    assert sum(limiter.allow() for _ in range(13)) == 10
    assert limiter.abusive  # three refusals in a row
    now[0] += 0.05
    assert limiter.allow() and not limiter.abusive


def test_the_database_stores_token_hashes_never_tokens(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with TestClient(create_app(ServerConfig(db_path=db, bot_delay=0))) as client:
        made = client.post("/api/tables", json={"game": "kuhn", "seats": [{"kind": "human"}, {"kind": "human"}]})
        joined = client.post(f"/api/tables/{made.json()['table']['id']}/join", json={"name": "Bo"})
        tokens = [made.json()["token"], joined.json()["token"]]
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    dump = "\n".join(conn.iterdump())
    conn.close()
    for token in tokens:
        assert token not in dump and hash_token(token) in dump


def test_frames_are_compact_json_even_for_what_orjson_refuses() -> None:
    assert dumps({"a": [1, None, True], "b": "x"}) == '{"a":[1,null,true],"b":"x"}'
    assert json.loads(dumps({"name": "Åse Ødegård"})) == {"name": "Åse Ødegård"}  # UTF-8 as it is, the same JSON
    assert dumps({1: "seat"}) == '{"1":"seat"}'  # keys as json.dumps writes them
    # beyond orjson: an integer over 64 bits, a lone surrogate; the standard encoder writes them
    assert dumps([2**70]) == "[1180591620717411303424]"
    assert json.loads(dumps(["\ud800"])) == ["\ud800"]


def test_client_json_is_parsed_strictly() -> None:
    assert load_json('{"type": "ping"}') == {"type": "ping"}
    assert load_json(b'{"type": "ping"}') == {"type": "ping"}
    for bad in ("{", "[1, NaN]", '"\\ud800"', "[" * 2000 + "]" * 2000, "[" * 40 + "]" * 40):
        with pytest.raises(ValueError):
            load_json(bad)


def test_rate_limit_buckets_stay_bounded_under_many_addresses() -> None:
    # Issue 28: the per-address buckets grew with every new address until the next sweep.
    now = [1000.0]
    limits = ClientLimits({"create": RateLimit(burst=2, per_minute=1)}, lambda: now[0], max_buckets=100)
    for i in range(1000):
        limits.retry_after("create", f"10.0.{i // 256}.{i % 256}")
        assert len(limits.buckets) <= 100
    # the most recent clients keep their counts: an address that used its burst is still limited
    limits.retry_after("create", "10.9.9.9")
    limits.retry_after("create", "10.9.9.9")
    assert limits.retry_after("create", "10.9.9.9") == 60
