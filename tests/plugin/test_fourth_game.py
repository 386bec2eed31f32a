"""A fourth game with no edit to podium (issue 12): Kuhn poker, the distribution in tests/plugin_game, found only
through its `podium.games` entry point, is listed, explained, played in the terminal, played by the random and
ISMCTS bots, simulated, put in a tournament and served over the web protocol, and its value with best play is the
published one (-1/18 for the first player). The conformance suite checks it with every installed game
(tests/test_conformance.py)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from fractions import Fraction
from importlib.metadata import distribution, entry_points
from pathlib import Path
from typing import Any

import httpx2
import pytest
from typer.testing import CliRunner
from websockets.sync.client import ClientConnection, connect

from podium.agents.base import make_agent
from podium.cli.app import app
from podium.core.contract import State
from podium.core.errors import RecordError
from podium.core.record import Record
from podium.core.registry import GROUP, game_names, get_game
from podium.core.rng import Rng
from podium.testing.serve import HOST, free_port, spawn_serve, wait_serving

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_the_game_comes_only_from_its_own_distribution() -> None:
    assert "kuhn" in game_names(), "the test setup installs tests/plugin_game (the README's test command)"
    (point,) = [ep for ep in entry_points(group=GROUP) if ep.name == "kuhn"]
    assert point.value == "podium_kuhn.spec:SPEC"
    assert point.dist is not None and point.dist.name == "podium-kuhn"
    assert "kuhn" not in {ep.name for ep in distribution("podium").entry_points}
    # No edit to podium: neither its source nor its packaging names the game or its package.
    names = ("podium_kuhn", '"kuhn"', "'kuhn'", "podium-kuhn")
    files = [ROOT / "pyproject.toml", *(ROOT / "src" / "podium").rglob("*")]
    mentions = [f for f in files if f.is_file() and any(n in f.read_text(errors="replace") for n in names)]
    assert mentions == []


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hand", "1", "hand must be an integer in 1..3, not '1'"),
        ("hand", 1.0, "hand must be an integer in 1..3, not 1.0"),
        ("num_players", True, "num_players must be an integer in 2..3, not True"),
        ("cards", [0, 0], "cards and deck must hold each of the 3 cards once (K-1)"),
        ("history", [1, 1, 0], "history goes on after the hand ended at action 2 (K-3.3)"),
        ("chips", [1, 0], "chips must add up to 0"),
        ("showdowns", 1, "showdowns = 1 is out of range"),
    ],
)
def test_a_stored_state_is_read_strictly(field: str, value: Any, message: str) -> None:
    game = get_game("kuhn")
    data = game.new_game(game.config(hands=3), 2, 1).to_dict()
    assert game.state_from_dict(json.loads(json.dumps(data))).to_dict() == data
    with pytest.raises(RecordError) as refused:
        game.state_from_dict({**data, field: value})
    assert message in str(refused.value)


def test_listed_by_podium_games() -> None:
    code, output = invoke("games")
    assert code == 0
    row = next(line for line in output.splitlines() if " kuhn " in line)
    assert "Kuhn poker" in row and "2–3" in row and "ismcts" in row and "random" in row
    assert "heuristic" not in row  # it has none: only the framework's bots play it


def test_rules_summary_options_and_full_document() -> None:
    code, output = invoke("rules", "kuhn", "--rule", "bet=2")
    assert code == 0
    text = " ".join(output.split())
    assert "Kuhn poker (2–3 players)" in text and "bets 2 chips" in text
    assert "hands" in text and "integer 1..100" in text and "2 (default 1)" in text
    code, output = invoke("rules", "kuhn", "--full", "--rule", "hands=3")
    assert code == 0
    document = get_game("kuhn").rules_text()
    assert document.startswith("# Kuhn poker\n") and "**K-4.2**" in document
    assert output == document + "\nOptions in effect: hands=3\n"
    code, output = invoke("rules", "kuhn", "--rule", "bet=9")
    assert code == 2 and "invalid value '9' for kuhn option 'bet'" in output and "integer 1..5" in output


def test_played_in_the_terminal_to_the_end_with_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "kuhn.jsonl"
    # A word that is no action is refused with the accepted forms, then menu letters play on: a = pass, b = bet.
    script = "raise\n" + "b\na\n" * 20
    code, output = invoke("play", "kuhn", "--bots", "random", "--seed", "7", "--rule", "hands=3",
                          "--record", str(path), stdin=script)  # fmt: skip
    assert code == 0, output
    text = " ".join(output.split())
    assert "'raise' is not a Kuhn poker action; actions are: pass (also check, fold) or bet (also call)" in text
    assert "game over (hands played)" in text
    record = Record.read(path)
    assert record.game == "kuhn" and record.seed == 7 and record.players == ["you", "random bot"]
    assert record.result is not None and sum(record.result["scores"]) == 0
    code, output = invoke("replay", str(path), "--check")
    assert code == 0 and "replays exactly" in output


def test_the_generic_terminal_renderer_shows_only_the_players_card() -> None:
    code, output = invoke("play", "kuhn", "--bots", "random", "--seed", "2", stdin="quit\n")
    assert code == 0
    game = get_game("kuhn")
    state = game.new_game(game.config(), 2, 2)
    mine, theirs = (state.full_view()["cards"][seat] for seat in (0, 1))
    assert f"'cards': ['{mine}', None]" in output and f"'{theirs}'" not in output


def test_random_and_ismcts_bots_play_it_in_a_simulation() -> None:
    code, output = invoke("simulate", "kuhn", "--bots", "ismcts:iterations=50,random", "-n", "20")
    assert code == 0, output
    assert "20 games" in output and "ismcts:iterations" in output and "random" in output


def test_ismcts_reasons_from_sampled_deals() -> None:
    # Holding the king facing a bet, calling wins whatever card the other seat holds (K-4.1); folding loses.
    game = get_game("kuhn")
    state = next(s for s in map(lambda seed: game.new_game(game.config(), 2, seed), range(50))
                 if s.full_view()["cards"][1] == "K")  # fmt: skip
    state.apply(game.parse_action("bet"))
    bot = make_agent("ismcts:iterations=60", game, 1, seed=3)
    assert bot.act(state.view(1), state.legal_actions()).text() == "bet"


def test_tournament() -> None:
    code, output = invoke("tournament", "kuhn", "--bots", "ismcts:iterations=20,random", "-n", "8")
    assert code == 0, output
    assert "ismcts:iterations=20" in output and "random" in output and "8 games" in output


# -- the web protocol: the real `podium serve`, a table with a bot, a human seat over the WebSocket ---------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("kuhn_server") / "db.sqlite3"
    port = free_port()
    log = db.with_name("serve.log")
    process = spawn_serve(db, port, log=log)
    try:
        wait_serving(process, port, log=log)
        yield f"{HOST}:{port}"
    finally:
        process.terminate()
        process.wait(15)


def recv(conn: ClientConnection) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(conn.recv(timeout=10))
    return frame


def next_frame(conn: ClientConnection, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for _ in range(100):
        frame = recv(conn)
        assert frame["type"] != "error", frame
        if wanted(frame):
            return frame
    raise AssertionError("no such frame within 100 frames")


def test_served_over_the_web_protocol(server: str) -> None:
    # The bot is a difficulty level, which for a game that names none is a framework bot (medium: ISMCTS).
    with httpx2.Client(base_url=f"http://{server}", trust_env=False, timeout=10) as http:
        listed = {g["name"]: g for g in http.get("/api/games").json()}
        assert listed["kuhn"]["title"] == "Kuhn poker" and [o["name"] for o in listed["kuhn"]["options"]] == [
            "hands",
            "bet",
        ]
        body = {"game": "kuhn", "players": 2, "options": {"hands": 4}, "name": "Ann",
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "medium"}]}  # fmt: skip
        made = http.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        table, token = made.json()["table"], made.json()["token"]
    with connect(f"ws://{server}/ws/tables/{table['id']}", proxy=None, open_timeout=5) as conn:
        conn.send(json.dumps({"type": "hello", "token": token}))
        assert next_frame(conn, lambda f: True)["type"] == "welcome"
        sync = next_frame(conn, lambda f: f["type"] == "sync")
        syncs = [sync]
        rng = Rng(5)
        for _ in range(40):
            if "result" in sync:
                break
            if sync["legal"]:
                choice = sync["legal"][rng.randbelow(len(sync["legal"]))]
                version = sync["version"]
                conn.send(json.dumps({"type": "action", "version": version, "action": choice["action"]}))
                # the acknowledgement: this socket's own sync of the next version, with "ack": true
                sync = next_frame(conn, lambda f: f["type"] in ("ack", "error") or "ack" in f)
                assert sync["type"] == "sync" and sync["ack"] is True and sync["version"] == version + 1, sync
            else:
                sync = next_frame(conn, lambda f, v=sync["version"]: f["type"] == "sync" and f["version"] > v)
            syncs.append(sync)
        assert "result" in sync, "the match did not end"
    result = sync["result"]
    assert result["reason"] == "hands_played" and sum(result["scores"]) == 0
    assert sync["view"]["hand"] == 4 and sync["view"]["is_over"]
    for frame in syncs:
        # K-2.2: seat 0 sees its own card, the bot's only when a showdown ends the match, and no card event of seat 1.
        view = frame["view"]
        assert view["player"] == 0 and view["cards"][0] is not None
        if view["cards"][1] is not None:
            assert view["is_over"] and view["last_hand"]["showdown"]
        assert all(e.get("visible_to", [0]) == [0] for e in frame["events"])
    assert any(e["kind"] == "card" for frame in syncs for e in frame["events"])


# -- the published value: -1/18 for the first player, by exact computation ---------------------------------------

Strategy = Callable[[str, tuple[str, ...]], Fraction]  # (own card, this hand's actions) -> probability of `bet`


def expected_score(state: State, strategies: tuple[Strategy, Strategy]) -> Fraction:
    """Seat 0's exact expected chips from `state` on, each seat betting as its strategy says from its own view."""
    if state.is_over:
        return Fraction(state.result().scores[0])
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    bet = strategies[seat](view["cards"][seat], tuple(view["history"]))
    total = Fraction(0)
    for action, chance in (("pass", 1 - bet), ("bet", bet)):
        if chance:
            after = state.clone()
            after.apply(state.game.parse_action(action))
            total += chance * expected_score(after, strategies)
    return total


