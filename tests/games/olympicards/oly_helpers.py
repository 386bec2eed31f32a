"""Build Olympicards positions by hand for the rule tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from podium.agents.base import make_agent
from podium.core.contract import View
from podium.core.rng import Rng
from podium.games.olympicards import GAME, Config, OlympicardsState
from podium.games.olympicards.cards import full_deck, parse_card
from podium.games.olympicards.state import DECIDE, OVER, PLAY
from podium.games.olympicards.views import OlympicardsView, typed_view
from podium.testing.views import plain


def cards(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


def build(
    n: int = 3,
    sport: str | None = "Sprint",
    hands: dict[int, str] | None = None,
    *,
    options: dict[str, Any] | None = None,
    start: int = 0,
    plays: dict[int, list[str]] | None = None,
    last: tuple[int, str] | None = None,
    target: str | None = None,
    discard: str = "",
    draw: str | None = None,
    draw_top: str = "",
    done: list[str] | None = None,
    pile: list[tuple[str, bool]] | None = None,
    order: list[int] | None = None,
    pos: int = 0,
    out: list[int] | None = None,
    withdrawals: list[int] | None = None,
    medals: dict[int, list[int]] | None = None,
    records: dict[int, list[str]] | None = None,
    phase: str = "play",
    spare_to: int | None = None,
) -> OlympicardsState:
    """A consistent position. Cards not placed anywhere go to the draw pile (under `draw_top`, whose first card is
    drawn first) — or, when `draw` is given exactly, to the discard, or with `spare_to` to that seat's hand.
    Unlisted hands get six cards from the rest."""
    config = Config.from_options(options or {})
    sset = config.sport_set
    index = {s.name: i for i, s in enumerate(sset.sports)}
    base = GAME.new_game(config, n, 0).to_dict()
    free = Counter(full_deck())

    def take(text: str) -> list[int]:
        got = cards(text)
        free.subtract(got)
        if any(v < 0 for v in free.values()):
            raise ValueError(f"more than two copies in the position: {text}")
        return got

    hand_lists: dict[int, list[int]] = {p: take(h) for p, h in (hands or {}).items()}
    play_lists = {p: [sorted(take(x)) for x in plays.get(p, [])] if plays else [] for p in range(n)}
    target_kind = take(target)[0] if target else -1
    discard_list = take(discard)
    top = take(draw_top)
    exact_draw = take(draw) if draw is not None else None
    rest = sorted(free.elements())
    if spare_to is not None:  # every card not placed elsewhere goes to this hand
        hand_lists[spare_to] = hand_lists.get(spare_to, []) + rest
        rest = []
    for p in range(n):
        if p not in hand_lists:
            hand_lists[p], rest = rest[:6], rest[6:]
    if exact_draw is not None:
        draw_list = exact_draw[::-1]
        discard_list += rest
    else:
        draw_list = rest + top[::-1]
    sport_index = index[sport] if sport is not None else -1
    done_idx = [index[s] for s in (done or [])]
    if pile is None:
        pile = [(s.name, False) for i, s in enumerate(sset.sports) if i != sport_index and i not in done_idx]
    out_flags = [p in (out or []) for p in range(n)]
    if order is None:
        order = [start, 1 - start] if n == 2 else [(start + i) % n for i in range(n) if not out_flags[(start + i) % n]]
    phase_code = {"decide": DECIDE, "play": PLAY, "over": OVER}[phase]
    base.update(
        {
            "hands": [sorted(hand_lists[p]) for p in range(n)],
            "draw": draw_list,
            "discard": discard_list,
            "pile": [index[name] for name, _ in pile],
            "pile_up": [up for _, up in pile],
            "done": done_idx,
            "records": [[index[s] for s in (records or {}).get(p, [])] for p in range(n)],
            "medals": [list((medals or {}).get(p, [0, 0, 0])) for p in range(n)],
            "sport": sport_index,
            "phase": phase_code,
            "start": start,
            "round": 1 if phase_code == PLAY else 0,
            "order": order if phase_code == PLAY else [],
            "pos": pos,
            "target": target_kind,
            "plays": play_lists,
            "last": sorted(cards(last[1])) if last else None,
            "last_player": last[0] if last else -1,
            "out": out_flags,
            "withdrawals": list(withdrawals or []),
            "sport_rounds": [1] * len(done_idx),
            "postponed": 0,
        }
    )
    base["plays"] = [play_lists[p] for p in range(n)]
    return OlympicardsState.from_dict(base)


def texts(state: OlympicardsState) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def act(state: OlympicardsState, text: str) -> list[Any]:
    return state.apply(GAME.parse_action(text))


def viewed(state: OlympicardsState, viewer: int | None) -> OlympicardsView:
    """`state.view(viewer)`, plain."""
    return typed_view(plain(state.view(viewer)))


def table(state: OlympicardsState) -> OlympicardsView:
    """Everything on the table, every card shown (what the tests check a position by), plain."""
    return typed_view(plain(state.full_view()))


def medals(state: OlympicardsState, seat: int) -> list[int]:
    """The seat's gold, silver and bronze medals."""
    won = table(state)["medals"][seat]
    return [won["gold"], won["silver"], won["bronze"]]


def decisions(options: dict[str, Any], players: int, seed: int, every: int, games: int) -> Iterator[View]:
    """The views of about one decision in `every` (drawn from `seed`) of `games` seeded games between random bots."""
    config = GAME.config(options)
    rng = Rng(seed)
    for game_seed in range(games):
        state = GAME.new_game(config, players, game_seed)
        bots = [make_agent("random", GAME, p, game_seed + p) for p in range(players)]
        while not state.is_over:
            p = state.current_player
            assert p is not None
            view = state.view(p)
            if rng.randbelow(every) == 0:
                yield view
            state.apply(bots[p].act(view, state.legal_actions()))
