"""The WebSocket messages of docs/protocol.md: parsing what clients send, and the error codes.

Parsing never trusts the client: size first, then JSON, then the shape of each message type. Anything wrong raises
`ProtocolError` with a code from `CODES` and a message that says what is allowed.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

import orjson

from podium.core.contract import JsonDict
from podium.server.config import MAX_JSON_DEPTH, MAX_MESSAGE_BYTES

CODES = frozenset(
    {
        "malformed",
        "too_large",
        "unauthorized",
        "not_your_turn",
        "illegal",
        "stale",
        "not_started",
        "game_over",
        "rate_limited",
    }
)
TYPES = ("hello", "action", "hint", "ping")


class ProtocolError(Exception):
    def __init__(self, code: str, message: str) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.message = message


class Message(NamedTuple):  # a tuple: made for every message a client sends, faster than a frozen dataclass
    type: str
    token: str | None = None
    spectator: bool = False
    version: int = 0
    action: Any = None


def load_json(raw: str | bytes) -> Any:
    """The JSON value of a client's body or message; ValueError (its message a reason to show) for anything else.

    The one place where client JSON is parsed (REST bodies and WebSocket messages), by orjson: several times faster
    than `json.loads` on the path of every message, and stricter (no NaN, no lone surrogate; an integer beyond 64
    bits becomes a float, which no field takes). It refuses nesting deeper than 1,024 levels; a value nested just
    below that would make later code (validation, repr in messages) recurse as deeply, so nesting is bounded here.
    """
    try:
        data = orjson.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):  # orjson.JSONDecodeError is a ValueError
        raise ValueError("is not JSON") from None
    # A text with fewer opening brackets than the limit cannot nest deeper (every action and hello): no walk.
    opening = raw.count("[") + raw.count("{") if isinstance(raw, str) else raw.count(b"[") + raw.count(b"{")
    if opening > MAX_JSON_DEPTH and _too_deep(data):
        raise ValueError(f"nests arrays and objects deeper than {MAX_JSON_DEPTH} levels")
    return data


def _too_deep(data: Any) -> bool:
    stack = [(data, 1)]  # iterative: no recursion on client data
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_JSON_DEPTH:
                return True
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return False


def parse_message(raw: str | bytes | None) -> Message:
    if raw is None:
        raise ProtocolError("malformed", "empty message; send a JSON object with a 'type'")
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"message of {size} bytes; at most {MAX_MESSAGE_BYTES} bytes are allowed")
    try:
        data = load_json(raw)
    except ValueError as exc:
        raise ProtocolError("malformed", f"the message {exc}; send a JSON object with a 'type'") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "expected a JSON object with a 'type'")
    kind = data.get("type")
    if kind not in TYPES:
        raise ProtocolError("malformed", f"unknown message type {_short(kind)}; types are: {', '.join(TYPES)}")
    if kind == "hello":
        token, spectator = data.get("token"), data.get("spectator", False)
        if spectator is True and token is None:
            return Message("hello", spectator=True)
        if isinstance(token, str) and token and spectator is False:
            return Message("hello", token=token)
        raise ProtocolError(
            "malformed",
            'hello needs {"type": "hello", "token": "<seat token>"} or {"type": "hello", "spectator": true}',
        )
    if kind == "action":
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            raise ProtocolError("malformed", "an action needs 'version': the table's version (an integer >= 0)")
        if "action" not in data:
            raise ProtocolError("malformed", "an action needs 'action': the action's JSON form from 'legal'")
        return Message("action", version=version, action=data["action"])
    return Message(kind)


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def error_frame(code: str, message: str, version: int | None) -> JsonDict:
    return {"type": "error", "code": code, "message": message, "version": version}
