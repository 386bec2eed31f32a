"""Reusable checks for game authors: the conformance suite every registered game must pass."""
