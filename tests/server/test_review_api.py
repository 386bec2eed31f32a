"""The post-game review for the browser (issue 29, item 6): `POST /api/tables/{id}/review` with the seat's token
starts the review in a process of its own, tells its progress, then sends the seat's decisions against hard's and
the game replayed as that seat saw it — nothing more."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from podium.core.record import Record
from server_support import LiveServer, error, live_server, play_to_end, two_humans

GAME = "kuhn"  # the plugin game: a whole game in a few moves, so hard's review takes a moment


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with live_server(tmp_path_factory.mktemp("review") / "db.sqlite3") as live:
        yield live


def _finished(server: LiveServer) -> dict[str, Any]:
    t = two_humans(server, GAME)
    sockets = {seat: server.ws(t["id"]) for seat in t["tokens"]}
    for seat, s in sockets.items():
        s.hello(t["tokens"][seat])
    play_to_end(sockets, [], random.Random(3))
    return t


def test_a_review_is_for_a_seat_of_a_finished_table(server: LiveServer) -> None:
    t = two_humans(server, GAME)
    with server.http() as http:
        url = f"/api/tables/{t['id']}/review"
        error(http.post(url), 401, "unauthorized")
        error(http.post(url, headers={"Authorization": "Bearer nonsense"}), 401, "unauthorized")
        error(http.post(url, headers={"Authorization": f"Bearer {t['tokens'][0]}"}), 409, "not_finished")


def test_the_review_tells_its_progress_then_the_seats_decisions_and_its_own_views(server: LiveServer) -> None:
    t = _finished(server)
    seat = 1
    auth = {"Authorization": f"Bearer {t['tokens'][seat]}"}
    with server.http() as http:
        url = f"/api/tables/{t['id']}/review"
        deadline = time.monotonic() + 120
        answer = http.post(url, headers=auth).json()
        while answer["status"] == "running":
            assert 0 <= answer["done"] <= max(answer["total"], 0) or answer["total"] == 0
            assert time.monotonic() < deadline, answer
            time.sleep(0.2)
            answer = http.post(url, headers=auth).json()
        assert answer["status"] == "done", answer
        record = Record.loads(http.get(f"/api/tables/{t['id']}/record").text)
    review = answer["review"]
    assert review["seat"] == seat and review["game"] == GAME
    plies = [m["ply"] for m in review["moments"]]
    assert all(record.moves[p][0] == seat for p in plies)  # only the reviewed seat's own decisions
    assert set(review["costliest"]) <= set(plies)
    # The game replayed as the seat saw it during play: its shown view before the first move and after each, and
    # each move as every seat's sync said it. The other seat's card stays hidden wherever it was hidden in play.
    frames = answer["frames"]
    assert len(frames) == len(record.moves) + 1
    state = record.start()
    assert frames[0] == {"view": state.shown_view(seat), "last": None}
    for step, frame in zip(record.replay(), frames[1:], strict=True):
        assert frame["view"] == step.state.shown_view(seat)
        assert frame["last"]["seat"] == step.player and frame["last"]["action"] == step.action.to_json()
    # Asked again: the same review, kept, not computed anew.
    with server.http() as http:
        assert http.post(f"/api/tables/{t['id']}/review", headers=auth).json() == answer


def test_reviews_beyond_the_limit_are_refused_until_one_finishes(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each review takes a core while it runs: past the limit the caller is told to come back (503 busy), and
    # nothing is started. (Jobs that never finish stand in for the processes here.)
    from podium.server import review
    from podium.server.errors import ApiError

    started: list[int] = []

    def start(record_text: str, seat: int) -> review.Job:
        started.append(seat)
        return review.Job(None, None)

    monkeypatch.setattr(review.Reviews, "_start", staticmethod(start))
    reviews = review.Reviews(running_limit=2)
    assert reviews.ask("t1", 0, "")["status"] == "running"
    assert reviews.ask("t1", 0, "")["status"] == "running"  # asked again: the same job, not a second
    assert reviews.ask("t2", 1, "")["status"] == "running"
    with pytest.raises(ApiError) as refused:
        reviews.ask("t3", 0, "")
    assert (refused.value.status, refused.value.code) == (503, "busy")
    assert started == [0, 1]
    reviews.close()
