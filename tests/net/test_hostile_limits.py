"""A stranger at the LAN party: frame sizes, connection limits per address, the hello
timeout, chat rates, names, and closing the table, against a real host on 127.0.0.0/8.

Several source addresses of the loopback network stand for several machines. Every test is
bounded in connections and time, and waits on outcomes, never on the clock.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import struct
import weakref
from typing import Any

import msgpack
import pytest

from patrician_qt.net._framing import MAX_DEPTH, MAX_LIST, MAX_MAP, MAX_STRING, FrameError, FrameReader, encode
from patrician_qt.net.client import Client, HostGone, NameTaken, NetError, TableClosed
from patrician_qt.net.host import Host, HostConfig
from tests.net.helpers import Raw, hosting, join, run, table


async def _raw(port: int, source: str = "127.0.0.1") -> Raw:
    """A bare TCP peer whose connection comes from `source` (another "machine" on loopback)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    return Raw(reader, writer)


async def _hello(port: int, name: str, source: str = "127.0.0.1", **fields: Any) -> tuple[Raw, dict[str, Any]]:
    raw = await _raw(port, source)
    await raw.send({"t": "hello", "v": 1, "name": name, **fields})
    return raw, await raw.expect("welcome")


async def _client(port: int, name: str, source: str, role: str = "player", **kw: Any) -> Client:
    """A Client whose first connection comes from `source` (the client has no option for that,
    so `asyncio.open_connection` is given `local_addr` while it connects)."""
    client = Client(ping_interval=0.3, host_timeout=3.0, backoff=(0.05, 0.1, 0.2), **kw)
    original = asyncio.open_connection

    async def from_source(host: str, port: int, **options: Any) -> Any:
        return await original(host, port, local_addr=(source, 0), **options)

    asyncio.open_connection = from_source  # type: ignore[assignment]
    try:
        await client.connect("127.0.0.1", port, name, role=role)
    finally:
        asyncio.open_connection = original  # type: ignore[assignment]
    return client


def _nested_lists(depth: int, declared: int) -> bytes:
    """`depth` nested list headers, each declaring `declared` entries, and nothing else."""
    return (b"\xdc" + struct.pack(">H", declared)) * depth if declared < 65536 else \
        (b"\xdd" + struct.pack(">I", declared)) * depth


async def _wait(predicate: Any, timeout: float = 10.0) -> None:
    """Wait until predicate() is true (polling the loop), or fail after a generous timeout."""
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.02)


