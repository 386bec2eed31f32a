"""Reusable checks for game authors: the conformance suite every registered game must pass, and `views.plain` for
rule tests that compare views with list literals."""