def deals() -> list[State]:
    """The six deals of two-player Kuhn poker (K-1.1, K-2.1), each with probability 1/6."""
    game = get_game("kuhn")
    base = game.new_game(game.config(), 2, 0).to_dict()
    found = []
    for first, second, rest in itertools.permutations(range(3)):
        found.append(game.state_from_dict({**base, "cards": [first, second], "deck": [rest]}))
    assert sorted(tuple(s.full_view()["cards"]) for s in found) == sorted(itertools.permutations("JQK", 2))
    return found


def game_value(strategies: tuple[Strategy, Strategy]) -> Fraction:
    return sum((expected_score(s, strategies) for s in deals()), Fraction(0)) / 6


def kuhn_equilibrium(alpha: Fraction) -> tuple[Strategy, Strategy]:
    """Kuhn's (1950) family of equilibria: the first player bets a jack with probability alpha (0..1/3), a king
    with 3 alpha, and calls with a queen with alpha + 1/3; the second bets a king, bluffs a jack a third of the time
    after a check, and calls with a queen a third of the time."""
    third = Fraction(1, 3)
    opening = {"J": alpha, "Q": Fraction(0), "K": 3 * alpha}
    first_calls = {"J": Fraction(0), "Q": alpha + third, "K": Fraction(1)}
    second_bets = {"J": third, "Q": Fraction(0), "K": Fraction(1)}
    second_calls = {"J": Fraction(0), "Q": third, "K": Fraction(1)}

    def first(card: str, history: tuple[str, ...]) -> Fraction:
        return opening[card] if history == () else first_calls[card]

    def second(card: str, history: tuple[str, ...]) -> Fraction:
        return second_bets[card] if history == ("pass",) else second_calls[card]

    return first, second


