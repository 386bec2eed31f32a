"""Game records: JSON Lines. A header line, one line per action, and a result line once the game is over.

    {"format": "podium-record", "version": 1, "game": "golf", "config": {...}, "seed": 7, "num_players": 3,
     "players": ["you", "random", "random"]}
    {"ply": 0, "player": 0, "action": {...}}
    ...
    {"result": {...}}

The seed and the actions determine the game completely (all randomness comes from the state's generator),
so a record is small and replays exactly. `Recorder` appends and flushes line by line, so an interrupted
game still leaves a readable record of what was played.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Self

from podium.core.contract import Action, Event, JsonDict, State
from podium.core.errors import ActionError, PodiumError, RecordError
from podium.core.registry import get_game

FORMAT = "podium-record"
VERSION = 1


@dataclass(frozen=True)
class ReplayStep:
    ply: int
    player: int
    action: Action
    events: list[Event]
    state: State  # the state after the action (the live replay state: clone it to keep it)


@dataclass
class Record:
    game: str
    config: JsonDict
    seed: int
    num_players: int
    players: list[str] = field(default_factory=list)
    moves: list[tuple[int, JsonDict]] = field(default_factory=list)
    result: JsonDict | None = None

    def header(self) -> JsonDict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "num_players": self.num_players,
            "players": self.players,
        }

    def dumps(self) -> str:
        lines = [json.dumps(self.header())]
        lines += [json.dumps({"ply": i, "player": p, "action": a}) for i, (p, a) in enumerate(self.moves)]
        if self.result is not None:
            lines.append(json.dumps({"result": self.result}))
        return "\n".join(lines) + "\n"

    def write(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def read(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot read record {str(path)!r}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise RecordError(f"record {str(path)!r} is not UTF-8 text") from None
        return cls.loads(text, source=str(path))

    @classmethod
    def loads(cls, text: str, source: str = "record") -> Record:
        lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if not lines:
            raise RecordError(f"{source}: empty file, expected a podium record (JSON Lines)")
        parsed: list[tuple[int, Any]] = []
        for n, line in lines:
            try:
                parsed.append((n, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise RecordError(f"{source}, line {n}: not JSON ({exc.msg})") from None
        n, head = parsed[0]
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise RecordError(f'{source}, line {n}: expected a header with "format": "{FORMAT}"')
        if head.get("version") != VERSION:
            raise RecordError(f"{source}, line {n}: unsupported record version {head.get('version')!r}, expected 1")
        try:
            record = cls(
                game=_typed(head, "game", str),
                config=_typed(head, "config", dict),
                seed=_typed(head, "seed", int),
                num_players=_typed(head, "num_players", int),
                players=[str(p) for p in head.get("players", [])],
            )
        except (KeyError, TypeError) as exc:
            raise RecordError(f"{source}, line {n}: bad header: {exc.args[0]}") from None
        for n, item in parsed[1:]:
            if record.result is not None:
                raise RecordError(f"{source}, line {n}: nothing may follow the result line")
            if isinstance(item, dict) and set(item) == {"result"} and isinstance(item["result"], dict):
                record.result = item["result"]
                continue
            if (
                not isinstance(item, dict)
                or not isinstance(item.get("player"), int)
                or "action" not in item
                or item.get("ply") != len(record.moves)
            ):
                raise RecordError(
                    f'{source}, line {n}: expected {{"ply": {len(record.moves)}, "player": N, "action": ...}}'
                    ' or {"result": ...}'
                )
            record.moves.append((item["player"], item["action"]))
        return record

    def start(self) -> State:
        """The initial state of the recorded game."""
        try:
            game = get_game(self.game)
            config = game.config_type.from_stored(self.config)
            return game.new_game(config, self.num_players, self.seed)
        except PodiumError as exc:
            raise RecordError(f"record header: {exc}") from None

    def replay(self) -> Iterator[ReplayStep]:
        """Apply the recorded actions one by one; raises `RecordError` at the first one that does not replay, saying
        whether it is no action of the game (malformed) or one the rules did not allow at that point (illegal)."""
        state = self.start()
        game = state.game
        for ply, (player, data) in enumerate(self.moves):
            if state.current_player != player:
                raise RecordError(
                    f"ply {ply}: the record says seat {player} moved, but it is "
                    + ("nobody's turn (the game is over)" if state.is_over else f"seat {state.current_player}'s turn")
                )
            try:
                action = game.action_from_json(data, state.config)
            except ActionError as exc:  # a game that says IllegalAction here still wrote no action of the game
                raise RecordError(f"ply {ply}: malformed action: {exc}") from None
            try:
                events = state.apply(action)
            except ActionError as exc:
                raise RecordError(f"ply {ply}: illegal action: {exc}") from None
            yield ReplayStep(ply, player, action, events, state)

    def check(self) -> State:
        """Replay the whole record and compare with its result line; returns the final state."""
        state = self.start()
        for step in self.replay():
            state = step.state
        if self.result is not None:
            if not state.is_over:
                raise RecordError("the record has a result line but its actions do not finish the game")
            actual = _comparable(state.result().to_json(), self.result)
            if actual != self.result:
                differing = "; ".join(differences(actual, self.result)[:5])
                raise RecordError(f"the replayed result differs from the recorded one: {differing}")
        return state


def differences(actual: Any, recorded: Any, where: str = "") -> list[str]:
    """Each place where two JSON values differ, named as a path (`scores[1]`, `details.knocks`) with both values:
    a reader of `replay --check` is told which field, not shown two whole objects."""
    name = where or "the result"
    if isinstance(actual, dict) and isinstance(recorded, dict):
        found: list[str] = []
        for key in [*actual, *(k for k in recorded if k not in actual)]:
            path = f"{where}.{key}" if where else str(key)
            if key not in recorded:
                found.append(f"{path} is {json.dumps(actual[key])} in the replay and absent from the record")
            elif key not in actual:
                found.append(f"{path} is absent from the replay and {json.dumps(recorded[key])} in the record")
            else:
                found += differences(actual[key], recorded[key], path)
        return found
    if isinstance(actual, list) and isinstance(recorded, list) and len(actual) == len(recorded):
        return [
            d for i, (a, r) in enumerate(zip(actual, recorded, strict=True)) for d in differences(a, r, f"{where}[{i}]")
        ]
    if actual == recorded:
        return []
    return [f"{name} is {json.dumps(actual)} in the replay, {json.dumps(recorded)} in the record"]


def _comparable(actual: JsonDict, recorded: JsonDict) -> JsonDict:
    """`actual` without the zero-valued details that `recorded` lacks: a detail a game added after the record was
    written (e.g. Golf's `turn_limit_ends`) counts as 0 there, as it does in the simulator's aggregates."""
    details, old = actual.get("details"), recorded.get("details")
    if not isinstance(details, dict) or not isinstance(old, dict):
        return actual
    kept = {
        k: v for k, v in details.items() if k in old or not (isinstance(v, int) and not isinstance(v, bool) and v == 0)
    }
    return {**actual, "details": kept}


def _typed(data: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise KeyError(f"missing {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"{key!r} must be a {kind.__name__}")
    return value


class Recorder:
    """Writes a record while a game is played: header at once, then each action as it happens."""

    def __init__(self, path: str | Path, state: State, seed: int, players: list[str]) -> None:
        self.path = Path(path)
        self.record = Record(state.game.name, state.config.to_dict(), seed, state.num_players, list(players))
        try:
            self._file: IO[str] = self.path.open("w", encoding="utf-8")  # closed by close()
        except OSError as exc:
            raise RecordError(f"cannot write the record {str(path)!r}: {exc.strerror or exc}") from None
        self._write(self.record.header())

    def _write(self, obj: JsonDict) -> None:
        self._file.write(json.dumps(obj) + "\n")
        self._file.flush()

    def add(self, player: int, action: Action) -> None:
        data = action.to_json()
        self._write({"ply": len(self.record.moves), "player": player, "action": data})
        self.record.moves.append((player, data))

    def undo_last(self) -> None:
        """Forget the last action (a human's `undo`): the file is rewritten without it."""
        self.record.moves.pop()
        self._file.seek(0)
        self._file.truncate()
        self._file.write(self.record.dumps())
        self._file.flush()

    def finish(self, state: State) -> None:
        if state.is_over and self.record.result is None:
            self.record.result = state.result().to_json()
            self._write({"result": self.record.result})

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object | TracebackType) -> None:
        self.close()
