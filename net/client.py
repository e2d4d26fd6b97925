"""The peer side of the LAN protocol: connect, receive views, send turns, rejoin.

Why: the UI's RemoteSession (and tests, bots, the bench) need one small
asyncio client that turns network trouble into clear, human-readable errors
and reconnects with its token by itself.

Usage (on any running asyncio loop, e.g. qasync's)::

    client = Client()
    try:
        welcome = await client.connect("192.168.1.20", 47147, "Anna")
    except NetError as exc:          # AddressError, RefusedError, ConnectTimeout,
        show(str(exc))               # VersionMismatch, TableFull, BadToken, NameTaken,
                                     # TableClosed, HostGone
                                     # (exc.kind and exc.params: see NetError)
    async for message in client:     # protocol maps: welcome, lobby, update, past,
        ...                          # rejected, chat, error, closed — plus
                                     # {"t": "connection", "state": "reconnecting" |
                                     #  "connected" | "closed", "error": str | None,
                                     #  "cause": NetError | None}, and while reconnecting
                                     # {"t": "retry", "attempt", "since", "cause", "first"}
    await client.send_turn({"card": "BOL-3", "build": ["A"], "relocate": None, "take": "Bologna"})
    await client.chat("hello")
    await client.close()

Instead of iterating, pass `on_message=callback` (called on the loop for each
message). `client.token` is the seat's secret: keep it to rejoin later with
`connect(..., token=token)`. While connected the client pings every
`ping_interval` seconds; a host silent for `host_timeout` seconds counts as
gone, and the client then reconnects with backoff using its token (a
spectator simply comes back as a spectator).

The client asks the host for the protocol's optional features (`features=`,
default all it knows; docs/protocol.md "Features") and hides them from the
code above it: with "ended-no-result" the host sends `ended` without
`result`, and the client puts the result back from the same update's view.
`client.features` says what the host granted.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ._framing import MAX_MESSAGE, FrameError, FrameReader, encode
from ._messages import FEATURES, PROTOCOL_VERSION
from .hosted import SeatEntry

__all__ = [
    "AddressError",
    "BadToken",
    "Client",
    "ConnectTimeout",
    "HostGone",
    "NameTaken",
    "NetError",
    "RefusedError",
    "TableClosed",
    "TableFull",
    "VersionMismatch",
]


class Dialer(Protocol):
    """Opens the byte stream to a host another way than TCP (net/_iroh_transport.py's IrohDialer)."""

    async def open(self, limit: int, timeout: float) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """The streams, or a NetError that says why not."""
        ...


class NetError(Exception):
    """A connection problem: `str()` is an English sentence (logs, tools, the CLI).

    `kind` names the problem for code (and for an app that tells it in its own language) and
    `params` holds its details; the sentence is made from them. Kinds and their params:

    - AddressError: "bad-port" {port}; "unknown-host" {host, reason}; "unreachable" {host, port, reason}
    - RefusedError: "refused" {host, port}
    - ConnectTimeout: "timeout" {host, port, seconds}; "no-welcome" {host, port, seconds}
    - the host's `error` before `welcome`: VersionMismatch "version", TableFull "table-full",
      BadToken "bad-token", NameTaken "name-taken", any other code (e.g. "busy": too many
      connections) NetError "host-refused"; all with {code, message} (`message` is the host's
      free text, as received)
    - TableClosed: "table-closed" {message}: the host closed the table on purpose (a `closed`
      message); the client does not reconnect
    - HostGone: "closed-early" {host, port}; "broke" {host, port, reason}; "unreadable" {reason};
      "closed" {}; "silent" {host, port, seconds}: nothing came for that long, so this client hung up
      (a pulled cable, a sleeping or frozen host; the host closed nothing); "gave-up" {cause: the last
      NetError}; "not-connected" {}

    `reason` is the operating system's or the framing's own text, as it came.
    """

    kind = "error"

    def __init__(self, text: str = "", kind: str | None = None, /, **params: Any) -> None:
        super().__init__(text)
        if kind is not None:
            self.kind = kind
        self.params: dict[str, Any] = params


class AddressError(NetError):
    """The address is wrong: no such host, bad port or no route."""

    kind = "unreachable"


class RefusedError(NetError):
    """Nothing accepts connections at that address and port."""

    kind = "refused"


class ConnectTimeout(NetError):
    """The host did not answer in time."""

    kind = "timeout"


class VersionMismatch(NetError):
    """The host speaks another protocol version."""

    kind = "version"


class TableFull(NetError):
    """No seat (or no room for spectators) is left."""

    kind = "table-full"


class BadToken(NetError):
    """The token does not hold a seat at this table (any more)."""

    kind = "bad-token"


class NameTaken(NetError):
    """Someone at the table already has this name (case and spaces do not count)."""

    kind = "name-taken"


class HostGone(NetError):
    """The host closed the connection or stopped answering."""

    kind = "closed"


class TableClosed(NetError):
    """The host closed the table on purpose: the game is over for everyone, nothing to rejoin."""

    kind = "table-closed"


_ERRORS: dict[str, type[NetError]] = {
    "version": VersionMismatch,
    "table-full": TableFull,
    "bad-token": BadToken,
    "name-taken": NameTaken,
}


def _table_closed(message: dict[str, Any]) -> TableClosed:
    """The TableClosed for a host's `closed` message (its text is kept as received)."""
    text = str(message.get("message") or "the host closed the table")
    return TableClosed(f"the host closed the table: {text}", None, message=text)


def _refusal(message: dict[str, Any]) -> NetError:
    """The NetError for a host's `error` message (its code picks the class, its text is kept)."""
    code = str(message.get("code"))
    text = str(message.get("message") or code)
    cls = _ERRORS.get(code, NetError)
    return cls(f"the host refused: {text}", None if cls is not NetError else "host-refused",
               code=code, message=text)


class Client:
    """One connection to a host, with keep-alive and token reconnects."""

    def __init__(
        self,
        *,
        on_message: Callable[[dict[str, Any]], None] | None = None,
        reconnect: bool = True,
        ping_interval: float = 3.0,
        host_timeout: float = 10.0,
        connect_timeout: float = 5.0,
        backoff: Sequence[float] = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0),
        give_up_after: float = 120.0,
        max_message: int = MAX_MESSAGE,
        features: Sequence[str] = FEATURES,
        dialer: Dialer | None = None,
    ) -> None:
        self._on_message = on_message
        #: opens the byte stream instead of TCP (the internet transport); `connect`'s host names it in messages
        self._dialer = dialer
        self._reconnect = reconnect
        self._ping_interval = ping_interval
        self._host_timeout = host_timeout
        self._connect_timeout = connect_timeout
        self._backoff = tuple(backoff) or (1.0,)
        self._give_up_after = give_up_after
        self._max_message = max_message
        self._features = list(features)
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._frames: FrameReader | None = None
        self._pending: list[dict[str, Any]] = []
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._address: tuple[str, int] = ("", 0)
        self._name = ""
        self._role = "player"
        self._ping_n = 0
        self._last_heard = 0.0
        #: seconds the host had been silent when the keep-alive gave up on it (None: it did not)
        self._silent_for: float | None = None
        #: "idle", "connected", "reconnecting" or "closed"
        self.state = "idle"
        self.token: str | None = None
        self.seat: int | None = None
        self.welcome: dict[str, Any] | None = None
        self.seats: list[SeatEntry] = []
        self.seq: int | None = None
        self.view: dict[str, Any] | None = None
        #: the features the host granted on this connection (docs/protocol.md "Features")
        self.features: tuple[str, ...] = ()
        self.error: NetError | None = None
        #: set when the code above ended the connection for good (`hang_up`): the error it gave
        self._hung_up: NetError | None = None
        #: cleared while the code above asks for no more messages (`hold`): nothing is read meanwhile
        self._flow = asyncio.Event()
        self._flow.set()

    # connecting --------------------------------------------------------------
    async def connect(self, host: str, port: int, name: str, token: str | None = None,
                      role: str = "player") -> dict[str, Any]:
        """Connect and say hello; returns the `welcome` map or raises a NetError subclass."""
        if self._task is not None:
            raise RuntimeError("already connected; make a new Client")
        self._address = (host, port)
        self._name, self._role, self.token = name, role, token
        welcome = await self._open()
        self.state = "connected"
        self._deliver(welcome)
        self._task = asyncio.get_running_loop().create_task(self._run())
        return welcome

    async def _open(self) -> dict[str, Any]:
        """Open a connection, send hello, wait for welcome (messages before it are kept)."""
        host, port = self._address
        if self._dialer is not None:
            reader, writer = await self._dialer.open(2 * MAX_MESSAGE, self._connect_timeout)
        else:
            reader, writer = await self._open_tcp(host, port)
        return await self._greet(reader, writer)

    async def _open_tcp(self, host: str, port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A TCP connection to host:port, or the NetError that says why not."""
        if not isinstance(port, int) or not 0 < port < 65536:
            raise AddressError(f"{port!r} is not a port number (1–65535)", "bad-port", port=port)
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=2 * MAX_MESSAGE), self._connect_timeout)
        except TimeoutError:
            raise ConnectTimeout(f"{host}:{port} did not answer within {self._connect_timeout:g} seconds",
                                 "timeout", host=host, port=port, seconds=self._connect_timeout) from None
        except ConnectionRefusedError:
            raise RefusedError(f"nothing accepts connections at {host}:{port}: "
                               f"is the host running, and is the port right?",
                               "refused", host=host, port=port) from None
        except socket.gaierror as exc:
            raise AddressError(f"cannot find the computer {host!r}: {exc.strerror}",
                               "unknown-host", host=host, reason=str(exc.strerror or exc)) from None
        except OSError as exc:
            reason = str(exc.strerror or exc)
            raise AddressError(f"cannot reach {host}:{port}: {reason}",
                               "unreachable", host=host, port=port, reason=reason) from None
        return reader, writer

    async def _greet(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> dict[str, Any]:
        """Say hello on a fresh connection and wait for the welcome."""
        host, port = self._address
        self._reader, self._writer = reader, writer
        # A host is as untrusted as a peer: the same limits on sizes, declared
        # lengths and nesting (the walk costs ~40 µs for a 1.4 KB update).
        self._frames = FrameReader(self._max_message)
        hello: dict[str, Any] = {"t": "hello", "v": PROTOCOL_VERSION, "name": self._name,
                                 "role": self._role}
        if self.token is not None and self._role == "player":
            hello["token"] = self.token
        if self._features:
            hello["features"] = self._features
        early: list[dict[str, Any]] = []
        try:
            writer.write(encode(hello))
            async with asyncio.timeout(self._connect_timeout):
                while True:
                    message = await self._receive()
                    if message is None:
                        raise HostGone(f"{host}:{port} closed the connection before welcoming us",
                                       "closed-early", host=host, port=port)
                    kind = message.get("t")
                    if kind == "welcome":
                        break
                    if kind == "error":
                        raise _refusal(message)
                    if kind == "closed":
                        raise _table_closed(message)
                    early.append(message)
        except TimeoutError:
            self._drop_connection()
            raise ConnectTimeout(f"{host}:{port} accepted the connection but did not welcome us "
                                 f"within {self._connect_timeout:g} seconds",
                                 "no-welcome", host=host, port=port, seconds=self._connect_timeout) from None
        except (NetError, OSError) as exc:
            self._drop_connection()
            if isinstance(exc, NetError):
                raise
            raise HostGone(f"the connection to {host}:{port} broke: {exc}",
                           "broke", host=host, port=port, reason=str(exc)) from None
        self.welcome = message
        granted = message.get("features")
        self.features = tuple(f for f in granted if isinstance(f, str)) if isinstance(granted, list) else ()
        if message.get("token"):
            self.token = str(message["token"])
        self.seat = message.get("seat")
        self._last_heard = time.monotonic()
        self._pending[:0] = early  # delivered by the reading task, after the welcome
        return message

    async def _receive(self) -> dict[str, Any] | None:
        """The next message from the host, or None at end of stream."""
        assert self._frames is not None
        while True:
            if self._pending:
                return self._pending.pop(0)
            if not self._flow.is_set():
                await self._flow.wait()  # the code above is behind: the host's bytes wait in TCP
            reader = self._reader
            if reader is None:  # hung up meanwhile
                return None
            data = await reader.read(65536)
            if not data:
                return None
            self._last_heard = time.monotonic()
            try:
                self._pending.extend(self._frames.feed(data))
            except FrameError as exc:
                raise HostGone(f"the host sent bytes this app cannot read ({exc})",
                               "unreadable", reason=str(exc)) from None

    # running ------------------------------------------------------------------
    async def _run(self) -> None:
        """Read messages; on a broken connection reconnect with the token, with backoff."""
        while True:
            if self._hung_up is not None:
                self._drop_connection()
                self._finish(self._hung_up)
                return
            error: NetError | None = None
            pinger = asyncio.get_running_loop().create_task(self._keepalive())
            self._silent_for = None
            try:
                while True:
                    message = await self._receive()
                    if message is None and self._silent_for is not None:
                        # We hung up ourselves: nothing came for too long (a pulled cable, a
                        # sleeping host); the host did not close anything.
                        host, port = self._address
                        error = HostGone(f"no answer from the host for {self._silent_for:.0f} seconds",
                                         "silent", host=host, port=port, seconds=self._silent_for)
                        break
                    if message is None:
                        error = HostGone("the host closed the connection", "closed")
                        break
                    self._deliver(message)
                    if self._hung_up is not None:
                        error = self._hung_up
                        break
                    if message.get("t") == "error" and message.get("code") == "bad-token":
                        # The seat went to a newer connection with our token (the player rejoined
                        # from elsewhere): reconnecting would only take it back and start a tug of war.
                        error = _refusal(message)
                        break
                    if message.get("t") == "closed":
                        error = _table_closed(message)  # ended on purpose: nothing to reconnect to
                        break
            except NetError as exc:
                error = exc
            except OSError as exc:
                host, port = self._address
                reason = str(exc.strerror or exc)
                error = HostGone(f"the connection to the host broke: {reason}",
                                 "broke", host=host, port=port, reason=reason)
            finally:
                pinger.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pinger
                self._drop_connection()
            if self._closing:
                return
            if self._hung_up is not None:
                self._finish(self._hung_up)
                return
            if not (self._reconnect and (self.token or self._role == "spectator")
                    and not isinstance(error, BadToken | VersionMismatch | TableClosed)):
                self._finish(error)
                return
            error = await self._reconnect_loop(error)
            if error is not None:
                self._finish(error)
                return

    async def _reconnect_loop(self, error: NetError | None) -> NetError | None:
        """Try again and again with the token; None once back, else the last error.

        Each failed attempt is told too, as `{"t": "retry", "attempt", "since" (seconds), "cause" (that
        attempt's NetError), "first" (the problem that broke the connection)}`, so the app can say what it knows:
        a refused connection means the host's program is not running, a timeout that the network
        or the host's machine does not answer.
        """
        self.state = "reconnecting"
        first = error
        self._deliver({"t": "connection", "state": "reconnecting",
                       "error": str(error) if error else None, "cause": error})
        started = time.monotonic()
        attempt = 0
        while not self._closing:
            await asyncio.sleep(self._backoff[min(attempt, len(self._backoff) - 1)])
            attempt += 1
            if self._closing:
                return None
            try:
                welcome = await self._open()
            except (BadToken, VersionMismatch, TableFull, TableClosed) as exc:
                return exc
            except NetError as exc:
                error = exc
                if time.monotonic() - started > self._give_up_after:
                    return HostGone(f"gave up reconnecting: {exc}", "gave-up", cause=exc)
                if not self._closing:
                    self._deliver({"t": "retry", "error": str(exc), "cause": exc, "first": first,
                                   "attempt": attempt, "since": time.monotonic() - started})
                continue
            self.state = "connected"
            self._deliver({"t": "connection", "state": "connected", "error": None, "cause": None})
            self._deliver(welcome)
            return None
        return None

    async def _keepalive(self) -> None:
        """Ping the host; a host silent for host_timeout counts as gone."""
        while True:
            await asyncio.sleep(self._ping_interval)
            if not self._flow.is_set():
                self._last_heard = time.monotonic()  # we are not reading: the host's silence says nothing
            silent = time.monotonic() - self._last_heard
            if silent > self._host_timeout:
                self._silent_for = silent
                self._drop_connection()
                return
            self._ping_n += 1
            self._write({"t": "ping", "n": self._ping_n})

    def _finish(self, error: NetError | None) -> None:
        self.state = "closed"
        self.error = error
        self._deliver({"t": "connection", "state": "closed",
                       "error": str(error) if error else None, "cause": error})
        self._queue.put_nowait(None)

    def _deliver(self, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if self._hung_up is not None and kind != "connection":
            return  # the code above ended this connection: nothing more from this host
        if kind == "update":
            self.seq = message.get("seq")
            self.view = message.get("view")
            for event in message.get("events") or ():
                # "ended-no-result": the result travels once, in the view; put it back so
                # everyone above sees PROTOCOL.md's `ended {result}`.
                if isinstance(event, dict) and event.get("e") == "ended" and "result" not in event:
                    event["result"] = self.view.get("result") if isinstance(self.view, dict) else None
        elif kind == "lobby":
            self.seats = list(message.get("seats") or [])
        elif kind == "welcome":
            self.seat = message.get("seat")
            if self.seat is not None:
                self._role = "player"  # a spectator who sat down rejoins with the token
        if self._on_message is not None:
            self._on_message(message)
        else:
            self._queue.put_nowait(message)

    def _drop_connection(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._reader = self._writer = None
        self._pending.clear()

    @property
    def route(self) -> str:
        """How the bytes travel now, for the UI to say in words: "direct" (TCP, or iroh without a relay),
        "relay" (iroh through a relay), or "" when not connected."""
        writer = self._writer
        if writer is None or writer.is_closing():
            return ""
        return str(writer.get_extra_info("route", "direct"))

    # iterating --------------------------------------------------------------
    def __aiter__(self) -> Client:
        return self

    async def __anext__(self) -> dict[str, Any]:
        """The next message; iteration ends after the final `connection closed` message."""
        message = await self._queue.get()
        if message is None:
            self._queue.put_nowait(None)
            raise StopAsyncIteration
        return message

    async def next_of(self, *kinds: str, timeout: float = 10.0) -> dict[str, Any]:
        """Skip messages until one of these types arrives (handy in scripts and tests)."""
        async with asyncio.timeout(timeout):
            async for message in self:
                if message.get("t") in kinds:
                    return message
        if self.error is not None:
            raise HostGone(str(self.error), self.error.kind, **self.error.params)
        raise HostGone("the connection is closed", "not-connected")

    # sending ----------------------------------------------------------------
    def _write(self, message: dict[str, Any]) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(message))

    async def _send(self, message: dict[str, Any]) -> None:
        if self.state != "connected" or self._writer is None:
            raise HostGone("not connected to the host", "not-connected")
        self._write(message)
        with contextlib.suppress(OSError):
            await self._writer.drain()

    async def send_turn(self, turn: Mapping[str, Any], seq: int | None = None) -> None:
        """Send a whole turn answering update `seq` (default: the latest update)."""
        if seq is None and self.seq is None:
            raise ValueError("no update to answer yet: the game has not started")
        await self._send({"t": "turn", "seq": self.seq if seq is None else seq, "turn": turn})

    async def chat(self, text: str) -> None:
        """Say something to the table."""
        await self._send({"t": "chat", "text": text})

    async def sit(self, seat: int) -> None:
        """In the lobby, move to (or as a spectator, take) an open seat."""
        await self._send({"t": "sit", "seat": seat})

    async def send_raw(self, message: dict[str, Any]) -> None:
        """Send any map (for tools and tests of the host)."""
        await self._send(message)

    def hang_up(self, error: NetError) -> None:
        """End the connection for good because of what the host sent (the code above could not use a
        message): no reconnecting, and the final `connection closed` message carries `error`.

        Call it on the client's loop, e.g. from `on_message`; later messages are not delivered.
        """
        if self._hung_up is None:
            self._hung_up = error
            self._drop_connection()
            self._flow.set()

    def hold(self, on: bool) -> None:
        """Read nothing more from the host while `on` (the code above is behind with its messages), so
        they wait in TCP instead of in memory; the keep-alive does not count that time as the host's
        silence. Call it on the client's loop."""
        if on:
            self._flow.clear()
        else:
            self._flow.set()

    def abort_connection(self) -> None:
        """Break the TCP connection as a network fault would (the client then reconnects); for tests and tools."""
        if self._writer is not None:
            self._writer.transport.abort()

    def stop_reading(self) -> None:
        """Read nothing more on this connection, as a pulled cable looks from here (nothing arrives, nothing
        is closed: the keep-alive hangs up after its time, kind "silent"); for tests and tools."""
        transport = self._writer.transport if self._writer is not None else None
        if isinstance(transport, asyncio.ReadTransport):  # a TCP transport reads and writes
            transport.pause_reading()

    async def close(self) -> None:
        """Disconnect for good (no reconnect), saying `leave` first so the others hear that we left."""
        self._closing = True
        if self.state == "connected" and self._writer is not None and not self._writer.is_closing():
            self._write({"t": "leave"})
            with contextlib.suppress(OSError, TimeoutError):
                await asyncio.wait_for(self._writer.drain(), 1.0)
        self._drop_connection()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.state != "closed":
            self._finish(None)
