"""`heuristic-v1` is a frozen benchmark bot (bench/strength.py, bench/ismcts_against.py's positions): it shares its
reading of a view with today's heuristic (`heuristic.GolfReading`, `card_of`, `pick_flip`) but must keep its moves.
The moves of seeded games are recorded in data/heuristic_v1_moves.json (a hash of each game's moves and result);
after a deliberate change to the rules (never to make this pass otherwise) record them again with

    PYTHONPATH=src python tests/games/golf/test_golf_heuristic_v1_frozen.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from podium.agents.base import make_agent
from podium.games.golf import GAME

FIXTURE = Path(__file__).parent / "data" / "heuristic_v1_moves.json"
VARIANTS: list[dict[str, Any]] = [
    {},
    {"variant": "six"},
    {"knock": "after", "peek": "near"},
    {"variant": "six", "flip_on_discard": "may", "six_scoring": "total"},
]


def games() -> dict[str, str]:
    """Per variant and seed, the hash of the moves and scores of a game of `heuristic-v1` (two seats, one noisy)
    against itself."""
    out = {}
    for options in VARIANTS:
        config = GAME.config({**options, "rounds": 3})
        for seed in range(6):
            n = 2 + seed % 2
            state = GAME.new_game(config, n, seed)
            bots = [make_agent("heuristic-v1:noise=0.2" if p == 1 else "heuristic-v1", GAME, p, seed) for p in range(n)]
            moves = []
            while not state.is_over:
                p = state.current_player
                assert p is not None
                action = bots[p].act(state.view(p), state.legal_actions())
                moves.append(action.text())
                state.apply(action)
            moves.append(repr(state.result().scores))
            key = f"{json.dumps(options, sort_keys=True)} seed {seed}"
            out[key] = hashlib.sha256("|".join(moves).encode()).hexdigest()
    return out


def test_heuristic_v1_keeps_its_moves() -> None:
    assert games() == json.loads(FIXTURE.read_text())


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(games(), indent=1) + "\n")
