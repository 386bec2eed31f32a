"""Rule options: each game's `Config` is a frozen dataclass of `option(...)` fields.

One place turns user input (keyword arguments, a JSON/TOML mapping, or `KEY=VALUE` strings from the command line)
into a validated config, so every game rejects bad options with the same kind of message.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from podium.core.errors import ConfigError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_NO_LEGACY: Any = object()


def option(
    default: Any,
    *,
    doc: str,
    choices: Sequence[Any] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    parse: Callable[[Any], Any] | None = None,
    allowed: str | None = None,
    legacy: Any = _NO_LEGACY,
    stored_if_set: bool = False,
    public: tuple[int, int] | None = None,
) -> Any:
    """Declare a rule option. `parse` turns raw input into the stored value (raising ValueError with the reason);
    `allowed` describes the accepted values for error messages when `choices` cannot. `legacy` is the value that
    reproduces games stored before the option existed (see `GameConfig.from_stored`); leave it out for options as
    old as the game. `stored_if_set`: `to_dict` leaves the option out at its default (which must be its `legacy`
    value), so records and states of games without it stay byte for byte what they were. `public`: the narrower
    range (low, high) of an integer option that a public server allows (`podium serve`), where the whole range would
    let one game run for hours; the command line keeps the whole range."""
    return dataclasses.field(
        default=default,
        metadata={
            "doc": doc,
            "choices": tuple(choices) if choices is not None else None,
            "minimum": minimum,
            "maximum": maximum,
            "parse": parse,
            "allowed": allowed,
            "legacy": legacy,
            "stored_if_set": stored_if_set,
            "public": public,
        },
    )


def chance_option() -> Any:
    """The `chance` option, the same in every game that offers it: its shuffles dealt as chance nodes
    (core/chance.py), as OpenSpiel needs; stored only when set, so that the records of games without it stay as
    they were."""
    return option(
        False,
        doc="explicit chance: each card a shuffle deals is a chance node, for OpenSpiel (docs/openspiel.md)",
        legacy=False,
        stored_if_set=True,
    )


@dataclass(frozen=True)
class OptionInfo:
    name: str
    default: Any
    doc: str
    allowed: str


class GameConfig:
    """Mixin for a game's frozen config dataclass."""

    game_name: ClassVar[str] = "game"

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None, /, **kwargs: Any) -> Self:
        merged: dict[str, Any] = {**(options or {}), **kwargs}
        known = {f.name: f for f in _fields(cls)}
        values: dict[str, Any] = {}
        for name, raw in merged.items():
            key = str(name).strip().replace("-", "_")
            if key not in known:
                raise ConfigError(
                    f"unknown rule option {name!r} for {cls.game_name}; options are: {', '.join(sorted(known))}"
                )
            values[key] = _coerce(cls.game_name, known[key], raw)
        try:
            return cls(**values)
        except ConfigError:
            raise
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"invalid {cls.game_name} options: {exc}") from None

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> Self:
        """The config of a stored game (a record's header, a saved table, a state's dict), which lists every option
        its version of podium had. An option added since then is absent, and gets the value that reproduces how
        that game was played (its `legacy` value), not today's default: a record replays exactly whatever its age."""
        absent = {
            f.name: f.metadata["legacy"]
            for f in _fields(cls)
            if f.metadata.get("legacy", _NO_LEGACY) is not _NO_LEGACY and f.name not in stored
        }
        return cls.from_options({**absent, **stored})

    @classmethod
    def from_assignments(cls, assignments: Iterable[str]) -> Self:
        """Build from `KEY=VALUE` strings (the CLI's `--rule`)."""
        options: dict[str, Any] = {}
        for item in assignments:
            key, sep, value = item.partition("=")
            if not sep or not key.strip():
                raise ConfigError(f"rule option {item!r} must look like KEY=VALUE, e.g. --rule rounds=3")
            options[key.strip()] = value.strip()
        return cls.from_options(options)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in _fields(self):
            value = getattr(self, f.name)
            if f.metadata.get("stored_if_set") and value == f.default:
                continue
            out[f.name] = _jsonable(value)
        return out

    def non_default(self) -> dict[str, Any]:
        """The options that differ from the defaults (for short summaries)."""
        default = type(self)()
        return {k: v for k, v in self.to_dict().items() if getattr(default, k) != getattr(self, k)}

    def check_ranges(self) -> None:
        """Refuse an integer option outside its declared `minimum`..`maximum`, with the message `from_options` gives.
        For a game's `__post_init__`: a config built directly (or from a stored record) meets the same bounds as one
        built from user input."""
        for f in _fields(self):
            low, high = f.metadata.get("minimum"), f.metadata.get("maximum")
            value = getattr(self, f.name)
            if (low is None and high is None) or (value is None and f.default is None):
                continue
            if (
                not isinstance(value, int)
                or isinstance(value, bool)
                or (low is not None and value < low)
                or (high is not None and value > high)
            ):
                raise ConfigError(
                    f"invalid value {value!r} for {self.game_name} option {f.name!r}; allowed: {_allowed_text(f)}"
                )

    @classmethod
    def public_ranges(cls) -> dict[str, tuple[int, int]]:
        """The options with a narrower range for a public server (`option(public=...)`): name -> (low, high)."""
        return {f.name: f.metadata["public"] for f in _fields(cls) if f.metadata.get("public") is not None}

    def outside_public_ranges(self) -> list[tuple[str, int, int]]:
        """(option, low, high) of each option whose value is outside the range a public server allows."""
        out = []
        for name, (low, high) in self.public_ranges().items():
            value = getattr(self, name)
            if isinstance(value, int) and not low <= value <= high:
                out.append((name, low, high))
        return out

    @classmethod
    def options(cls) -> list[OptionInfo]:
        infos = []
        for f in _fields(cls):
            infos.append(OptionInfo(f.name, _jsonable(f.default), f.metadata.get("doc", ""), _allowed_text(f)))
        return infos


