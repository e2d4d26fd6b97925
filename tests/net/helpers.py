"""Shared pieces of the net and table tests: a deterministic bots runner, peers that play, a loop runner."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import msgpack

from patrician_qt.engine import legal_turns, stack_size, state_from_view
from patrician_qt.net.client import Client
from patrician_qt.net.host import Host, HostConfig
from patrician_qt.table import SeatSpec, Table, TableOptions, parse_seats

T = TypeVar("T")

FAST = HostConfig(idle_timeout=2.0, hello_timeout=2.0, sweep_interval=0.1)


def run(coro: Awaitable[T], timeout: float = 60.0) -> T:
    """Run one async test body on a fresh loop, with a hard time limit."""

    async def main() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(main())


def choose(view: dict[str, Any], seed: int) -> dict[str, Any]:
    """A legal turn for the seat to move, from its view only (as any bot must)."""
    state = state_from_view(view)
    turns = legal_turns(state)
    return random.Random(seed).choice(turns).to_map()


def policy(view: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """A deterministic player: the same position always gives the same turn."""
    played = sum(stack_size(p) for p in view["players"])
    return choose(view, seed * 1000 + played)


class ViewRunner:
    """A bots runner for tests: a seeded choice among the legal turns of the view."""

    def __init__(self, delay: float = 0.0) -> None:
        self.calls = 0
        self.delay = delay
        self.closed = False

    async def choose(self, level: str, seat: int, view: dict[str, Any],
                     history: list[dict[str, Any]], seed: int, deadline_s: float) -> dict[str, Any]:
        """Pick a legal turn."""
        self.calls += 1
        assert view["seat"] == seat and view["to_move"] == seat
        if self.delay:
            await asyncio.sleep(self.delay)
        return choose(view, seed)

    async def close(self) -> None:
        """Nothing to stop."""
        self.closed = True


def table(seats: str, *, seed: int = 7, runner: Any = None, visibility: str = "rulebook",
          **options: Any) -> Table:
    """A table with a deterministic in-test runner, or with runner="real" the bots' own."""
    specs: list[SeatSpec] = parse_seats(seats)
    if runner == "real":  # the table starts patrician_qt.bots.runner.BotRunner itself
        runner = None
    elif runner is None:
        runner = ViewRunner()
    return Table("Test table", specs, seed=seed, runner=runner,
                 autosave_dir=options.pop("autosave_dir", None),
                 options=TableOptions(**options), visibility=visibility)


@contextlib.asynccontextmanager
async def hosting(t: Table, config: HostConfig = FAST) -> AsyncIterator[Host]:
    """A started host on 127.0.0.1 with a free port, closed afterwards."""
    host = Host(t, "127.0.0.1", 0, config=config)
    await host.start()
    try:
        yield host
    finally:
        await host.close()
        await t.close()


async def join(host: Host | int, name: str, token: str | None = None, role: str = "player",
               **kw: Any) -> Client:
    """A connected client (fast keep-alive and backoff for tests)."""
    options: dict[str, Any] = {"ping_interval": 0.3, "host_timeout": 3.0,
                               "backoff": (0.05, 0.1, 0.2)}
    options.update(kw)
    client = Client(**options)
    port = host if isinstance(host, int) else host.port
    await client.connect("127.0.0.1", port, name, token=token, role=role)
    return client


async def play(client: Client, seed: int = 0) -> dict[str, Any]:
    """Play this client's seat to the end of the game; returns the final view.

    It acts on the newest view the client has (queued older updates are stale),
    and answers each position once (seat events repeat a position).
    """
    answered = -1

    async def act() -> dict[str, Any] | None:
        nonlocal answered
        view, seq = client.view, client.seq
        if view is None or seq is None:
            return None
        if view["over"]:
            return view
        position = sum(stack_size(p) for p in view["players"])
        if view["to_move"] == client.seat and position != answered:
            answered = position
            await client.send_turn(policy(view, seed), seq)
        return None

    if (final := await act()) is not None:
        return final
    async for message in client:
        if message["t"] in ("rejected", "error"):
            raise AssertionError(f"unexpected {message}")
        if (final := await act()) is not None:
            return final
    raise AssertionError(f"connection ended: {client.error}")


class Raw:
    """A bare TCP peer for hostile tests: sends any bytes, decodes whatever comes back."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self._unpacker = msgpack.Unpacker(raw=False)

    @classmethod
    async def open(cls, port: int) -> Raw:
        """Connect to the host on 127.0.0.1."""
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    async def send(self, data: bytes | dict[str, Any]) -> None:
        """Send raw bytes or one packed map."""
        if isinstance(data, dict):
            data = msgpack.packb(data)
        self.writer.write(data)
        await self.writer.drain()

    async def recv(self, timeout: float = 3.0) -> dict[str, Any] | None:
        """The next message, or None when the host closed the connection."""
        async with asyncio.timeout(timeout):
            while True:
                for message in self._unpacker:
                    return message
                data = await self.reader.read(65536)
                if not data:
                    return None
                self._unpacker.feed(data)

    async def expect(self, t: str, timeout: float = 3.0, **fields: Any) -> dict[str, Any]:
        """Skip to the next message of type t and check some fields."""
        while True:
            message = await self.recv(timeout)
            assert message is not None, f"closed while waiting for {t}"
            if message.get("t") == t:
                for key, value in fields.items():
                    assert message.get(key) == value, message
                return message

    async def closed(self, timeout: float = 3.0) -> bool:
        """True once the host has closed the connection (messages before it are skipped)."""
        try:
            while await self.recv(timeout) is not None:
                pass
        except TimeoutError:
            return False
        except ConnectionError:
            return True
        return True

    def close(self) -> None:
        """Close our side."""
        self.writer.close()


async def hello(port: int, name: str = "Eve", **fields: Any) -> tuple[Raw, dict[str, Any]]:
    """A raw peer that said hello; returns it and the welcome."""
    raw = await Raw.open(port)
    await raw.send({"t": "hello", "v": 1, "name": name, **fields})
    return raw, await raw.expect("welcome")


async def until_event(client: Client, event: dict[str, Any], timeout: float = 5.0) -> dict[str, Any]:
    """Skip to the update carrying this event."""
    async with asyncio.timeout(timeout):
        while True:
            message = await client.next_of("update", timeout=timeout)
            if event in message["events"]:
                return message


async def eventually(condition: Callable[[], bool], timeout: float = 30.0) -> bool:
    """Wait until ``condition()`` holds, for host or table state that announces no event; False after ``timeout``.

    The timeout is generous on purpose: a loaded machine only makes this slower, never wrong.
    """
    try:
        async with asyncio.timeout(timeout):
            while not condition():
                await asyncio.sleep(0.02)
    except TimeoutError:
        return False
    return True
