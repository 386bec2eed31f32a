"""What a Golf config and player count mean for the batch engine: static constants (the shapes and the options,
fixed when a step is compiled) and the exact float tables the observation reads.

Every rule option that changes play is supported; `chance` (explicit chance nodes, for OpenSpiel) is refused: the
batch engine's decks are fixed by the key given to `init` (each round's, `shuffle`), not chosen card by card.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from podium.core.errors import ConfigError
from podium.games.golf.cards import DECK_SIZE, RANK_OF
from podium.games.golf.config import GolfConfig
from podium.games.golf.encoding import GolfEncoder
from podium.games.golf.rules import rules_for

UNSUPPORTED = {"chance": False}
"""Options the batch engine refuses at any other value than this (named in the error)."""


@dataclass(frozen=True)
class Params:
    """A (config, player count) for the batch engine: plain Python values, hashable, so that a compiled step is
    shared by every environment of the same rules."""

    n: int
    slots: int
    six: bool
    values: tuple[int, ...]  # per card id (G-2, G-8.4)
    peek_choose: bool
    knock_instead: bool
    knock_after: bool
    must_swap: bool
    flip_mode: int  # 0 no, 1 may, 2 must (G-8.2)
    final_turns: bool
    relative: bool
    rounds: int
    turn_limit: int  # 0: none (G-5.3)
    obs_size: int


def params_for(config: GolfConfig, players: int) -> Params:
    """The batch engine's constants for `config` and `players`; a refused option raises ConfigError naming it."""
    refused = [name for name, allowed in UNSUPPORTED.items() if getattr(config, name) != allowed]
    if refused:
        raise ConfigError(
            f"the JAX engine of Golf does not support the option(s) {', '.join(refused)} "
            "(explicit chance deals card by card; the batch engine deals each round's deck from its key); "
            f"leave {' and '.join(f'{name}={str(UNSUPPORTED[name]).lower()}' for name in refused)}"
        )
    r = rules_for(config, players)
    return Params(
        n=players,
        slots=r.slots,
        six=r.six,
        values=tuple(r.values),
        peek_choose=r.peek_choose,
        knock_instead=r.knock_instead,
        knock_after=r.knock_after,
        must_swap=r.must_swap,
        flip_mode=r.flip_mode,
        final_turns=r.final_turns,
        relative=r.relative,
        rounds=r.rounds,
        turn_limit=config.round_turn_limit,
        obs_size=GolfEncoder(config, players).size,
    )


@dataclass(frozen=True)
class Tables:
    """The observation's fractions, computed the encoder's way (in double precision, then stored as float32) once:
    compiled code would not round them alike (XLA multiplies by a constant's reciprocal instead of dividing)."""

    at: NDArray[np.float32]  # a discard's place i from the top: 1 - i / 52
    score_offset: int
    totals: NDArray[np.float32]  # running total t + score_offset -> t × per_game
    last: NDArray[np.float32]  # a round's score s + score_offset -> s × per_round
    utilities: NDArray[np.float32]  # [k winners, won?] -> utility (win_share_utilities)
    final: NDArray[np.float32]  # final turns left f -> f / players
    round: NDArray[np.float32]  # round r -> r / rounds
    stock: NDArray[np.float32]  # stock size k -> k / 52
    round_turns: NDArray[np.float32]  # turns t begun in the round -> t / round_turn_limit (with a limit)
    rank: NDArray[np.int32]  # card -> rank
    card_values: NDArray[np.int32]


def tables_for(p: Params) -> Tables:
    worst = max(1, *(abs(v) for v in p.values))
    per_round = 1.0 / (2 * worst * p.slots)
    per_game = per_round / p.rounds
    bound = p.rounds * 2 * p.slots * worst  # |a running total| (G-6: a round's score lies within ±2·slots·worst)
    span = np.arange(-bound, bound + 1, dtype=np.float64)
    n = p.n
    utilities = np.zeros((n + 1, 2), dtype=np.float64)
    for k in range(1, n + 1):
        utilities[k, 1] = (n / k - 1.0) / (n - 1)
        utilities[k, 0] = -1.0 / (n - 1)
    return Tables(
        at=np.array([1.0 - i / DECK_SIZE for i in range(DECK_SIZE + 1)], dtype=np.float32),
        score_offset=bound,
        totals=(span * per_game).astype(np.float32),
        last=(span * per_round).astype(np.float32),
        utilities=utilities.astype(np.float32),
        final=np.array([f / n for f in range(n + 1)], dtype=np.float32),
        round=np.array([r / p.rounds for r in range(p.rounds + 1)], dtype=np.float32),
        stock=np.array([k / DECK_SIZE for k in range(DECK_SIZE + 1)], dtype=np.float32),
        round_turns=np.array(
            [t / p.turn_limit for t in range(p.turn_limit + 1)] if p.turn_limit else [0.0], dtype=np.float32
        ),
        rank=np.array(RANK_OF, dtype=np.int32),
        card_values=np.array(p.values, dtype=np.int32),
    )