# --- sizes ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"\x81\xa1t" + _nested_lists(1000, 131072) + b"\x00" * (70 * 1024), "larger"),
        (msgpack.packb({"t": "x", "l": [[[0] * (MAX_LIST + 1)]]}), "too long"),
        (msgpack.packb({"t": "x", "m": {str(i): i for i in range(MAX_MAP + 1)}}), "too long"),
        (msgpack.packb({"t": "chat", "text": "é" * (MAX_STRING // 2 + 1)}), "too long"),
        (msgpack.packb({"t": "x", "deep": [[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]}), "nested"),
    ],
    ids=["1000-headers-of-131072-then-more", "list-65", "map-33", "string-4098-bytes", "depth-19"],
)
def test_declared_lengths_and_depth_are_refused(data: bytes, why: str) -> None:
    with pytest.raises(FrameError, match=why):
        list(FrameReader().feed(data))

    async def body() -> None:
        t = table("human,human")
        async with hosting(t) as host:
            raw, _ = await _hello(host.port, "Eve", role="spectator")
            with contextlib.suppress(ConnectionError):  # the host may close while we send
                await raw.send(data)
            error = await raw.expect("error", code="bad-frame")
            assert why in error["message"]
            assert await raw.closed()
            honest, welcome = await _hello(host.port, "Anna")
            assert welcome["seat"] == 0
            honest.close()

    run(body())


def test_the_issues_frame_alone_is_no_message_and_costs_the_peer_its_connection_in_time() -> None:
    """1,000 nested headers each declaring 131,072 entries (5 KB) build nothing; the sender is
    dropped by the hello timeout (or, welcomed, by the keep-alive) like any silent peer."""

    async def body() -> None:
        config = HostConfig(hello_timeout=0.5, idle_timeout=0.5, sweep_interval=0.05)
        async with hosting(table("human,human"), config) as host:
            stranger = await _raw(host.port)
            await stranger.send(b"\x81\xa1t" + _nested_lists(1000, 131072))
            spectator, _ = await _hello(host.port, "Eve", role="spectator")
            await spectator.send(b"\x81\xa1t" + _nested_lists(1000, 131072))
            assert await stranger.closed(timeout=10)
            assert await spectator.closed(timeout=10)
            _, welcome = await _hello(host.port, "Anna")
            assert welcome["seat"] == 0

    run(body())


def test_the_largest_real_messages_pass_the_limits() -> None:
    depth_ok: Any = 1
    for _ in range(MAX_DEPTH - 1):  # inside the message's map: MAX_DEPTH levels in all
        depth_ok = [depth_ok]
    messages = [
        {"t": "chat", "text": "𝔄" * 500},  # the longest chat line: 2,000 bytes
        {"t": "x", "stack": ["BOL-3"] * MAX_LIST, "cities": {f"C{i}": {} for i in range(MAX_MAP - 1)}},
        {"t": "x", "deep": depth_ok},
    ]
    data = b"".join(encode(m) for m in messages)
    assert list(FrameReader().feed(data)) == messages


@pytest.mark.parametrize("when", ["instead-of-a-welcome", "later"])
def test_a_hostile_host_cannot_make_the_client_allocate_either(when: str) -> None:
    """The client reads with the same limits: nested headers from a host, then more bytes than
    a message may have, end in HostGone 'unreadable'."""

    async def body() -> None:
        attack = b"\x81\xa1t" + _nested_lists(1000, 131072) + b"\x00" * (70 * 1024)

        async def evil(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(1000)  # the hello
            if when == "later":
                writer.write(encode({"t": "welcome", "v": 1, "seat": 0, "token": "t" * 32,
                                     "table": {"name": "Evil", "seats": []}}))
                await writer.drain()
                await reader.read(1000)  # the client's first ping: it is past its welcome
            writer.write(attack)
            await writer.drain()
            await reader.read(1000)

        server = await asyncio.start_server(evil, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            client = Client(reconnect=False, ping_interval=0.05)
            if when == "instead-of-a-welcome":
                with pytest.raises(HostGone) as refused:
                    await client.connect("127.0.0.1", port, "Anna")
                error = refused.value
            else:
                await client.connect("127.0.0.1", port, "Anna")
                message = await client.next_of("connection")
                assert message["state"] == "closed"
                error = message["cause"]
            assert isinstance(error, HostGone) and error.kind == "unreadable"
            assert "larger than" in error.params["reason"]
            await client.close()
            server.close()

    run(body())


def test_a_closed_connection_leaves_nothing_behind() -> None:
    """Neither the host's sweep nor anything else keeps a gone connection (and its half-read frame)."""

    async def body() -> None:
        config = HostConfig(hello_timeout=30, sweep_interval=0.05)
        async with hosting(table("human,human"), config) as host:
            raw = await _raw(host.port)
            await raw.send(_nested_lists(900, MAX_LIST))  # a half-read frame, as big as allowed
            await _wait(lambda: host.peers == 1)
            peer = weakref.ref(next(iter(host._peers)))
            await asyncio.sleep(0.2)  # several sweeps see it
            raw.writer.transport.abort()
            await _wait(lambda: host.peers == 0)

            def released() -> bool:
                gc.collect()
                return peer() is None

            await _wait(released)

    run(body())


# --- connections per address and the hello timeout ----------------------------------------

def test_one_address_cannot_lock_out_another_nor_its_own_honest_player() -> None:
    async def body() -> None:
        config = HostConfig(max_per_address=4, max_connections=10, hello_timeout=60, sweep_interval=0.1)
        async with hosting(table("human,human,human"), config) as host:
            silent = [await _raw(host.port, "127.0.0.2") for _ in range(40)]
            await _wait(lambda: host.peers <= 4 + 1)  # refused or evicted ones are gone
            gone = [await r.closed(timeout=5) for r in silent[:36]]
            assert all(gone)  # each newer connection of that address pushed out the oldest
            for r in silent[36:]:
                assert not r.reader.at_eof()
            _, welcome = await _hello(host.port, "Anna", "127.0.0.3")
            assert welcome["seat"] == 0
            _, welcome = await _hello(host.port, "Ben", "127.0.0.2")  # its own address, too
            assert welcome["seat"] == 1
            assert host.peers <= 4 + 1

    run(body())


def test_many_addresses_cannot_lock_out_a_seat_owner_coming_back_with_its_token() -> None:
    async def body() -> None:
        config = HostConfig(max_per_address=3, max_connections=6, hello_timeout=60, sweep_interval=0.1)
        t = table("human,human")
        async with hosting(t, config) as host:
            anna = await _client(host.port, "Anna", "127.0.0.5", reconnect=False)
            token = anna.token
            await anna.close()
            await _wait(lambda: not t.seats()[0]["connected"])
            squatters = [await _raw(host.port, f"127.0.1.{i % 4 + 1}") for i in range(12)]
            await _wait(lambda: host.peers <= 6)
            raw = await _raw(host.port, "127.0.0.5")
            await raw.send({"t": "hello", "v": 1, "name": "Anna", "token": token})
            assert (await raw.expect("welcome"))["seat"] == 0
            await _wait(lambda: t.seats()[0]["connected"])
            for r in squatters:
                r.close()

    run(body())


def test_an_address_whose_connections_are_all_welcomed_gets_busy() -> None:
    async def body() -> None:
        config = HostConfig(max_per_address=2, sweep_interval=0.1)
        async with hosting(table("human,human"), config) as host:
            s1, _ = await _hello(host.port, "S1", "127.0.0.7", role="spectator")
            s2, _ = await _hello(host.port, "S2", "127.0.0.7", role="spectator")
            raw = await _raw(host.port, "127.0.0.7")
            error = await raw.expect("error", code="busy")
            assert "your address" in error["message"]
            assert await raw.closed()
            with pytest.raises(NetError) as refused:
                await _client(host.port, "S3", "127.0.0.7", role="spectator", reconnect=False)
            assert refused.value.kind == "host-refused" and refused.value.params["code"] == "busy"
            _, welcome = await _hello(host.port, "S4", "127.0.0.8", role="spectator")
            assert welcome["seat"] is None
            for raw in (s1, s2):
                raw.close()

    run(body())


@pytest.mark.parametrize("how", ["silent", "half-hello", "dribbling"])
def test_connections_that_do_not_say_hello_in_time_are_dropped(how: str) -> None:
    async def body() -> None:
        config = HostConfig(hello_timeout=0.5, sweep_interval=0.05)
        async with hosting(table("human,human"), config) as host:
            raw = await _raw(host.port)
            hello = encode({"t": "hello", "v": 1, "name": "Slow"})
            if how == "half-hello":
                await raw.send(hello[:5])
            elif how == "dribbling":
                async def dribble() -> None:
                    for byte in hello[:-1]:
                        await raw.send(bytes([byte]))
                        await asyncio.sleep(0.1)

                task = asyncio.create_task(dribble())
            assert await raw.closed(timeout=10)
            if how == "dribbling":
                task.cancel()
            await _wait(lambda: host.peers == 0)

    run(body())


# --- chat and names --------------------------------------------------------------------------

def test_chat_is_limited_per_address_however_many_connections_it_uses() -> None:
    async def body() -> None:
        config = HostConfig(chat_rate=0.01, chat_burst=3, sweep_interval=0.1)
        async with hosting(table("human,human"), config) as host:
            listener = await _client(host.port, "Anna", "127.0.0.30")
            flooders = [(await _hello(host.port, f"Spam{i}", "127.0.0.31", role="spectator"))[0]
                        for i in range(4)]
            for raw in flooders:
                await raw.send(b"".join(encode({"t": "chat", "text": f"spam {i}"}) for i in range(5)))
            warned = 0
            for n, raw in enumerate(flooders):  # every chat line was handled once its pong is back
                await raw.send({"t": "ping", "n": n})
                while (message := await raw.recv(timeout=5)) is not None and message["t"] != "pong":
                    warned += message.get("code") == "rate"
            await listener.chat("the honest line")
            heard = []
            while True:
                message = await listener.next_of("chat", timeout=5)
                if message["text"] == "the honest line":
                    break
                heard.append(message)
            assert len(heard) == 3  # the address's burst, not 4 connections × 5 lines
            assert warned >= 1  # told (at most once a second per connection)
            await listener.close()

    run(body())


def test_names_are_unique_without_regard_to_case_spaces_or_invisible_characters() -> None:
    async def body() -> None:
        async with hosting(table("human,human,human")) as host:
            anna, _ = await _hello(host.port, "Anna")
            eve, _ = await _hello(host.port, "Eve", role="spectator")
            for i, (name, role) in enumerate([
                    ("  anna ", "player"), ("ANNA", "spectator"), ("An\u200bna", "player"),
                    ("Ａｎｎａ", "player"), ("eve", "player"), ("Eve (Spectator)", "player")]):
                raw = await _raw(host.port)
                await raw.send({"t": "hello", "v": 1, "name": name, "role": role})
                await raw.expect("error", code="name-taken")
                await raw.send({"t": "hello", "v": 1, "name": f"Someone new {i}", "role": "spectator"})
                await raw.expect("welcome")  # the connection stayed open for another try
                raw.close()
            with pytest.raises(NameTaken):
                await join(host, "anna", reconnect=False)
            _, welcome = await _hello(host.port, "Bob\u202e\u200b  Smith")
            assert welcome["table"]["seats"][1]["name"] == "Bob Smith"
            for raw in (anna, eve):
                raw.close()

    run(body())


def test_chat_lines_are_one_line_of_plain_text_in_the_chat_and_the_log(caplog: pytest.LogCaptureFixture) -> None:
    async def body() -> None:
        from patrician_qt.cli.host import _Logger

        t = table("human,human")
        async with hosting(t) as host:
            t.listen(_Logger(t))
            a = await join(host, "Anna")
            b = await join(host, "Ben")
            await a.chat("hi\n12:00:00 patrician.host: Ben resigns\tnow\u2028\u202eok")
            message = await b.next_of("chat")
            assert message == {"t": "chat", "from": "Anna",
                               "text": "hi 12:00:00 patrician.host: Ben resigns now ok"}
            for c in (a, b):
                await c.close()

    with caplog.at_level(logging.INFO, logger="patrician.host"):
        run(body())
    lines = [r.getMessage() for r in caplog.records if r.name == "patrician.host" and "chat" in r.getMessage()]
    assert lines and all("\n" not in line and "\u2028" not in line for line in lines)


# --- closing the table -------------------------------------------------------------------------

def test_closing_the_table_tells_every_peer_and_nobody_reconnects() -> None:
    async def body() -> None:
        t = table("human,human")
        host = Host(t, "127.0.0.1", 0, config=HostConfig(sweep_interval=0.1))
        await host.start()
        a = await join(host, "Anna")
        b = await join(host, "Ben")
        raw, _ = await _hello(host.port, "Watcher", role="spectator")
        await a.next_of("update")
        await host.close_table()
        for client in (a, b):
            async with asyncio.timeout(10):
                async for message in client:
                    if message["t"] == "connection":
                        break
            assert message["state"] == "closed"
            assert isinstance(message["cause"], TableClosed) and message["cause"].kind == "table-closed"
            assert client.state == "closed"
        closed = await raw.expect("closed", timeout=5)
        assert closed["reason"] == "table-closed" and closed["message"]
        assert await raw.closed()
        await t.close()

    run(body())


def test_a_host_that_merely_stops_is_reconnected_to() -> None:
    async def body() -> None:
        t = table("human,human")
        host = Host(t, "127.0.0.1", 0, config=HostConfig(sweep_interval=0.1))
        await host.start()
        a = await join(host, "Anna")
        await host.close()
        message = await a.next_of("connection")
        assert message["state"] == "reconnecting"
        await a.close()
        await t.close()

    run(body())
