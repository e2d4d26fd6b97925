"""How much a host may send a joined app: chat lines, messages and bytes per second, with bursts.

Why: holding the reading (``host_door``) keeps a flood in TCP instead of in this app's memory, but a
host that floods keeps the app busy for as long as it likes. An honest host never comes near these
limits (docs/protocol.md "Framing": its chat limits allow at most 2 lines a second per address, from
at most 21 people; an update is about 1.2 KB, one a turn); a host beyond them is hung up on, with a
message that says which limit it broke.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HostLimits:
    """Rates a host must keep to on average, and the bursts it may send at once (docs/protocol.md)."""

    chat_rate: float = 50.0  # chat lines a second
    chat_burst: float = 200.0
    message_rate: float = 100.0  # every other message (updates, the story, lobbies, answers) a second
    message_burst: float = 1000.0  # a rejoin's story: one `past` per turn and seat event, then the rest
    byte_rate: float = 256 * 1024  # bytes of messages a second (an honest update is about 1.2 KB)
    byte_burst: float = 2 * 1024 * 1024


class _Bucket:
    """A token bucket: ``burst`` at once, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, now

    def take(self, amount: float, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        self.level -= amount
        return self.level >= 0


class HostBudget:
    """What one connection's host has left to send; ``spend`` says which limit a message broke."""

    def __init__(self, limits: HostLimits | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits = limits or HostLimits()
        self._clock = clock
        now = clock()
        self._chat = _Bucket(limits.chat_rate, limits.chat_burst, now)
        self._messages = _Bucket(limits.message_rate, limits.message_burst, now)
        self._bytes = _Bucket(limits.byte_rate, limits.byte_burst, now)

    def spend(self, kind: str, size: int) -> tuple[str, float] | None:
        """Count one message of ``size`` bytes: None while within the limits, else the limit broken:
        ("chat", lines a second), ("messages", messages a second) or ("bytes", bytes a second)."""
        now = self._clock()
        lim = self.limits
        if kind == "chat":
            if not self._chat.take(1, now):
                return "chat", lim.chat_rate
        elif not self._messages.take(1, now):
            return "messages", lim.message_rate
        if not self._bytes.take(size, now):
            return "bytes", lim.byte_rate
        return None
