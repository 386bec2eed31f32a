"""A game's encoding facet: the plugin kit's `podium.api.encoding`, under the name it had before the kit (a game
imports the kit; this name stays for code written against it)."""

from __future__ import annotations

from podium.api.encoding import (
    Encoder,
    Encoding,
    Feature,
    FloatBuffer,
    relative_seat,
    win_share_utilities,
)

__all__ = ["Encoder", "Encoding", "Feature", "FloatBuffer", "relative_seat", "win_share_utilities"]
