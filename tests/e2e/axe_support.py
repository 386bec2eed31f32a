"""axe-core in the browser tests: the vendored `vendor/axe.min.js` (npm package axe-core 4.14.1, MPL-2.0, taken with
`npm pack axe-core` and committed: nothing is downloaded when the tests run) injected into the page, and its
serious and critical findings."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"

FINDINGS = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const where = v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ");
      return `${v.id} (${v.impact}): ${v.help} at ${where}`;
    });
}"""


def serious_findings(page: Any) -> list[str]:
    """axe's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        with contextlib.suppress(Exception):
            page.add_script_tag(path=str(AXE))
        if not page.evaluate("typeof axe !== 'undefined'"):  # a policy without inline scripts kept the tag out
            page.evaluate(AXE.read_text(encoding="utf-8"))
    return list(page.evaluate(FINDINGS))
