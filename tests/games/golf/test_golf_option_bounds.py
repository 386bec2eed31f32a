"""Golf's card values have a range (G-2; every game's numeric options: tests/cli/test_option_bounds.py)."""

from __future__ import annotations

from game_support import invoke
from podium.core.registry import get_game


def test_golf_card_values_have_a_range() -> None:
    # G-2: an explicit value table holds integers -100..100.
    code, output = invoke("rules", "golf", "--rule", "values=A=1,2=2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,K=101")
    assert code == 2
    assert "the value of rank K must be an integer -100..100, not 101" in " ".join(output.split())
    values = "A=-100,2=2,3=3,4=4,5=5,6=6,7=7,8=8,9=9,10=10,J=10,Q=10,K=100"
    code, output = invoke("rules", "golf", "--rule", f"values={values}")
    assert code == 0, output
    config = get_game("golf").config_type.from_assignments([f"values={values}"])
    assert config.value_table[0] == -100 and config.value_table[12] == 100  # type: ignore[attr-defined]