def pure_strategies(histories: tuple[tuple[str, ...], ...]) -> list[Strategy]:
    """Every deterministic strategy of a seat whose decisions come after `histories`: 2^6 of them."""
    points = [(card, history) for card in "JQK" for history in histories]
    found: list[Strategy] = []
    for bets in itertools.product((Fraction(0), Fraction(1)), repeat=len(points)):
        table = dict(zip(points, bets, strict=True))
        found.append(lambda card, history, table=table: table[(card, history)])
    return found


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 6), Fraction(1, 3)])
def test_the_first_player_loses_one_eighteenth_with_best_play(alpha: Fraction) -> None:
    first, second = kuhn_equilibrium(alpha)
    assert game_value((first, second)) == Fraction(-1, 18)
    # It is the game's value: neither seat can do better against the other's strategy (so the rules, the stakes and
    # the views are those of Kuhn poker). Seat 0's best reply to seat 1 gets -1/18, seat 1's best reply to seat 0
    # holds seat 0 to -1/18.
    assert max(game_value((reply, second)) for reply in pure_strategies(((), ("pass", "bet")))) == Fraction(-1, 18)
    assert min(game_value((first, reply)) for reply in pure_strategies((("pass",), ("bet",)))) == Fraction(-1, 18)


def test_a_second_seat_that_never_bluffs_is_exploited() -> None:
    # Betting and calling only with the king: the first seat's best reply (bluff with the jack, check and fold the
    # queen to a bet) wins 1/6 of a chip a hand, (-1/2 + 0 + 1) / 3, where best play by both loses 1/18.
    honest: Strategy = lambda card, history: Fraction(card == "K")  # noqa: E731
    assert max(game_value((reply, honest)) for reply in pure_strategies(((), ("pass", "bet")))) == Fraction(1, 6)
