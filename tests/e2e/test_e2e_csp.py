"""Issue 28: the strict Content-Security-Policy (no inline script or style) breaks nothing the client does: the
lobby, a table with a bot, a move and the rules panel run without one violation the browser reports."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from e2e_support import create_table


def test_the_client_runs_under_the_strict_policy(new_page: Callable[..., Any]) -> None:
    page = new_page(enforce_csp=True)
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    # Reported by the page itself too (securitypolicyviolation), for what the console may word differently.
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error("
        "'Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI))"
    )
    create_table(page, "golf", name="Ann", seats=["bot:random"])
    assert "frame-ancestors 'none'" in (page.request.get(page.url).headers["content-security-policy"])
    # Waits by selector only: Playwright's polled predicates are evaluated as strings, which the policy forbids.
    page.wait_for_selector("body[data-my-turn=true]")
    before = page.get_attribute("body", "data-version")
    page.locator("#legal button.legal").first.click()
    page.wait_for_selector(f"body:not([data-version='{before}'])")
    page.click(".topbar .rules-open")  # the rules panel: server-made HTML put in the page
    page.wait_for_selector("#rules-dialog[open][data-loaded=true]")
    page.wait_for_timeout(300)
    assert violations == []
