"""Seat tokens as the table keeps them: hashes only, compared in constant time.

Why: an autosave must let players reclaim their seats after a host restart
without the file itself being a key to every seat.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence

from patrician_qt.net.hosted import hash_token, new_token

from .seats import Seat

__all__ = ["hash_token", "new_token", "seat_of_hash"]


def seat_of_hash(seats: Sequence[Seat], token_hash: str) -> int | None:
    """The seat holding this token hash, or None; every seat is compared (no early exit)."""
    found: int | None = None
    probe = token_hash.encode("ascii", "replace")
    for i, seat in enumerate(seats):
        stored = (seat.token_hash or "").encode("ascii", "replace")
        if seat.token_hash is not None and hmac.compare_digest(stored, probe):
            found = i
    return found
