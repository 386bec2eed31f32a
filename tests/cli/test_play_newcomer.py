"""`podium play` as a newcomer meets it (issue 11): precise parse errors. Every test drives the real `podium` app
with typed input."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from podium.cli.app import app

runner = CliRunner()


def invoke(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


# -- 2. parse errors say what was wrong -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("play 9z 1", "'play 9z 1': no sport 'z' in '9z'; sports are r g b y o p (red green blue yellow orange"),
        ("play 12r 1", "'play 12r 1': no card value 12 in '12r'; values are 1..10"),
        ("play 0r 1", "no card value 0 in '0r'; values are 1..10"),
        ("play 7r 9", "'play 7r 9': no pile 9; piles are 1..5"),
        ("fill 7r 0", "'fill 7r 0': no pile 0; piles are 1..5"),
        ("move 1 6", "'move 1 6': no pile 6; piles are 1..5"),
        ("move 2 2", "'move 2 2': a move needs two different piles"),
        ("play 7r", "'play 7r': write play CARD PILE, e.g. play 7r 3 (piles 1..5)"),
        ("move 1", "'move 1': write move FROM TO, e.g. move 1 4"),
        ("end 3", "'end 3': write end, with nothing after it"),
        ("play 7 1", "'7' is not a card: it needs its sport, e.g. 7r"),
        ("jump", "'jump' is not an action; actions are: play CARD PILE"),
    ],
)
def test_athletic_parse_errors_name_the_wrong_part(typed: str, message: str) -> None:
    code, output = invoke("play", "athletic", "--seed", "1", stdin=f"{typed}\nquit\n")
    assert code == 0
    assert message in " ".join(output.split())


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("play 9z", "'play 9z': no colour 'z' in '9z'; colours are r g b y k (red green blue yellow black)"),
        ("play 10r", "'play 10r': no card value 10 in '10r'; values are 1..9"),
        ("play 7", "'7' is not a card: write its value then its colour, e.g. 7r"),
        ("jump", "'jump' is not an action; write 'play CARDS'"),
    ],
)
def test_olympicards_parse_errors_name_the_wrong_part(typed: str, message: str) -> None:
    code, output = invoke("play", "olympicards", "--seed", "1", stdin=f"{typed}\nquit\n")
    assert code == 0
    assert message in " ".join(output.split())
