"""Validation of REST bodies: every bad input becomes an `ApiError` naming what is allowed."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from podium.agents.base import agent_names
from podium.core.chance import refuse_chance
from podium.core.config import GameConfig
from podium.core.contract import Game, State
from podium.core.errors import PodiumError
from podium.core.registry import game_names, get_game
from podium.server.errors import bad_request

# A player name fits beside its cards on a phone (ellipsis beyond that); the forms' maxlength is the same.
MAX_NAME = 24
# Text options are limited to plain names: a client must never make the server open a file (e.g. a sports file).
_SAFE_TEXT = re.compile(r"[A-Za-z0-9_-]{1,40}")
CREATE_FIELDS = ("game", "players", "options", "seats", "name", "seat")


@dataclass(frozen=True)
class SeatSpec:
    kind: str
    bot: str | None = None


@dataclass(frozen=True)
class CreateRequest:
    game: Game
    config: GameConfig
    seats: list[SeatSpec]
    name: str | None
    seat: int | None


def _object(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise bad_request("the body must be a JSON object")
    return body


def parse_name(raw: Any, default: str) -> str:
    if raw is None:
        return default
    if not isinstance(raw, str):
        raise bad_request("'name' must be a string")
    name = " ".join(raw.split())
    refused = _refused_in_name(name)
    if refused is not None:
        raise bad_request(
            f"'name' may not contain U+{ord(refused):04X} ({_char_name(refused)}): control and format characters "
            "(text direction overrides among them), unassigned and private-use code points are refused; letters of "
            "every script, digits, punctuation, symbols and emoji are allowed"
        )
    if not any(not unicodedata.category(ch).startswith(("C", "Z")) for ch in name) and name:
        raise bad_request("'name' needs a visible character")
    if not 1 <= len(name) <= MAX_NAME:
        raise bad_request(f"'name' must have 1 to {MAX_NAME} characters")
    return name


# Format characters a name needs: ZWNJ (Persian and other scripts write words with it) and ZWJ (emoji sequences such
# as a family or a profession). A tag character is allowed only in an emoji tag sequence (a subdivision flag, which
# starts with U+1F3F4). Every other format character is refused: bidi overrides, embeddings, isolates and marks (a
# name that reverses the text around it), zero-width spaces, soft hyphens, byte-order marks.
_ZWNJ, _ZWJ, _BLACK_FLAG = "\u200c", "\u200d", "\U0001f3f4"
_TAGS = range(0xE0020, 0xE0080)


def _refused_in_name(name: str) -> str | None:
    """The first character a player's name may not contain, or None."""
    in_flag = False
    for ch in name:
        category = unicodedata.category(ch)
        if ch == _BLACK_FLAG:
            in_flag = True
        elif ord(ch) in _TAGS:
            if in_flag:
                continue
            return ch
        else:
            in_flag = False
        if category.startswith("C") and ch not in (_ZWNJ, _ZWJ):  # Cc, Cf, Cs, Co, Cn
            return ch
    return None


def _char_name(ch: str) -> str:
    kinds = {"Cn": "unassigned", "Co": "private use", "Cs": "a lone surrogate", "Cc": "a control character"}
    return unicodedata.name(ch, kinds.get(unicodedata.category(ch), "")).lower()


def parse_seat(raw: Any, num_players: int) -> int | None:
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw < num_players:
        raise bad_request(f"'seat' must be a seat number from 0 to {num_players - 1}")
    return raw


def parse_create(body: Any, public_limits: bool = False) -> CreateRequest:
    """The create request `body` stands for; `public_limits`: options held to the ranges a game allows on a public
    server (`option(public=...)`)."""
    data = _object(body)
    unknown = set(data) - set(CREATE_FIELDS)
    if unknown:
        raise bad_request(f"unknown field(s) {sorted(unknown)}; fields are: {', '.join(CREATE_FIELDS)}")
    name = data.get("game")
    if not isinstance(name, str):
        raise bad_request(f"'game' must be one of: {', '.join(game_names())}")
    try:
        game = get_game(name)
    except PodiumError as exc:
        raise bad_request(str(exc)) from None
    seats_raw = data.get("seats")
    players = data.get("players", len(seats_raw) if isinstance(seats_raw, list) else game.min_players)
    if not isinstance(players, int) or isinstance(players, bool):
        raise bad_request(f"'players' must be an integer from {game.min_players} to {game.max_players}")
    try:
        game.check_players(players)
    except PodiumError as exc:
        raise bad_request(str(exc)) from None
    options = data.get("options")
    options = {} if options is None else options
    if not isinstance(options, dict):
        raise bad_request("'options' must be an object of rule options, e.g. {\"rounds\": 3}")
    for key, value in options.items():
        if isinstance(value, str) and not _SAFE_TEXT.fullmatch(value.strip()):
            raise bad_request(
                f"option {key!r}: the server accepts only built-in names for text options "
                "(letters, digits, '-' and '_'), not file paths"
            )
    try:
        config = game.config(options)
        refuse_chance(config)  # explicit chance is for OpenSpiel; a table would wait for someone to deal its cards
    except PodiumError as exc:
        raise bad_request(str(exc)) from None
    outside = config.outside_public_ranges() if public_limits else []
    if outside:
        key, low, high = outside[0]
        raise bad_request(
            f"invalid value {getattr(config, key)!r} for {name} option {key!r} on this server; allowed: integer "
            f"{low}..{high} (the game's whole range is for `podium play` and for a server run with --no-public-limits)"
        )
    if seats_raw is None:
        seats = [SeatSpec("human") for _ in range(players)]
    else:
        if not isinstance(seats_raw, list) or len(seats_raw) != players:
            raise bad_request(f"'seats' must be a list of {players} seats, one per player")
        seats = [_parse_seat_spec(game, i, s) for i, s in enumerate(seats_raw)]
    seat = parse_seat(data.get("seat"), players)
    if seat is not None and seats[seat].kind != "human":
        raise bad_request(f"seat {seat} is a bot seat; the creator must take a human seat")
    return CreateRequest(game, config, seats, data.get("name"), seat)


def deal(req: CreateRequest, seed: int) -> State:
    """The new game of `req`, or 400 naming the option that does not fit this table: an option's declared range is
    the game's largest table (e.g. `first_player` 0..6), and only the deal knows the table's own players."""
    try:
        return req.game.new_game(req.config, len(req.seats), seed)
    except PodiumError as exc:
        raise bad_request(str(exc)) from None


def _parse_seat_spec(game: Game, index: int, raw: Any) -> SeatSpec:
    bots = agent_names(game.name, benchmarks=True)  # a benchmark bot is still reachable by its exact name
    allowed = f'{{"kind": "human"}} or {{"kind": "bot", "bot": one of {", ".join(bots)}}}'
    if not isinstance(raw, dict) or raw.get("kind") not in ("human", "bot"):
        raise bad_request(f"seat {index}: expected {allowed}")
    if raw["kind"] == "human":
        return SeatSpec("human")
    bot = raw.get("bot", "random")
    if not isinstance(bot, str) or bot.strip().lower() not in bots:
        raise bad_request(f"seat {index}: unknown bot {bot!r} for {game.name}; bots are: {', '.join(bots)}")
    return SeatSpec("bot", bot.strip().lower())


def parse_join(body: Any, num_players: int) -> tuple[str | None, int | None]:
    data = _object(body if body is not None else {})
    unknown = set(data) - {"name", "seat"}
    if unknown:
        raise bad_request(f"unknown field(s) {sorted(unknown)}; fields are: name, seat")
    return data.get("name"), parse_seat(data.get("seat"), num_players)