def _fields(config: GameConfig | type[GameConfig]) -> tuple[dataclasses.Field[Any], ...]:
    """The option fields of a game's config (class or instance); `GameConfig` is a mixin, so a config class that
    forgot `@dataclass` is said here rather than found by a confusing error further on."""
    if not dataclasses.is_dataclass(config):
        raise TypeError(f"{config!r} is not a dataclass: a game's config is a frozen dataclass of option() fields")
    return dataclasses.fields(config)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _allowed_text(f: dataclasses.Field[Any]) -> str:
    meta = f.metadata
    if meta.get("allowed"):
        return str(meta["allowed"])
    if meta.get("choices"):
        return " | ".join(json.dumps(c) if not isinstance(c, str) else c for c in meta["choices"])
    if isinstance(f.default, bool):
        return "true | false"
    if isinstance(f.default, int):
        low, high = meta.get("minimum"), meta.get("maximum")
        if low is not None and high is not None:
            return f"integer {low}..{high}"
        if low is not None:
            return f"integer >= {low}"
        return "integer"
    return "any"


def _coerce(game: str, f: dataclasses.Field[Any], raw: Any) -> Any:
    meta = f.metadata
    allowed = _allowed_text(f)

    def fail(reason: str = "") -> ConfigError:
        extra = f" ({reason})" if reason else ""
        return ConfigError(f"invalid value {raw!r} for {game} option {f.name!r}{extra}; allowed: {allowed}")

    parse = meta.get("parse")
    if parse is not None:
        try:
            value = parse(raw)
        except (ValueError, TypeError) as exc:
            raise fail(str(exc)) from None
    elif isinstance(f.default, bool):
        if isinstance(raw, bool):
            value = raw
        elif isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
            value = raw.strip().lower() in _TRUE
        else:
            raise fail()
    elif isinstance(f.default, int) or (f.default is None and meta.get("minimum") is not None):
        if isinstance(raw, bool):
            raise fail()
        if isinstance(raw, str) and raw.strip().lower() in {"none", ""} and f.default is None:
            value = None
        else:
            try:
                value = int(raw) if not isinstance(raw, float) or raw.is_integer() else None
            except (TypeError, ValueError):
                value = None
            if value is None:
                raise fail()
    else:
        value = raw.strip() if isinstance(raw, str) else raw
    choices = meta.get("choices")
    if choices is not None and value not in choices:
        raise fail()
    if isinstance(value, int) and not isinstance(value, bool):
        if meta.get("minimum") is not None and value < meta["minimum"]:
            raise fail()
        if meta.get("maximum") is not None and value > meta["maximum"]:
            raise fail()
    return value
