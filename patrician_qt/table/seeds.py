"""Per-decision seeds that reveal nothing of the deal.

Why: a table's secret seed deals the cards (R5) and fixes every bot decision, so that a
game is reproducible from its record. Each decision gets its own seed, handed to a bot
worker (or a hint): with a reversible formula of the secret seed, anything given one
decision seed could rebuild the deal, every hand and the draw pile (R26). BLAKE2b is
one-way: a decision seed tells nothing about the secret seed or another decision's seed,
and the same (secret seed, purpose, seat, turn) always gives the same one.
"""

from __future__ import annotations

import hashlib

__all__ = ["SEED_BITS", "decision_seed"]

#: Decision seeds are whole numbers below 2**62 (bots, msgpack and JSON carry them as ints).
SEED_BITS = 62
_PERSON = b"patrician-seed"  # BLAKE2b personalisation: these digests are used for nothing else


def decision_seed(secret: int, seat: int, turn: int, purpose: str = "bot") -> int:
    """The seed of one decision (``purpose`` "bot" or "hint") of ``seat`` at ``turn``, one-way from ``secret``."""
    message = f"{purpose}:{int(secret)}:{int(seat)}:{int(turn)}".encode("ascii")
    digest = hashlib.blake2b(message, digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)
