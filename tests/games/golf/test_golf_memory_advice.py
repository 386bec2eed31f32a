"""Advice for a person playing Golf from memory (option `memory`, G-4 "the user interface may hide them"): the hint and
the post-game review weigh what the player is shown (`shown_view`), never the cards they must remember, which a bot
in that seat remembers (perfect recall) and plays on. Two tables that differ only in the remembered cards get the same
advice, though a bot would play them differently."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from golf_helpers import position

from podium.agents.base import make_agent
from podium.analysis import hint, review
from podium.core.record import Record
from podium.games.golf import GAME
from podium.games.golf.cards import CARD_TEXT
from podium.games.golf.rules import OWNER
from podium.games.golf.state import GolfState
from podium.server.advice import hint_json
from server_support import live_server, two_humans

OTHERS = ("8h", "5s", "9c", "4d")  # seat 1's cards, all unseen


def drawn_with(remembered: tuple[str, str]) -> GolfState:
    """Seat 0 has drawn 7♥ from the stock, having peeked at slots 2 and 4 (`remembered`), which from memory it is no
    longer shown (G-4, option `memory`)."""
    mine = ("3h", remembered[0], "6c", remembered[1])
    return position((mine, OTHERS), known=((0, 1, 0, 1), (1, 0, 0, 1)), phase="drawn", drawn="7h", memory=True)


def test_from_memory_the_hint_does_not_lean_on_a_remembered_card() -> None:
    low, high = drawn_with(("Ac", "Kd")), drawn_with(("Qs", "Jd"))  # remembered: 1 and 0 points, or 10 and 10 (G-2)
    assert low.shown_view(0) == high.shown_view(0)  # what the player is shown now
    assert low.view(0) != high.view(0)  # what a bot in the seat remembers
    legal = low.legal_actions()
    assert legal == high.legal_actions()
    # The remembered cards matter: the hard bot, which remembers them, plays the two tables differently …
    bots = [make_agent("hard", GAME, 0, 5).act(state.view(0), legal) for state in (low, high)]
    assert bots[0] != bots[1]
    # … but the player's hint reads only what they are shown, so it is the same at both.
    assert hint(low, 0, seed=5) == hint(high, 0, seed=5)


def remembered_changed(state: GolfState, seat: int) -> GolfState:
    """The same table with each card `seat` has seen privately (and must remember) exchanged with a stock card of
    another rank: nothing the seat is shown changes."""
    data: dict[str, Any] = copy.deepcopy(state.to_dict())
    slots = len(data["hands"]) // state.num_players
    for slot in range(seat * slots, seat * slots + slots):
        if data["known"][slot] != OWNER:
            continue
        rank = CARD_TEXT[data["hands"][slot]][0]
        k = next(i for i, card in enumerate(data["stock"]) if CARD_TEXT[card][0] != rank)
        data["hands"][slot], data["stock"][k] = data["stock"][k], data["hands"][slot]
    return GolfState.from_dict(data)


def test_from_memory_the_review_weighs_each_decision_from_what_the_player_was_shown() -> None:
    config = GAME.config(memory=True, rounds=1)
    state = GAME.new_game(config, 2, 7)
    record = Record("golf", config.to_dict(), 7, 2, ["you", "medium bot"])
    players = [make_agent("easy", GAME, 0, 7), make_agent("medium", GAME, 1, 7)]  # "you": a beginner's moves
    states = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        states.append(state.clone())
        action = players[seat].act(state.view(seat), state.legal_actions())
        record.moves.append((seat, action.to_json()))
        state.apply(action)
    record.result = state.result().to_json()
    result = review(record, 0)
    remembering = [m for m in result.moments if states[m.ply].shown_view(0) != states[m.ply].view(0)]
    assert len(remembering) >= 3  # decisions taken with cards to remember
    changed_advice = 0
    for moment in remembering:
        at = states[moment.ply]
        other = remembered_changed(at, 0)
        assert other.shown_view(0) == at.shown_view(0) and other.view(0) != at.view(0)
        # Each decision is weighed from what the player was shown: the same advice with other remembered cards.
        again = hint(other, 0, seed=record.seed + moment.ply, top=1_000)
        assert tuple(again[:3]) == moment.choices
        assert next(c for c in again if c.chosen).steps == moment.suggested
        legal = at.legal_actions()
        bots = [make_agent("hard", GAME, 0, record.seed + moment.ply).act(s.view(0), legal) for s in (at, other)]
        changed_advice += bots[0] != bots[1]
    assert changed_advice >= 1  # where a bot that remembers would have played otherwise


def test_from_memory_the_servers_hint_is_the_advice_for_the_view_the_player_is_sent(tmp_path: Path) -> None:
    # G-3.3 each player peeks at two cards, G-4 from memory: the player's frames no longer show them, and the hint
    # the server sends is the advice for exactly that view.
    with live_server(tmp_path / "db.sqlite3") as server:
        table = two_humans(server, "golf", {"memory": True, "peek": "choose", "rounds": 1})
        sockets = {seat: server.ws(table["id"]) for seat in (0, 1)}
        syncs = {seat: s.hello(table["tokens"][seat]) for seat, s in sockets.items()}
        for version, seat in enumerate((0, 0, 1, 1)):
            sync = syncs[seat] if syncs[seat]["version"] == version else sockets[seat].sync_at_least(version)
            peek = next(e for e in sync["legal"] if e["action"]["type"] == "peek")
            sockets[seat].send({"type": "action", "version": version, "action": peek["action"]})
            syncs[seat] = sockets[seat].ack()
        sync = sockets[0].sync_at_least(4)
        assert sync["view"]["current_player"] == 0 and sync["view"]["hands"][0] == [None] * 4
        sockets[0].send({"type": "hint"})
        answer = sockets[0].until("hint", timeout=60)
        for s in sockets.values():
            s.close()
    assert {k: answer[k] for k in ("choices", "steps", "actions")} == hint_json("golf", sync["view"])
