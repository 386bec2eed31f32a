"""podium.rl's tests need the rl extra (numpy, gymnasium, pettingzoo); without it they are skipped."""

from __future__ import annotations

import pytest

for _module in ("numpy", "gymnasium", "pettingzoo"):
    pytest.importorskip(_module, reason=f"the rl extra is not installed ({_module} missing): pip install -e '.[rl]'")
