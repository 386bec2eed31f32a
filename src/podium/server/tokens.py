"""Seat tokens: random and unguessable; only their hashes are stored, and comparisons take constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    # A plain hash suffices: tokens carry 192 random bits, so there is nothing to brute-force.
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def find_seat(token: str, hashes: Sequence[str | None]) -> int | None:
    """The seat whose stored hash matches `token`, comparing against every seat (no early exit)."""
    given = hash_token(token)
    found: int | None = None
    for seat, stored in enumerate(hashes):
        # compare_digest on equal-length hex strings; a seat without a token compares against a dummy
        if hmac.compare_digest(given, stored or "0" * 64) and stored is not None:
            found = seat
    return found
