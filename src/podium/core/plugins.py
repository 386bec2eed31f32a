"""A game's `GameSpec` and the facet references it holds: `podium.core.registry`, where they live beside the
registry of installed games (one module, so that reading a spec imports one), under the name they had before."""

from __future__ import annotations

from podium.core.registry import BotNote, GameSpec, load_class, load_instance, load_ref

__all__ = ["BotNote", "GameSpec", "load_class", "load_instance", "load_ref"]
