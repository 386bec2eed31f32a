"""Two browsers on two `podium serve` processes of one site (issue 32): each through nginx, pinned to its own process
(tests/deploy_support.py's `pinned_site`: the shipped nginx site twice, each listing one process; both processes on
one PostgreSQL database), play a whole game of each game against each other from the fallback list of legal actions.
Every move made on one process reaches the other page only through the database (its commit and LISTEN/NOTIFY), and
both pages end on the same result, the one the database stored."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from e2e_support import click_and_wait, create_table, is_over, join_table, legal, my_turn, version

from deploy_support import Site, deploy_cluster, pinned_site
from podium.server.db import open_store
from store_support import pg_cluster

__all__ = ["deploy_cluster", "pg_cluster", "pinned_site"]  # the fixtures (tests/deploy_support.py, store_support.py)


def first(actions: list[str], rng: random.Random) -> int:
    """The first legal action: in Athletic a card played while one can be, else a move, else the end of the turn,
    which ends a one-medal game in tens of actions (a random choice takes hundreds, ending turns early)."""
    return 0


def any_one(actions: list[str], rng: random.Random) -> int:
    return rng.randrange(len(actions))


# game, its options in the lobby, how a player picks from the legal actions; each game played to its end
GAMES: list[tuple[str, dict[str, Any], Callable[[list[str], random.Random], int]]] = [
    ("golf", {"rounds": 1}, any_one),
    ("athletic", {"medals_to_win": 1}, first),
    ("olympicards", {}, any_one),
]


def ranking(page: Any) -> list[tuple[str, str, str]]:
    """The result panel's ranking as (place, player, score) rows, the viewer's "(you)" left out."""
    rows = page.locator(".result-panel table.ranking tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.innerText.trim()))"
    )
    return [(place, name.removesuffix(" (you)"), score) for place, name, score in rows]


@pytest.mark.parametrize(("game", "options", "pick"), GAMES, ids=[g[0] for g in GAMES])
def test_two_browsers_pinned_to_two_processes_play_a_whole_game(
    new_page: Callable[..., Any],
    pinned_site: list[Site],
    game: str,
    options: dict[str, Any],
    pick: Callable[[list[str], random.Random], int],
) -> None:
    front_a, front_b = pinned_site
    alice = new_page(base_url=front_a.nginx.base)
    bob = new_page(base_url=front_b.nginx.base)
    url = create_table(alice, game, name="Alice", seats=["human"], options=options)
    table_id = url.rstrip("/").rsplit("/", 1)[1]
    join_table(bob, f"{front_b.nginx.base}/t/{table_id}", "Bob")  # the share link, opened on the other front
    for page in (alice, bob):
        page.wait_for_selector("body[data-status=playing]")
    # each process tells that both players are connected: presence crosses processes too
    for front in pinned_site:
        with front.http() as http:
            deadline = time.monotonic() + 15
            while not all(s["connected"] for s in http.get(f"/api/tables/{table_id}").json()["seats"]):
                assert time.monotonic() < deadline, f"{front.nginx.base} does not see both players connected"
                time.sleep(0.1)

    rng = random.Random(game)
    moves = {"Alice": 0, "Bob": 0}
    deadline = time.monotonic() + 600  # hundreds of clicks at worst, each answered through nginx and PostgreSQL
    while not (is_over(alice) and is_over(bob)):
        assert time.monotonic() < deadline, f"the game did not finish; versions {version(alice)} {version(bob)}"
        acted = False
        for name, page in (("Alice", alice), ("Bob", bob)):
            if my_turn(page) and not is_over(page):
                actions = legal(page)
                click_and_wait(page, f"#legal button.legal >> nth={pick(actions, rng)}")
                moves[name] += 1
                acted = True
        if not acted:
            alice.wait_for_timeout(50)

    print(f"\n{game}: {moves} moves, version {version(alice)}, result {ranking(alice)}")
    # every action of the game was a click on one of the pages, and each page saw all of them (an Athletic game of
    # one medal may end in the first turn, before the second player ever moves)
    assert moves["Alice"] > 0 and moves["Alice"] + moves["Bob"] == version(alice) == version(bob), moves
    seen = ranking(alice)
    assert seen == ranking(bob) and len(seen) == 2
    # the result both pages show is the one stored, and each front serves it
    store = open_store(front_a.url)
    try:
        row = store.load(table_id)
    finally:
        store.close()
    assert row is not None and row.status == "finished" and row.result is not None
    names = ["Alice", "Bob"]
    assert {name: score for _, name, score in seen} == {names[s]: str(row.result["scores"][s]) for s in range(2)}
    for front in pinned_site:
        with front.http() as http:
            assert http.get(f"/api/tables/{table_id}").json()["result"] == row.result
