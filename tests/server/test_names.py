"""Issue 28: player names. The filter refused every Unicode `C*` character, so Persian names written with ZWNJ and
emoji sequences joined by ZWJ were refused; it must still refuse control characters, text direction overrides and
unassigned code points."""

from __future__ import annotations

import pytest

from podium.server.errors import ApiError
from podium.server.requests import parse_name

ALLOWED = [
    "Ann",
    "Ζωή",  # Greek
    "李小龍",  # Han
    "नमस्ते",  # Devanagari, with its combining marks
    "محمد\u200cرضا",  # Persian: ZWNJ inside the name
    "\U0001f468\u200d\U0001f469\u200d\U0001f467 family",  # a ZWJ emoji sequence
    "\U0001f44d\U0001f3fd",  # an emoji with a skin tone
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scot",  # a flag tag sequence
    "Åse Ødegård",
]
REFUSED = [
    "a\u202eb",  # right-to-left override
    "a\u2066b",  # left-to-right isolate
    "a\u200fb",  # right-to-left mark
    "a\u0007b",  # a control character
    "a\u200bb",  # zero width space
    "a\u0378b",  # unassigned
    "a\ue000b",  # private use
    "a\U000e0041b",  # a tag character outside a flag sequence
    "\u200d",  # nothing visible
]


@pytest.mark.parametrize("name", ALLOWED)
def test_names_of_every_script_and_emoji_sequences_are_allowed(name: str) -> None:
    assert parse_name(name, "x") == name


@pytest.mark.parametrize("name", REFUSED)
def test_control_and_direction_characters_and_unassigned_code_points_are_refused(name: str) -> None:
    with pytest.raises(ApiError) as refused:
        parse_name(name, "x")
    assert refused.value.status == 400 and "'name'" in refused.value.message
