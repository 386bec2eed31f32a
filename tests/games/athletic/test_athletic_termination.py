"""Athletic Games ends with a member of its own `Termination` (A-7), whose strings are the ones records, saved results
and the wire have always carried (every game: tests/core/test_result.py)."""

from podium.core.registry import get_game
from podium.games.athletic.termination import AthleticTermination


def test_the_reasons_and_their_strings() -> None:
    assert {member.value for member in AthleticTermination} == {"medals", "turn_limit"}
    state = get_game("athletic").new_game(None, 2, 5)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert type(state.result().reason) is AthleticTermination
