"""Seat tokens: random and unguessable; only their hashes are stored, and comparisons take constant time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def rematch_token(old_token: str, new_table_id: str) -> str:
    """The seat token of a rematch table for the holder of `old_token`: derived, not random, so that asking for the
    rematch again returns the same token without the server ever storing one (and after a restart too). Only the
    holder of the old token can compute it; like a random token it carries 192 bits."""
    digest = hmac.new(old_token.encode("utf-8", "surrogatepass"), b"rematch:" + new_table_id.encode(), "sha256")
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode("ascii")


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
