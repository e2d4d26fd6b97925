"""The internet transport: one QUIC stream of an iroh connection as an asyncio byte stream.

Why: the host (`net.host.Host`, an `asyncio.Protocol` per peer) and the client
(`net.client.Client`, asyncio streams) speak the same msgpack frames over TCP; giving
them an `asyncio.Transport` over an iroh stream keeps every rule they enforce (framing
limits, rate limits, seats, tokens, keep-alive, rejoin) unchanged on the internet.
iroh dials a host by its public key and encrypts end to end (QUIC with TLS 1.3); a
relay, when one is used, only passes on encrypted packets.

One connection carries one bidirectional stream, opened by the guest. Closing is
graceful: the side that closes sends what is buffered, finishes its half, waits until
the other side has acknowledged it and then closes the connection (a QUIC connection
closed at once may lose data still in flight, e.g. the `error` a peer is told before
it is dropped).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import re
from collections.abc import Callable
from typing import Any

from .client import AddressError, ConnectTimeout, NetError
from .invitation import ALPN, DEFAULT_RELAY, DIRECT_ONLY, Invitation, check_relay, parse_invitation

__all__ = ["IrohDialer", "IrohListener", "QuicStreamTransport", "endpoint_options"]

log = logging.getLogger("net.iroh")

#: bytes read from the stream at a time (the framing takes pieces of any size)
_READ_SIZE = 65536
#: how long a closing side waits for the other to acknowledge and hang up, before cutting
_LINGER_S = 1.0
#: QUIC application close codes (seen only in logs and by iroh)
_CLOSE_DONE = 0
_CLOSE_ABORT = 1


def endpoint_options(relay: str, secret_key: bytes | None = None, bind: str | None = None) -> Any:
    """iroh's options for an endpoint with this relay setting (see `net.invitation.check_relay`).

    DIRECT_ONLY uses iroh's minimal preset with relays disabled: no relay, no address lookup,
    no publishing of the key anywhere; only the direct addresses in an invitation are tried.
    DEFAULT_RELAY uses n0's preset: its public relays and its address lookup by key. A URL uses
    that one relay and no lookup (the invitation carries the relay's URL).
    """
    import iroh

    relay = check_relay(relay)
    if relay == DEFAULT_RELAY:
        preset, mode = iroh.preset_n0(), None
    elif relay == DIRECT_ONLY:
        preset, mode = iroh.preset_minimal(), iroh.RelayMode.disabled()
    else:
        preset, mode = iroh.preset_minimal(), iroh.RelayMode.custom_from_urls([relay])
    return iroh.EndpointOptions(preset=preset, relay_mode=mode, bind_addr=bind, secret_key=secret_key,
                                alpns=[ALPN])


def _route(connection: Any) -> str:
    """How the connection's packets travel now: "direct", "relay", or "" before a path is chosen."""
    try:
        paths = connection.paths()
    except Exception:  # a closed connection has no paths
        return ""
    for path in paths:
        if path.is_selected:
            return "relay" if path.is_relay else "direct"
    return ""


class QuicStreamTransport(asyncio.Transport):
    """An `asyncio.Transport` over one bidirectional stream of an iroh connection.

    It honours what the host's `PeerConnection` and asyncio's streams rely on: `write`
    never blocks and `get_write_buffer_size` tells what waits, flow control pauses and
    resumes the protocol's writing, `pause_reading` stops deliveries, `close` sends what
    was written first and `abort` does not, and `connection_lost` is called exactly once.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, connection: Any, send: Any, recv: Any,
                 protocol: asyncio.BaseProtocol, *, endpoint: Any = None) -> None:
        super().__init__()
        self._loop = loop
        self._connection = connection
        self._send = send
        self._recv = recv
        self._protocol = protocol
        #: an endpoint this transport owns (a guest's), closed with it
        self._endpoint = endpoint
        self._buffer = bytearray()
        self._in_flight = 0
        self._wake = asyncio.Event()
        self._reading = asyncio.Event()
        self._reading.set()
        self._closing = False
        self._eof_received = False
        self._lost = False
        #: connection_lost was called (it may be, before the connection is closed, after a graceful close)
        self._told = False
        self._protocol_paused = False
        self._high = 64 * 1024
        self._low = 16 * 1024
        self._tasks: list[asyncio.Task[None]] = []
        #: done once the connection is closed for good (after the linger of a graceful close)
        self.finished: asyncio.Future[None] = loop.create_future()
        remote = connection.remote_id()
        #: the remote's key: the host counts connections and chat per "address", here per key
        self._peername = (f"iroh:{remote.fmt_short()}", 0)
        self._extra: dict[str, Any] = {"peername": self._peername, "iroh_remote_id": str(remote)}

    def start(self) -> None:
        """Tell the protocol it is connected and begin reading and writing."""
        self._protocol.connection_made(self)
        self._tasks = [self._loop.create_task(self._read_loop()), self._loop.create_task(self._write_loop())]

    # reading --------------------------------------------------------------------------------
    async def _read_loop(self) -> None:
        try:
            while True:
                await self._reading.wait()
                data = await self._recv.read(_READ_SIZE)
                await self._reading.wait()  # paused while the read was under way: deliver later
                if self._closing:
                    return  # closed from above: nothing more is delivered (as with TCP)
                if not data:
                    self._eof_received = True
                    if not self._protocol.eof_received():  # type: ignore[attr-defined]
                        self.close()
                    return
                self._protocol.data_received(data)  # type: ignore[attr-defined]
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # iroh's error for a connection the other side cut or lost
            self._finish(ConnectionResetError(f"the connection broke: {_iroh_text(exc)}"))

    def pause_reading(self) -> None:
        """Deliver nothing until `resume_reading` (QUIC's flow control then slows the sender)."""
        self._reading.clear()

    def resume_reading(self) -> None:
        """Deliver again."""
        self._reading.set()

    def is_reading(self) -> bool:
        """True unless reading is paused or the transport is closed."""
        return self._reading.is_set() and not self._closing and not self._lost

    # writing --------------------------------------------------------------------------------
    def write(self, data: bytes | bytearray | memoryview) -> None:
        """Queue bytes to send (never blocks)."""
        if self._closing or self._lost or not data:
            return
        self._buffer += data
        self._wake.set()
        if not self._protocol_paused and self.get_write_buffer_size() > self._high:
            self._protocol_paused = True
            self._protocol.pause_writing()

    def writelines(self, list_of_data: Any) -> None:
        """Queue several pieces."""
        for data in list_of_data:
            self.write(data)

    def can_write_eof(self) -> bool:
        """No half-close from above: closing finishes this side's half."""
        return False

    def get_write_buffer_size(self) -> int:
        """Bytes written but not yet taken by QUIC (a slow reader makes this grow)."""
        return len(self._buffer) + self._in_flight

    def get_write_buffer_limits(self) -> tuple[int, int]:
        """(low, high) water marks for pausing the protocol's writing."""
        return self._low, self._high

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        """Set the water marks as asyncio's transports do."""
        self._high = 64 * 1024 if high is None else high
        self._low = self._high // 4 if low is None else low

    async def _write_loop(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._buffer:
                    chunk = bytes(self._buffer)
                    self._buffer.clear()
                    self._in_flight = len(chunk)
                    await self._send.write_all(chunk)
                    self._in_flight = 0
                    if self._protocol_paused and self.get_write_buffer_size() <= self._low:
                        self._protocol_paused = False
                        self._protocol.resume_writing()
                if self._closing:
                    with contextlib.suppress(Exception):
                        await self._send.finish()
                    self._tell_lost(None)  # like TCP: gone for the protocol once all is handed over
                    await self._linger()
                    self._finish(None)
                    return
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._finish(ConnectionResetError(f"the connection broke: {_iroh_text(exc)}"))

    async def _linger(self) -> None:
        """Wait (bounded) until the other side has acknowledged everything and hangs up."""
        with contextlib.suppress(Exception):
            async with asyncio.timeout(_LINGER_S):
                await self._send.stopped()  # the other side acknowledged all our bytes
                if not self._eof_received:
                    await self._connection.closed()  # its turn to close; we cut after the linger

    # closing --------------------------------------------------------------------------------
    def is_closing(self) -> bool:
        """True once close or abort was called (or the connection is gone)."""
        return self._closing or self._lost

    def close(self) -> None:
        """Send what is buffered, then close (at most `_LINGER_S` more for the other side)."""
        if self._closing or self._lost:
            return
        self._closing = True
        self._reading.set()  # a read under way ends without delivering
        self._wake.set()

    def abort(self) -> None:
        """Close at once; unsent bytes are dropped."""
        self._closing = True
        self._finish(None)

    def _tell_lost(self, exc: Exception | None) -> None:
        """`connection_lost`, exactly once."""
        if not self._told:
            self._told = True
            self._loop.call_soon(self._protocol.connection_lost, exc)

    def _finish(self, exc: Exception | None) -> None:
        """Close the connection, stop the tasks, tell the protocol once; let the endpoint go."""
        if self._lost:
            return
        self._lost = True
        self._closing = True
        self._buffer.clear()
        with contextlib.suppress(Exception):
            self._connection.close(_CLOSE_ABORT if exc is not None else _CLOSE_DONE, b"")
        current = asyncio.current_task()
        for task in self._tasks:
            if task is not current:
                task.cancel()
        self._reading.set()
        self._tell_lost(exc)
        # iroh frees a connection (and a closed endpoint its socket) once no handle is left
        self._connection = self._send = self._recv = None
        if not self.finished.done():
            self.finished.set_result(None)
        if self._endpoint is not None:
            endpoint, self._endpoint = self._endpoint, None
            _close_later(self._loop, endpoint)

    # asyncio.BaseTransport ------------------------------------------------------------------
    def get_extra_info(self, name: str, default: Any = None) -> Any:
        """`peername` ("iroh:<key>", 0), `iroh_remote_id` and `route` ("direct" or "relay")."""
        if name == "route":
            return (_route(self._connection) if self._connection is not None else "") or default
        return self._extra.get(name, default)

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        """Hand the stream to another protocol."""
        self._protocol = protocol

    def get_protocol(self) -> asyncio.BaseProtocol:
        """The protocol fed by this transport."""
        return self._protocol


#: endpoints being closed, kept referenced until their close has run
_closing_endpoints: set[asyncio.Task[None]] = set()


def _close_later(loop: asyncio.AbstractEventLoop, endpoint: Any) -> None:
    async def close() -> None:
        with contextlib.suppress(Exception):
            await endpoint.close()

    task = loop.create_task(close())
    _closing_endpoints.add(task)
    task.add_done_callback(_closing_endpoints.discard)


async def _bind(options: Any, patience: float = 3.0) -> Any:
    """Bind an endpoint; a port still held by an endpoint of this process that was just closed
    (iroh lets its socket go only once every handle is gone) is tried again for `patience` seconds.

    Why: "Host again" binds the same port, so that the invitation's direct addresses stay right.
    """
    import iroh

    deadline = asyncio.get_running_loop().time() + patience
    while True:
        try:
            return await iroh.Endpoint.bind(options)
        except iroh.IrohError as exc:
            if not exc.is_kind(iroh.IrohErrorKind.BIND) or asyncio.get_running_loop().time() > deadline:
                raise OSError(f"cannot bind {options.bind_addr or 'a UDP port'}: {_iroh_text(exc)}") from None
            gc.collect()  # frees the handles of closed endpoints, and with them their sockets
            await asyncio.sleep(0.1)


def _iroh_text(exc: BaseException) -> str:
    """iroh's own words for an error: the innermost cause, without its source file positions."""
    text = str(exc) or type(exc).__name__
    message = getattr(exc, "message", None)
    if callable(message):
        with contextlib.suppress(Exception):
            text = str(message())
    lines = [re.sub(r"\s*\([^()]*\.rs:\d+:\d+\)", "", line).strip() for line in text.splitlines()]
    lines = [line for line in lines if line and line != "Caused by:"]
    return lines[-1] if lines else type(exc).__name__


class IrohListener:
    """The host's side: an iroh endpoint whose incoming connections become `Host` peers.

    Passed to `Host(listeners=[...])`; it stands where a TCP server does, with `close` and
    `wait_closed`. Handshakes under way are bounded in number and time, so a flood of
    half-open connections costs the host little and never keeps a real guest out for long.
    """

    sockets: tuple[()] = ()

    def __init__(self, secret_key: bytes, relay: str = DIRECT_ONLY, *, bind: str | None = None,
                 max_handshakes: int = 32, handshake_timeout: float = 5.0, online_timeout: float = 10.0) -> None:
        self._secret_key = secret_key
        self._relay = check_relay(relay)
        self._bind = bind
        self._max_handshakes = max_handshakes
        self._handshake_timeout = handshake_timeout
        self._online_timeout = online_timeout
        self._endpoint: Any = None
        self._accepting: asyncio.Task[None] | None = None
        self._handshakes: set[asyncio.Task[None]] = set()
        #: the connections this listener made, until they are closed for good
        self._transports: set[QuicStreamTransport] = set()

    async def serve(self, protocol_factory: Callable[[], asyncio.Protocol]) -> IrohListener:
        """Bind the endpoint and accept; with a relay, wait (bounded) until it is reachable there."""
        self._endpoint = await _bind(endpoint_options(self._relay, self._secret_key, self._bind))
        if self._relay != DIRECT_ONLY:
            try:
                await asyncio.wait_for(self._endpoint.online(), self._online_timeout)
            except TimeoutError:
                log.warning("no relay answered within %g s: the invitation names only direct addresses",
                            self._online_timeout)
        self._accepting = asyncio.get_running_loop().create_task(self._accept(protocol_factory))
        log.info("open for the internet as %s (%s)", self._endpoint.id().fmt_short(),
                 "direct only" if self._relay == DIRECT_ONLY else f"relay {self._relay}")
        return self

    @property
    def invitation(self) -> Invitation:
        """The invitation to this endpoint as it is reachable now (its key, relay and addresses)."""
        import iroh

        if self._endpoint is None:
            raise RuntimeError("not serving yet")
        return Invitation.from_ticket(iroh.EndpointTicket.from_addr(self._endpoint.addr()))

    async def _accept(self, protocol_factory: Callable[[], asyncio.Protocol]) -> None:
        while True:
            incoming = await self._endpoint.accept_next()
            if incoming is None:
                return
            if len(self._handshakes) >= self._max_handshakes:
                with contextlib.suppress(Exception):
                    await incoming.refuse()
                continue
            task = asyncio.get_running_loop().create_task(self._handshake(incoming, protocol_factory))
            self._handshakes.add(task)
            task.add_done_callback(self._handshakes.discard)

    async def _handshake(self, incoming: Any, protocol_factory: Callable[[], asyncio.Protocol]) -> None:
        connection = None
        try:
            async with asyncio.timeout(self._handshake_timeout):
                accepting = await incoming.accept()
                connection = await accepting.connect()
                connection.set_max_concurrent_uni_streams(0)
                connection.set_max_concurrent_bi_streams(1)
                stream = await connection.accept_bi()
        except asyncio.CancelledError:
            if connection is not None:
                connection.close(_CLOSE_ABORT, b"")
            raise
        except Exception as exc:  # a handshake that failed or took too long: that connection only
            log.debug("an incoming connection did not complete: %s", _iroh_text(exc))
            if connection is not None:
                with contextlib.suppress(Exception):
                    connection.close(_CLOSE_ABORT, b"")
            return
        transport = QuicStreamTransport(asyncio.get_running_loop(), connection, stream.send(), stream.recv(),
                                        protocol_factory())
        self._transports.add(transport)
        transport.finished.add_done_callback(lambda _f: self._transports.discard(transport))
        transport.start()

    def close(self) -> None:
        """Accept no more connections (those open are closed by their peers' owner)."""
        for task in (self._accepting, *self._handshakes):
            if task is not None:
                task.cancel()
        self._accepting = None

    async def wait_closed(self, linger: float = _LINGER_S) -> None:
        """Shut the endpoint down once the connections closed gracefully have delivered their last
        bytes (the table's `closed`, say), or after `linger` seconds."""
        pending = [t.finished for t in self._transports if not t.finished.done()]
        if pending:
            await asyncio.wait(pending, timeout=linger)
        endpoint, self._endpoint = self._endpoint, None
        if endpoint is not None:
            with contextlib.suppress(Exception):
                await endpoint.close()


class IrohDialer:
    """The guest's side: opens asyncio streams to the host an invitation names.

    Passed to `Client(dialer=...)`. Each attempt binds a fresh endpoint (a guest needs no
    lasting key: its seat is held by its token), closed with the connection.
    """

    def __init__(self, invitation: Invitation | str, relay: str = DEFAULT_RELAY, *, bind: str | None = None) -> None:
        self.invitation = invitation if isinstance(invitation, Invitation) else parse_invitation(invitation)
        self._relay = check_relay(relay)
        self._bind = bind

    @property
    def label(self) -> str:
        """The host in words (stands where "host:port" does in messages)."""
        return f"the host {self.invitation.short_id} (by invitation)"

    async def open(self, limit: int, timeout: float) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """Connect and open the stream; NetError subclasses (with the invitation's host) on failure."""
        import iroh

        loop = asyncio.get_running_loop()
        host = self.label
        endpoint = await _bind(endpoint_options(self._relay, None, self._bind), patience=0.0)
        try:
            async with asyncio.timeout(timeout):
                addr = iroh.EndpointTicket.from_string(self.invitation.ticket).endpoint_addr()
                connection = await endpoint.connect(addr, ALPN)
                stream = await connection.open_bi()
        except TimeoutError:
            _close_later(loop, endpoint)
            raise ConnectTimeout(
                f"{host} did not answer within {timeout:g} seconds: the host's app may not be running, "
                f"the invitation may be from an older table, or one side has no internet",
                "timeout", host=host, port="", seconds=timeout, invitation=self.invitation.short_id) from None
        except Exception as exc:
            _close_later(loop, endpoint)
            if isinstance(exc, NetError):
                raise
            reason = _iroh_text(exc)
            if "certificate" in reason or "handshake" in reason:
                text = (f"cannot reach {host}: the computer at the invitation's addresses does not hold the "
                        f"host's key (the invitation may be mistyped or from an older table)")
            else:
                text = f"cannot reach {host}: {reason}"
            raise AddressError(text, "unreachable", host=host, port="", reason=reason,
                               invitation=self.invitation.short_id) from None
        reader = asyncio.StreamReader(limit=limit, loop=loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        transport = QuicStreamTransport(loop, connection, stream.send(), stream.recv(), protocol, endpoint=endpoint)
        transport.start()
        return reader, asyncio.StreamWriter(transport, protocol, reader, loop)
