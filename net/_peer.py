"""One peer connection on the host: framing, rate limit, bounded sending.

Why: a peer is untrusted and may be slow or hostile; keeping its bytes, its
budget and its output buffer in one object lets the host drop exactly that
peer and nobody else.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ._framing import FrameError, FrameReader, encode
from ._messages import error

__all__ = ["HostConfig", "PeerConnection", "hostile_log"]

log = logging.getLogger("net.host")


class _ThrottledLog:
    """Log lines about misbehaving connections: at most one per remote address every `every`
    seconds; the others are counted and told with the next line or by `flush`.

    Why: a flood of hostile connections (a thousand a second in bench/hostile.py) must not
    flood the host's log, nor a disk behind it, nor cost the host its time.
    """

    __slots__ = ("_seen", "every")

    def __init__(self, every: float = 10.0) -> None:
        self.every = every
        self._seen: dict[str, tuple[float, int]] = {}

    def info(self, address: str, text: str, *args: Any) -> None:
        """Log one event of `address` now, or count it for later."""
        now = time.monotonic()
        last, skipped = self._seen.get(address, (-1e9, 0))
        if now - last < self.every:
            self._seen[address] = (last, skipped + 1)
            return
        self._seen[address] = (now, 0)
        if skipped:
            text, args = text + " (%d more events from %s before were not logged)", (*args, skipped, address)
        log.info(text, *args)

    def flush(self, now: float) -> None:
        """Tell the counted events of addresses gone quiet, and forget them."""
        for address, (last, skipped) in list(self._seen.items()):
            if now - last >= self.every:
                del self._seen[address]
                if skipped:
                    log.info("%d more events from %s were not logged (one line per address every %g s)",
                             skipped, address, self.every)


#: the one throttle of this process (keyed by address, so hosts may share it)
hostile_log = _ThrottledLog()


@dataclass(slots=True)
class HostConfig:
    """Limits and timings of a host; the defaults are for real use, tests shrink them."""

    max_message: int = 64 * 1024
    #: messages per second a peer may send on average, and the burst it may save up
    rate: float = 20.0
    burst: float = 60.0
    #: chat lines per second one remote address may send on average, and the burst it may save up
    chat_rate: float = 2.0
    chat_burst: float = 8.0
    #: a welcomed peer silent this long is dropped (peers ping every few seconds)
    idle_timeout: float = 9.0
    #: a connection that has not been welcomed after this long is closed
    hello_timeout: float = 5.0
    #: bytes waiting to be sent to one peer before it is dropped as a slow reader
    send_buffer_limit: int = 512 * 1024
    #: the kernel's send buffer per connection (SO_SNDBUF), None for the system's default
    socket_send_buffer: int | None = None
    #: connections open at once, in all and from one remote address; past either, the oldest
    #: connection not yet welcomed makes room (else the new one is refused with `busy`)
    max_connections: int = 64
    max_per_address: int = 8
    max_spectators: int = 16
    #: how often the keep-alive sweep runs
    sweep_interval: float = 1.0


class PeerConnection(asyncio.Protocol):
    """The host's side of one TCP connection."""

    def __init__(
        self,
        config: HostConfig,
        on_message: Callable[[PeerConnection, dict[str, Any]], None],
        on_closed: Callable[[PeerConnection], None],
        on_opened: Callable[[PeerConnection], str | None] | None = None,
    ) -> None:
        self._config = config
        self._on_message = on_message
        self._on_closed = on_closed
        self._on_opened = on_opened
        # Dropped (with whatever half-read message it holds) as soon as the connection closes.
        self._reader: FrameReader | None = FrameReader(config.max_message)
        self._transport: asyncio.Transport | None = None
        self._tokens = config.burst
        self._refilled = time.monotonic()
        self._rate_error_at = -1e9
        self.opened = time.monotonic()
        self.last_heard = self.opened
        self.closed = False
        # Set by the host once the peer is welcomed.
        self.welcomed = False
        self.welcomed_at = 0.0  # time.monotonic() of the welcome (the lobby lists spectators in that order)
        self.name = ""
        self.seat: int | None = None
        self.token_hash: str | None = None
        self.token: str | None = None
        #: the features granted in `welcome` (None: the peer did not ask, docs/protocol.md)
        self.features: tuple[str, ...] | None = None
        #: the peer gets `ended` without `result` (feature "ended-no-result")
        self.ended_no_result = False
        #: the seq of the last `update` sent on this connection: each one after it is one more
        self.last_seq: int | None = None
        self.peername: Any = None
        #: the remote IP address ("" if unknown): connection limits and chat are counted per address
        self.address = ""
        #: when the host last sent this peer a `rate` error about chat
        self.chat_warned_at = -1e9
        #: done once the connection is gone (a goodbye waits for it)
        self.gone: asyncio.Future[None] | None = None
        #: the peer said `leave` before closing (it left on purpose)
        self.goodbye = False
        #: the host dropped the peer for silence (a pulled cable, a sleeping laptop)
        self.lost = False

    # asyncio.Protocol -------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """Remember the transport."""
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        self.gone = asyncio.get_running_loop().create_future()
        self.peername = transport.get_extra_info("peername")
        if isinstance(self.peername, tuple) and self.peername:
            self.address = str(self.peername[0])
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                if self._config.socket_send_buffer:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF,
                                    self._config.socket_send_buffer)
        refusal = self._on_opened(self) if self._on_opened is not None else None
        if refusal is not None:
            self.send(error("busy", refusal))
            self.close()

    def data_received(self, data: bytes) -> None:
        """Decode frames and hand each allowed message to the host."""
        reader = self._reader
        if self.closed or reader is None:
            return
        self.last_heard = time.monotonic()
        try:
            for message in reader.feed(data):
                if self.closed:
                    return
                if not self._spend():
                    continue
                self._on_message(self, message)
        except FrameError as exc:
            hostile_log.info(self.address, "%s: bad frame (%s), closing", self.peername, exc)
            self.send(error("bad-frame", str(exc)))
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        """Tell the host once; let go of everything the connection held."""
        self.closed = True
        self._reader = None
        if self.gone is not None and not self.gone.done():
            self.gone.set_result(None)
        self._on_closed(self)

    # sending ----------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Encode and send one message."""
        self.send_bytes(encode(message))

    def send_bytes(self, data: bytes) -> None:
        """Queue bytes; drop the peer when its unsent bytes exceed the limit."""
        transport = self._transport
        if self.closed or transport is None or transport.is_closing():
            return
        transport.write(data)
        if transport.get_write_buffer_size() > self._config.send_buffer_limit:
            hostile_log.info(self.address, "%s: not reading, dropped", self.peername)
            self.abort()

    def close(self) -> None:
        """Close after what was sent so far (bounded by the transport's buffer)."""
        if self._transport is not None and not self._transport.is_closing():
            self._transport.close()
        self.closed = True
        self._reader = None

    def abort(self) -> None:
        """Close at once, discarding unsent bytes."""
        self.closed = True
        self._reader = None
        if self._transport is not None:
            self._transport.abort()

    # rate limit -------------------------------------------------------
    def _spend(self) -> bool:
        """Token bucket: True if this message may be handled; otherwise answer `rate` and slow down."""
        now = time.monotonic()
        cfg = self._config
        self._tokens = min(cfg.burst, self._tokens + (now - self._refilled) * cfg.rate)
        self._refilled = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        if now - self._rate_error_at >= 1.0:
            self._rate_error_at = now
            self.send(error("rate", f"more than {cfg.rate:g} messages per second; message dropped"))
        # Back-pressure: stop reading until one message's worth of budget is back.
        transport = self._transport
        if transport is not None and not transport.is_closing() and transport.is_reading():
            transport.pause_reading()
            asyncio.get_running_loop().call_later(1.0 / cfg.rate, self._resume)
        return False

    def _resume(self) -> None:
        """Read again after a pause for flooding."""
        transport = self._transport
        if transport is not None and not transport.is_closing() and not transport.is_reading():
            transport.resume_reading()
